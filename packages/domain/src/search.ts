/**
 * How free-text inputs become backend filters (spec core §5 "Search inputs"), for the backend, the gateway and the
 * web app alike: the customs code (TN VED) picker, the order number filter, the company search by INN or name.
 * Pure functions, no I/O.
 */

/** TN VED key hashes are UUID v5 strings, 36 characters (spec core §9 "customs key hash 36 characters"). */
export const TNVED_KEY_HASH_LENGTH = 36;

/** What a customs code query is: a key hash, a code (digits) or a name. */
export type TnvedQuery =
  { kind: 'keyHash'; value: string } | { kind: 'code'; value: string } | { kind: 'name'; value: string };

/**
 * Classifies what the user typed into the customs code picker: a 36-character identifier is a key hash;
 * digits (spaces and dots ignored, as in "8471 30") are a code suggestion; other text is a name suggestion.
 */
export function classifyTnvedQuery(raw: string): TnvedQuery {
  const text = raw.trim();
  if (text.length === TNVED_KEY_HASH_LENGTH) return { kind: 'keyHash', value: text };
  const digits = text.replace(/[\s.]/g, '');
  if (digits && /^\d+$/.test(digits)) return { kind: 'code', value: digits };
  return { kind: 'name', value: text };
}

/** Identifies a TN VED parent: 36 characters → key hash, anything else → code (spec core §5). */
export function tnvedParentRef(ref: string): { parentKeyHash: string } | { parentCode: string } {
  const text = ref.trim();
  return text.length === TNVED_KEY_HASH_LENGTH ? { parentKeyHash: text } : { parentCode: text };
}

/**
 * The order id filter (spec core §5 "order id filter applies only when numeric"): a positive whole number of at most
 * 15 digits, surrounding spaces ignored ('  123 ' → 123); anything else ('12a', '', '0', '-1', '1.5') → undefined.
 */
export function numericOrderFilter(raw: string | null | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Company search text (spec core §5): digits only (spaces around ignored) is an INN query, anything else a name. */
export function isInnQuery(query: string): boolean {
  return /^\d+$/.test(query.trim());
}

/** The registry search variables of a company search text: `{ inn }` or `{ name }` (trimmed), null when blank. */
export function companyQuery(value: string): { inn: string } | { name: string } | null {
  const v = value.trim();
  if (!v) return null;
  return isInnQuery(v) ? { inn: v } : { name: v };
}
