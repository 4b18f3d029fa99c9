/** Schemas shared by many routes (docs/rest-api.md "Conventions"). */
import { Type } from 'typebox';

const FieldErrorSchema = Type.Object({
  field: Type.String({ description: 'Dotted path of the invalid field, e.g. `user.phone`' }),
  code: Type.String({ description: 'Stable code of the rule the field broke' }),
  message: Type.String({ description: 'Russian text for the user' }),
});

/** The properties of every error answer (src/errors.ts ErrorBody; spec core §8). */
function errorProperties<Code extends string>(code: ReturnType<typeof Type.Unsafe<Code>>) {
  return {
    message: Type.String({ description: 'Russian text for the user' }),
    code,
    errors: Type.Optional(Type.Array(FieldErrorSchema, { description: 'Invalid fields of a VALIDATION_ERROR' })),
    retryCsrf: Type.Optional(
      Type.Boolean({ description: 'On a 403 CSRF_INVALID: refresh the anti-forgery token and retry once' }),
    ),
    error: Type.Optional(Type.String({ description: "'Unauthorized' on a 401 (spec core §8)" })),
    retryAfterSeconds: Type.Optional(Type.Integer({ description: 'On a 429: seconds until the next attempt' })),
  };
}

/**
 * Every error answer: `{ message, code, errors?, retryCsrf?, error?, retryAfterSeconds? }` with any code. Prefer
 * {@link errorResponses}, which declares the codes of each status.
 */
export const ErrorSchema = Type.Object(
  errorProperties(Type.Unsafe<string>(Type.String({ description: 'Stable machine code' }))),
  {
    description: 'Error answer',
  },
);

/** HTTP statuses an error answer may have (src/plugins/errors.ts and the handlers). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

/** The codes a route may answer per error status, e.g. `{ 404: ['ORDER_NOT_FOUND'] }`. */
export type ErrorCodes = { readonly [S in ErrorStatus]?: readonly string[] };

type StatusesOf<U> = U extends unknown ? keyof U & ErrorStatus : never;
type CodesAt<U, S extends ErrorStatus> = U extends { readonly [K in S]: readonly (infer C)[] } ? C : never;
type MergedCodes<L extends readonly ErrorCodes[]> = { [S in StatusesOf<L[number]>]: CodesAt<L[number], S> };

/**
 * The error answer of one status with its codes as an enum (OpenAPI lists them; the gateway's generated contract
 * types `code` as their union). Shape: `{ message, code: enum, errors?, retryCsrf?, error?, retryAfterSeconds? }`.
 */
export function errorSchema<const Code extends string>(codes: readonly Code[], description = 'Error answer') {
  const unique = [...new Set(codes)].sort();
  return Type.Object(
    errorProperties(Type.Unsafe<Code>({ type: 'string', enum: unique, description: 'Stable machine code' } as never)),
    { description: `${description}: ${unique.join(', ')}` },
  );
}

/**
 * Response schemas of a route's error answers, declared per status with their codes (spec core §8), from one or more
 * code maps merged status by status: `errorResponses(AUTH_ERRORS, { 404: ['NOT_FOUND'] })` gives
 * `{ 401: …, 403: …, 404: … }`, ready to spread into `schema.response`. Every status gets the {@link errorSchema} of
 * the union of its codes. Errors the error handler (src/plugins/errors.ts) checks: a code it answers that the route did
 * not declare is logged (and fails the backend tests, test/harness.ts).
 */
export function errorResponses<const L extends readonly ErrorCodes[]>(
  ...maps: L
): { [S in keyof MergedCodes<L>]: ReturnType<typeof errorSchema<MergedCodes<L>[S] & string>> } {
  const merged = new Map<number, string[]>();
  for (const m of maps)
    for (const [status, codes] of Object.entries(m) as [string, readonly string[]][])
      merged.set(Number(status), [...(merged.get(Number(status)) ?? []), ...codes]);
  const out: Record<number, unknown> = {};
  for (const [status, codes] of [...merged].sort((a, b) => a[0] - b[0])) out[status] = errorSchema(codes);
  return out as never;
}

/**
 * A session is required: 401 UNAUTHORIZED without one (spec core §8); 401 API_TOKEN_INVALID for an unknown, revoked
 * or expired API token (issue 12). Every 401 preset below carries both codes.
 */
export const SESSION_ERRORS = { 401: ['UNAUTHORIZED', 'API_TOKEN_INVALID'] } as const satisfies ErrorCodes;
/** A role is required: 401 without a session, 403 FORBIDDEN with another role (spec core §6, §8). */
export const ROLE_ERRORS = {
  401: ['UNAUTHORIZED', 'API_TOKEN_INVALID'],
  403: ['FORBIDDEN'],
} as const satisfies ErrorCodes;
/**
 * An operator route guarded by `app.requireRight(...)` (issue 10): 401 without a session, 403 FORBIDDEN for a
 * non-operator, 403 RIGHT_REQUIRED 'Недостаточно прав для этого раздела' for an operator without the right.
 */
export const RIGHT_ERRORS = {
  401: ['UNAUTHORIZED', 'API_TOKEN_INVALID'],
  403: ['FORBIDDEN', 'RIGHT_REQUIRED'],
} as const satisfies ErrorCodes;
/**
 * A state-changing call: 403 CSRF_INVALID (with retryCsrf) without a valid X-XSRF-TOKEN (spec core §8); 403
 * API_TOKEN_READ_ONLY 'API-токен даёт доступ только на чтение' when sent with an API token (issue 12).
 */
export const CSRF_ERRORS = { 403: ['CSRF_INVALID', 'API_TOKEN_READ_ONLY'] } as const satisfies ErrorCodes;
/**
 * A qualified electronic signature is checked (issue 8, backend/src/signature): the 400 refusals of the verifier —
 * malformed or invalid CMS, unsupported algorithm, certificate expired, not yet valid or untrusted, signer of another
 * company, a personal (not a company's) certificate, a signature over another document.
 */
export const SIGNATURE_ERRORS = {
  400: [
    'CERTIFICATE_EXPIRED',
    'CERTIFICATE_NOT_YET_VALID',
    'CERTIFICATE_UNTRUSTED',
    'COMPANY_MISMATCH',
    'DOCUMENT_MISMATCH',
    'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
    'SIGNATURE_ALGORITHM_UNSUPPORTED',
    'SIGNATURE_INVALID',
    'SIGNATURE_MALFORMED',
  ],
} as const satisfies ErrorCodes;
/** Input checked by the schema: 400 VALIDATION_ERROR with field items, BAD_REQUEST for malformed JSON (core §5, §8). */
export const INPUT_ERRORS = { 400: ['VALIDATION_ERROR', 'BAD_REQUEST'] } as const satisfies ErrorCodes;

/**
 * One of `values` (a string enum): JSON schema `anyOf` of `const`s (OpenAPI lists each value), typed as the union of
 * the values for the TypeBox type provider (a plain `Type.Union(values.map(Type.Literal))` types as never).
 */
export function literalUnion<const T extends string>(values: readonly T[], options: { description?: string } = {}) {
  return Type.Unsafe<T>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  );
}

/** Money: decimal string amount with ISO 4217 currency. */
export const MoneySchema = Type.Object({
  cost: Type.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Decimal string, up to 2 decimals' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' }),
});

/** Page request of spec core §7: pageSize 10 by default. */
export const PageableSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  sortFields: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        direction: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
      }),
    ),
  ),
});

/** Page answer: `{ content, totalElements, page, pageSize, last }`. */
export const pageOf = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    last: Type.Boolean(),
  });
