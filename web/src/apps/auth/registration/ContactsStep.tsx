/** Registration step 2: the contact person (phone of 10 digits, spec core §5). */
import { useTranslation } from 'react-i18next';
import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { validatePhone, validateRequired } from '../../../system/validation';
import type { RegistrationValues } from './registrationForm';
import { MaskedInput, PHONE_MASK } from '../../../system/masks';

export function ContactsStep({ form }: { form: UseFormReturn<RegistrationValues> }) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('registration.surname')} error={errors.surname?.message} required>
          <Input autoComplete="family-name" {...register('surname', { validate: validateRequired })} />
        </FormField>
        <FormField label={t('registration.name')} error={errors.name?.message} required>
          <Input autoComplete="given-name" {...register('name', { validate: validateRequired })} />
        </FormField>
        <FormField label={t('registration.patronymic')} error={errors.patronymic?.message}>
          <Input autoComplete="additional-name" {...register('patronymic')} />
        </FormField>
        <FormField
          label={t('registration.phone')}
          error={errors.phone?.message}
          helperText={t('registration.phoneHint')}
          required
        >
          <MaskedInput
            mask={PHONE_MASK}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(912) 345-67-89"
            {...register('phone', { validate: validatePhone })}
          />
        </FormField>
      </SimpleGrid>
    </Stack>
  );
}
