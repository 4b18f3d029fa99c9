/**
 * Whether an account may be used at all, and ending its sessions (spec core §4 "Other states": clients, partners and
 * agents can be blocked and unblocked; operators are activated or suspended; "Account status USER_SUSPENDED blocks
 * login"). One rule for every tier of the backend: the sign-in check (routes/accounts/session.ts `checkCredentials`),
 * the per-request session check (plugins/auth.ts) and the administrative changes that block (routes/admin/*).
 */
import { eq, inArray, or } from 'drizzle-orm';
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

/**
 * Ends every session of the users at once: deletes their server-side sessions (the next request of any of their
 * browsers is signed out, 401) and their chat session tokens (the realtime stream refuses them). Run it in the
 * transaction of the change that blocks. Sessions where one of them acts for a client by re-login (issue 11, session
 * data `originalUserId`) end too. Returns the number of sessions ended.
 */
export async function endUserSessions(tx: DbOrTx, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  await tx.delete(chatSessionTokens).where(inArray(chatSessionTokens.userId, [...userIds]));
  const ended = await tx
    .delete(sessions)
    .where(or(inArray(sessions.userId, [...userIds]), reloggedSessionsOf(userIds)))
    .returning({ sid: sessions.sid });
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
