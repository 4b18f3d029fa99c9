/**
 * Ids of the administration records (issue 10): the backend ids (`int32`, 1..2147483647) inside global ids such as
 * `AdminClient:7`, and the `UserError` a mutation answers for an id that names no record of its type.
 */
import { fromGlobalId } from 'graphql-relay';
import type { UserErrorResult } from '../../rest/errors.js';

/** The largest `int4` id (most tables); `bigint` ids (orders) go up to Number.MAX_SAFE_INTEGER. */
export const INT4_MAX = 2147483647;

/** Whether `raw` is a backend record id: at most as many digits as `max` has, 1..`max` (2147483647 by default). */
export function isBackendId(raw: string, max: number = INT4_MAX): boolean {
  if (!/^\d+$/.test(raw) || raw.length > String(max).length) return false;
  const n = Number(raw);
  return n >= 1 && n <= max;
}

/**
 * The backend id in `id`, a global id of type `type` or plain digits; null for another type, a malformed id or a
 * number outside 1..`max` (2147483647 by default; Number.MAX_SAFE_INTEGER for `bigint` ids).
 */
export function adminIdOf(type: string, id: string, max: number = INT4_MAX): number | null {
  if (/^\d+$/.test(id)) return isBackendId(id, max) ? Number(id) : null;
  try {
    const g = fromGlobalId(id);
    return g.type === type && isBackendId(g.id, max) ? Number(g.id) : null;
  } catch {
    return null;
  }
}

/** The `UserError` result of a mutation whose record is unknown: stable `code`, Russian `message`, input `field`. */
export function notFoundError(code: string, message: string, field: string | null): UserErrorResult {
  return { __typename: 'UserError', code, message, field, fieldErrors: [], retryAfterSeconds: null };
}
