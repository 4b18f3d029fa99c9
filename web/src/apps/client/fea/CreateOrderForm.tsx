/**
 * The create-request form (spec core §3 Request): payment type, amount and currency (popular first,
 * default USD), counterparty country / city / bank / SWIFT (may be empty), TN VED code, goods location,
 * payment term, comment and files. Submitting validates on the server (validateOrder) and then creates
 * (createOrder); field errors of the typed result are shown next to their fields.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Fieldset, HStack, Input, RadioGroup, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { CountryPicker } from '../../../components/pickers/CountryPicker';
import { CurrencySelect } from '../../../components/pickers/CurrencySelect';
import { SwiftPicker } from '../../../components/pickers/SwiftPicker';
import { TnvedPicker } from '../../../components/pickers/TnvedPicker';
import { showSuccess } from '../../../system/toaster';
import { MESSAGES, validateAmount, validateDateRange, validateRequired, validateSwift } from '../../../system/validation';
import { useCreateOrderMutation } from './mutations/useCreateOrderMutation';
import { useValidateOrderMutation } from './mutations/useValidateOrderMutation';
import { OrderFilesField } from './OrderFilesField';
import { EMPTY_ORDER_FORM, GOODS_LOCATIONS, PAYMENT_TYPES, orderFormField, orderInput, type OrderFormValues } from './orderForm';

export function CreateOrderForm({ onCreated, onCancel }: { onCreated: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm<OrderFormValues>({ defaultValues: EMPTY_ORDER_FORM, mode: 'onTouched' });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const [validateOrder, validating] = useValidateOrderMutation();
  const [createOrder, creating] = useCreateOrderMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const applyUserError = (e: { message: string; field?: string | null; fieldErrors: ReadonlyArray<{ field: string; message: string }> }) => {
    const items = e.fieldErrors.length > 0 ? e.fieldErrors : e.field ? [{ field: e.field, message: e.message }] : [];
    let placed = 0;
    for (const item of items) {
      const name = orderFormField(item.field);
      if (name) {
        form.setError(name, { message: item.message });
        placed += 1;
      }
    }
    if (placed === 0 || placed < items.length) setFormError(e.message);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = orderInput(values);
    const checked = (await validateOrder({ input })).validateOrder;
    if (checked.__typename === 'UserError') {
      applyUserError(checked);
      return;
    }
    const created = (await createOrder({ input })).createOrder;
    if (created.__typename === 'CreateOrderSuccess') {
      showSuccess(t('orders.form.created', { number: created.order.number }), created.order.clientDisplayStatus.label);
      onCreated();
    } else if (created.__typename === 'UserError') {
      applyUserError(created);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('orders.form.name')}>
      <Stack gap="5" pb="4">
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
              <Fieldset.Legend>{t('orders.form.paymentType')}</Fieldset.Legend>
              <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
                <HStack gap="6">
                  {PAYMENT_TYPES.map((v) => (
                    <RadioGroup.Item key={v} value={v}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`orders.paymentType.${v}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            </Fieldset.Root>
          )}
        />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('orders.form.amount')} error={errors.amount?.message} required>
            <Input inputMode="decimal" placeholder="12500,00" {...register('amount', { validate: validateAmount })} />
          </FormField>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => <CurrencySelect label={t('orders.form.currency')} name={field.name} value={field.value} onChange={field.onChange} error={errors.currency?.message} />}
          />
        </SimpleGrid>

        <Controller
          control={control}
          name="country"
          rules={{ validate: (v) => (v ? true : t('orders.form.pickCountry')) }}
          render={({ field, fieldState }) => (
            <CountryPicker
              label={t('orders.form.country')}
              value={field.value}
              required
              error={fieldState.error?.message}
              onInputChange={() => field.value && field.onChange(null)}
              onSelect={(c) => field.onChange(c)}
            />
          )}
        />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('orders.form.city')} error={errors.city?.message} required>
            <Input {...register('city', { validate: validateRequired })} />
          </FormField>
          <Controller
            control={control}
            name="swift"
            rules={{ validate: validateSwift }}
            render={({ field, fieldState }) => (
              <SwiftPicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                onPick={(s) => {
                  if (!getValues('bankName').trim()) setValue('bankName', s.institutionName, { shouldValidate: true });
                  if (!getValues('city').trim() && s.city) setValue('city', s.city, { shouldValidate: true });
                }}
              />
            )}
          />
        </SimpleGrid>
        <FormField label={t('orders.form.bankName')} error={errors.bankName?.message} required>
          <Input {...register('bankName', { validate: validateRequired })} />
        </FormField>

        <Controller
          control={control}
          name="tnved"
          rules={{ validate: (v) => (v ? true : t('orders.form.tnvedPick')) }}
          render={({ field, fieldState }) => <TnvedPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />

        <Controller
          control={control}
          name="goodsLocation"
          rules={{ validate: (v) => (v ? true : MESSAGES.required) }}
          render={({ field, fieldState }) => (
            <Fieldset.Root invalid={!!fieldState.error}>
              <Fieldset.Legend>{t('orders.form.goodsLocation')}</Fieldset.Legend>
              <RadioGroup.Root value={field.value || null} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
                <HStack gap="6">
                  {GOODS_LOCATIONS.map((v) => (
                    <RadioGroup.Item key={v} value={v}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`orders.goodsLocation.${v}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
              {fieldState.error && <Fieldset.ErrorText>{fieldState.error.message}</Fieldset.ErrorText>}
            </Fieldset.Root>
          )}
        />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('orders.form.dateFrom')} error={errors.paymentDateFrom?.message} required>
            <Input type="date" {...register('paymentDateFrom', { validate: validateRequired })} />
          </FormField>
          <FormField label={t('orders.form.dateTo')} error={errors.paymentDateTo?.message} required>
            <Input type="date" {...register('paymentDateTo', { validate: (v, all) => validateDateRange(all.paymentDateFrom, v) })} />
          </FormField>
        </SimpleGrid>

        <FormField label={t('orders.form.comment')} error={errors.comment?.message}>
          <Textarea rows={3} {...register('comment')} />
        </FormField>

        <Controller
          control={control}
          name="files"
          render={({ field, fieldState }) => (
            <OrderFilesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} onUploadingChange={setUploading} />
          )}
        />

        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={validating || creating} disabled={uploading}>
            {t('orders.form.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
