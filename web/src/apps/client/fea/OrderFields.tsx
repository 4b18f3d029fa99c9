/**
 * The request fields (spec core §3 Request, rules of §5) shared by the client's create form and the operator's
 * edit form: payment type, amount and currency, counterparty country / city / SWIFT / bank, TN VED code, goods
 * location, payment term and comment. The files stay with the create form. Rendered as siblings: the form's
 * Stack owns the spacing.
 */
import { useTranslation } from 'react-i18next';
import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { RadioChoiceField } from '../../../components/RadioChoiceField';
import { CountryPicker } from '../../../components/pickers/CountryPicker';
import { CurrencySelect } from '../../../components/pickers/CurrencySelect';
import { SwiftPicker, type PickedSwift } from '../../../components/pickers/SwiftPicker';
import { TnvedPicker } from '../../../components/pickers/TnvedPicker';
import {
  MESSAGES,
  validateAmount,
  validateDateRange,
  validateRequired,
  validateSwift,
} from '../../../system/validation';
import { GOODS_LOCATIONS, PAYMENT_TYPES, type OrderFormValues } from './orderForm';
import { AMOUNT_MASK, MaskedInput } from '../../../system/masks';

export interface OrderFieldsProps {
  form: UseFormReturn<OrderFormValues>;
  commentLabel: string;
  amountPlaceholder?: string;
  /** A bank picked in 'SWIFT' (the create form fills an empty bank and city from it). */
  onSwiftPick: (pick: PickedSwift) => void;
}

export function OrderFields({ form, commentLabel, amountPlaceholder, onSwiftPick }: OrderFieldsProps) {
  const { t } = useTranslation();
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <Controller
        control={control}
        name="paymentType"
        render={({ field }) => (
          <RadioChoiceField
            legend={t('orders.form.paymentType')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            options={PAYMENT_TYPES.map((v) => ({ value: v, label: t(`orders.paymentType.${v}`) }))}
          />
        )}
      />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('orders.form.amount')} error={errors.amount?.message} required>
          <MaskedInput
            mask={AMOUNT_MASK}
            inputMode="decimal"
            placeholder={amountPlaceholder}
            {...register('amount', { validate: validateAmount })}
          />
        </FormField>
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <CurrencySelect
              label={t('orders.form.currency')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              error={errors.currency?.message}
            />
          )}
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
              onPick={onSwiftPick}
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
        render={({ field, fieldState }) => (
          <TnvedPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />

      <Controller
        control={control}
        name="goodsLocation"
        rules={{ validate: (v) => (v ? true : MESSAGES.required) }}
        render={({ field, fieldState }) => (
          <RadioChoiceField
            legend={t('orders.form.goodsLocation')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            options={GOODS_LOCATIONS.map((v) => ({ value: v, label: t(`orders.goodsLocation.${v}`) }))}
            error={fieldState.error?.message}
          />
        )}
      />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('orders.form.dateFrom')} error={errors.paymentDateFrom?.message} required>
          <Input type="date" {...register('paymentDateFrom', { validate: validateRequired })} />
        </FormField>
        <FormField label={t('orders.form.dateTo')} error={errors.paymentDateTo?.message} required>
          <Input
            type="date"
            {...register('paymentDateTo', { validate: (v, all) => validateDateRange(all.paymentDateFrom, v) })}
          />
        </FormField>
      </SimpleGrid>

      <FormField label={commentLabel} error={errors.comment?.message}>
        <Textarea rows={3} {...register('comment')} />
      </FormField>
    </>
  );
}
