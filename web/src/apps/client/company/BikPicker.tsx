/**
 * BIK input that looks the bank up in the Bank of Russia directory (Query.bankByBik, ED807) once 9 digits are typed,
 * and reports the bank (name, correspondent account) to fill the read-only fields of the requisite dialog
 * (issue 8; spec core §3 "Bank requisite": bankBik, bankName, corrAccount). Unknown → 'Банк с таким БИК не найден'.
 */
import { Input } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { BikPickerQuery } from '../../../__generated__/BikPickerQuery.graphql';
import { FormField } from '../../../components/FormField';
import { useSuggestQuery } from '../../../system/relay/useSuggestQuery';
import { COMPANY_MESSAGES } from './companyForm';

export interface PickedBank {
  bankBik: string;
  bankName: string;
  corrAccount: string;
}

export interface BikPickerProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The bank of the typed BIK, or null while it is not (yet) known. */
  onBank: (bank: PickedBank | null) => void;
  error?: string;
}

const query = graphql`
  query BikPickerQuery($bik: String!) {
    bankByBik(bik: $bik) {
      bankBik
      bankName
      corrAccount
    }
  }
`;

export function BikPicker({ value, onChange, onBlur, onBank, error }: BikPickerProps) {
  const { t } = useTranslation();
  const bik = value.trim();
  const complete = /^\d{9}$/.test(bik);
  const { data, loading } = useSuggestQuery<BikPickerQuery>(query, complete ? { bik } : null, 250);
  const bank = complete && data?.bankByBik && data.bankByBik.bankBik === bik ? data.bankByBik : null;
  const notFound = complete && !loading && data !== null && !bank;

  const foundBik = bank?.bankBik ?? null;
  const foundName = bank?.bankName ?? null;
  const foundCorr = bank?.corrAccount ?? '';
  // Reported when the found bank changes (`onBank` must be stable: useCallback in the caller).
  useEffect(() => {
    onBank(foundBik && foundName ? { bankBik: foundBik, bankName: foundName, corrAccount: foundCorr } : null);
  }, [foundBik, foundName, foundCorr, onBank]);

  return (
    <FormField
      label={t('company.bik')}
      error={error ?? (notFound ? COMPANY_MESSAGES.bikNotFound : undefined)}
      helperText={complete && loading ? t('company.bankSearching') : undefined}
      required
    >
      <Input
        name="bankBik"
        inputMode="numeric"
        maxLength={9}
        placeholder={t('company.bikPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        onBlur={onBlur}
      />
    </FormField>
  );
}
