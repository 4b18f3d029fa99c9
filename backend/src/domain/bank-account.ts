/**
 * Pure checks of Russian bank requisites (spec core §3 "Bank requisite": bankBik, checkAccount, corrAccount; §5
 * validation; docs/rest-api.md "Company, bank requisites…"). No I/O: the requisite routes look the BIK up in the
 * Bank of Russia directory (ED807) and call these.
 *
 * The control key (Bank of Russia rules for the numbering of accounts, "Порядок расчёта контрольного ключа в номере
 * лицевого счёта"): the 9th digit of a 20-digit account is chosen so that, over the 23 digits "3-digit conditional
 * number of the settlement-and-cash office" + the account, the sum of the products with the weights 7, 1, 3 repeated
 * ends in 0. The conditional number is
 * - for an account at a credit institution (or its branch): the last 3 digits of the BIK;
 * - for an account at a Bank of Russia office (a bank's correspondent account, or an account of a client of the
 *   Bank of Russia; BIK ending 000, 001 or 002): "0" + the 5th and 6th digits of the BIK.
 */

/** One failed rule: a stable code and the Russian text for the user (same shape as domain/validation.ts Issue). */
export interface AccountIssue {
  code: 'BIK_INVALID' | 'ACCOUNT_INVALID' | 'ACCOUNT_CONTROL_KEY' | 'CORR_ACCOUNT_INVALID';
  message: string;
}

/** Russian texts of the requisite checks (docs/rest-api.md "Company, bank requisites…"). */
export const BANK_ACCOUNT_MESSAGES = {
  BIK_INVALID: 'БИК — 9 цифр',
  BIK_NOT_FOUND: 'Банк с таким БИК не найден',
  ACCOUNT_INVALID: 'Расчётный счёт — 20 цифр',
  ACCOUNT_CONTROL_KEY: 'Номер счёта не соответствует БИК банка',
  CORR_ACCOUNT_INVALID: 'Корреспондентский счёт банка в справочнике не соответствует БИК',
} as const;

const WEIGHTS = [7, 1, 3] as const;

/** True for exactly 9 ASCII digits (a BIK). */
export function isBikFormat(bik: string): boolean {
  return /^\d{9}$/.test(bik);
}

/** True for exactly 20 ASCII digits (a Russian account number). */
export function isAccountFormat(account: string): boolean {
  return /^\d{20}$/.test(account);
}

/** True when the BIK belongs to a Bank of Russia office (last 3 digits 000, 001 or 002), not a credit institution. */
export function isBankOfRussiaBik(bik: string): boolean {
  return /^\d{6}00[0-2]$/.test(bik);
}

/**
 * The 3-digit conditional number the control key is computed over: `'0' + BIK digits 5–6` for an account held at a
 * Bank of Russia office (`atBankOfRussia`: a correspondent account, or any account of a BIK ending 000/001/002),
 * otherwise the last 3 digits of the BIK.
 */
export function conditionalNumber(bik: string, atBankOfRussia: boolean): string {
  return atBankOfRussia || isBankOfRussiaBik(bik) ? `0${bik.slice(4, 6)}` : bik.slice(6, 9);
}

/** Sum of the 23 digits × weights 7, 1, 3 (repeated), modulo 10. Both arguments must be digits only. */
function weightedSumMod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * WEIGHTS[i % 3];
  return sum % 10;
}

/**
 * The control key (the 9th digit, 0–9) that makes `account` valid for `bik`; the account's own 9th digit is ignored.
 * `atBankOfRussia` as in {@link conditionalNumber}. Both must have the right format (9 / 20 digits).
 */
export function controlKey(bik: string, account: string, atBankOfRussia = false): number {
  const zeroed = `${account.slice(0, 8)}0${account.slice(9)}`;
  const rest = weightedSumMod10(conditionalNumber(bik, atBankOfRussia) + zeroed);
  // The key sits at position 3 + 8 = 11 of the 23 digits, weight 3; 3 × 7 ≡ 1 (mod 10).
  return (((10 - rest) % 10) * 7) % 10;
}

/** True when the 20-digit `account` carries the right control key for the 9-digit `bik` (see the module comment). */
export function hasValidControlKey(bik: string, account: string, atBankOfRussia = false): boolean {
  if (!isBikFormat(bik) || !isAccountFormat(account)) return false;
  return weightedSumMod10(conditionalNumber(bik, atBankOfRussia) + account) === 0;
}

/** BIK format (9 digits). Else BIK_INVALID 'БИК — 9 цифр'. */
export function checkBik(bik: string): AccountIssue | null {
  return isBikFormat(bik) ? null : { code: 'BIK_INVALID', message: BANK_ACCOUNT_MESSAGES.BIK_INVALID };
}

/**
 * A client's settlement account (checkAccount) at the bank with `bik`: 20 digits (ACCOUNT_INVALID 'Расчётный счёт —
 * 20 цифр') with the control key of that BIK (ACCOUNT_CONTROL_KEY 'Номер счёта не соответствует БИК банка').
 * Call it only with a well-formed BIK.
 */
export function checkSettlementAccount(bik: string, account: string): AccountIssue | null {
  if (!isAccountFormat(account)) return { code: 'ACCOUNT_INVALID', message: BANK_ACCOUNT_MESSAGES.ACCOUNT_INVALID };
  return hasValidControlKey(bik, account)
    ? null
    : { code: 'ACCOUNT_CONTROL_KEY', message: BANK_ACCOUNT_MESSAGES.ACCOUNT_CONTROL_KEY };
}

/**
 * A bank's correspondent account from the directory: 20 digits starting 30101 (balance account "correspondent accounts
 * of credit institutions at the Bank of Russia") ending in the last 3 digits of the BIK, with the control key over
 * '0' + BIK digits 5–6. An empty value is
 * valid (Bank of Russia offices and the treasury have none). Else CORR_ACCOUNT_INVALID.
 */
export function checkCorrAccount(bik: string, corrAccount: string): AccountIssue | null {
  if (corrAccount === '') return null;
  const ok =
    /^30101\d{15}$/.test(corrAccount) &&
    corrAccount.slice(17) === bik.slice(6) &&
    hasValidControlKey(bik, corrAccount, true);
  return ok ? null : { code: 'CORR_ACCOUNT_INVALID', message: BANK_ACCOUNT_MESSAGES.CORR_ACCOUNT_INVALID };
}
