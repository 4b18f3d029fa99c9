/**
 * The operator edits the request data while it is on the check (spec core §4 "Operator actions: edit";
 * `updateOrder`, allowed by `viewerCanEdit`). The same fields and rules as the client's create form
 * (orderForm.ts) except the files, which stay the client's. Server field errors are placed next to their fields.
 */
import { Alert, Button, Fieldset, HStack, Input, RadioGroup, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import type { OperatorOrderEditForm_order$key } from '../../../__generated__/OperatorOrderEditForm_order.graphql';
import { FormField } from '../../../components/FormField';
import { reportDealResult } from '../../../components/deal/dealResult';
import { CountryPicker } from '../../../components/pickers/CountryPicker';
import { CurrencySelect } from '../../../components/pickers/CurrencySelect';
import { SwiftPicker } from '../../../components/pickers/SwiftPicker';
import { TnvedPicker } from '../../../components/pickers/TnvedPicker';
import { MESSAGES, validateAmount, validateDateRange, validateRequired, validateSwift } from '../../../system/validation';
import { GOODS_LOCATIONS, PAYMENT_TYPES, orderFormField, orderInput, type OrderFormValues } from '../../client/fea/orderForm';
import { useUpdateOrderMutation } from './mutations/useUpdateOrderMutation';

const PAYMENT_TYPE_LABEL = { SENDING: 'Отправка', RECEIVING: 'Получение' } as const;
const GOODS_LABEL = { IMPORTED: 'Ввезён', NOT_IMPORTED: 'Не ввезён' } as const;

export function OperatorOrderEditForm({ order: orderKey, onDone, refetch }: { order: OperatorOrderEditForm_order$key; onDone: () => void; refetch: () => void }) {
  const order = useFragment(
    graphql`
      fragment OperatorOrderEditForm_order on Order {
        id
        paymentType
        amount {
          amount
          currency
        }
        counterparty {
          countryCode
          countryName
          city
          bankName
          swift
        }
        tnvedCode
        tnvedName
        goodsLocation
        paymentDateFrom
        paymentDateTo
        comment
      }
    `,
    orderKey,
  );
  const form = useForm<OrderFormValues>({
    mode: 'onTouched',
    defaultValues: {
      paymentType: order.paymentType === 'RECEIVING' ? 'RECEIVING' : 'SENDING',
      amount: order.amount.amount.replace('.', ','),
      currency: order.amount.currency,
      country: { countryCode: order.counterparty.countryCode, countryName: order.counterparty.countryName ?? order.counterparty.countryCode },
      city: order.counterparty.city ?? '',
      bankName: order.counterparty.bankName ?? '',
      swift: order.counterparty.swift ?? '',
      tnved: { code: order.tnvedCode, name: order.tnvedName ?? '' },
      goodsLocation: order.goodsLocation === 'IMPORTED' ? 'IMPORTED' : 'NOT_IMPORTED',
      paymentDateFrom: order.paymentDateFrom,
      paymentDateTo: order.paymentDateTo,
      comment: order.comment ?? '',
      files: [],
    },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [updateOrder, saving] = useUpdateOrderMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await updateOrder({ input: { orderId: order.id, order: orderInput(values) } });
      const res = r.updateOrder;
      if (res.__typename === 'UserError' && res.code === 'VALIDATION_ERROR') {
        let placed = 0;
        for (const fe of res.fieldErrors) {
          const name = orderFormField(fe.field.replace(/^order\./, ''));
          if (name) {
            form.setError(name, { message: fe.message });
            placed += 1;
          }
        }
        if (placed < Math.max(1, res.fieldErrors.length)) setFormError(res.message);
        return;
      }
      if (reportDealResult(res, { success: 'Данные заявки сохранены', refetch })) onDone();
    } catch {
      /* generic toast shown */
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Редактирование заявки">
      <Stack gap="5">
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <Controller
          control={control}
          name="paymentType"
          render={({ field }) => (
            <Fieldset.Root>
              <Fieldset.Legend>Тип платежа</Fieldset.Legend>
              <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
                <HStack gap="6">
                  {PAYMENT_TYPES.map((v) => (
                    <RadioGroup.Item key={v} value={v}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{PAYMENT_TYPE_LABEL[v]}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            </Fieldset.Root>
          )}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Сумма" error={errors.amount?.message} required>
            <Input inputMode="decimal" {...register('amount', { validate: validateAmount })} />
          </FormField>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => <CurrencySelect label="Валюта" name={field.name} value={field.value} onChange={field.onChange} error={errors.currency?.message} />}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="country"
          rules={{ validate: (v) => (v ? true : 'Выберите страну из списка') }}
          render={({ field, fieldState }) => (
            <CountryPicker
              label="Страна контрагента"
              value={field.value}
              required
              error={fieldState.error?.message}
              onInputChange={() => field.value && field.onChange(null)}
              onSelect={(c) => field.onChange(c)}
            />
          )}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Город" error={errors.city?.message} required>
            <Input {...register('city', { validate: validateRequired })} />
          </FormField>
          <Controller
            control={control}
            name="swift"
            rules={{ validate: validateSwift }}
            render={({ field, fieldState }) => (
              <SwiftPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} onPick={() => undefined} />
            )}
          />
        </SimpleGrid>
        <FormField label="Банк контрагента" error={errors.bankName?.message} required>
          <Input {...register('bankName', { validate: validateRequired })} />
        </FormField>
        <Controller
          control={control}
          name="tnved"
          rules={{ validate: (v) => (v ? true : 'Выберите код ТН ВЭД из списка') }}
          render={({ field, fieldState }) => <TnvedPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <Controller
          control={control}
          name="goodsLocation"
          rules={{ validate: (v) => (v ? true : MESSAGES.required) }}
          render={({ field, fieldState }) => (
            <Fieldset.Root invalid={!!fieldState.error}>
              <Fieldset.Legend>Местонахождение товара</Fieldset.Legend>
              <RadioGroup.Root value={field.value || null} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
                <HStack gap="6">
                  {GOODS_LOCATIONS.map((v) => (
                    <RadioGroup.Item key={v} value={v}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{GOODS_LABEL[v]}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
              {fieldState.error && <Fieldset.ErrorText>{fieldState.error.message}</Fieldset.ErrorText>}
            </Fieldset.Root>
          )}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Срок оплаты с" error={errors.paymentDateFrom?.message} required>
            <Input type="date" {...register('paymentDateFrom', { validate: validateRequired })} />
          </FormField>
          <FormField label="Срок оплаты по" error={errors.paymentDateTo?.message} required>
            <Input type="date" {...register('paymentDateTo', { validate: (v, all) => validateDateRange(all.paymentDateFrom, v) })} />
          </FormField>
        </SimpleGrid>
        <FormField label="Комментарий клиента" error={errors.comment?.message}>
          <Textarea rows={3} {...register('comment')} />
        </FormField>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={saving}>
            Сохранить
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
