/**
 * People in the chat (spec chat §3 users, §7 presence): display names, support requesters and presence
 * (last seen; online within the threshold of @platform/domain/chat/presence).
 */
import { and, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatGroups, chatMembers, chatPresence } from '../../db/schema/chat.js';
import { companies, users } from '../../db/schema/core.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { offlineMarker } from '@platform/domain/chat/presence';
import { SUPPORT_NAME } from '@platform/domain/chat/own';

/** A user's display name in the chat: 'Имя Фамилия', or the e-mail when both are empty. */
export function displayName(u: { name: string; surname: string; email: string }): string {
  return [u.name, u.surname].filter(Boolean).join(' ') || u.email;
}

/** The SQL twin of {@link displayName} over the `users` table (for searching by what the chat shows). */
const displayNameSql = sql`coalesce(nullif(concat_ws(' ', nullif(${users.name}, ''), nullif(${users.surname}, '')), ''), ${users.email})`;

/** Display names of user ids (10762 → 'Поддержка'). */
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const real = [...new Set(ids)].filter((id) => id !== SUPPORT_USER_ID);
  if (ids.includes(SUPPORT_USER_ID)) out.set(SUPPORT_USER_ID, SUPPORT_NAME);
  if (real.length) {
    const rows = await db
      .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
      .from(users)
      .where(inArray(users.id, real));
    for (const r of rows) out.set(r.id, displayName(r));
  }
  return out;
}

/**
 * The user whose support chat an ECVP_SUPPORT group is (spec chat §6 Support): the group's OWNER member (ensureSupportGroup,
 * src/chat/groups.ts), so the support desk can tell its chats apart. `companyName` is the short name of the user's company,
 * null when the user has none.
 */
export interface SupportRequester {
  id: number;
  name: string;
  companyName: string | null;
}

/**
 * The requesters of the given ECVP_SUPPORT groups in one query (the OWNER member joined with the user and the user's
 * company), by group id. Ids of other groups, or of groups without an OWNER row, are simply absent from the map.
 */
export async function supportRequesters(db: DbOrTx, groupIds: number[]): Promise<Map<number, SupportRequester>> {
  const ids = [...new Set(groupIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      groupId: chatMembers.groupId,
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      companyName: companies.shortName,
    })
    .from(chatMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatMembers.groupId))
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(inArray(chatMembers.groupId, ids), eq(chatGroups.type, 'ECVP_SUPPORT'), eq(chatMembers.role, 'OWNER')));
  return new Map(rows.map((r) => [r.groupId, { id: r.id, name: displayName(r), companyName: r.companyName ?? null }]));
}

/**
 * The condition "this ECVP_SUPPORT group's requester (its OWNER) has a display name ({@link displayName}) or a company short
 * name matching the ILIKE `pattern`" (joined with chat_groups). `pattern` travels as a bound parameter; the caller escapes
 * the LIKE wildcards of user input (domain/chat/groupList.ts containsPattern).
 */
export function supportRequesterMatches(pattern: string): SQL {
  return sql`(${chatGroups.type} = 'ECVP_SUPPORT' and exists (select 1 from ${chatMembers} ro
    join ${users} on ${users.id} = ro.user_id left join ${companies} on ${companies.id} = ${users.companyId}
    where ro.group_id = ${chatGroups.id} and ro.role = 'OWNER'
      and (${displayNameSql} ilike ${pattern} or ${companies.shortName} ilike ${pattern})))`;
}

/**
 * Last-seen times of user ids (absent: never seen). The support user 10762 stands for the desk (spec chat §6): its
 * last-seen time is the latest of the active operators', so a client sees 'Поддержка' online while any operator is.
 */
export async function presenceOf(db: DbOrTx, ids: number[]): Promise<Map<number, Date>> {
  const real = [...new Set(ids)].filter((id) => id !== SUPPORT_USER_ID);
  const out = new Map<number, Date>();
  if (real.length) {
    const rows = await db.select().from(chatPresence).where(inArray(chatPresence.userId, real));
    for (const r of rows) out.set(r.userId, r.lastSeenAt);
  }
  if (ids.includes(SUPPORT_USER_ID)) {
    const [desk] = await db
      .select({ last: max(chatPresence.lastSeenAt) })
      .from(chatPresence)
      .innerJoin(users, eq(users.id, chatPresence.userId))
      .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE')));
    if (desk?.last) out.set(SUPPORT_USER_ID, desk.last);
  }
  return out;
}

/** Records that `userId` was seen now (chat §4 "Online and last seen"). */
export async function touchPresence(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await touchPresenceQuery(db, userId, now);
}

/**
 * A send does not rewrite a last-seen time younger than this (ms; issue 15): a user sending several messages a second
 * would otherwise write (and lock until commit) his presence row once per message. Last seen then lags the newest send
 * by under a second; online (4 minutes, chat §4) is unaffected.
 */
export const PRESENCE_REFRESH_MS = 1000;

/** Whether a stored last-seen time (null: none) should be moved to `now` by a send (see {@link PRESENCE_REFRESH_MS}). */
export function presenceStale(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt == null || now.getTime() - lastSeenAt.getTime() >= PRESENCE_REFRESH_MS;
}

/** The statement of {@link touchPresence}, not run (await it, or embed it in a larger statement as a CTE). */
export function touchPresenceQuery(db: DbOrTx, userId: number, now: Date) {
  return db
    .insert(chatPresence)
    .values({ userId, lastSeenAt: now })
    .onConflictDoUpdate({
      target: chatPresence.userId,
      set: { lastSeenAt: sql`greatest(${chatPresence.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/**
 * Records that `userId` went offline at `now` (chat §4 USER_OFFLINE, §9 offline marker): last seen becomes
 * `now` − 4 minutes, unconditionally (an earlier last-seen time is raised to it: the user was just here), so they
 * count as offline at once. A later activity (a send, typing, USER_ONLINE) moves it forward again.
 * @returns the stored last-seen time.
 */
export async function markOffline(db: DbOrTx, userId: number, now: Date): Promise<Date> {
  const at = offlineMarker(now);
  await db
    .insert(chatPresence)
    .values({ userId, lastSeenAt: at })
    .onConflictDoUpdate({ target: chatPresence.userId, set: { lastSeenAt: at } });
  return at;
}

// ----------------------------------------------------------------------------------------------------------
// Message views
