/**
 * Currency select (native select, so tests pick with selectOption): popular USD, EUR, CNY, AED first in
 * that order, then the rest by name; default USD (spec core §9).
 */
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@chakra-ui/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { CurrencySelectQuery } from '../../__generated__/CurrencySelectQuery.graphql';
import { FormField } from '../FormField';

export const POPULAR_CURRENCIES = ['USD', 'EUR', 'CNY', 'AED'] as const;
export const DEFAULT_CURRENCY = 'USD';

export interface CurrencySelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  name?: string;
}

export function CurrencySelect({ label, value, onChange, error, name }: CurrencySelectProps) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<CurrencySelectQuery>(
    graphql`
      query CurrencySelectQuery {
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
  const popular = POPULAR_CURRENCIES.map(
    (code) =>
      data.currencies.find((c) => c.currencyCode === code) ?? { currencyCode: code, currencyName: code, popular: true },
  );
  const others = data.currencies.filter((c) => !(POPULAR_CURRENCIES as readonly string[]).includes(c.currencyCode));
  return (
    <FormField label={label} error={error} required>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <optgroup label={t('pickers.popular')}>
            {popular.map((c) => (
              <option key={c.currencyCode} value={c.currencyCode}>
                {c.currencyCode} — {c.currencyName}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('pickers.allCurrencies')}>
            {others.map((c) => (
              <option key={c.currencyCode} value={c.currencyCode}>
                {c.currencyCode} — {c.currencyName}
              </option>
            ))}
          </optgroup>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
