/** Registration step 1: the company, found in the registry by name or INN (numeric query = INN, spec core §5). */
import { useTranslation } from 'react-i18next';
import { Box, Input, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { graphql } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { CompanyStepQuery } from '../../../__generated__/CompanyStepQuery.graphql';
import { FormField } from '../../../components/FormField';
import { useSuggestQuery } from '../../../system/relay/useSuggestQuery';
import { isInnQuery } from '@platform/domain/search';
import type { RegistrationValues } from './registrationForm';

const query = graphql`
  query CompanyStepQuery($query: String!) {
    registrationCompanies(query: $query) {
      ogrn
      inn
      kpp
      shortName
      fullName
      legalAddress
    }
  }
`;

export function CompanyStep({
  control,
  onPicked,
}: {
  control: Control<RegistrationValues>;
  onPicked: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({
    control,
    name: 'ogrn',
    rules: { validate: (v) => (v ? true : t('registration.pickCompany')) },
  });
  const [text, setText] = useState('');
  const q = text.trim();
  const { data, loading } = useSuggestQuery<CompanyStepQuery>(query, q.length >= 2 ? { query: q } : null, 400);
  const companies = data?.registrationCompanies ?? [];

  return (
    <Stack gap="4">
      <FormField
        label={t('registration.companySearch')}
        helperText={q && isInnQuery(q) ? t('registration.byInn') : t('registration.byName')}
      >
        <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" autoFocus />
      </FormField>
      {loading && <Text color="gray.600">{t('common.searching')}</Text>}
      {!loading && q && data && companies.length === 0 && <Text color="gray.600">{t('registration.noCompanies')}</Text>}
      {companies.length > 0 && (
        <RadioGroup.Root
          value={field.value || null}
          onValueChange={(d) => {
            field.onChange(d.value ?? '');
            const c = companies.find((x) => x.ogrn === d.value);
            onPicked(c?.shortName ?? c?.fullName ?? '');
          }}
          aria-label={t('registration.companiesFound')}
        >
          <Stack gap="2">
            {companies.map((c) => (
              <RadioGroup.Item
                key={c.ogrn}
                value={c.ogrn}
                alignItems="flex-start"
                borderWidth="1px"
                borderRadius="md"
                p="3"
              >
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <Box>
                    <Text fontWeight="medium">{c.shortName ?? c.fullName}</Text>
                    <Text fontSize="sm" color="gray.600">
                      {t('registration.companyDetails', {
                        inn: c.inn,
                        kpp: c.kpp ? t('registration.kpp', { kpp: c.kpp }) : '',
                        ogrn: c.ogrn,
                      })}
                    </Text>
                    {c.legalAddress && (
                      <Text fontSize="xs" color="gray.500">
                        {c.legalAddress}
                      </Text>
                    )}
                  </Box>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
      {fieldState.error && (
        <Text color="red.600" role="alert" fontSize="sm">
          {fieldState.error.message}
        </Text>
      )}
      <Link asChild fontSize="sm">
        <RouterLink to="/client/auth/registration/new-company">{t('registration.notListed')}</RouterLink>
      </Link>
    </Stack>
  );
}
