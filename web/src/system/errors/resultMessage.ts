/**
 * The one place that turns the typed result of a mutation into what the user sees (spec core §8; DESIGN "Errors",
 * principle 5), for every area (deal, company, verification, auth, partner, chat):
 *
 * - `reportResult(result, { success, onSuccess, refetch })`: success → a success toast (when `success` is given) and
 *   `onSuccess`; `UserError` → its server text as an error toast (`showUserError`), and for a stale-state code
 *   (`STALE_CODES`: someone changed the object first) also `refetch`, so the screen shows the state that won.
 * - `placeFieldErrors(userError, fieldOf)`: a form's view of a VALIDATION_ERROR — the first server message per form
 *   field, and the message to show above the form when some problem belongs to no field on it.
 * - `userErrorText(userError)`: the text of a refusal (the server's Russian message, else a fallback).
 *
 * Transport and GraphQL failures never get here: the mutation wrapper (system/relay/useAppMutation.ts) reports them.
 */
import { showSuccess, toaster } from '../toaster';
import { userErrorOf, type ResultMember, type UserErrorData } from './userError';

/** The code and text of a refusal: a read `UserError` or any object carrying both. */
export type Refusal = Pick<UserErrorData, 'code' | 'message'>;

/** Shown when a CONFLICT carries no message (the server normally sends its own Russian text). */
export const CONFLICT_FALLBACK = 'Статус заявки уже изменился, обновите страницу';

/** Shown for a refusal without a message and any other code (the generic text of spec core §8). */
export const REFUSAL_FALLBACK = 'Что-то пошло не так';

/**
 * Codes after which the object on screen is stale and is fetched again: CONFLICT, INVALID_STATE and NOT_FOUND
 * (deal steps, spec core §4), DOCUMENTS_LOCKED (the set was sent meanwhile), DOCUMENT_SUPERSEDED and ALREADY_VERIFIED
 * (another verification application to sign, or none left, spec core §8).
 */
export const STALE_CODES: ReadonlySet<string> = new Set([
  'CONFLICT',
  'INVALID_STATE',
  'NOT_FOUND',
  'DOCUMENTS_LOCKED',
  'DOCUMENT_SUPERSEDED',
  'ALREADY_VERIFIED',
]);

/** True when a refusal with `code` means the screen is out of date (see `STALE_CODES`). */
export function isStaleCode(code: string): boolean {
  return STALE_CODES.has(code);
}

/** The text shown for a refusal: the server's message, else CONFLICT_FALLBACK for CONFLICT, else REFUSAL_FALLBACK. */
export function userErrorText(e: Refusal): string {
  if (e.message) return e.message;
  return e.code === 'CONFLICT' ? CONFLICT_FALLBACK : REFUSAL_FALLBACK;
}

/** Shows a refusal as an error toast; calls `refetch` when its code is stale-state. */
export function showUserError(e: Refusal, refetch?: () => void): void {
  toaster.create({ type: 'error', title: userErrorText(e), closable: true });
  if (isStaleCode(e.code)) refetch?.();
}

/** What `reportResult` does on success and after a stale-state refusal. */
export interface ReportOptions {
  /** The success toast's title; no toast when omitted. */
  success?: string;
  /** Called after a success (e.g. the partner modal follows the new status). */
  onSuccess?: () => void;
  /** Fetches the object again after a stale-state refusal. */
  refetch?: () => void;
}

/**
 * Reports the result union member of a mutation (see the module comment). Returns true on success; false for a
 * `UserError`, Relay's `%other` (an unknown member: nothing shown) and a missing result.
 */
export function reportResult(result: ResultMember | null | undefined, opts: ReportOptions = {}): boolean {
  if (!result || result.__typename === '%other') return false;
  const e = userErrorOf(result);
  if (e) {
    showUserError(e, opts.refetch);
    return false;
  }
  if (opts.success) showSuccess(opts.success);
  opts.onSuccess?.();
  return true;
}

/** The per-field problems of a refusal: its `fieldErrors`, else its `field` with its message, else none. */
export function fieldProblems(e: UserErrorData): ReadonlyArray<{ field: string; message: string }> {
  if (e.fieldErrors.length > 0) return e.fieldErrors;
  return e.field ? [{ field: e.field, message: e.message }] : [];
}

/**
 * A form's view of a refusal: `byField` maps each form field (`fieldOf(serverField)`, e.g. 'order.amount.cost' →
 * 'amount'; null/undefined for fields not on the form) to its first server message; `formMessage` is the refusal's
 * text when some problem has no field on the form or there are none, else null.
 */
export function placeFieldErrors<F extends string>(
  e: UserErrorData,
  fieldOf: (serverField: string) => F | null | undefined,
): { byField: Partial<Record<F, string>>; formMessage: string | null } {
  const byField: Partial<Record<F, string>> = {};
  const problems = fieldProblems(e);
  let unplaced = problems.length === 0;
  for (const p of problems) {
    const name = fieldOf(p.field);
    if (!name) unplaced = true;
    else if (byField[name] === undefined) byField[name] = p.message;
  }
  return { byField, formMessage: unplaced ? userErrorText(e) : null };
}

/** A `fieldOf` for `placeFieldErrors` whose server field names are the form's own (`fieldIn(['bankBik', …])`). */
export function fieldIn<F extends string>(fields: ReadonlyArray<F>): (serverField: string) => F | null {
  return (serverField) => fields.find((f) => f === serverField) ?? null;
}
