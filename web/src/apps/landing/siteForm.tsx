/**
 * What the public site's forms share (the callback modal, the debit card lead form, the fee calculator): turning the
 * server's `UserError` into per-field messages, the message of a failed call, and the field error line (plain React,
 * landing.css; no Chakra UI, no relay-runtime).
 */
import { PublicCallError } from './publicGraphql';

/** The `UserError` member of a public mutation's or query's result, as the forms select it. */
export interface SiteUserError {
  readonly code?: string;
  readonly message: string;
  readonly fieldErrors: readonly { readonly field: string; readonly message: string }[];
}

/** Messages per form field, and `form` for what belongs to no field. */
export type SiteFormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * The field messages of `error`: each field error goes to its field (the last part of its dotted path) when the form
 * has it, else to `form`; an error without field errors is the form's message — for RATE_LIMITED (too many forms from
 * this address, backend plugins/rate-limit.ts) the page's own `rateLimited` text, in its language.
 */
export function errorsOfUserError<F extends string>(
  error: SiteUserError,
  fields: readonly F[],
  rateLimited?: string,
): SiteFormErrors<F> {
  const next: SiteFormErrors<F> = {};
  for (const fe of error.fieldErrors) {
    const key = fe.field.split('.').pop() as F;
    if (fields.includes(key)) next[key] = fe.message;
    else next.form = fe.message;
  }
  if (!error.fieldErrors.length) next.form = error.code === 'RATE_LIMITED' && rateLimited ? rateLimited : error.message;
  return next;
}

/** The message of a call that failed as a whole (network, HTTP status, GraphQL errors). */
export function callFailedMessage(error: unknown): string {
  return error instanceof PublicCallError ? error.message : 'Что-то пошло не так';
}

/** The error line under a field (`id` for aria-describedby), or nothing. */
export function FieldErrorText({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="site-field__error" role="alert">
      {message}
    </p>
  ) : null;
}
