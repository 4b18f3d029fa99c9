/**
 * Whether an account may be used at all, and ending its sessions (spec core §4 "Other states": clients, partners and
 * agents can be blocked and unblocked; operators are activated or suspended; "Account status USER_SUSPENDED blocks
 * login"). One rule for every tier of the backend: the sign-in check (routes/accounts/session.ts `checkCredentials`),
 * the per-request session check (plugins/auth.ts) and the administrative changes that block (routes/admin/*).
 */
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { publishEphemeralVia } from '../chat/events.js';
import { sessionKey } from '../chat/session-token.js';
import type { DbOrTx } from '../db/client.js';
import { chatSessionTokens } from '../db/schema/chat.js';
import { sessions, users } from '../db/schema/core.js';
import { reloggedSessionsOf } from '../referral/relogin-session.js';

/**
 * True when the account is blocked: the user is USER_SUSPENDED, or the user (not an operator) belongs to a company
 * whose status is SUSPENDED (a suspended client, a blocked payment agent or referral partner).
 */
export function accountBlocked(
  user: { status: string; accountType: string },
  company: { status: string } | null | undefined,
): boolean {
  if (user.status === 'USER_SUSPENDED') return true;
  return user.accountType !== 'OPER' && company?.status === 'SUSPENDED';
}

/** A deleted session row: its id and its user (null for a session that never signed in). */
export interface EndedSession {
  sid: string;
  userId: number | null;
}

/** Session keys per notice: 100 × 67 bytes stays under the NOTIFY payload limit (chat/events.ts). */
const KEYS_PER_NOTICE = 100;

/**
 * Announces ended sessions to their users' realtime streams on every backend replica (issue 14): an ephemeral
 * SESSION_ENDED notice `{ sessions: [sessionKey(sid)…] }` per user (in chunks of 100). Inside a transaction it goes out
 * at commit. A stream whose own session (cookie or chat session token) is listed writes `event: SESSION_ENDED` and
 * ends; the gateway ends the GraphQL subscriptions of those sessions with UNAUTHENTICATED (gateway/src/realtime).
 */
export async function announceSessionsEnded(db: DbOrTx, ended: readonly EndedSession[]): Promise<void> {
  const byUser = new Map<number, string[]>();
  for (const e of ended) {
    if (e.userId == null) continue;
    const keys = byUser.get(e.userId) ?? [];
    keys.push(sessionKey(e.sid));
    byUser.set(e.userId, keys);
  }
  for (const [userId, keys] of byUser)
    for (let i = 0; i < keys.length; i += KEYS_PER_NOTICE)
      await publishEphemeralVia(db, [userId], 'SESSION_ENDED', { sessions: keys.slice(i, i + KEYS_PER_NOTICE) });
}

/**
 * Deletes the sessions matching `where` (their chat session tokens go with them: ON DELETE CASCADE) and announces them
 * ({@link announceSessionsEnded}). Run it in the transaction of the change (password change, suspension). Returns the
 * sessions ended.
 */
export async function endSessionsWhere(tx: DbOrTx, where: SQL | undefined): Promise<EndedSession[]> {
  const ended = await tx.delete(sessions).where(where).returning({ sid: sessions.sid, userId: sessions.userId });
  await announceSessionsEnded(tx, ended);
  return ended;
}

/**
 * Ends every session of the users at once: deletes their server-side sessions (the next request of any of their
 * browsers is signed out, 401), their chat session tokens (the realtime stream refuses them) and ends their open
 * realtime streams and subscriptions (issue 14). Run it in the transaction of the change that blocks. Sessions where one
 * of them acts for a client by re-login (issue 11, session data `originalUserId`) end too. Returns the number of
 * sessions ended.
 */
export async function endUserSessions(tx: DbOrTx, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  await tx.delete(chatSessionTokens).where(inArray(chatSessionTokens.userId, [...userIds]));
  const ended = await endSessionsWhere(tx, or(inArray(sessions.userId, [...userIds]), reloggedSessionsOf(userIds)));
  return ended.length;
}

/** Ends the sessions of every user of a company (see `endUserSessions`). Returns the number of sessions ended. */
export async function endCompanySessions(tx: DbOrTx, companyId: number): Promise<number> {
  const members = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  return endUserSessions(
    tx,
    members.map((m) => m.id),
  );
}
