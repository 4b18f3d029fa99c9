/**
 * Chat membership scoping (spec chat §3, §6): the caller acts in a group as `senderIdFor(user, group.type)`
 * (an operator in an ECVP_SUPPORT group acts as the support user 10762); a group is visible only through an active
 * member row of a group that is not deleted, anything else answers 404 CHAT_NOT_FOUND (no existence leak).
 */
import { and, eq, exists, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  chatGroups,
  chatMembers,
  chatMessages,
  chatPresence,
  type ChatGroupRow,
  type ChatMemberRow,
  type ChatMessageRow,
} from '../../db/schema/chat.js';
import { users } from '../../db/schema/core.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { isSupportAccount, senderIdFor, type GroupType } from '@platform/domain/chat/groups';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';

/** 404 for a group that does not exist, was deleted, or where the caller is not a member (no existence leak). */
export const CHAT_NOT_FOUND = { code: 'CHAT_NOT_FOUND', message: CHAT_ERRORS.CHAT_NOT_FOUND } as const;
/** 404 for a message outside the groups the caller can see (spec chat §7). */
export const MESSAGE_NOT_FOUND = { code: 'MESSAGE_NOT_FOUND', message: 'Сообщение не найдено' } as const;

/** Who acts in the chat: a user id and account type. */
export type Actor = Pick<AuthUser, 'id' | 'accountType'>;

/** The 404 CHAT_NOT_FOUND error. */
export const notFoundGroup = () => AppError.notFound(CHAT_NOT_FOUND.message, CHAT_NOT_FOUND.code);
/** The 404 MESSAGE_NOT_FOUND error. */
export const notFoundMessage = () => AppError.notFound(MESSAGE_NOT_FOUND.message, MESSAGE_NOT_FOUND.code);

/** A count or id read from SQL (string, bigint, number or null) as a number; null → 0. */
export const num = (v: unknown): number => Number(v ?? 0);

/** The id `user` acts as in a group of `type`. */
export function actingId(user: Actor, type: string): number {
  return senderIdFor(user, type as GroupType);
}

/** The condition "this member row is the caller's" (joined with chat_groups). */
export function myMemberCond(user: Actor): SQL {
  const own = eq(chatMembers.userId, user.id);
  if (user.accountType !== 'OPER') return own;
  return or(own, and(eq(chatMembers.userId, SUPPORT_USER_ID), eq(chatGroups.type, 'ECVP_SUPPORT')))!;
}

/** The group and the caller's active member row, or null. */
export async function findMembership(
  db: DbOrTx,
  user: Actor,
  groupId: number,
): Promise<{ group: ChatGroupRow; member: ChatMemberRow } | null> {
  const [group] = await db
    .select()
    .from(chatGroups)
    .where(and(eq(chatGroups.id, groupId), isNull(chatGroups.deletedAt)));
  if (!group) return null;
  const [member] = await db
    .select()
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.groupId, groupId),
        eq(chatMembers.userId, actingId(user, group.type)),
        isNull(chatMembers.leftAt),
      ),
    );
  return member ? { group, member } : null;
}

/** Like findMembership, 404 CHAT_NOT_FOUND when none. `forUpdate` locks the member row (pointer moves). */
export async function requireMembership(
  db: DbOrTx,
  user: Actor,
  groupId: number,
  forUpdate = false,
): Promise<{ group: ChatGroupRow; member: ChatMemberRow }> {
  const m = await findMembership(db, user, groupId);
  if (!m) throw notFoundGroup();
  if (forUpdate) {
    const [locked] = await db.select().from(chatMembers).where(eq(chatMembers.id, m.member.id)).for('update');
    return { group: m.group, member: locked };
  }
  return m;
}

/**
 * The SQL twin of {@link actingId} over the joined `chat_groups` row: the id `user` acts as in that group
 * (domain/chat/groups.ts senderIdFor: 10762 for a support account in an ECVP_SUPPORT group, else the user's own id).
 */
export function actingIdSql(user: Actor): SQL | number {
  if (!isSupportAccount(user)) return user.id;
  return sql`case when ${chatGroups.type} = 'ECVP_SUPPORT' then ${SUPPORT_USER_ID}::int else ${user.id}::int end`;
}

/**
 * Like {@link requireMembership} in one statement, and locks the group row (`for no key update of chat_groups`, the
 * lock {@link insertChatMessage} takes; then pass it `groupLocked`), for a write path that inserts a message (issue 15:
 * the send route). With `dupOf`, the same statement also reads the message that author already sent with that
 * extMsgId (any group; null when none): the idempotent send's duplicate (unique (author_user_id, ext_msg_id)); and
 * `lastSeenAt`, the caller's stored last-seen time (chat_presence of `user.id`; null when none).
 * The rows are those of the statement's snapshot (taken before a wait for the lock, as a separate read before the lock
 * would be). 404 CHAT_NOT_FOUND when the group does not exist, is deleted, or the caller is not an active member.
 */
export async function lockMembership(
  tx: DbOrTx,
  user: Actor,
  groupId: number,
  dupOf?: { authorUserId: number; extMsgId: string },
): Promise<{ group: ChatGroupRow; member: ChatMemberRow; dup: ChatMessageRow | null; lastSeenAt: Date | null }> {
  const dupMsg = alias(chatMessages, 'dup');
  const base = tx
    .select({ group: chatGroups, member: chatMembers, dup: dupMsg, lastSeenAt: chatPresence.lastSeenAt })
    .from(chatGroups)
    .innerJoin(
      chatMembers,
      and(
        eq(chatMembers.groupId, chatGroups.id),
        eq(chatMembers.userId, actingIdSql(user)),
        isNull(chatMembers.leftAt),
      ),
    )
    .leftJoin(
      dupMsg,
      dupOf ? and(eq(dupMsg.authorUserId, dupOf.authorUserId), eq(dupMsg.extMsgId, dupOf.extMsgId)) : sql`false`,
    )
    .leftJoin(chatPresence, eq(chatPresence.userId, user.id))
    .where(and(eq(chatGroups.id, groupId), isNull(chatGroups.deletedAt)))
    .for('no key update', { of: chatGroups });
  const [row] = await base;
  if (!row) throw notFoundGroup();
  return { group: row.group, member: row.member, dup: row.dup ?? null, lastSeenAt: row.lastSeenAt ?? null };
}

/** Active operators: they stand behind the support user 10762. */
async function operatorIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE')));
  return rows.map((r) => r.id);
}

/**
 * The query of a group's recipients (issue 15: one statement instead of two): the user ids of its active members
 * other than the support user 10762, and every active operator when 10762 is an active member (they stand behind it).
 * A query builder (not run): await it, or embed it in a larger statement.
 */
export function groupRecipientsQuery(db: DbOrTx, groupId: number) {
  const supportMember = db
    .select({ one: sql`1` })
    .from(chatMembers)
    .where(and(eq(chatMembers.groupId, groupId), eq(chatMembers.userId, SUPPORT_USER_ID), isNull(chatMembers.leftAt)));
  return unionAll(
    db
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(
        and(eq(chatMembers.groupId, groupId), isNull(chatMembers.leftAt), ne(chatMembers.userId, SUPPORT_USER_ID)),
      ),
    db
      .select({ userId: users.id })
      .from(users)
      .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE'), exists(supportMember))),
  );
}

/**
 * Real user ids of a group's active members (10762 expanded to every active operator), then `extra` (10762 among
 * them expanded too); no duplicates.
 */
export async function groupRecipients(db: DbOrTx, groupId: number, extra: number[] = []): Promise<number[]> {
  return recipientsWith(db, await groupRecipientsQuery(db, groupId), extra);
}

/** The recipient ids of {@link groupRecipientsQuery}'s rows plus `extra` (10762 in `extra` expanded), deduplicated. */
export async function recipientsWith(
  db: DbOrTx,
  rows: Array<{ userId: number }>,
  extra: number[] = [],
): Promise<number[]> {
  const ids = new Set<number>([...rows.map((r) => Number(r.userId)), ...extra]);
  if (ids.has(SUPPORT_USER_ID)) {
    ids.delete(SUPPORT_USER_ID);
    for (const id of await operatorIds(db)) ids.add(id);
  }
  return [...ids];
}

/** The caller's active membership: the group and the member row it acts through. */
export interface MemberCtx {
  group: ChatGroupRow;
  member: ChatMemberRow;
}

/** The caller's active member contexts for the given groups (others silently left out). */
export async function myContexts(db: DbOrTx, user: Actor, where?: SQL): Promise<MemberCtx[]> {
  const rows = await db
    .select({ group: chatGroups, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatMembers.groupId))
    .where(and(myMemberCond(user), isNull(chatMembers.leftAt), isNull(chatGroups.deletedAt), where));
  return rows;
}
