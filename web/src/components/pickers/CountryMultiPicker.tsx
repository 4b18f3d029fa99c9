/**
 * Several countries: the country picker (emptied after each choice, chosen ones not offered again) and the chosen
 * countries as tags with a '×' to remove each. Used by the registration checklist (spec core §3 "counterparty
 * countries") and the referral partner's add-client wizard (issue 11).
 */
import { Button, HStack, Stack, Tag } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CountryPicker, type PickedCountry } from './CountryPicker';

export function CountryMultiPicker({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: ReadonlyArray<PickedCountry>;
  onChange: (countries: PickedCountry[]) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <CountryPicker
        label={label}
        clearOnSelect
        exclude={value.map((c) => c.countryCode)}
        error={error}
        required={required}
        onSelect={(c) => onChange([...value, c])}
      />
      {value.length > 0 && (
        <HStack gap="2" wrap="wrap" aria-label={t('registration.selectedCountries')}>
          {value.map((c) => (
            <Tag.Root key={c.countryCode}>
              <Tag.Label>{c.countryName}</Tag.Label>
              <Tag.EndElement>
                <Button
                  size="2xs"
                  variant="ghost"
                  aria-label={t('registration.remove', { name: c.countryName })}
                  onClick={() => onChange(value.filter((x) => x.countryCode !== c.countryCode))}
                >
                  ×
                </Button>
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
