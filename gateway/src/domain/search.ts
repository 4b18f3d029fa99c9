/**
 * How free-text inputs become backend filters (spec core §5 "Search inputs"). Pure functions.
 */

/** TN VED key hashes are UUID v5 strings, 36 characters (spec core §9). */
export const TNVED_KEY_HASH_LENGTH = 36;

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

/** The order id filter: applies only when the input is numeric (spec core §5); else undefined. */
export function numericOrderFilter(raw: string | null | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
