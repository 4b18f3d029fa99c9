/** Country picker: Russian names, search by prefix of the name or code (countries(prefix)). */
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { graphql } from 'react-relay';
import type { CountryPickerQuery } from '../../__generated__/CountryPickerQuery.graphql';
import { useSuggestQuery } from '../../system/relay/useSuggestQuery';
import { SuggestInput } from '../SuggestInput';

export interface PickedCountry {
  countryCode: string;
  countryName: string;
}

export interface CountryPickerProps {
  label: string;
  onSelect: (country: PickedCountry) => void;
  /** Shown in the input after a choice; ignored with clearOnSelect. */
  value?: PickedCountry | null;
  /** Empty the input after a choice (multi-select lists). */
  clearOnSelect?: boolean;
  /** Codes not to offer (already chosen). */
  exclude?: ReadonlyArray<string>;
  error?: string;
  required?: boolean;
  onInputChange?: (text: string) => void;
}

const query = graphql`
  query CountryPickerQuery($prefix: String) {
    countries(prefix: $prefix) {
      countryCode
      countryName
      countryShortName
    }
  }
`;

export function CountryPicker({
  label,
  onSelect,
  value,
  clearOnSelect,
  exclude = [],
  error,
  required,
  onInputChange,
}: CountryPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value?.countryName ?? '');
  const prefix = text.trim();
  const { data, loading } = useSuggestQuery<CountryPickerQuery>(query, prefix ? { prefix } : null, 250);
  const options = (data?.countries ?? [])
    .filter((c) => !exclude.includes(c.countryCode))
    .slice(0, 20)
    .map((c) => ({ key: c.countryCode, label: c.countryName, description: c.countryCode }));

  return (
    <SuggestInput
      label={label}
      inputValue={text}
      onInputChange={(v) => {
        setText(v);
        onInputChange?.(v);
      }}
      options={options}
      loading={loading}
      emptyText={t('pickers.countryNotFound')}
      placeholder={t('pickers.countryPlaceholder')}
      error={error}
      required={required}
      onSelect={(o) => {
        onSelect({ countryCode: o.key, countryName: o.label });
        setText(clearOnSelect ? '' : o.label);
      }}
    />
  );
}
