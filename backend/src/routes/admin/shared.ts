/**
 * Schemas and helpers shared by the operator administration routes (issue 10; spec core §7 Operator, §9 page sizes):
 * the `?page&size` query, the `{ content, totalElements, page, pageSize, last }` page answer, the `{ count }` answer
 * and the `{ id }` path parameters. One definition keeps the REST contract of clients, payment agents, referral
 * partners, operators and the audit log alike.
 */
import { Type, type TSchema } from 'typebox';
import { AppError } from '../../errors.js';
import type { ErrorCodes } from '../schemas.js';

/** Largest PostgreSQL `integer` (int4): the upper bound of serial ids. */
export const INT4_MAX = 2147483647;

/**
 * `T | null`, with an optional OpenAPI description.
 * @param t the schema of the non-null value
 * @param description text for the union (omitted when not given)
 */
export const Nullable = <T extends TSchema>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

/** Options of {@link pageQuery}. */
export interface PageQueryOptions {
  /** Page size when `size` is not given (spec core §9: 10 for companies, 20 for operators and the log). */
  defaultSize: number;
  /** Largest accepted page number (0-based); `null`: no upper bound. Default 100 000. */
  maxPage?: number | null;
}

/**
 * Query string `?page&size` of a paged list: `page` 0-based integer (default 0), `size` 1..100 (default
 * `defaultSize`). A value outside these bounds is a 400 VALIDATION_ERROR of the route schema.
 */
export function pageQuery({ defaultSize, maxPage = 100_000 }: PageQueryOptions) {
  return Type.Object({
    page: Type.Optional(
      Type.Integer({
        minimum: 0,
        ...(maxPage === null ? {} : { maximum: maxPage }),
        default: 0,
        description: 'Page number, from 0',
      }),
    ),
    size: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: defaultSize,
        description: `Page size (${defaultSize} by default)`,
      }),
    ),
  });
}

/**
 * The page and size a route answers for: the query values or their defaults (page 0, `defaultSize`).
 * @param query the validated `?page&size` (see {@link pageQuery})
 * @param defaultSize the `defaultSize` given to {@link pageQuery}
 */
export function pageOf(query: { page?: number; size?: number }, defaultSize: number): { page: number; size: number } {
  return { page: query.page ?? 0, size: query.size ?? defaultSize };
}

/**
 * Schema of a page answer `{ content: [item], totalElements, page, pageSize, last }`.
 * @param item schema of one row
 * @param totalDescription what `totalElements` counts (default 'Rows under the filter')
 */
export function pageAnswerSchema<T extends TSchema>(item: T, totalDescription = 'Rows under the filter') {
  return Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer({ description: totalDescription }),
    page: Type.Integer({ description: 'This page number, from 0' }),
    pageSize: Type.Integer({ description: 'Page size' }),
    last: Type.Boolean({ description: 'True on the last page' }),
  });
}

/** A page answer as {@link pageAnswerSchema} describes it. */
export interface PageAnswer<T> {
  content: T[];
  totalElements: number;
  page: number;
  pageSize: number;
  last: boolean;
}

/**
 * Builds a page answer; `last` is true when no row lies after this page (`(page + 1) * size >= total`).
 * @param content the rows of this page
 * @param total number of rows under the filter
 * @param page 0-based page number
 * @param size page size
 */
export function pageAnswer<T>(content: T[], total: number, page: number, size: number): PageAnswer<T> {
  return { content, totalElements: total, page, pageSize: size, last: (page + 1) * size >= total };
}

/**
 * Schema of the `{ count }` answer of the `…/filter/count` routes.
 * @param description what is counted (optional)
 */
export function countAnswerSchema(description?: string) {
  return Type.Object({ count: Type.Integer(description ? { description } : {}) });
}

/**
 * Path parameters `{ id }`: a positive integer id.
 * @param description what the id names (e.g. 'Client company id')
 * @param maximum largest id accepted (default {@link INT4_MAX}; `null`: no upper bound)
 */
export function idParams(description: string, maximum: number | null = INT4_MAX) {
  return Type.Object({
    id: Type.Integer({ minimum: 1, ...(maximum === null ? {} : { maximum }), description }),
  });
}

/**
 * The signed-in user id of a request that a right guard (`app.requireRight`) admitted.
 * @throws AppError 401 UNAUTHORIZED when there is no session user (never after the guard)
 */
export function actorIdOf(request: { user?: { id: number } | null }): number {
  if (!request.user) throw AppError.unauthorized();
  return request.user.id;
}

/**
 * The constraint named by a PostgreSQL unique violation (SQLSTATE 23505, on the error or its `cause` as drizzle
 * wraps it): its name, '' when the driver gives none; null for any other error.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

/** True for a PostgreSQL unique violation (see {@link uniqueViolation}). */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== null;
}

/**
 * Errors of the invitation re-send routes (accounts/invitations.ts sendInvitation): 429 RESEND_TOO_EARLY within 120 s
 * of the last mail (`retryAfterSeconds`), 502 MAIL_FAILED when the mail could not be sent.
 */
export const RESEND_ERRORS = { 429: ['RESEND_TOO_EARLY'], 502: ['MAIL_FAILED'] } as const satisfies ErrorCodes;
