/**
 * The referral partner form (issue 10; spec core §3 "Referral partner", §5): its values, the client-side rules (the
 * same @platform/domain rules as the server: e-mail, phone 10 digits, INN, OGRN 13 / OGRNIP 15), the GraphQL input
 * built from the values, and the form field of a server field path. Pure.
 */
import { checkEmail, checkInn, checkOgrn, checkPhone } from '@platform/domain/validation/rules';
import { MESSAGES, validateEmail, type ValidationResult } from '../../../system/validation';

export interface RequisiteValues {
  bankBik: string;
  checkAccount: string;
}

export interface PartnerFormValues {
  ogrn: string;
  inn: string;
  kpp: string;
  fullName: string;
  shortName: string;
  legalAddress: string;
  actualAddress: string;
  email: string;
  phone: string;
  /** Comma-separated. */
  extraPhones: string;
  /** Comma-separated. */
  extraEmails: string;
  representative: string;
  comment: string;
  contractNumber: string;
  /** YYYY-MM-DD or empty. */
  contractDate: string;
  commissionPercent: string;
  bankRequisites: RequisiteValues[];
}

export const EMPTY_PARTNER: PartnerFormValues = {
  ogrn: '',
  inn: '',
  kpp: '',
  fullName: '',
  shortName: '',
  legalAddress: '',
  actualAddress: '',
  email: '',
  phone: '',
  extraPhones: '',
  extraEmails: '',
  representative: '',
  comment: '',
  contractNumber: '',
  contractDate: '',
  commissionPercent: '',
  bankRequisites: [],
};

/** The partner as the card shows it, for the edit form's defaults. */
export interface PartnerData {
  ogrn: string;
  inn: string;
  kpp?: string | null;
  fullName: string;
  shortName: string;
  legalAddress?: string | null;
  actualAddress?: string | null;
  email?: string | null;
  phone?: string | null;
  extraPhones: ReadonlyArray<string>;
  extraEmails: ReadonlyArray<string>;
  representative?: string | null;
  comment?: string | null;
  contractNumber?: string | null;
  contractDate?: string | null;
  commissionPercent: string;
  bankRequisites: ReadonlyArray<{ bankBik: string; checkAccount: string }>;
}

/** The form values of a partner. */
export function partnerValues(p: PartnerData): PartnerFormValues {
  return {
    ogrn: p.ogrn,
    inn: p.inn,
    kpp: p.kpp ?? '',
    fullName: p.fullName,
    shortName: p.shortName,
    legalAddress: p.legalAddress ?? '',
    actualAddress: p.actualAddress ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    extraPhones: p.extraPhones.join(', '),
    extraEmails: p.extraEmails.join(', '),
    representative: p.representative ?? '',
    comment: p.comment ?? '',
    contractNumber: p.contractNumber ?? '',
    contractDate: p.contractDate ?? '',
    commissionPercent: p.commissionPercent === '0' ? '' : p.commissionPercent.replace('.', ','),
    bankRequisites: p.bankRequisites.map((r) => ({ bankBik: r.bankBik, checkAccount: r.checkAccount })),
  };
}

/** Splits a comma / semicolon / newline separated list, trimmed, without empty items. */
export function splitList(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The `ReferralPartnerInput` of the values. */
export function partnerInput(v: PartnerFormValues) {
  return {
    ogrn: v.ogrn.trim(),
    inn: v.inn.trim(),
    kpp: orNull(v.kpp),
    fullName: orNull(v.fullName),
    shortName: orNull(v.shortName),
    legalAddress: orNull(v.legalAddress),
    actualAddress: orNull(v.actualAddress),
    email: v.email.trim(),
    phone: orNull(v.phone),
    extraPhones: splitList(v.extraPhones),
    extraEmails: splitList(v.extraEmails),
    representative: orNull(v.representative),
    comment: orNull(v.comment),
    contractNumber: orNull(v.contractNumber),
    contractDate: orNull(v.contractDate),
    commissionPercent: orNull(v.commissionPercent),
    bankRequisites: v.bankRequisites.map((r) => ({ bankBik: r.bankBik.trim(), checkAccount: r.checkAccount.trim() })),
  };
}

/** Rules of the form fields (react-hook-form `validate`). */
export const partnerRules = {
  ogrn: (v: string): ValidationResult => (!v.trim() ? MESSAGES.required : (checkOgrn(v.trim())?.message ?? true)),
  inn: (v: string): ValidationResult => (!v.trim() ? MESSAGES.required : (checkInn(v.trim())?.message ?? true)),
  kpp: (v: string): ValidationResult => (!v.trim() || /^\d{9}$/.test(v.trim()) ? true : 'КПП — 9 цифр'),
  email: (v: string): ValidationResult => validateEmail(v),
  phone: (v: string): ValidationResult => (!v.trim() ? true : (checkPhone(v.trim())?.message ?? true)),
  extraPhones: (v: string): ValidationResult => {
    const bad = splitList(v).find((p) => checkPhone(p));
    return bad ? `${MESSAGES.phone}: ${bad}` : true;
  },
  extraEmails: (v: string): ValidationResult => {
    const bad = splitList(v).find((e) => checkEmail(e.toLowerCase()));
    return bad ? `${MESSAGES.emailInvalid}: ${bad}` : true;
  },
  contractDate: (v: string): ValidationResult =>
    !v || /^\d{4}-\d{2}-\d{2}$/.test(v) ? true : 'Дата в формате ДД.ММ.ГГГГ',
  commissionPercent: (v: string): ValidationResult =>
    !v.trim() || /^\d{1,2}([.,]\d{1,4})?$/.test(v.trim()) ? true : 'Процент — число от 0 до 99,9999',
  bankBik: (v: string): ValidationResult => (/^\d{9}$/.test(v.trim()) ? true : 'БИК — 9 цифр'),
  checkAccount: (v: string): ValidationResult => (/^\d{20}$/.test(v.trim()) ? true : 'Расчётный счёт — 20 цифр'),
};

/** Form field names a server error can be placed on. */
export type PartnerField =
  | Exclude<keyof PartnerFormValues, 'bankRequisites'>
  | `bankRequisites.${number}.bankBik`
  | `bankRequisites.${number}.checkAccount`;

const PLAIN: ReadonlyArray<string> = Object.keys(EMPTY_PARTNER).filter((k) => k !== 'bankRequisites');

/** The form field of a server field path (`extraPhones.1` → extraPhones, `bankRequisites.0.bankBik` as is). */
export function partnerFormField(serverField: string): PartnerField | null {
  const m = /^bankRequisites\.(\d+)\.(bankBik|checkAccount)$/.exec(serverField);
  if (m) return `bankRequisites.${Number(m[1])}.${m[2] as 'bankBik' | 'checkAccount'}`;
  const base = serverField.split('.')[0];
  return PLAIN.includes(base) ? (base as PartnerField) : null;
}
