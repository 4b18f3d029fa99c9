/**
 * Pure validation rules of spec core §5 (e-mail, password, phone, names, website) and §9 (INN, OGRN 13 /
 * OGRNIP 15 digits with their check digits), ONE copy for every tier (issue 9): the backend turns the issues into a
 * 400 VALIDATION_ERROR answer (`{ field, code, message }` items), the web app shows the same messages under its
 * fields before sending. No I/O, no dependencies (the backend's country and currency checks, which need the ISO
 * tables, and its website check, which needs the WHATWG URL parser, stay in backend/src/domain/validation.ts).
 *
 * Every rule returns `null` (valid) or an {@link Issue} with a stable code and the Russian message of the
 * spec where it has one; the password rules return one issue per failed rule.
 */
/** One failed rule: a stable machine code and the Russian text for the user. */
export interface Issue {
  code: string;
  message: string;
}

/** Stable codes and Russian texts of the rules (spec core §5). */
export const RULES = {
  EMAIL_INVALID: 'Проверьте корректность данных',
  PASSWORD_LENGTH: 'Пароль должен содержать от 8 до 20 символов',
  PASSWORD_SPACE: 'Пароль не должен содержать пробелов',
  PASSWORD_UPPERCASE: 'Нет заглавной латинской буквы',
  PASSWORD_LOWERCASE: 'Нет строчной латинской буквы',
  PASSWORD_DIGIT: 'Нет цифры',
  PASSWORD_SPECIAL: 'Нет специального символа',
  PASSWORD_MISMATCH: 'Пароли не совпадают',
  PASSWORD_SAME_AS_OLD: 'Новый пароль совпадает со старым',
  PHONE_INVALID: 'Номер телефона — 10 цифр',
  INN_INVALID: 'Некорректный ИНН',
  OGRN_INVALID: 'Некорректный ОГРН или ОГРНИП',
  WEBSITE_INVALID: 'Некорректный адрес сайта',
  RUSSIAN_LETTERS: 'Используйте русские буквы и дефис',
  REQUIRED: 'Обязательное поле',
  COUNTRY_INVALID: 'Неизвестный код страны',
  CURRENCY_INVALID: 'Неизвестный код валюты',
} as const;

/** One of the stable codes of RULES. */
export type RuleCode = keyof typeof RULES;

/** The Issue of a rule code: `{ code, message }` with the rule's Russian text. */
export function issue(code: RuleCode): Issue {
  return { code, message: RULES[code] };
}

/** Shortest password, characters (code points; spec core §5, §9). */
export const PASSWORD_MIN = 8;
/** Longest password, characters (code points; spec core §5, §9). */
export const PASSWORD_MAX = 20;

/** Maximum e-mail length (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/** Lower-cases and trims an e-mail: every e-mail is stored and compared in this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * E-mail format (spec core §5): `local@domain.tld`, at most 254 characters, no spaces, no consecutive or
 * edge dots in the local part. Invalid → EMAIL_INVALID 'Проверьте корректность данных'.
 */
export function checkEmail(email: string): Issue | null {
  const e = email.trim();
  if (e.length === 0 || e.length > EMAIL_MAX || !EMAIL_RE.test(e)) return issue('EMAIL_INVALID');
  const local = e.slice(0, e.indexOf('@'));
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return issue('EMAIL_INVALID');
  return null;
}

/**
 * Password rules (spec core §5, §9): 8–20 characters, no whitespace, an upper-case and a lower-case Latin
 * letter, a digit and a special character (any printable non-letter, non-digit ASCII or other symbol).
 * Returns one issue per failed rule, in the order length, space, upper, lower, digit, special; [] when valid.
 */
export function passwordIssues(password: string): Issue[] {
  const out: Issue[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) out.push(issue('PASSWORD_LENGTH'));
  if (/\s/u.test(password)) out.push(issue('PASSWORD_SPACE'));
  if (!/[A-Z]/.test(password)) out.push(issue('PASSWORD_UPPERCASE'));
  if (!/[a-z]/.test(password)) out.push(issue('PASSWORD_LOWERCASE'));
  if (!/[0-9]/.test(password)) out.push(issue('PASSWORD_DIGIT'));
  if (!/[^\p{L}\p{N}\s]/u.test(password)) out.push(issue('PASSWORD_SPECIAL'));
  return out;
}

/** A dotted-path field error as the API answers it (same shape as `FieldError` in src/errors.ts). */
export interface FieldIssue extends Issue {
  field: string;
}

/**
 * A new password with its repetition, optionally against the old one (spec core §5 "Password",
 * "Password change"). Field names are `${prefix}password`, `${prefix}passwordSecondTime`.
 * Issues: the rules of {@link passwordIssues} on `password`; PASSWORD_MISMATCH on `passwordSecondTime`;
 * PASSWORD_SAME_AS_OLD on `password` when `oldPassword` is given and equal. [] when all is well.
 */
export function newPasswordIssues(
  input: { password: string; passwordSecondTime: string; oldPassword?: string },
  prefix = '',
): FieldIssue[] {
  const out: FieldIssue[] = passwordIssues(input.password).map((i) => ({ field: `${prefix}password`, ...i }));
  if (input.password !== input.passwordSecondTime)
    out.push({ field: `${prefix}passwordSecondTime`, ...issue('PASSWORD_MISMATCH') });
  if (input.oldPassword !== undefined && input.oldPassword === input.password)
    out.push({ field: `${prefix}password`, ...issue('PASSWORD_SAME_AS_OLD') });
  return out;
}

/** Phone (spec core §5, §9): exactly 10 digits, no country code, no separators. Else PHONE_INVALID. */
export function checkPhone(phone: string): Issue | null {
  return /^\d{10}$/.test(phone) ? null : issue('PHONE_INVALID');
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innCheckDigit(digits: number[], weights: number[]): number {
  return (weights.reduce((sum, w, i) => sum + w * digits[i], 0) % 11) % 10;
}

/**
 * INN (taxpayer number): 10 digits for an organisation (one check digit) or 12 digits for a person or
 * sole trader (two check digits), weights of the Federal Tax Service. Invalid → INN_INVALID.
 */
export function checkInn(inn: string): Issue | null {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return issue('INN_INVALID');
  const d = [...inn].map(Number);
  if (d.length === 10) return innCheckDigit(d, INN10) === d[9] ? null : issue('INN_INVALID');
  return innCheckDigit(d, INN11) === d[10] && innCheckDigit(d, INN12) === d[11] ? null : issue('INN_INVALID');
}

/**
 * OGRN (13 digits: last = first 12 mod 11 mod 10) or OGRNIP (15 digits: last = first 14 mod 13 mod 10)
 * (spec core §3 "Company", §9). Invalid → OGRN_INVALID. `kind` restricts to one of the two.
 */
export function checkOgrn(ogrn: string, kind: 'ANY' | 'OGRN' | 'OGRNIP' = 'ANY'): Issue | null {
  const ok13 = /^\d{13}$/.test(ogrn);
  const ok15 = /^\d{15}$/.test(ogrn);
  if ((kind === 'OGRN' && !ok13) || (kind === 'OGRNIP' && !ok15) || (!ok13 && !ok15)) return issue('OGRN_INVALID');
  const body = BigInt(ogrn.slice(0, -1));
  const modulus = ok13 ? 11n : 13n;
  return Number((body % modulus) % 10n) === Number(ogrn.slice(-1)) ? null : issue('OGRN_INVALID');
}

/** The check digit that completes a 12-digit OGRN body or 14-digit OGRNIP body (used to build demo data). */
export function ogrnCheckDigit(body: string): number {
  return Number((BigInt(body) % (body.length === 12 ? 11n : 13n)) % 10n);
}

/**
 * Person names (name, surname, patronymic; spec core §5 "use Russian letters and hyphen"): Cyrillic letters
 * (including Ё) in one or more parts joined by single hyphens, at most 50 characters. Else RUSSIAN_LETTERS.
 */
export function checkRussianName(value: string): Issue | null {
  return value.length <= 50 && /^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$/.test(value) ? null : issue('RUSSIAN_LETTERS');
}
