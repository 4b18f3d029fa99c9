/**
 * SWIFT input with suggestions from the SWIFT directory (swiftInstitutions, prefix match). The value is
 * the typed text: it may stay empty when the bank is not found (spec core §5).
 */
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { SwiftPickerQuery } from '../../__generated__/SwiftPickerQuery.graphql';
import { useSuggestQuery } from '../../system/relay/useSuggestQuery';
import { SuggestInput } from '../SuggestInput';

export interface PickedSwift {
  swift: string;
  institutionName: string;
  city: string | null;
  country: string | null;
}

export interface SwiftPickerProps {
  value: string;
  onChange: (text: string) => void;
  onPick: (institution: PickedSwift) => void;
  error?: string;
  onBlur?: () => void;
}

const query = graphql`
  query SwiftPickerQuery($prefix: String!) {
    swiftInstitutions(prefix: $prefix) {
      swift
      institutionName
      city
      country
      countryName
    }
  }
`;

export function SwiftPicker({ value, onChange, onPick, error, onBlur }: SwiftPickerProps) {
  const { t } = useTranslation();
  const prefix = value.trim().toUpperCase();
  const { data, loading } = useSuggestQuery<SwiftPickerQuery>(query, prefix.length >= 2 ? { prefix } : null, 300);
  const list = data?.swiftInstitutions ?? [];
  const options = list.map((s) => ({
    key: s.swift,
    label: s.swift,
    description: [s.institutionName, s.city, s.countryName].filter(Boolean).join(', '),
  }));
  return (
    <SuggestInput
      label="SWIFT"
      name="swift"
      inputValue={value}
      onInputChange={onChange}
      onBlur={onBlur}
      options={options}
      loading={loading}
      emptyText={t('pickers.swiftNotFound')}
      placeholder={t('pickers.swiftPlaceholder')}
      helperText={t('pickers.swiftHint')}
      error={error}
      onSelect={(o) => {
        const s = list.find((x) => x.swift === o.key);
        onChange(o.key);
        if (s)
          onPick({
            swift: s.swift,
            institutionName: s.institutionName,
            city: s.city ?? null,
            country: s.country ?? null,
          });
      }}
    />
  );
}
