/**
 * One place that turns the typed result of a deal mutation into what the user sees (DESIGN "Errors",
 * principle 5): success → a success toast; `UserError` → its server message as an error toast, and for
 * CONFLICT (someone changed the request first) also a refetch of the request, so the screen shows the state
 * that won. Transport failures were already shown by usePromiseMutation (generic toast).
 */
import { userErrorOf, type ResultMember } from '../../system/errors/userError';
import { showSuccess, toaster } from '../../system/toaster';

/** Shown when a CONFLICT carries no message (the server normally sends its own Russian text). */
export const CONFLICT_FALLBACK = 'Статус заявки уже изменился, обновите страницу';

/** Codes after which the request on screen is stale and is fetched again. */
export const STALE_CODES: ReadonlySet<string> = new Set(['CONFLICT', 'INVALID_STATE', 'NOT_FOUND']);

export function userErrorText(e: { code: string; message: string }): string {
  if (e.message) return e.message;
  return e.code === 'CONFLICT' ? CONFLICT_FALLBACK : 'Что-то пошло не так';
}

/**
 * Reports the result of a deal mutation. Returns true on success. `refetch` is called for stale-state codes.
 */
export function reportDealResult(
  result: ResultMember | null | undefined,
  opts: { success: string; refetch?: () => void },
): boolean {
  if (!result) return false;
  const e = userErrorOf(result);
  if (e) {
    toaster.create({ type: 'error', title: userErrorText(e), closable: true });
    if (STALE_CODES.has(e.code)) opts.refetch?.();
    return false;
  }
  if (result.__typename === '%other') return false;
  showSuccess(opts.success);
  return true;
}
