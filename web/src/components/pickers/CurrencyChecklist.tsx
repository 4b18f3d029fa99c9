/**
 * Several currencies: checkboxes of the popular ones first (USD, EUR, CNY, AED, spec core §9), then a
 * search over the others. Used by the registration checklist.
 */
import { useTranslation } from 'react-i18next';
import { Box, Button, Checkbox, CheckboxGroup, Fieldset, HStack, Stack, Tag } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { CurrencyChecklistQuery } from '../../__generated__/CurrencyChecklistQuery.graphql';
import { SuggestInput } from '../SuggestInput';
import { POPULAR_CURRENCIES } from './CurrencySelect';

export interface CurrencyChecklistProps {
  label: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}

export function CurrencyChecklist({ label, value, onChange, error }: CurrencyChecklistProps) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<CurrencyChecklistQuery>(
    graphql`
      query CurrencyChecklistQuery {
        currencies {
          currencyCode
          currencyName
          popular
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const [text, setText] = useState('');
  const popular = POPULAR_CURRENCIES as readonly string[];
  const nameOf = (code: string) => data.currencies.find((c) => c.currencyCode === code)?.currencyName ?? code;
  const others = value.filter((c) => !popular.includes(c));
  const search = text.trim().toLowerCase();
  const options = search
    ? data.currencies
        .filter(
          (c) =>
            !value.includes(c.currencyCode) &&
            (c.currencyCode.toLowerCase().startsWith(search) || c.currencyName.toLowerCase().startsWith(search)),
        )
        .slice(0, 20)
        .map((c) => ({ key: c.currencyCode, label: `${c.currencyCode} — ${c.currencyName}` }))
    : [];

  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      <Stack gap="3">
        <CheckboxGroup
          value={value}
          onValueChange={(codes: string[]) => onChange([...codes.filter((c) => popular.includes(c)), ...others])}
        >
          <HStack gap="4" wrap="wrap">
            {popular.map((code) => (
              <Checkbox.Root key={code} value={code}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{code}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </CheckboxGroup>
        <Box>
          <SuggestInput
            label={t('registration.otherCurrency')}
            inputValue={text}
            onInputChange={setText}
            options={options}
            emptyText={t('registration.currencyNotFound')}
            onSelect={(o) => {
              onChange([...value, o.key]);
              setText('');
            }}
          />
        </Box>
        {others.length > 0 && (
          <HStack gap="2" wrap="wrap">
            {others.map((code) => (
              <Tag.Root key={code}>
                <Tag.Label>
                  {code} — {nameOf(code)}
                </Tag.Label>
                <Tag.EndElement>
                  <Button
                    size="2xs"
                    variant="ghost"
                    aria-label={t('registration.remove', { name: code })}
                    onClick={() => onChange(value.filter((c) => c !== code))}
                  >
                    ×
                  </Button>
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </HStack>
        )}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
