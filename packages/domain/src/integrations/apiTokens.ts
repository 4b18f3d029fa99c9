/**
 * API tokens for integrators (issue 12 "API tokens"): the rules every tier applies once — the token's shape, its
 * scope, the name and expiry checks, the per-user limit, who may create tokens and the Russian texts of the refusals.
 *
 * A token is `vpt_` + base64url(32 random bytes) (47 characters); the backend stores only its SHA-256 and the first
 * {@link API_TOKEN_PREFIX_LENGTH} characters. `Authorization: Bearer vpt_…` acts as the token's user with the token's
 * scope: REPORTING is read-only (queries and exports; no mutations, no state-changing REST calls).
 */

/** Every API token starts with this; chat session tokens and other bearers do not. */
export const API_TOKEN_PREFIX = 'vpt_';
/** Characters of the token kept for the list ("vpt_AbCdEfGh…"). */
export const API_TOKEN_PREFIX_LENGTH = 12;
/** Random bytes behind a token (256 bits). */
export const API_TOKEN_RANDOM_BYTES = 32;
/** Longest token name, in characters after trimming. */
export const API_TOKEN_NAME_MAX = 100;
/** Latest expiry: this many days after creation. */
export const API_TOKEN_MAX_DAYS = 365;
/** Most live (not revoked, not expired) tokens one user may hold. */
export const API_TOKEN_MAX_LIVE = 20;
/** `last_used_at` is refreshed at most this often, ms. */
export const API_TOKEN_LAST_USED_INTERVAL_MS = 60_000;

/** Scopes a token may have; REPORTING is read-only. */
export const API_TOKEN_SCOPES = ['REPORTING'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The state of a token in the list. */
export type ApiTokenStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** Account types that may create and use API tokens (a client, a payment agent = PARTNER, an operator; not AGENT). */
export const API_TOKEN_ACCOUNT_TYPES = ['CLIENT', 'PARTNER', 'OPER'] as const;

/** Codes and Russian texts of the refusals. */
export const API_TOKEN_ERRORS = {
  /** 401: unknown, revoked or expired token, or its user blocked. */
  invalid: { code: 'API_TOKEN_INVALID', message: 'API-токен недействителен, отозван или истёк' },
  /** 403: a token request that would change something (REST method other than GET/HEAD, GraphQL mutation). */
  readOnly: { code: 'API_TOKEN_READ_ONLY', message: 'API-токен даёт доступ только на чтение' },
  /** 403: a token session may not manage tokens. */
  manageWithToken: {
    code: 'API_TOKEN_SESSION_FORBIDDEN',
    message: 'Управлять API-токенами можно только после входа в систему',
  },
  /** 404: no such token among the user's own. */
  notFound: { code: 'API_TOKEN_NOT_FOUND', message: 'API-токен не найден' },
  /** 400 field `name`: empty after trimming. */
  nameRequired: { code: 'NAME_REQUIRED', message: 'Укажите название токена' },
  /** 400 field `name`: longer than {@link API_TOKEN_NAME_MAX}. */
  nameTooLong: { code: 'NAME_TOO_LONG', message: `Название токена — не более ${API_TOKEN_NAME_MAX} символов` },
  /** 400 field `name`: control characters. */
  nameInvalid: { code: 'NAME_INVALID', message: 'Название токена содержит недопустимые символы' },
  /** 400 field `expiresAt`: not in the future. */
  expiryPast: { code: 'EXPIRY_IN_PAST', message: 'Срок действия должен быть в будущем' },
  /** 400 field `expiresAt`: beyond {@link API_TOKEN_MAX_DAYS}. */
  expiryTooFar: {
    code: 'EXPIRY_TOO_FAR',
    message: `Срок действия — не более ${API_TOKEN_MAX_DAYS} дней`,
  },
  /** 400: the user already holds {@link API_TOKEN_MAX_LIVE} live tokens. */
  limit: {
    code: 'API_TOKEN_LIMIT',
    message: `Можно иметь не более ${API_TOKEN_MAX_LIVE} действующих API-токенов`,
  },
} as const;

/** A refusal of one input field. */
export interface ApiTokenFieldError {
  field: 'name' | 'expiresAt';
  code: string;
  message: string;
}

/** Whether a bearer credential is an API token (by its prefix); chat session tokens are not. */
export function isApiToken(bearer: string | null | undefined): boolean {
  return typeof bearer === 'string' && bearer.startsWith(API_TOKEN_PREFIX) && bearer.length > API_TOKEN_PREFIX.length;
}

/** Whether this account type may create and use API tokens. */
export function mayUseApiTokens(accountType: string): boolean {
  return (API_TOKEN_ACCOUNT_TYPES as readonly string[]).includes(accountType);
}

/** The part of a token kept for the list. */
export function apiTokenPrefix(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX_LENGTH);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The name as stored (trimmed), or the refusal. Length is counted in Unicode code points. */
export function checkApiTokenName(name: string): { value: string } | { error: ApiTokenFieldError } {
  const value = name.trim();
  if (value.length === 0) return { error: { field: 'name', ...API_TOKEN_ERRORS.nameRequired } };
  if (CONTROL.test(value)) return { error: { field: 'name', ...API_TOKEN_ERRORS.nameInvalid } };
  if ([...value].length > API_TOKEN_NAME_MAX) return { error: { field: 'name', ...API_TOKEN_ERRORS.nameTooLong } };
  return { value };
}

/** The expiry refusal, or null when `expiresAt` (null = never) is in the future and at most 365 days ahead. */
export function checkApiTokenExpiry(expiresAt: Date | null, now: Date): ApiTokenFieldError | null {
  if (expiresAt === null) return null;
  if (expiresAt.getTime() <= now.getTime()) return { field: 'expiresAt', ...API_TOKEN_ERRORS.expiryPast };
  if (expiresAt.getTime() > now.getTime() + API_TOKEN_MAX_DAYS * 86_400_000)
    return { field: 'expiresAt', ...API_TOKEN_ERRORS.expiryTooFar };
  return null;
}

/** What the status reads of a token. */
export interface ApiTokenState {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** REVOKED wins over EXPIRED; a token without expiry and revocation stays ACTIVE. */
export function apiTokenStatus(t: ApiTokenState, now: Date): ApiTokenStatus {
  if (t.revokedAt) return 'REVOKED';
  if (t.expiresAt && t.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** Whether `last_used_at` should be written now (never used, or last written a minute or more ago). */
export function shouldTouchLastUsed(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= API_TOKEN_LAST_USED_INTERVAL_MS;
}

/** Whether an HTTP method only reads (what a read-only token may send to the REST backend). */
export function isReadOnlyMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
