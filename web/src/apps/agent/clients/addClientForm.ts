/**
 * The add-client wizard's form (issue 11; spec core §3 "Client added by a partner", §5 validation): values, the checks
 * of each step with the §5 messages (the rules of @platform/domain, so the form refuses exactly what the server
 * would), the mutation input, and where a server field error belongs.
 */
import { isClientCardOgrn } from '@platform/domain/referral/clients';
import { checkOgrn, checkRussianName } from '@platform/domain/validation/rules';
import type { PickedCountry } from '../../../components/pickers/CountryPicker';
import {
  MESSAGES,
  normalizeAmount,
  normalizePhone,
  parseInteger,
  validateEmail,
  validateInteger,
  validatePhone,
} from '../../../system/validation';

/** What the partner types in step 2. */
export interface AddClientValues {
  surname: string;
  name: string;
  patronymic: string;
  email: string;
  phone: string;
  position: string;
  countries: PickedCountry[];
  currencyCodes: string[];
  monthlyVolume: string;
  monthlyPayments: string;
}

export const EMPTY_ADD_CLIENT: AddClientValues = {
  surname: '',
  name: '',
  patronymic: '',
  email: '',
  phone: '',
  position: '',
  countries: [],
  currencyCodes: [],
  monthlyVolume: '',
  monthlyPayments: '',
};

export type AddClientField = keyof AddClientValues;
export type AddClientErrors = Partial<Record<AddClientField, string>>;

/** The OGRN of step 1: null when valid, else the message ('ОГРН — 13 цифр, ОГРНИП — 15 цифр' or the checksum's). */
export function ogrnProblem(raw: string): string | null {
  const v = raw.trim();
  if (!v) return MESSAGES.required;
  if (!isClientCardOgrn(v)) return 'ОГРН — 13 цифр, ОГРНИП — 15 цифр';
  return checkOgrn(v)?.message ?? null;
}

const nameProblem = (v: string, required: boolean): string | undefined => {
  const s = v.trim();
  if (!s) return required ? MESSAGES.required : undefined;
  return checkRussianName(s)?.message;
};

const asProblem = (r: true | string): string | undefined => (r === true ? undefined : r);

/** The problems of step 2, by field ({} when it may go on); `texts`: the translated 'pick a country / currency'. */
export function contactProblems(
  v: AddClientValues,
  texts: { pickCountry: string; pickCurrency: string },
): AddClientErrors {
  const out: AddClientErrors = {
    surname: nameProblem(v.surname, true),
    name: nameProblem(v.name, true),
    patronymic: nameProblem(v.patronymic, false),
    email: asProblem(validateEmail(v.email)),
    phone: asProblem(validatePhone(v.phone)),
    countries: v.countries.length ? undefined : texts.pickCountry,
    currencyCodes: v.currencyCodes.length ? undefined : texts.pickCurrency,
    monthlyVolume: !v.monthlyVolume.trim()
      ? MESSAGES.required
      : normalizeAmount(v.monthlyVolume)
        ? undefined
        : MESSAGES.amountInvalid,
    monthlyPayments: asProblem(validateInteger(v.monthlyPayments, { min: 1, max: 100000 })),
  };
  return Object.fromEntries(Object.entries(out).filter(([, m]) => m)) as AddClientErrors;
}

/** The `AddReferralClientInput` of valid values (call after `contactProblems` gave {}). */
export function addClientInput(ogrn: string, v: AddClientValues, clientApproved: boolean) {
  return {
    ogrn: ogrn.trim(),
    contact: {
      surname: v.surname.trim(),
      name: v.name.trim(),
      patronymic: v.patronymic.trim() || null,
      email: v.email.trim(),
      phone: normalizePhone(v.phone),
      position: v.position.trim() || null,
    },
    countryCodes: v.countries.map((c) => c.countryCode),
    currencyCodes: v.currencyCodes,
    monthlyVolume: normalizeAmount(v.monthlyVolume) ?? '0',
    monthlyPayments: parseInteger(v.monthlyPayments),
    clientApproved,
  };
}

/** The step-2 field of a server field path (`contact.email` → email, `countryCodes.0` → countries); null otherwise. */
export function fieldOfServerPath(path: string): AddClientField | null {
  const [head, sub] = path.split('.');
  if (head === 'contact' && sub && sub in EMPTY_ADD_CLIENT) return sub as AddClientField;
  if (head === 'countryCodes') return 'countries';
  if (head === 'currencyCodes' || head === 'monthlyVolume' || head === 'monthlyPayments') return head;
  return null;
}
