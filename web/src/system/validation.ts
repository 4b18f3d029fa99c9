/**
 * Validation rules of spec core §5 as pure functions, with the Russian messages the UI shows.
 * Each `validate*` returns `true` when the value is valid, or the message to show — the shape
 * react-hook-form's `validate` option expects, so forms use them directly. The rules the backend applies too
 * (e-mail, password, phone, the order number filter) and their messages are @platform/domain's, so a form refuses
 * exactly what the server would (issue 9).
 */
import { MAX_FILE_BYTES } from '@platform/domain/limits';
import { numericOrderFilter } from '@platform/domain/search';
import { checkEmail, checkPhone, passwordIssues, RULES, type RuleCode } from '@platform/domain/validation/rules';

/** Messages of spec core §5/§8. The quoted ones are exact spec texts; the others are this app's wording. */
export const MESSAGES = {
  required: RULES.REQUIRED,
  emailInvalid: RULES.EMAIL_INVALID,
  emailTaken: 'Этот адрес электронной почты уже используется',
  emailSuspended: 'Аккаунт, зарегистрированный на эту почту, заблокирован',
  phone: RULES.PHONE_INVALID,
  passwordLength: RULES.PASSWORD_LENGTH,
  passwordSpace: RULES.PASSWORD_SPACE,
  passwordUpper: RULES.PASSWORD_UPPERCASE,
  passwordLower: RULES.PASSWORD_LOWERCASE,
  passwordDigit: RULES.PASSWORD_DIGIT,
  passwordSpecial: RULES.PASSWORD_SPECIAL,
  passwordRequirements: 'Пароль не соответствует требованиям',
  passwordsMismatch: RULES.PASSWORD_MISMATCH,
  passwordSameAsOld: RULES.PASSWORD_SAME_AS_OLD,
  consentRequired: 'Необходимо согласие на обработку персональных данных',
  numberMin: (min: number | string) => `Минимальное значение — ${min}`,
  numberMax: (max: number | string) => `Максимальное значение — ${max}`,
  numberInvalid: 'Введите число',
  amountInvalid: 'Введите сумму, например 12500,00',
  fileTooLarge: 'Превышен размер файла',
  fileDuplicate: (name: string) => `Файл с именем ${name} уже загружен`,
  filesRequired: 'Загрузите хотя бы 1 файл',
  dateOrder: 'Дата окончания не может быть раньше даты начала',
  swiftInvalid: 'SWIFT — 8 или 11 символов',
  generic: 'Что-то пошло не так',
  genericHint: 'Повторите попытку позже',
} as const;

export type ValidationResult = true | string;

/** Trimmed non-empty string, true for any non-string non-null value (checkbox true, numbers). */
export function validateRequired(value: unknown): ValidationResult {
  if (value == null || value === false) return MESSAGES.required;
  if (typeof value === 'string' && value.trim() === '') return MESSAGES.required;
  if (Array.isArray(value) && value.length === 0) return MESSAGES.required;
  return true;
}

/** E-mail (spec core §5): required, then 'Проверьте корректность данных' when malformed (the backend's rule). */
export function validateEmail(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').trim();
  if (!v) return MESSAGES.required;
  return checkEmail(v) ? MESSAGES.emailInvalid : true;
}

/** True when `value` passes the password rule `code` of @platform/domain (spec core §5). */
const passes = (code: RuleCode) => (value: string) => !passwordIssues(value).some((i) => i.code === code);

/** The individual password rules of spec core §5, in display order, each with its message. */
export const PASSWORD_RULES: ReadonlyArray<{
  id: string;
  label: string;
  message: string;
  test: (v: string) => boolean;
}> = [
  {
    id: 'length',
    label: 'От 8 до 20 символов',
    message: MESSAGES.passwordLength,
    test: passes('PASSWORD_LENGTH'),
  },
  { id: 'space', label: 'Без пробелов', message: MESSAGES.passwordSpace, test: passes('PASSWORD_SPACE') },
  {
    id: 'upper',
    label: 'Заглавная латинская буква',
    message: MESSAGES.passwordUpper,
    test: passes('PASSWORD_UPPERCASE'),
  },
  {
    id: 'lower',
    label: 'Строчная латинская буква',
    message: MESSAGES.passwordLower,
    test: passes('PASSWORD_LOWERCASE'),
  },
  { id: 'digit', label: 'Цифра', message: MESSAGES.passwordDigit, test: passes('PASSWORD_DIGIT') },
  {
    id: 'special',
    label: 'Специальный символ',
    message: MESSAGES.passwordSpecial,
    test: passes('PASSWORD_SPECIAL'),
  },
];

/** Which password rules `value` satisfies (for the checklist under the field). */
export function passwordRuleStates(value: string): Array<{ id: string; label: string; ok: boolean }> {
  return PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, ok: r.test(value) }));
}

/** Password (spec core §5): 8–20 characters, no spaces, upper and lower Latin letters, a digit, a special character. Returns the first broken rule's message. */
export function validatePassword(value: string | null | undefined): ValidationResult {
  const v = value ?? '';
  if (!v) return MESSAGES.required;
  const broken = PASSWORD_RULES.find((r) => !r.test(v));
  return broken ? broken.message : true;
}

/** The repeated password must equal the first one. */
export function validatePasswordRepeat(
  repeat: string | null | undefined,
  password: string | null | undefined,
): ValidationResult {
  if (!repeat) return MESSAGES.required;
  return repeat === (password ?? '') ? true : MESSAGES.passwordsMismatch;
}

/** A new password must differ from the old one (spec core §5, password change). */
export function validateNewPassword(
  value: string | null | undefined,
  oldPassword: string | null | undefined,
): ValidationResult {
  const base = validatePassword(value);
  if (base !== true) return base;
  return value === oldPassword ? MESSAGES.passwordSameAsOld : true;
}

/** Digits of a phone as typed: '+7 (912) 345-67-89' → '9123456789' (a leading 7 or 8 of an 11-digit number is dropped). */
export function normalizePhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return digits.slice(1);
  return digits;
}

/** Phone (spec core §5): exactly 10 digits after normalisation, 'Номер телефона — 10 цифр'. */
export function validatePhone(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  return checkPhone(normalizePhone(value)) ? MESSAGES.phone : true;
}

/**
 * The order-number filter (spec core §5): applied only when the text is a positive whole number
 * (@platform/domain numericOrderFilter), else no filter: '  123 ' → 123; '12a', '', '-1', '1.5' → null.
 */
export function parseOrderNumberFilter(value: string): number | null {
  return numericOrderFilter(value) ?? null;
}

/** A whole number within optional bounds; '' is required. Returns the parsed value through `parseInteger`. */
export function validateInteger(
  value: string | number | null | undefined,
  opts: { min?: number; max?: number } = {},
): ValidationResult {
  const text = value == null ? '' : String(value).trim().replace(/\s/g, '');
  if (!text) return MESSAGES.required;
  if (!/^\d+$/.test(text)) return MESSAGES.numberInvalid;
  const n = Number(text);
  if (opts.min != null && n < opts.min) return MESSAGES.numberMin(opts.min);
  if (opts.max != null && n > opts.max) return MESSAGES.numberMax(opts.max);
  return true;
}

/** '1 500' → 1500. Call after validateInteger. */
export function parseInteger(value: string | number): number {
  return Number(String(value).replace(/\s/g, ''));
}

/**
 * Normalises an amount typed by a user into an API decimal string with up to 2 decimals:
 * '12 500,5' → '12500.5'. Returns null when it is not a positive amount.
 */
export function normalizeAmount(value: string | null | undefined): string | null {
  const v = (value ?? '').replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  if (/^0+(\.0+)?$/.test(v)) return null;
  return v.replace(/^0+(?=\d)/, '');
}

/** Amount of an order: required, positive, at most 2 decimals. */
export function validateAmount(value: string | null | undefined): ValidationResult {
  if (!(value ?? '').trim()) return MESSAGES.required;
  return normalizeAmount(value) ? true : MESSAGES.amountInvalid;
}

/** SWIFT/BIC: may be empty (spec core §5: 'SWIFT может быть не указан, если не найден'); otherwise 8 or 11 characters. */
export function validateSwift(value: string | null | undefined): ValidationResult {
  const v = (value ?? '').trim();
  if (!v) return true;
  return /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(v) ? true : MESSAGES.swiftInvalid;
}

/** Payment term: the end date is not before the start date (API dates compare as strings). */
export function validateDateRange(from: string | null | undefined, to: string | null | undefined): ValidationResult {
  if (!from || !to) return MESSAGES.required;
  return to >= from ? true : MESSAGES.dateOrder;
}

/** Total size of the files of one request (spec core §5, §9): the platform's file limit, 50 MB. */
export const MAX_ORDER_FILES_BYTES = MAX_FILE_BYTES;

/**
 * Checks a file about to be added to a request against those already attached (spec core §5):
 * a repeated name → 'Файл с именем {name} уже загружен'; total over 50 MB → 'Превышен размер файла'.
 */
export function validateNewFile(
  file: { name: string; size: number },
  existing: ReadonlyArray<{ name: string; size: number }>,
): ValidationResult {
  if (existing.some((f) => f.name === file.name)) return MESSAGES.fileDuplicate(file.name);
  const total = existing.reduce((sum, f) => sum + f.size, 0) + file.size;
  return total > MAX_ORDER_FILES_BYTES ? MESSAGES.fileTooLarge : true;
}

/** Validates a batch of new files in order; returns the accepted ones and the first error per refused one. */
export function acceptFiles<T extends { name: string; size: number }>(
  files: ReadonlyArray<T>,
  existing: ReadonlyArray<{ name: string; size: number }>,
): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  const current = [...existing];
  for (const f of files) {
    const r = validateNewFile(f, current);
    if (r === true) {
      accepted.push(f);
      current.push(f);
    } else errors.push(r);
  }
  return { accepted, errors };
}
