/**
 * Group previews and derived statistics (spec chat §3 "Current chat info", §4 counters): unread = messages of
 * others above the read pointer that are not deleted (domain/chat/unread.ts). The counts are derived from the read
 * pointer and the group's message sequence (issue 15, migration 0021: no unread counter is ever incremented; the
 * sequence numbers are positions, kept by triggers), see {@link statisticsFor}.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatMessages } from '../../db/schema/chat.js';
import { storedFiles } from '../../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { isOwnMessage, previewRole, type GroupType, type MemberRole } from '@platform/domain/chat/groups';
import type { MessageStatus } from '@platform/domain/chat/messageStatus';
import type { GroupStatistics } from '../../domain/chat/unread.js';
import { Actor, MemberCtx, num } from './membership.js';
import { userNames, SupportRequester, supportRequesters } from './people.js';
import { previewText } from './messages.js';

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/** A member's statistics of one group: chat §3 "Group statistics" and the ids and last message id behind them. */
export type MemberStatistics = GroupStatistics & {
  mentionedMessageIds: number[];
  newReactionsMessageIds: number[];
  lastMessageId: number;
};

/** One member row's figures as {@link statisticsFor} reads them (SQL numbers may come as strings). */
interface StatRow {
  groupId: number;
  groupType: string;
  /** Messages above the read pointer, every sender, deleted included (group msg_seq − member viewed_seq). */
  above: number | string;
  /** The CHILD_MSG among them. */
  aboveChild: number | string;
  /** The group's highest not deleted message id (0: none). */
  last: number | string | null;
  /** [all, CHILD_MSG] of the member's own messages above the pointer (deleted included); null: none to look for. */
  own: number[] | null;
  /** [all, CHILD_MSG] of the deleted messages of others above the pointer; null: none to look for. */
  deleted: number[] | null;
  /** Ids of the unread messages that mention the member; null: none to look for. */
  mentions: Array<number | string> | null;
  /** Ids of the member's own live messages with a reaction of someone else above lastSeenReactionId; null: none. */
  reacted: Array<number | string> | null;
}

/** The statement of {@link statisticsFor} over the member rows `cm` (joined with their group `g`) that `where` keeps. */
async function statRows(db: DbOrTx, where: SQL): Promise<StatRow[]> {
  return rowsOf<StatRow>(
    await db.execute(sql`
      select g.id as "groupId", g.type as "groupType",
        g.msg_seq - cm.viewed_seq as "above",
        g.child_seq - cm.viewed_child_seq as "aboveChild",
        case when g.last_message_id = 0 or g.last_message_id > coalesce(k.last_deleted_id, 0) then g.last_message_id
             else (select coalesce(max(m.id), 0) from chat_messages m where m.group_id = g.id and m.deleted_at is null)
        end as "last",
        case when g.msg_seq > cm.viewed_seq then
          (select array[count(*)::int, (count(*) filter (where m.type = 'CHILD_MSG'))::int] from chat_messages m
           where m.group_id = cm.group_id and m.sender_id = cm.user_id and m.id > cm.last_viewed_message_id)
        end as "own",
        case when g.msg_seq > cm.viewed_seq and k.last_deleted_id > cm.last_viewed_message_id then
          (select array[count(*)::int, (count(*) filter (where m.type = 'CHILD_MSG'))::int] from chat_messages m
           where m.group_id = cm.group_id and m.deleted_at is not null and m.id > cm.last_viewed_message_id
             and m.sender_id <> cm.user_id)
        end as "deleted",
        case when g.last_mention_id > cm.last_viewed_message_id then
          array(select m.id from chat_messages m
                where m.group_id = cm.group_id and m.mentioned <> '{}'::int[] and m.id > cm.last_viewed_message_id
                  and cm.user_id = any(m.mentioned) and m.sender_id <> cm.user_id and m.deleted_at is null
                order by m.id)
        end as "mentions",
        case when k.last_reaction_id > cm.last_seen_reaction_id then
          array(select distinct r.message_id from chat_reactions r join chat_messages m on m.id = r.message_id
                where r.group_id = cm.group_id and r.message_sender_id = cm.user_id
                  and r.id > cm.last_seen_reaction_id and r.user_id <> cm.user_id and m.deleted_at is null
                order by r.message_id)
        end as "reacted"
      from chat_members cm
      join chat_groups g on g.id = cm.group_id
      left join chat_group_marks k on k.group_id = cm.group_id
      where ${where}`),
  );
}

/** The statistics of one {@link StatRow} (domain/chat/unread.ts groupStatistics, mentions, reactions, last message). */
function statisticsOf(r: StatRow): MemberStatistics {
  const own = r.own ?? [0, 0];
  const deleted = r.deleted ?? [0, 0];
  // never negative (chat §4); the triggers keep the terms exact, the clamp is a guard
  const unread = Math.max(0, num(r.above) - num(own[0]) - num(deleted[0]));
  const child = Math.min(unread, Math.max(0, num(r.aboveChild) - num(own[1]) - num(deleted[1])));
  const mentioned = (r.mentions ?? []).map(num);
  const reacted = (r.reacted ?? []).map(num);
  const lastMessageId = num(r.last);
  return {
    groupId: r.groupId,
    hasMessages: lastMessageId > 0,
    hasNewMentions: mentioned.length > 0,
    hasNewReactions: reacted.length > 0,
    unreadMessagesCount: unread,
    // GROUP_MSG always, CHILD_MSG when above 0 (domain/chat/unread.ts groupStatistics)
    unreadMessagesCounters: [
      { type: 'GROUP_MSG', count: unread - child },
      ...(child > 0 ? [{ type: 'CHILD_MSG', count: child }] : []),
    ],
    mentionedMessageIds: mentioned,
    newReactionsMessageIds: reacted,
    lastMessageId,
  };
}

/**
 * Derived statistics of each member row (spec chat §3 "Group statistics", §4 counters; domain/chat/unread.ts rules), by
 * group id, in ONE statement whatever the number of groups, reading neither each unread message nor the groups'
 * history (issue 15; migration 0021):
 *   unread = (chat_groups.msg_seq − chat_members.viewed_seq)            the messages above the read pointer
 *          − the member's own messages above the pointer                 (index chat_messages_group_sender_idx)
 *          − the deleted messages of others above the pointer           (chat_messages_group_deleted_idx)
 * and the same with child_seq for the CHILD_MSG counter (GROUP_MSG = the rest). seq / viewed_seq are kept by triggers on
 * every insert and pointer write (db/schema/chat.ts), so the figures equal the derivation of domain/chat/unread.ts
 * groupStatistics over the rows (the tests compare both after sequences of writes). Each look-up runs only when it can
 * find something: own messages when anything is above the pointer, deleted ones when the group's deletion mark
 * (chat_group_marks.last_deleted_id) is above it, mentions when the group's last mention is, reactions when the group's
 * last reaction is above the member's lastSeenReactionId. `lastMessageId` is the group's newest message unless a
 * deletion reached it (then the newest live one is looked up). `ctxs`: the member rows (only their ids are used: the
 * figures are read fresh in the statement's snapshot).
 */
export async function statisticsFor(db: DbOrTx, ctxs: MemberCtx[]): Promise<Map<number, MemberStatistics>> {
  const out = new Map<number, MemberStatistics>();
  if (!ctxs.length) return out;
  // one int[] parameter (PostgreSQL array text): member ids come from our own rows
  const memberIds = `{${ctxs.map((c) => Math.trunc(Number(c.member.id))).join(',')}}`;
  for (const r of await statRows(db, sql`cm.id = any(${memberIds}::int[])`)) out.set(r.groupId, statisticsOf(r));
  return out;
}

/**
 * The statistics of every group of the caller (its active member rows of groups not deleted; an operator's ECVP_SUPPORT
 * groups through the support user 10762 — membership.ts myMemberCond), with each group's type: the same figures as
 * {@link statisticsFor} over myContexts, in one statement without reading the member rows first (issue 15: GET
 * messages/unread and POST group/statistics of an operator with a thousand groups). Order: unspecified.
 */
export async function callerStatistics(
  db: DbOrTx,
  user: Actor,
): Promise<Array<{ groupType: string; statistics: MemberStatistics }>> {
  const mine =
    user.accountType === 'OPER'
      ? sql`(cm.user_id = ${user.id} or (cm.user_id = ${SUPPORT_USER_ID} and g.type = 'ECVP_SUPPORT'))`
      : sql`cm.user_id = ${user.id}`;
  const rows = await statRows(db, sql`${mine} and cm.left_at is null and g.deleted_at is null`);
  return rows.map((r) => ({ groupType: r.groupType, statistics: statisticsOf(r) }));
}

/** Group preview (chat §3 Chat group + preview fields). */
export interface GroupPreview {
  id: number;
  groupType: string;
  name: string;
  dateTimeCreate: string;
  orderId: number | null;
  favoriteId: number | null;
  isBotOrSupport: boolean;
  userRole: 'OWNER' | 'PARTICIPANT';
  memberRole: MemberRole;
  cursor: string;
  lastMessage: null | {
    msgId: number;
    timeCreate: string;
    fileName: string | null;
    message: string | null;
    sender: { id: number; name: string };
    messageStatus: MessageStatus;
    selfMsg: boolean;
    sentByGroup: boolean;
    type: string;
  };
  statistics: GroupStatistics;
  /** ECVP_SUPPORT groups: whose support chat it is ({@link SupportRequester}); null for every other type. */
  supportRequester: SupportRequester | null;
}

/**
 * Previews of the given member contexts for `viewer`, in the given order; `cursors[i]` is each row's cursor. A fixed
 * number of queries whatever the number of groups (statistics, last messages, their files and senders, the support
 * requesters), never one per group.
 */
export async function groupPreviews(
  db: DbOrTx,
  viewer: Actor,
  ctxs: MemberCtx[],
  cursors?: string[],
): Promise<GroupPreview[]> {
  const stats = await statisticsFor(db, ctxs);
  const requesters = await supportRequesters(
    db,
    ctxs.filter((c) => c.group.type === 'ECVP_SUPPORT').map((c) => c.group.id),
  );
  const lastIds = ctxs.map((c) => stats.get(c.group.id)?.lastMessageId ?? 0).filter((id) => id > 0);
  const lastRows = lastIds.length ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [];
  const lastByGroup = new Map(lastRows.map((r) => [r.groupId, r]));
  const fileIds = lastRows.map((r) => r.fileId).filter((x): x is string => !!x);
  const files = fileIds.length
    ? await db
        .select({ id: storedFiles.id, name: storedFiles.originalName })
        .from(storedFiles)
        .where(inArray(storedFiles.id, fileIds))
    : [];
  const fileNames = new Map(files.map((f) => [f.id, f.name]));
  const names = await userNames(
    db,
    lastRows.map((r) => r.senderId),
  );
  return ctxs.map(({ group, member }, i) => {
    const s = stats.get(group.id)!;
    const last = lastByGroup.get(group.id);
    const self = last ? isOwnMessage(last.senderId, viewer, group.type as GroupType) : false;
    const { mentionedMessageIds: _m, newReactionsMessageIds: _r, lastMessageId: _l, ...statistics } = s;
    return {
      id: group.id,
      groupType: group.type,
      name: group.name,
      dateTimeCreate: group.createdAt.toISOString(),
      orderId: group.orderId,
      favoriteId: member.favoriteId,
      isBotOrSupport: group.type === 'ECVP_SUPPORT',
      userRole: previewRole(member.role as MemberRole),
      memberRole: member.role as MemberRole,
      cursor: cursors?.[i] ?? String(group.id),
      lastMessage: last
        ? {
            msgId: last.id,
            timeCreate: last.createdAt.toISOString(),
            fileName: last.fileId ? (fileNames.get(last.fileId) ?? null) : null,
            message: last.text ?? previewText(last.metaData),
            sender: { id: last.senderId, name: names.get(last.senderId) ?? '' },
            messageStatus: (self
              ? last.status
              : last.id <= num(member.lastViewedMessageId)
                ? 'VIEWED'
                : 'DELIVERED') as MessageStatus,
            selfMsg: self,
            sentByGroup: last.senderId === SUPPORT_USER_ID,
            type: last.type,
          }
        : null,
      statistics,
      supportRequester: group.type === 'ECVP_SUPPORT' ? (requesters.get(group.id) ?? null) : null,
    };
  });
}
