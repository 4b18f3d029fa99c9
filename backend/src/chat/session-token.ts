/**
 * The chat session token (spec chat §3 "Chat session token", §4 "A missing or expired session token is
 * renewed"): a random 32-byte token (base64url) given to the caller once; only its SHA-256 is stored. It lives
 * 12 hours. The realtime stream may accept it instead of the session cookie: {@link resolveChatSessionToken}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { chatSessionTokens } from '../db/schema/chat.js';

export const CHAT_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export function hashChatToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a token for `userId` (expired tokens of the user are pruned on the way). */
export async function issueChatSessionToken(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHAT_TOKEN_TTL_MS);
  await db
    .delete(chatSessionTokens)
    .where(and(eq(chatSessionTokens.userId, userId), lt(chatSessionTokens.expiresAt, now)));
  await db.insert(chatSessionTokens).values({ tokenHash: hashChatToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The user id of a live token, or null (unknown, malformed or expired). */
export async function resolveChatSessionToken(
  db: DbOrTx,
  token: string | null | undefined,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(chatSessionTokens)
    .where(and(eq(chatSessionTokens.tokenHash, hashChatToken(token)), gt(chatSessionTokens.expiresAt, now)));
  return row ? { userId: row.userId, expiresAt: row.expiresAt } : null;
}
