/** The person fields of an operator (issue 10; spec core §3 "Operator", §5): names, position, e-mail, phones. */
import { Input, SimpleGrid } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import {
  validateOptionalName,
  validateOptionalPhone,
  validateRequiredEmail,
  validateRequiredName,
  type OperatorFormValues,
} from './operatorForm';
import { MaskedInput, PHONE_MASK } from '../../../system/masks';

export function OperatorPersonFields({ form }: { form: UseFormReturn<OperatorFormValues> }) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label={t('adminOperators.fields.surname')} error={e.surname?.message} required>
        <Input {...form.register('surname', { validate: validateRequiredName })} />
      </FormField>
      <FormField label={t('adminOperators.fields.name')} error={e.name?.message} required>
        <Input {...form.register('name', { validate: validateRequiredName })} />
      </FormField>
      <FormField label={t('adminOperators.fields.patronymic')} error={e.patronymic?.message}>
        <Input {...form.register('patronymic', { validate: validateOptionalName })} />
      </FormField>
      <FormField label={t('adminOperators.fields.position')} error={e.position?.message}>
        <Input {...form.register('position', { maxLength: 200 })} />
      </FormField>
      <FormField label={t('adminOperators.fields.email')} error={e.email?.message} required>
        <Input type="email" autoComplete="off" {...form.register('email', { validate: validateRequiredEmail })} />
      </FormField>
      <FormField label={t('adminOperators.fields.phone')} error={e.phone?.message}>
        <MaskedInput mask={PHONE_MASK} type="tel" {...form.register('phone', { validate: validateOptionalPhone })} />
      </FormField>
      <FormField label={t('adminOperators.fields.additionalPhone')} error={e.additionalPhone?.message}>
        <MaskedInput
          mask={PHONE_MASK}
          type="tel"
          {...form.register('additionalPhone', { validate: validateOptionalPhone })}
        />
      </FormField>
    </SimpleGrid>
  );
}

/** Puts the server's field errors (VALIDATION_ERROR, EMAIL_TAKEN) under their fields; false when none matched. */
export function applyFieldErrors(
  form: UseFormReturn<OperatorFormValues>,
  error: {
    code: string;
    message: string;
    field?: string | null;
    fieldErrors: ReadonlyArray<{ field: string; message: string }>;
  },
): boolean {
  const fields = new Set<string>(['surname', 'name', 'patronymic', 'position', 'email', 'phone', 'additionalPhone']);
  let matched = false;
  for (const fe of error.fieldErrors)
    if (fields.has(fe.field)) {
      form.setError(fe.field as keyof OperatorFormValues, { message: fe.message });
      matched = true;
    }
  if (error.code === 'EMAIL_TAKEN') {
    form.setError('email', { message: error.message });
    matched = true;
  }
  return matched;
}
