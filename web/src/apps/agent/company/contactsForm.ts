/**
 * The referral partner's contacts editor, pure (issue 11; spec core §5 "Phone: 10 digits"): the comma-separated lists
 * of extra phones and e-mails as typed, checked per entry, and the input of updateReferralPartnerContacts.
 */
import { normalizePhone, validateEmail, validatePhone, type ValidationResult } from '../../../system/validation';

/** Entries of a comma- (or semicolon-, or line-) separated list, trimmed, blanks dropped. */
export function splitList(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Every phone of the list is 10 digits; the first failing one's message otherwise. */
export function validatePhoneList(value: string): ValidationResult {
  for (const p of splitList(value)) {
    const r = validatePhone(p);
    if (r !== true) return `${p}: ${r}`;
  }
  return true;
}

/** Every e-mail of the list is valid; the first failing one's message otherwise. */
export function validateEmailList(value: string): ValidationResult {
  for (const e of splitList(value)) {
    const r = validateEmail(e);
    if (r !== true) return `${e}: ${r}`;
  }
  return true;
}

/** The mutation input of the typed values (phones as 10 digits, e-mails as typed; the server lower-cases them). */
export function contactsInput(values: { extraPhones: string; extraEmails: string; actualAddress: string }) {
  return {
    extraPhones: splitList(values.extraPhones).map(normalizePhone),
    extraEmails: splitList(values.extraEmails),
    actualAddress: values.actualAddress.trim() || null,
  };
}
