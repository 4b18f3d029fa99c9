/**
 * The `changes` of an audit entry (issue 10): the recorded `before` / `after` objects (only the changed fields) as a
 * list of fields with display text. Pure.
 */
import type { AuditFieldChangeParent } from './parents.js';

/** A recorded value as display text: text as is, numbers and booleans as text, lists and objects as JSON; null stays null. */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** The fields of `after` (then those only in `before`), each with its before and after value. */
export function changesOf(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditFieldChangeParent[] {
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => ({ field, before: displayValue(b[field]), after: displayValue(a[field]) }));
}
