/**
 * API tokens for integrators (issue 12 "API tokens"; rules in @platform/domain/integrations/apiTokens; table
 * db/schema/api-tokens.ts). Creation, listing and revocation of a user's own tokens, and the bearer authentication
 * the auth plugin (plugins/auth.ts) calls on every request:
 *
 * - `Authorization: Bearer vpt_…` is looked up by its SHA-256; unknown, revoked, expired, a blocked user or an account
 *   type without tokens → 401 API_TOKEN_INVALID on /api/secured/ routes (a public route simply sees a guest).
 * - A valid token sets `request.user` (the owner, his role scoping applies) and `request.apiToken = { id, scope }`;
 *   the cookie session is ignored for that request. `last_used_at` is written at most once a minute.
 * - A token request with a method other than GET/HEAD → 403 API_TOKEN_READ_ONLY (onRequest, before any handler);
 *   the anti-forgery check is skipped for it (plugins/csrf.ts: no cookie is involved).
 * Chat session tokens (chat/session-token.ts) do not start with `vpt_` and are not touched here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  API_TOKEN_ERRORS,
  API_TOKEN_LAST_USED_INTERVAL_MS,
  API_TOKEN_MAX_LIVE,
  API_TOKEN_PREFIX,
  API_TOKEN_RANDOM_BYTES,
  apiTokenPrefix,
  apiTokenStatus,
  checkApiTokenExpiry,
  checkApiTokenName,
  isApiToken,
  isReadOnlyMethod,
  mayUseApiTokens,
  shouldTouchLastUsed,
  type ApiTokenFieldError,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '@platform/domain/integrations/apiTokens';
import type { Db } from '../db/client.js';
import { apiTokens } from '../db/schema/api-tokens.js';
import { AppError } from '../errors.js';
import type { AuthUser } from '../plugins/auth.js';

/** What a token request carries besides `request.user`. */
export interface ApiTokenAuth {
  id: number;
  scope: ApiTokenScope;
}

/** One token as the list shows it (never the token itself). */
export interface ApiTokenView {
  id: number;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

/** SHA-256 (hex) of a token, the only form stored. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token: `vpt_` + base64url(32 random bytes). */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(API_TOKEN_RANDOM_BYTES).toString('base64url');
}

/** The API token of `Authorization: Bearer vpt_…`, else undefined (no header, Basic, a chat session token). */
export function bearerApiToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m && isApiToken(m[1]) ? m[1] : undefined;
}

export const apiTokenInvalid = () =>
  new AppError(401, API_TOKEN_ERRORS.invalid.code, API_TOKEN_ERRORS.invalid.message, undefined, {
    error: 'Unauthorized',
  });

/** onRequest: 403 API_TOKEN_READ_ONLY for a token request that is not GET/HEAD (nothing runs, nothing is written). */
export function refuseTokenWrites(request: FastifyRequest): void {
  if (bearerApiToken(request) && !isReadOnlyMethod(request.method))
    throw new AppError(403, API_TOKEN_ERRORS.readOnly.code, API_TOKEN_ERRORS.readOnly.message);
}

/**
 * preHandler part of the auth plugin: when the request carries an API token, authenticates it and answers true (the
 * cookie session must then be ignored); false when there is no token. Throws 401 API_TOKEN_INVALID on a secured route.
 */
export async function authenticateApiToken(
  db: Db,
  request: FastifyRequest,
  now: Date,
  loadUser: (id: number) => Promise<AuthUser | null>,
): Promise<boolean> {
  const token = bearerApiToken(request);
  if (!token) return false;
  const secured = request.url.startsWith('/api/secured/');
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  const user = row && apiTokenStatus(row, now) === 'ACTIVE' ? await loadUser(row.userId) : null;
  if (!row || !user || user.blocked || !mayUseApiTokens(user.accountType)) {
    if (secured) throw apiTokenInvalid();
    return true;
  }
  request.user = user;
  request.apiToken = { id: row.id, scope: row.scope as ApiTokenScope };
  if (shouldTouchLastUsed(row.lastUsedAt, now))
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now.getTime() - API_TOKEN_LAST_USED_INTERVAL_MS + 1)),
          ),
        ),
      );
  return true;
}

/**
 * Whether token `id` still authenticates at `now`: present, not revoked, not expired, its owner neither blocked nor of
 * an account type without tokens. An open stream of the token re-checks it with this (src/chat/stream/index.ts).
 */
export async function apiTokenStillActive(
  db: Db,
  id: number,
  now: Date,
  loadUser: (id: number) => Promise<AuthUser | null>,
): Promise<boolean> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  if (!row || apiTokenStatus(row, now) !== 'ACTIVE') return false;
  const user = await loadUser(row.userId);
  return !!user && !user.blocked && mayUseApiTokens(user.accountType);
}

function view(row: typeof apiTokens.$inferSelect, now: Date): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: apiTokenStatus(row, now),
  };
}

/** The user's own tokens, newest first. */
export async function listApiTokens(db: Db, userId: number, now: Date): Promise<ApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => view(r, now));
}

/**
 * Creates a token: 400 VALIDATION_ERROR (name, expiresAt) or 400 API_TOKEN_LIMIT; the token text is returned once.
 * The live-token count and the insert run in one transaction.
 */
export async function createApiToken(
  db: Db,
  userId: number,
  input: { name: string; expiresAt?: string | null },
  now: Date,
): Promise<{ token: string; apiToken: ApiTokenView }> {
  const errors: ApiTokenFieldError[] = [];
  const name = checkApiTokenName(input.name);
  if ('error' in name) errors.push(name.error);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  const expiryError = checkApiTokenExpiry(expiresAt, now);
  if (expiryError) errors.push(expiryError);
  if (errors.length || !('value' in name))
    throw AppError.validation(errors, errors.length === 1 ? errors[0].message : undefined);
  const token = generateApiToken();
  const row = await db.transaction(async (tx) => {
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        ),
      );
    if (live >= API_TOKEN_MAX_LIVE)
      throw new AppError(400, API_TOKEN_ERRORS.limit.code, API_TOKEN_ERRORS.limit.message);
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: name.value,
        scope: 'REPORTING',
        tokenHash: hashApiToken(token),
        prefix: apiTokenPrefix(token),
        createdAt: now,
        expiresAt,
      })
      .returning();
    return inserted;
  });
  return { token, apiToken: view(row, now) };
}

/** Revokes one of the user's own tokens at once (idempotent); another user's or unknown → 404 API_TOKEN_NOT_FOUND. */
export async function revokeApiToken(db: Db, userId: number, id: number, now: Date): Promise<ApiTokenView> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!row) throw AppError.notFound(API_TOKEN_ERRORS.notFound.message, API_TOKEN_ERRORS.notFound.code);
  if (row.revokedAt) return view(row, now);
  const [updated] = await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id)).returning();
  return view(updated, now);
}
