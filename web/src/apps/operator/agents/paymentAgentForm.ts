/**
 * The payment agent form's values (issue 10; spec core §3 "Payment agent profile"): the editable shape
 * (react-hook-form, text inputs as strings), the empty values of a new agent, the values of a card, the
 * `PaymentAgentProfileInput` sent to the gateway, and the form field of a server field error (the server names the
 * profile input's fields, which are the form's own, except the country list typed as one text).
 */
import { checkInn, checkOgrn } from '@platform/domain/validation/rules';
import { MESSAGES, type ValidationResult } from '../../../system/validation';

export type ClientDirection = 'IMPORT' | 'EXPORT' | 'BOTH';
export type GoodsImportRule = 'REQUIRED' | 'NOT_REQUIRED' | 'UNIMPORTANT';

export interface RequisiteValues {
  currencyCode: string;
  bankName: string;
  bankBik: string;
  swift: string;
  checkAccount: string;
  corrAccount: string;
}

export interface PaymentCompanyValues {
  paymentCompanyId: number | null;
  name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legalAddress: string;
  actualAddressSameAsLegal: boolean;
  actualAddress: string;
  requisites: RequisiteValues[];
}

export interface PaymentAgentFormValues {
  ogrn: string;
  inn: string;
  kpp: string;
  fullName: string;
  shortName: string;
  legalAddress: string;
  registrationDate: string;
  ceoLastName: string;
  ceoFirstName: string;
  ceoMiddleName: string;
  brand: string;
  site: string;
  groupOfCompanies: boolean;
  groupDescription: string;
  beneficiaries: Array<{ name: string; share: string; owner: boolean }>;
  contacts: Array<{
    surname: string;
    name: string;
    patronymic: string;
    responsibilities: string;
    phone: string;
    email: string;
  }>;
  clientDirection: ClientDirection;
  goodsImportRule: GoodsImportRule;
  minMonthlyVolumeUsd: string;
  minPaymentUsd: string;
  /** Country codes as typed: 'CN, TR'. */
  supportedCountries: string;
  unsupportedPurposes: string;
  requiredClosingDocuments: string;
  currencies: Array<{
    currencyCode: string;
    rateSource: string;
    rateRules: string;
    rateTime: string;
    comment: string;
    indicativeRate: string;
  }>;
  limits: Array<{ currencyCode: string; amountFrom: string; amountTo: string }>;
  expertConclusion: string;
  paymentCompanies: PaymentCompanyValues[];
  licenseNumber: string;
  licenseDate: string;
  serviceCommissionPercent: string;
  signRequired: boolean;
  email: string;
}

export const emptyCurrency = () => ({
  currencyCode: '',
  rateSource: '',
  rateRules: '',
  rateTime: '',
  comment: '',
  indicativeRate: '',
});
export const emptyRequisite = (): RequisiteValues => ({
  currencyCode: 'RUB',
  bankName: '',
  bankBik: '',
  swift: '',
  checkAccount: '',
  corrAccount: '',
});
export const emptyPaymentCompany = (): PaymentCompanyValues => ({
  paymentCompanyId: null,
  name: '',
  inn: '',
  kpp: '',
  ogrn: '',
  legalAddress: '',
  actualAddressSameAsLegal: true,
  actualAddress: '',
  requisites: [emptyRequisite()],
});
export const emptyContact = () => ({
  surname: '',
  name: '',
  patronymic: '',
  responsibilities: '',
  phone: '',
  email: '',
});

/** A new agent: one currency row to fill (spec core §5 "at least one currency"). */
export function emptyAgentValues(): PaymentAgentFormValues {
  return {
    ogrn: '',
    inn: '',
    kpp: '',
    fullName: '',
    shortName: '',
    legalAddress: '',
    registrationDate: '',
    ceoLastName: '',
    ceoFirstName: '',
    ceoMiddleName: '',
    brand: '',
    site: '',
    groupOfCompanies: false,
    groupDescription: '',
    beneficiaries: [],
    contacts: [],
    clientDirection: 'BOTH',
    goodsImportRule: 'UNIMPORTANT',
    minMonthlyVolumeUsd: '',
    minPaymentUsd: '',
    supportedCountries: '',
    unsupportedPurposes: '',
    requiredClosingDocuments: '',
    currencies: [{ ...emptyCurrency(), currencyCode: 'USD' }],
    limits: [],
    expertConclusion: '',
    paymentCompanies: [],
    licenseNumber: '',
    licenseDate: '',
    serviceCommissionPercent: '0',
    signRequired: false,
    email: '',
  };
}

const s = (v: string | null | undefined) => v ?? '';

/** The card as it reaches the form (the fields of PaymentAgentCard_agent). */
export interface AgentCardData {
  readonly ogrn: string;
  readonly inn: string;
  readonly kpp: string | null | undefined;
  readonly fullName: string;
  readonly shortName: string;
  readonly legalAddress: string;
  readonly registrationDate: string | null | undefined;
  readonly ceoLastName: string | null | undefined;
  readonly ceoFirstName: string | null | undefined;
  readonly ceoMiddleName: string | null | undefined;
  readonly brand: string;
  readonly site: string | null | undefined;
  readonly groupOfCompanies: boolean;
  readonly groupDescription: string | null | undefined;
  readonly beneficiaries: ReadonlyArray<{
    readonly name: string;
    readonly share: string | null | undefined;
    readonly owner: boolean;
  }>;
  readonly contacts: ReadonlyArray<{
    readonly surname: string;
    readonly name: string;
    readonly patronymic: string | null | undefined;
    readonly responsibilities: string | null | undefined;
    readonly phone: string | null | undefined;
    readonly email: string | null | undefined;
  }>;
  readonly clientDirection: string;
  readonly goodsImportRule: string;
  readonly minMonthlyVolumeUsd: string | null | undefined;
  readonly minPaymentUsd: string | null | undefined;
  readonly supportedCountries: ReadonlyArray<string>;
  readonly unsupportedPurposes: string | null | undefined;
  readonly requiredClosingDocuments: string | null | undefined;
  readonly currencies: ReadonlyArray<{
    readonly currencyCode: string;
    readonly rateSource: string;
    readonly rateRules: string;
    readonly rateTime: string | null | undefined;
    readonly comment: string | null | undefined;
    readonly indicativeRate: string | null | undefined;
  }>;
  readonly limits: ReadonlyArray<{
    readonly currencyCode: string;
    readonly amountFrom: string | null | undefined;
    readonly amountTo: string | null | undefined;
  }>;
  readonly expertConclusion: string | null | undefined;
  readonly paymentCompanies: ReadonlyArray<{
    readonly paymentCompanyId: number;
    readonly name: string;
    readonly inn: string;
    readonly kpp: string | null | undefined;
    readonly ogrn: string | null | undefined;
    readonly legalAddress: string;
    readonly actualAddressSameAsLegal: boolean;
    readonly actualAddress: string | null | undefined;
    readonly requisites: ReadonlyArray<{
      readonly currencyCode: string;
      readonly bankName: string;
      readonly bankBik: string | null | undefined;
      readonly swift: string | null | undefined;
      readonly checkAccount: string;
      readonly corrAccount: string | null | undefined;
    }>;
  }>;
  readonly licenseNumber: string | null | undefined;
  readonly licenseDate: string | null | undefined;
  readonly serviceCommissionPercent: string;
  readonly signRequired: boolean;
  readonly email: string | null | undefined;
}

const DIRECTIONS: ReadonlyArray<ClientDirection> = ['IMPORT', 'EXPORT', 'BOTH'];
const GOODS: ReadonlyArray<GoodsImportRule> = ['REQUIRED', 'NOT_REQUIRED', 'UNIMPORTANT'];

/** The form values of an agent's card. */
export function agentValuesOf(c: AgentCardData): PaymentAgentFormValues {
  return {
    ogrn: c.ogrn,
    inn: c.inn,
    kpp: s(c.kpp),
    fullName: c.fullName,
    shortName: c.shortName,
    legalAddress: c.legalAddress,
    registrationDate: s(c.registrationDate),
    ceoLastName: s(c.ceoLastName),
    ceoFirstName: s(c.ceoFirstName),
    ceoMiddleName: s(c.ceoMiddleName),
    brand: c.brand,
    site: s(c.site),
    groupOfCompanies: c.groupOfCompanies,
    groupDescription: s(c.groupDescription),
    beneficiaries: c.beneficiaries.map((b) => ({ name: b.name, share: s(b.share), owner: b.owner })),
    contacts: c.contacts.map((x) => ({
      surname: x.surname,
      name: x.name,
      patronymic: s(x.patronymic),
      responsibilities: s(x.responsibilities),
      phone: s(x.phone),
      email: s(x.email),
    })),
    clientDirection: DIRECTIONS.find((d) => d === c.clientDirection) ?? 'BOTH',
    goodsImportRule: GOODS.find((g) => g === c.goodsImportRule) ?? 'UNIMPORTANT',
    minMonthlyVolumeUsd: s(c.minMonthlyVolumeUsd),
    minPaymentUsd: s(c.minPaymentUsd),
    supportedCountries: c.supportedCountries.join(', '),
    unsupportedPurposes: s(c.unsupportedPurposes),
    requiredClosingDocuments: s(c.requiredClosingDocuments),
    currencies: c.currencies.map((x) => ({
      currencyCode: x.currencyCode,
      rateSource: x.rateSource,
      rateRules: x.rateRules,
      rateTime: s(x.rateTime),
      comment: s(x.comment),
      indicativeRate: s(x.indicativeRate),
    })),
    limits: c.limits.map((l) => ({
      currencyCode: l.currencyCode,
      amountFrom: s(l.amountFrom),
      amountTo: s(l.amountTo),
    })),
    expertConclusion: s(c.expertConclusion),
    paymentCompanies: c.paymentCompanies.map((p) => ({
      paymentCompanyId: p.paymentCompanyId,
      name: p.name,
      inn: p.inn,
      kpp: s(p.kpp),
      ogrn: s(p.ogrn),
      legalAddress: p.legalAddress,
      actualAddressSameAsLegal: p.actualAddressSameAsLegal,
      actualAddress: s(p.actualAddress),
      requisites: p.requisites.map((r) => ({
        currencyCode: r.currencyCode,
        bankName: r.bankName,
        bankBik: s(r.bankBik),
        swift: s(r.swift),
        checkAccount: r.checkAccount,
        corrAccount: s(r.corrAccount),
      })),
    })),
    licenseNumber: s(c.licenseNumber),
    licenseDate: s(c.licenseDate),
    serviceCommissionPercent: c.serviceCommissionPercent,
    signRequired: c.signRequired,
    email: s(c.email),
  };
}

/** Trimmed text or null. */
function opt(v: string): string | null {
  const t = v.trim();
  return t ? t : null;
}

/** A decimal as typed ('12 500,5') → API text ('12500.5'), or null when empty. */
export function decimalOrNull(v: string): string | null {
  const t = v.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  return t ? t : null;
}

/** Country codes typed as 'cn, tr;AE' → ['CN', 'TR', 'AE']. */
export function countryCodes(v: string): string[] {
  return [
    ...new Set(
      v
        .split(/[\s,;]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** The `PaymentAgentProfileInput` of the form values. */
export function profileInputOf(v: PaymentAgentFormValues) {
  return {
    inn: v.inn.trim(),
    ogrn: v.ogrn.trim(),
    kpp: opt(v.kpp),
    fullName: v.fullName.trim(),
    shortName: v.shortName.trim(),
    legalAddress: v.legalAddress.trim(),
    registrationDate: opt(v.registrationDate),
    ceoLastName: opt(v.ceoLastName),
    ceoFirstName: opt(v.ceoFirstName),
    ceoMiddleName: opt(v.ceoMiddleName),
    brand: v.brand.trim(),
    site: opt(v.site),
    groupOfCompanies: v.groupOfCompanies,
    groupDescription: v.groupOfCompanies ? opt(v.groupDescription) : null,
    beneficiaries: v.beneficiaries.map((b) => ({ name: b.name.trim(), share: decimalOrNull(b.share), owner: b.owner })),
    contacts: v.contacts.map((c) => ({
      surname: c.surname.trim(),
      name: c.name.trim(),
      patronymic: opt(c.patronymic),
      responsibilities: opt(c.responsibilities),
      phone: opt(c.phone.replace(/\D/g, '').replace(/^[78](?=\d{10}$)/, '')),
      email: opt(c.email),
    })),
    clientDirection: v.clientDirection,
    goodsImportRule: v.goodsImportRule,
    minMonthlyVolumeUsd: decimalOrNull(v.minMonthlyVolumeUsd),
    minPaymentUsd: decimalOrNull(v.minPaymentUsd),
    supportedCountries: countryCodes(v.supportedCountries),
    unsupportedPurposes: opt(v.unsupportedPurposes),
    requiredClosingDocuments: opt(v.requiredClosingDocuments),
    currencies: v.currencies.map((c) => ({
      currencyCode: c.currencyCode.trim().toUpperCase(),
      rateSource: c.rateSource.trim(),
      rateRules: c.rateRules.trim(),
      rateTime: opt(c.rateTime),
      comment: opt(c.comment),
      indicativeRate: decimalOrNull(c.indicativeRate),
    })),
    limits: v.limits.map((l) => ({
      currencyCode: l.currencyCode.trim().toUpperCase(),
      amountFrom: decimalOrNull(l.amountFrom),
      amountTo: decimalOrNull(l.amountTo),
    })),
    expertConclusion: opt(v.expertConclusion),
    paymentCompanies: v.paymentCompanies.map((p) => ({
      paymentCompanyId: p.paymentCompanyId,
      name: p.name.trim(),
      inn: p.inn.trim(),
      kpp: opt(p.kpp),
      ogrn: opt(p.ogrn),
      legalAddress: p.legalAddress.trim(),
      actualAddressSameAsLegal: p.actualAddressSameAsLegal,
      actualAddress: p.actualAddressSameAsLegal ? null : opt(p.actualAddress),
      requisites: p.requisites.map((r) => ({
        currencyCode: r.currencyCode.trim().toUpperCase(),
        bankName: r.bankName.trim(),
        bankBik: opt(r.bankBik),
        swift: opt(r.swift),
        checkAccount: r.checkAccount.trim(),
        corrAccount: opt(r.corrAccount),
      })),
    })),
    licenseNumber: opt(v.licenseNumber),
    licenseDate: opt(v.licenseDate),
    serviceCommissionPercent: decimalOrNull(v.serviceCommissionPercent) ?? '0',
    signRequired: v.signRequired,
    email: v.email.trim(),
  };
}

/** The form field of a server field error: the same dotted path, except the country list (one text field). */
export function formFieldOf(serverField: string): string {
  return serverField.startsWith('supportedCountries') ? 'supportedCountries' : serverField;
}

/** INN (spec core §9): required, 10 or 12 digits with check digits. */
export function validateInn(v: string): ValidationResult {
  if (!v.trim()) return MESSAGES.required;
  return checkInn(v.trim())?.message ?? true;
}

/** OGRN / OGRNIP (spec core §9): required, 13 or 15 digits with the check digit. */
export function validateOgrn(v: string): ValidationResult {
  if (!v.trim()) return MESSAGES.required;
  return checkOgrn(v.trim())?.message ?? true;
}

/** An optional decimal amount: empty, or a non-negative number with up to 2 decimals. */
export function validateOptionalAmount(v: string): ValidationResult {
  const t = decimalOrNull(v);
  if (t === null) return true;
  return /^\d{1,15}(\.\d{1,2})?$/.test(t) ? true : MESSAGES.amountInvalid;
}

/** Spec core §5 "Payment agent: at least one currency required". */
export const CURRENCY_REQUIRED = 'Укажите хотя бы одну валюту';
