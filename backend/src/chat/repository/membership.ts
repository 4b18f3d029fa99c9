/**
 * Chat membership scoping (spec chat §3, §6): the caller acts in a group as `senderIdFor(user, group.type)`
 * (an operator in an ECVP_SUPPORT group acts as the support user 10762); a group is visible only through an active
 * member row of a group that is not deleted, anything else answers 404 CHAT_NOT_FOUND (no existence leak).
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatGroups, chatMembers, type ChatGroupRow, type ChatMemberRow } from '../../db/schema/chat.js';
import { users } from '../../db/schema/core.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { senderIdFor, type GroupType } from '@platform/domain/chat/groups';
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

/** Active operators: they stand behind the support user 10762. */
async function operatorIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE')));
  return rows.map((r) => r.id);
}

/** Real user ids of a group's active members (10762 expanded to every active operator). */
export async function groupRecipients(db: DbOrTx, groupId: number, extra: number[] = []): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.groupId, groupId), isNull(chatMembers.leftAt)));
  const ids = new Set<number>([...rows.map((r) => r.userId), ...extra]);
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
