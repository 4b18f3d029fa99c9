/**
 * Registration step 3: the checklist (spec core §3): counterparty countries, currencies (popular first),
 * payments per month, approximate monthly volume in USD, comment.
 */
import { useTranslation } from 'react-i18next';
import { Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { CountryMultiPicker } from '../../../components/pickers/CountryMultiPicker';
import { CurrencyChecklist } from '../../../components/pickers/CurrencyChecklist';
import { validateInteger } from '../../../system/validation';
import type { RegistrationValues } from './registrationForm';

export function ChecklistStep({ form }: { form: UseFormReturn<RegistrationValues> }) {
  const { t } = useTranslation();
  const { register, control, formState } = form;
  const errors = formState.errors;
  const countries = useController({
    control,
    name: 'countries',
    rules: { validate: (v) => (v.length > 0 ? true : t('registration.pickCountry')) },
  });
  const currencies = useController({
    control,
    name: 'currencyCodes',
    rules: { validate: (v) => (v.length > 0 ? true : t('registration.pickCurrency')) },
  });

  return (
    <Stack gap="5">
      <CountryMultiPicker
        label={t('registration.countries')}
        value={countries.field.value}
        onChange={countries.field.onChange}
        error={countries.fieldState.error?.message}
        required
      />
      <Suspense fallback={<PageSpinner minH="10vh" />}>
        <CurrencyChecklist
          label={t('registration.currencies')}
          value={currencies.field.value}
          onChange={currencies.field.onChange}
          error={currencies.fieldState.error?.message}
        />
      </Suspense>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('registration.paymentsNumber')} error={errors.paymentsNumber?.message} required>
          <Input
            inputMode="numeric"
            {...register('paymentsNumber', { validate: (v) => validateInteger(v, { min: 1 }) })}
          />
        </FormField>
        <FormField label={t('registration.monthlyVolume')} error={errors.monthlyCurrencyPayment?.message} required>
          <Input
            inputMode="numeric"
            {...register('monthlyCurrencyPayment', { validate: (v) => validateInteger(v, { min: 1 }) })}
          />
        </FormField>
      </SimpleGrid>
      <FormField label={t('registration.comment')} error={errors.comment?.message}>
        <Textarea rows={3} {...register('comment')} />
      </FormField>
    </Stack>
  );
}
