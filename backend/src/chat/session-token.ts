/**
 * The chat session token (spec chat §3 "Chat session token", §4 "A missing or expired session token is
 * renewed"): a random 32-byte token (base64url) given to the caller once; only its SHA-256 is stored. It lives
 * 12 hours, and never longer than the signed-in session that asked for it (issue 14): the token row references the
 * session (`chat_session_tokens.session_sid`, ON DELETE CASCADE), so logout, a password change, a suspension or the
 * session's expiry ends it. The realtime stream may accept it instead of the session cookie: {@link resolveChatSessionToken}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { chatSessionTokens } from '../db/schema/chat.js';
import { sessions } from '../db/schema/core.js';

export const CHAT_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export function hashChatToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The public name of a session in revocation notices (issue 14, SSE `SESSION_ENDED`): SHA-256 of the session id, hex
 * (64 characters). The gateway computes the same from a subscriber's SESSION cookie (the part before the signature) to
 * end exactly that session's subscriptions; the session id itself never travels.
 */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/**
 * Issues a token for `userId` on behalf of the stored session `sessionSid` (expired tokens of the user are pruned on the
 * way). Returns null when that session is not stored (signed out meanwhile, or an API-token request): no token then.
 */
export async function issueChatSessionToken(
  db: DbOrTx,
  userId: number,
  sessionSid: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHAT_TOKEN_TTL_MS);
  await db
    .delete(chatSessionTokens)
    .where(and(eq(chatSessionTokens.userId, userId), lt(chatSessionTokens.expiresAt, now)));
  // insert … select: nothing when the session row is gone (no foreign-key error, no token for a dead session)
  const inserted = await db.execute(sql`
    insert into chat_session_tokens (token_hash, user_id, session_sid, created_at, expires_at)
    select ${hashChatToken(token)}, ${userId}, s.sid, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
    from sessions s where s.sid = ${sessionSid}
    returning id`);
  const rows = (inserted as unknown as { rows: unknown[] }).rows;
  return rows.length ? { token, expiresAt } : null;
}

/**
 * The user id of a live token, or null (unknown, malformed or expired token; or its session is gone or expired).
 * `sessionSid` is the session the token belongs to (the stream ends when that session ends).
 */
export async function resolveChatSessionToken(
  db: DbOrTx,
  token: string | null | undefined,
  now: Date,
): Promise<{ userId: number; expiresAt: Date; sessionSid: string } | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: chatSessionTokens.userId, expiresAt: chatSessionTokens.expiresAt, sessionSid: sessions.sid })
    .from(chatSessionTokens)
    .innerJoin(sessions, eq(sessions.sid, chatSessionTokens.sessionSid))
    .where(
      and(
        eq(chatSessionTokens.tokenHash, hashChatToken(token)),
        gt(chatSessionTokens.expiresAt, now),
        gt(sessions.expiresAt, now),
        or(isNull(sessions.absoluteExpiresAt), gt(sessions.absoluteExpiresAt, now)),
      ),
    );
  return row ?? null;
}
