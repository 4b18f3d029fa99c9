/**
 * Ids of the administration records (issue 10): the backend ids (`int32`, 1..2147483647) inside global ids such as
 * `AdminClient:7`, and the `UserError` a mutation answers for an id that names no record of its type.
 */
import { fromGlobalId } from 'graphql-relay';
import type { UserErrorResult } from '../../rest/errors.js';

/** Whether `raw` is a backend record id: 1..10 digits, 1..2147483647. */
export function isBackendId(raw: string): boolean {
  if (!/^\d{1,10}$/.test(raw)) return false;
  const n = Number(raw);
  return n >= 1 && n <= 2147483647;
}

/**
 * The backend id in `id`, a global id of type `type` or plain digits; null for another type, a malformed id or a
 * number outside 1..2147483647.
 */
export function adminIdOf(type: string, id: string): number | null {
  if (/^\d+$/.test(id)) return isBackendId(id) ? Number(id) : null;
  try {
    const g = fromGlobalId(id);
    return g.type === type && isBackendId(g.id) ? Number(g.id) : null;
  } catch {
    return null;
  }
}

/** The `UserError` result of a mutation whose record is unknown: stable `code`, Russian `message`, input `field`. */
export function notFoundError(code: string, message: string, field: string | null): UserErrorResult {
  return { __typename: 'UserError', code, message, field, fieldErrors: [], retryAfterSeconds: null };
}
