/**
 * The ONE place where upstream failures become GraphQL results (DESIGN "Errors", spec core §8).
 *
 * | Upstream answer                                              | GraphQL                                   |
 * |--------------------------------------------------------------|-------------------------------------------|
 * | 401 UNAUTHORIZED or 403 retryCsrf, still after one retry     | error, extensions.code UNAUTHENTICATED    |
 * | 403 FORBIDDEN (wrong role)                                   | error, extensions.code FORBIDDEN          |
 * | other 4xx with a code (validation, conflicts, limits, links, | mutation: `UserError` result (data);      |
 * |   BAD_CREDENTIALS, COMPANY_NOT_VERIFIED, USER_NOT_FOUND...)  | query: 404 → null, 400/413/414/431 →      |
 * |                                                              |   BAD_USER_INPUT, others → backend code   |
 * | 400, 413, 414, 431 without a code (input refused by the HTTP | the same, code BAD_REQUEST or             |
 * |   layer: unreadable body, body, URL or headers too large)    |   PAYLOAD_TOO_LARGE (issue 14 defect 6)   |
 * | 5xx, network failure, unreadable answer, anything else       | error INTERNAL_SERVER_ERROR, generic text |
 *
 * Only the backend's Russian `message`, its stable `code`, field items and — on the GraphQL errors of a deliberate 4xx
 * answer (FORBIDDEN, BAD_USER_INPUT, a query's business code) — the answer's HTTP status as `extensions.upstreamStatus`
 * (a number, e.g. 403, 404, 409) reach clients: the web app's error page shows it (spec chat-and-shell §2, §8 "Unread
 * statistics fail on chat detail route: error page with the response status and message"). Never a 5xx status, a
 * URL or a raw body: unexpected failures stay INTERNAL_SERVER_ERROR with the generic text.
 */
import { GraphQLError } from 'graphql/index.js';

/** A field item of a VALIDATION_ERROR answer. */
export interface FieldErrorDto {
  field: string;
  code: string;
  message: string;
}

/** The backend's error body `{ message, code, errors?, retryCsrf?, error?, retryAfterSeconds? }`. */
export interface ErrorBodyDto {
  message?: string;
  code?: string;
  errors?: FieldErrorDto[];
  retryCsrf?: boolean;
  error?: string;
  retryAfterSeconds?: number;
}

/** Generic texts (spec core §8 "Generic failure"). */
export const MESSAGES = {
  generic: 'Что-то пошло не так',
  badRequest: 'Некорректный запрос',
  tooLarge: 'Слишком большое значение в запросе',
  unauthenticated: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав',
} as const;

/** A non-2xx answer of the backend. Internal: never serialised to clients as is. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBodyDto,
    readonly method: string,
    readonly path: string,
  ) {
    super(`upstream ${method} ${path} answered ${status} ${body.code ?? ''}`.trim());
    this.name = 'UpstreamError';
  }

  get code(): string | undefined {
    return this.body.code;
  }
}

/** The session is gone: 401 or CSRF failure persisted after a token refresh and one retry (spec core §8). */
export class SessionExpiredError extends Error {
  constructor(readonly path: string) {
    super(`session rejected by upstream on ${path}`);
    this.name = 'SessionExpiredError';
  }
}

/** The backend could not be reached or answered something unreadable. */
export class UpstreamUnavailableError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

/** Whether an upstream answer means "no live session / stale anti-forgery token" (spec core §8). */
export function isSessionFailure(status: number, body: ErrorBodyDto | undefined): boolean {
  // A 401 with another code (BAD_CREDENTIALS at login) is a business answer, not a lost session.
  if (status === 401) return body?.code === 'UNAUTHORIZED' || !body?.code;
  if (status === 403) return body?.retryCsrf === true;
  return false;
}

/** The `UserError` member of every mutation result union. */
export interface UserErrorResult {
  __typename: 'UserError';
  code: string;
  message: string;
  field: string | null;
  fieldErrors: FieldErrorDto[];
  retryAfterSeconds: number | null;
}

/** Renames backend field paths to GraphQL input paths, e.g. `amount.cost` → `amount.amount`. */
export type FieldRenames = Record<string, string>;

/**
 * Upstream statuses that mean "the client's input was refused" (issue 14 defect 6): 400 (validation, unreadable body),
 * 413 (body too large), 414 (URL too long), 431 (headers — a GET's query string — too large). Such an answer is a
 * business failure even without a `code` (the HTTP layer answers these before the backend's handlers), never a 500.
 */
const INPUT_REFUSED = new Set([400, 413, 414, 431]);

/** The stable code of an input refusal without one: PAYLOAD_TOO_LARGE for 413/414/431, BAD_REQUEST for 400. */
function inputRefusalCode(status: number): string {
  return status === 400 ? 'BAD_REQUEST' : 'PAYLOAD_TOO_LARGE';
}

/** Builds a `UserError` from a business failure of the backend. */
export function userErrorFrom(err: UpstreamError, renames: FieldRenames = {}): UserErrorResult {
  const rename = (f: string) => renames[f] ?? f;
  const fieldErrors = (err.body.errors ?? [])
    .filter((e) => e && typeof e.field === 'string')
    .map((e) => ({
      field: rename(e.field),
      code: String(e.code ?? 'INVALID'),
      message: String(e.message ?? MESSAGES.generic),
    }));
  const forbidden = err.status === 403 && !err.body.code;
  const refused = INPUT_REFUSED.has(err.status);
  const fallbackCode = forbidden ? 'FORBIDDEN' : refused ? inputRefusalCode(err.status) : 'UNKNOWN';
  const fallbackMessage = forbidden
    ? MESSAGES.forbidden
    : refused
      ? err.status === 400
        ? MESSAGES.badRequest
        : MESSAGES.tooLarge
      : MESSAGES.generic;
  return {
    __typename: 'UserError',
    code: err.body.code ?? fallbackCode,
    // An uncoded refusal's text is the HTTP layer's (maybe English, maybe raw): the generic Russian one instead.
    message: (refused && !err.body.code ? '' : err.body.message) || fallbackMessage,
    field: fieldErrors.length === 1 ? fieldErrors[0].field : null,
    fieldErrors,
    retryAfterSeconds: typeof err.body.retryAfterSeconds === 'number' ? err.body.retryAfterSeconds : null,
  };
}

/** Whether an upstream error is an expected business failure (becomes data in a mutation result). */
export function isBusinessFailure(err: unknown): err is UpstreamError {
  if (!(err instanceof UpstreamError)) return false;
  if (err.status < 400 || err.status >= 500) return false;
  if (isSessionFailure(err.status, err.body)) return false;
  if (err.status === 403 && err.body.code === 'FORBIDDEN') return false;
  return typeof err.body.code === 'string' || INPUT_REFUSED.has(err.status);
}

/**
 * Turns any failure into the GraphQL error a client may see. Business failures of queries keep their
 * Russian message and stable code; everything unexpected becomes INTERNAL_SERVER_ERROR with a generic text.
 */
export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (err instanceof SessionExpiredError) {
    return new GraphQLError(MESSAGES.unauthenticated, { extensions: { code: 'UNAUTHENTICATED' } });
  }
  if (err instanceof UpstreamError) {
    if (isSessionFailure(err.status, err.body)) {
      return new GraphQLError(MESSAGES.unauthenticated, { extensions: { code: 'UNAUTHENTICATED' } });
    }
    if (err.status === 403 && (err.body.code === 'FORBIDDEN' || !err.body.code)) {
      return new GraphQLError(err.body.message || MESSAGES.forbidden, {
        extensions: { code: 'FORBIDDEN', upstreamStatus: err.status },
      });
    }
    if (isBusinessFailure(err)) {
      const ue = userErrorFrom(err);
      const code = INPUT_REFUSED.has(err.status) ? 'BAD_USER_INPUT' : ue.code;
      return new GraphQLError(ue.message, {
        extensions: {
          code,
          reason: ue.code,
          upstreamStatus: err.status,
          ...(ue.fieldErrors.length ? { fieldErrors: ue.fieldErrors } : {}),
        },
      });
    }
  }
  // The cause travels as originalError for the server log only; it is never serialised.
  return new GraphQLError(MESSAGES.generic, {
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
    originalError: err instanceof Error ? err : undefined,
  });
}

/**
 * Runs an upstream call of a mutation: the success value, or the `UserError` of a business failure.
 * Session, permission and unexpected failures are thrown as GraphQL errors (see the table above).
 */
export async function mutationResult<T>(
  call: () => Promise<T>,
  renames?: FieldRenames,
  opts: MutationResultOptions = {},
): Promise<T | UserErrorResult> {
  try {
    return await call();
  } catch (err) {
    if (isBusinessFailure(err)) return userErrorFrom(err, renames);
    if (opts.forbiddenAsUserError && isForbiddenAnswer(err)) return userErrorFrom(err, renames);
    throw toGraphQLError(err);
  }
}

/**
 * Options of {@link mutationResult}. `forbiddenAsUserError`: a 403 FORBIDDEN of the backend becomes `UserError` FORBIDDEN
 * with the backend's text ('Недостаточно прав') instead of a GraphQL error — for mutations whose refusal depends on the
 * viewer's role inside one object (e.g. a chat PARTICIPANT renaming a group, spec chat §6), where the schema lists FORBIDDEN
 * among the UserError codes. Session failures (CSRF) stay errors.
 */
export interface MutationResultOptions {
  forbiddenAsUserError?: boolean;
}

/** A 403 FORBIDDEN answer that is not a session failure. */
function isForbiddenAnswer(err: unknown): err is UpstreamError {
  return (
    err instanceof UpstreamError &&
    err.status === 403 &&
    !isSessionFailure(err.status, err.body) &&
    (err.body.code === 'FORBIDDEN' || !err.body.code)
  );
}

/**
 * Runs an upstream read whose "not there" is null: 404 and any 403 other than a CSRF failure give null
 * (an entity of another company or role must not reveal its existence). Other failures are thrown mapped.
 */
export async function nullIfAbsent<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof UpstreamError &&
      (err.status === 404 || (err.status === 403 && !isSessionFailure(err.status, err.body)))
    )
      return null;
    throw toGraphQLError(err);
  }
}

/** Runs an upstream read of a query: failures are thrown mapped (never raw). */
export async function queryResult<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toGraphQLError(err);
  }
}
