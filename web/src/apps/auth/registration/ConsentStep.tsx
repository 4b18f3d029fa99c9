/** Registration step 4: consent to personal data processing, on by default and required (spec core §5). */
import { useTranslation } from 'react-i18next';
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useController, type Control } from 'react-hook-form';
import { MESSAGES } from '../../../system/validation';
import type { RegistrationValues } from './registrationForm';

export function ConsentStep({ control }: { control: Control<RegistrationValues> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({
    control,
    name: 'processingPersonalDataAgreement',
    rules: { validate: (v) => (v ? true : MESSAGES.consentRequired) },
  });
  return (
    <Stack gap="3">
      <Text color="gray.700">{t('registration.consentText')}</Text>
      <Checkbox.Root
        checked={field.value}
        onCheckedChange={(d) => field.onChange(d.checked === true)}
        invalid={!!fieldState.error}
      >
        <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
        <Checkbox.Control />
        <Checkbox.Label>{t('registration.consentLabel')}</Checkbox.Label>
      </Checkbox.Root>
      {fieldState.error && (
        <Text color="red.600" role="alert" fontSize="sm">
          {fieldState.error.message}
        </Text>
      )}
    </Stack>
  );
}
