/**
 * Pure rules and mappings of the 'Моя компания' forms (issue 8; spec core §3 "Client info / contact", "Bank requisite";
 * §5 names, phone, site; §8 "update regdata" and password-change unknown errors). Each `validate*` returns true or the
 * Russian message, the shape react-hook-form's `validate` takes. The server checks everything again (the control key
 * of a settlement account only there) and its field errors are placed with `placeFieldErrors`
 * (system/errors/resultMessage.ts).
 */
import { MESSAGES, normalizePhone, validatePhone, type ValidationResult } from '../../../system/validation';

/** Texts of these forms; the §5 ones repeat the server's wording exactly (backend domain/validation.ts, bank-account.ts). */
export const COMPANY_MESSAGES = {
  russianLetters: 'Используйте русские буквы и дефис',
  siteInvalid: 'Некорректный адрес сайта',
  bik: 'БИК — 9 цифр',
  bikNotFound: 'Банк с таким БИК не найден',
  account: 'Расчётный счёт — 20 цифр',
  /** Spec core §8 "update regdata": its own unknown-error text. */
  regDataUnknown: 'Не удалось сохранить регистрационные данные. Повторите попытку позже',
  /** Spec core §8 "Password change: validation message or 'Unknown change password error'". */
  passwordUnknown: 'Не удалось изменить пароль. Повторите попытку позже',
} as const;

/** Name, surname or patronymic (spec core §5 "use Russian letters and hyphen"): Cyrillic parts joined by single hyphens, ≤ 50. */
export function validateRussianName(value: string | null | undefined, required = true): ValidationResult {
  const v = (value ?? '').trim();
  if (!v) return required ? MESSAGES.required : true;
  return v.length <= 50 && /^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$/.test(v) ? true : COMPANY_MESSAGES.russianLetters;
}

/** An optional phone: empty, or 10 digits (spec core §5). */
export function validateOptionalPhone(value: string | null | undefined): ValidationResult {
  return (value ?? '').trim() ? validatePhone(value) : true;
}

/**
 * Company website (spec core §5 "invalid site"), optional: an http/https address or a bare domain with a letter TLD
 * (Latin or Cyrillic, e.g. ромашка.рф), no spaces, ≤ 255 characters. Same rule as the server's checkWebsite.
 */
export function validateSite(value: string | null | undefined): ValidationResult {
  const s = (value ?? '').trim();
  if (!s) return true;
  if (s.length > 255 || /\s/.test(s)) return COMPANY_MESSAGES.siteInvalid;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`;
  if (!/^https?:\/\//i.test(withScheme)) return COMPANY_MESSAGES.siteInvalid;
  const host = withScheme.replace(/^[a-z]+:\/\//i, '').split(/[/:?#]/)[0];
  if (host.includes('@')) return COMPANY_MESSAGES.siteInvalid;
  const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
  return new RegExp(`^(?:${label}\\.)+\\p{L}{2,63}$`, 'u').test(host) ? true : COMPANY_MESSAGES.siteInvalid;
}

/** BIK: 9 digits. */
export function validateBik(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').trim();
  if (!v) return MESSAGES.required;
  return /^\d{9}$/.test(v) ? true : COMPANY_MESSAGES.bik;
}

/** Settlement account: 20 digits (its control key is checked by the server against the BIK). */
export function validateAccount(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').replace(/\s/g, '');
  if (!v) return MESSAGES.required;
  return /^\d{20}$/.test(v) ? true : COMPANY_MESSAGES.account;
}

/** The registration data form as typed → the mutation input (phones normalised, blanks → null). */
export function toRegistrationDataInput(v: {
  name: string;
  surname: string;
  patronymic: string;
  phone: string;
  additionalPhone: string;
  companyWebsite: string;
}) {
  const blank = (s: string) => (s.trim() ? s.trim() : null);
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    patronymic: blank(v.patronymic),
    phone: normalizePhone(v.phone),
    additionalPhone: v.additionalPhone.trim() ? normalizePhone(v.additionalPhone) : null,
    companyWebsite: blank(v.companyWebsite),
  };
}
