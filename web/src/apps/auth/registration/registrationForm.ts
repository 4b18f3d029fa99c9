/**
 * The registration stepper's form values, which step owns which field, and the registerClient input
 * built from them (spec core §3 Registration payload). Pure: tested in registrationForm.test.ts.
 */
import { normalizePhone, parseInteger } from '../../../system/validation';

export interface RegistrationValues {
  ogrn: string;
  companyName: string;
  surname: string;
  name: string;
  patronymic: string;
  phone: string;
  countries: Array<{ countryCode: string; countryName: string }>;
  currencyCodes: string[];
  paymentsNumber: string;
  monthlyCurrencyPayment: string;
  comment: string;
  processingPersonalDataAgreement: boolean;
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  ogrn: '',
  companyName: '',
  surname: '',
  name: '',
  patronymic: '',
  phone: '',
  countries: [],
  currencyCodes: [],
  paymentsNumber: '',
  monthlyCurrencyPayment: '',
  comment: '',
  // Consent is on by default (spec core §5).
  processingPersonalDataAgreement: true,
};

/** Steps in order (titles in i18n registration.steps.<id>); the counter shows 'Шаг n из 4', starting at 1 (spec core §4). */
export const REGISTRATION_STEPS = [
  { id: 'company', fields: ['ogrn'] },
  { id: 'contacts', fields: ['surname', 'name', 'patronymic', 'phone'] },
  { id: 'checklist', fields: ['countries', 'currencyCodes', 'paymentsNumber', 'monthlyCurrencyPayment', 'comment'] },
  { id: 'consent', fields: ['processingPersonalDataAgreement'] },
] as const satisfies ReadonlyArray<{ id: string; fields: ReadonlyArray<keyof RegistrationValues> }>;

/** Index (0-based) of the step owning a field of a server error (`user.phone` → contacts). */
export function stepOfServerField(field: string): number {
  const last = field.split('.').pop() ?? field;
  const key = last === 'countryCodes' ? 'countries' : last;
  const i = REGISTRATION_STEPS.findIndex((s) => (s.fields as ReadonlyArray<string>).includes(key));
  return i < 0 ? 0 : i;
}

/** Form field name for a server error field path. */
export function formFieldOfServerField(field: string): keyof RegistrationValues | null {
  const last = field.split('.').pop() ?? field;
  const key = last === 'countryCodes' ? 'countries' : last;
  return key in EMPTY_REGISTRATION ? (key as keyof RegistrationValues) : null;
}

/** The registerClient input; the checklist numbers go as numbers (Int; Decimal string without grouping). */
export function registrationInput(values: RegistrationValues, ctx: { email: string; token: string; password: string }) {
  return {
    ogrn: values.ogrn,
    token: ctx.token,
    user: {
      name: values.name.trim(),
      surname: values.surname.trim(),
      patronymic: values.patronymic.trim() || null,
      email: ctx.email,
      password: ctx.password,
      passwordSecondTime: ctx.password,
      phone: normalizePhone(values.phone),
      processingPersonalDataAgreement: values.processingPersonalDataAgreement,
    },
    checklist: {
      countryCodes: values.countries.map((c) => c.countryCode),
      currencyCodes: values.currencyCodes,
      paymentsNumber: parseInteger(values.paymentsNumber),
      monthlyCurrencyPayment: String(parseInteger(values.monthlyCurrencyPayment)),
      comment: values.comment.trim() || null,
    },
  };
}
