/**
 * Group previews and derived statistics (spec chat §3 "Current chat info", §4 counters): unread = messages of
 * others above the read pointer that are not deleted (domain/chat/unread.ts). The counts are derived from the read
 * pointer and the group's message sequence (issue 15, migration 0021: no unread counter is ever incremented; the
 * sequence numbers are positions, kept by triggers), see {@link statisticsFor}.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type DbOrTx } from '../../db/client.js';
import { chatMessages, type ChatGroupRow, type ChatMemberRow } from '../../db/schema/chat.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { SUPPORT_NAME } from '@platform/domain/chat/own';
import {
  isOwnMessage,
  isSupportAccount,
  previewRole,
  type GroupType,
  type MemberRole,
} from '@platform/domain/chat/groups';
import type { MessageStatus } from '@platform/domain/chat/messageStatus';
import { overallUnread, type GroupStatistics } from '../../domain/chat/unread.js';
import { Actor, MemberCtx, num } from './membership.js';
import { displayName, type SupportRequester } from './people.js';
import { previewText } from './messages.js';

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/** PostgreSQL array text of integers (one parameter; the values are ids of our own rows or of authenticated users). */
const intArray = (xs: readonly number[]) => `{${xs.map((x) => Math.trunc(Number(x))).join(',')}}`;

/**
 * A timestamptz of a raw `db.execute` answer as a Date: node-postgres under Drizzle answers the text PostgreSQL sends,
 * PGlite a Date (what Drizzle's timestamp columns do with either).
 */
function dateOf(v: string | Date): Date {
  return v instanceof Date ? v : new Date(v);
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

/**
 * The newest live message id of the group `g` (0: none), as the lateral `lx.last_id`: the group's newest message
 * (migration 0021 counters) unless a deletion reached it (the deletion mark `k` at or above it; then looked up).
 */
const LAST_LIVE_ID = sql`cross join lateral (select
        case when g.last_message_id = 0 or g.last_message_id > coalesce(k.last_deleted_id, 0) then g.last_message_id
             else (select coalesce(max(m.id), 0) from chat_messages m where m.group_id = g.id and m.deleted_at is null)
        end as last_id) lx`;

/**
 * The group list's time of a group's newest live message (null: none) over the unaliased `chat_groups` and its
 * `chat_group_marks` row: the group's newest message time (migration 0021 counters) unless a deletion reached it (then
 * looked up) — no probe of chat_messages per group (issue 15).
 */
export const LAST_LIVE_AT = sql`(case when chat_groups.last_message_id = 0
    or chat_groups.last_message_id > coalesce(chat_group_marks.last_deleted_id, 0) then chat_groups.last_message_at
  else (select max(m.created_at) from chat_messages m where m.group_id = chat_groups.id and m.deleted_at is null) end)`;

/** The {@link StatRow} columns over a member row `cm`, its group `g`, its marks `k` and {@link LAST_LIVE_ID} `lx`. */
const STAT_COLUMNS = sql`g.id as "groupId", g.type as "groupType",
        g.msg_seq - cm.viewed_seq as "above",
        g.child_seq - cm.viewed_child_seq as "aboveChild",
        lx.last_id as "last",
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
        end as "reacted"`;

/** The statement of {@link statisticsFor} over the member rows `cm` (joined with their group `g`) that `where` keeps. */
async function statRows(db: DbOrTx, where: SQL): Promise<StatRow[]> {
  return rowsOf<StatRow>(
    await executePrepared(
      db,
      sql`
      select ${STAT_COLUMNS}
      from chat_members cm
      join chat_groups g on g.id = cm.group_id
      left join chat_group_marks k on k.group_id = cm.group_id
      ${LAST_LIVE_ID}
      where ${where}`,
    ),
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
  // one int[] parameter: member ids come from our own rows
  const memberIds = intArray(ctxs.map((c) => c.member.id));
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

/** One row of {@link previewRows}: a member row's group and figures with its last live message, sender, file, requester. */
interface PreviewRow extends StatRow {
  /** The position the source gave the member row (1-based). */
  ord: number | string;
  groupName: string;
  groupCreatedAt: string | Date;
  orderId: number | string | null;
  memberId: number;
  userId: number;
  role: string;
  favoriteId: number | null;
  lastViewedMessageId: number | string;
  /** The last live message (null: none) and its fields. */
  msgId: number | string | null;
  msgCreatedAt: string | Date | null;
  msgText: string | null;
  msgMetaData: unknown;
  msgFileId: string | null;
  msgSenderId: number | null;
  msgStatus: string | null;
  msgType: string | null;
  /** The sender's user row (null for the support user 10762 or a user that is gone). */
  senderName: string | null;
  senderSurname: string | null;
  senderEmail: string | null;
  /** The original name of the message's file (null: no file, or no such stored file). */
  fileName: string | null;
  /** ECVP_SUPPORT groups: the OWNER member's user and company short name (null: none). */
  reqId: number | null;
  reqName: string | null;
  reqSurname: string | null;
  reqEmail: string | null;
  reqCompanyName: string | null;
}

/**
 * ONE statement (issue 15: the group list had six in sequence — the page, the statistics, the support requesters,
 * the last messages, their files and their senders): for the member rows of `source` — a query of
 * `(member_id int, ord)` — each row's group, {@link STAT_COLUMNS}, its last live message ({@link LAST_LIVE_ID}) with
 * the sender's user row and the file's name, and, for an ECVP_SUPPORT group, its requester (the OWNER member's user
 * and company, people.ts supportRequesters). Unordered (see {@link previewRows}).
 */
function previewRowsSql(source: SQL): SQL {
  return sql`
      select p.ord as "ord", ${STAT_COLUMNS},
        g.name as "groupName", g.created_at as "groupCreatedAt", g.order_id as "orderId",
        cm.id as "memberId", cm.user_id as "userId", cm.role as "role", cm.favorite_id as "favoriteId",
        cm.last_viewed_message_id as "lastViewedMessageId",
        lm.id as "msgId", lm.created_at as "msgCreatedAt", lm.text as "msgText", lm.meta_data as "msgMetaData",
        lm.file_id as "msgFileId", lm.sender_id as "msgSenderId", lm.status as "msgStatus", lm.type as "msgType",
        su.name as "senderName", su.surname as "senderSurname", su.email as "senderEmail",
        f.original_name as "fileName",
        rq.id as "reqId", rq.name as "reqName", rq.surname as "reqSurname", rq.email as "reqEmail",
        rq.company_name as "reqCompanyName"
      from (${source}) p
      join chat_members cm on cm.id = p.member_id
      join chat_groups g on g.id = cm.group_id
      left join chat_group_marks k on k.group_id = cm.group_id
      ${LAST_LIVE_ID}
      left join chat_messages lm on lm.id = lx.last_id
      left join users su on su.id = lm.sender_id and lm.sender_id <> ${SUPPORT_USER_ID}
      left join stored_files f on f.id = lm.file_id
      left join lateral (select u.id, u.name, u.surname, u.email, c.short_name as company_name
                         from chat_members ro join users u on u.id = ro.user_id
                         left join companies c on c.id = u.company_id
                         where g.type = 'ECVP_SUPPORT' and ro.group_id = g.id and ro.role = 'OWNER'
                         order by ro.id limit 1) rq on true`;
}

/** Runs {@link previewRowsSql} over `source`, ordered by `ord`. */
async function previewRows(db: DbOrTx, source: SQL): Promise<PreviewRow[]> {
  return rowsOf<PreviewRow>(await executePrepared(db, sql`${previewRowsSql(source)} order by p.ord`));
}

/** The group and member fields a preview shows (from the caller's context, or from the preview statement). */
interface PreviewBase {
  group: Pick<ChatGroupRow, 'id' | 'type' | 'name' | 'createdAt' | 'orderId'>;
  member: Pick<ChatMemberRow, 'favoriteId' | 'role' | 'lastViewedMessageId'>;
}

/** The preview of one {@link PreviewRow} for `viewer`, showing `base`'s group and member fields. */
function previewOf(viewer: Actor, r: PreviewRow, base: PreviewBase, cursor: string): GroupPreview {
  const { group, member } = base;
  const { mentionedMessageIds: _m, newReactionsMessageIds: _r, lastMessageId: _l, ...statistics } = statisticsOf(r);
  let lastMessage: GroupPreview['lastMessage'] = null;
  if (r.msgId != null) {
    const msgId = num(r.msgId);
    const senderId = Number(r.msgSenderId);
    const self = isOwnMessage(senderId, viewer, group.type as GroupType);
    const fileId = r.msgFileId;
    lastMessage = {
      msgId,
      timeCreate: dateOf(r.msgCreatedAt as string | Date).toISOString(),
      fileName: fileId ? (r.fileName ?? null) : null,
      message:
        r.msgText ??
        previewText(
          chatMessages.metaData.mapFromDriverValue(r.msgMetaData as never) as Parameters<typeof previewText>[0],
        ),
      sender: {
        id: senderId,
        name:
          senderId === SUPPORT_USER_ID
            ? SUPPORT_NAME
            : r.senderEmail == null
              ? ''
              : displayName({ name: r.senderName ?? '', surname: r.senderSurname ?? '', email: r.senderEmail }),
      },
      messageStatus: (self
        ? r.msgStatus
        : msgId <= num(member.lastViewedMessageId)
          ? 'VIEWED'
          : 'DELIVERED') as MessageStatus,
      selfMsg: self,
      sentByGroup: senderId === SUPPORT_USER_ID,
      type: r.msgType as string,
    };
  }
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
    cursor,
    lastMessage,
    statistics,
    supportRequester:
      group.type === 'ECVP_SUPPORT' && r.reqId != null
        ? {
            id: Number(r.reqId),
            name: displayName({ name: r.reqName ?? '', surname: r.reqSurname ?? '', email: r.reqEmail ?? '' }),
            companyName: r.reqCompanyName ?? null,
          }
        : null,
  };
}

/** The group and member fields of a preview as the preview statement read them (its own snapshot). */
function rowBase(r: PreviewRow): PreviewBase {
  return {
    group: {
      id: r.groupId,
      type: r.groupType,
      name: r.groupName,
      createdAt: dateOf(r.groupCreatedAt),
      orderId: r.orderId == null ? null : num(r.orderId),
    },
    member: { favoriteId: r.favoriteId, role: r.role, lastViewedMessageId: num(r.lastViewedMessageId) },
  };
}

/**
 * Previews of the given member contexts for `viewer`, in the given order; `cursors[i]` is each row's cursor (default:
 * the group id). One statement whatever the number of groups ({@link previewRows}); the group and member fields shown
 * are the contexts' (as read by the caller), the statistics and the last message are read fresh.
 */
export async function groupPreviews(
  db: DbOrTx,
  viewer: Actor,
  ctxs: MemberCtx[],
  cursors?: string[],
): Promise<GroupPreview[]> {
  if (!ctxs.length) return [];
  // one int[] parameter: member ids come from our own rows
  const memberIds = intArray(ctxs.map((c) => c.member.id));
  const rows = await previewRows(
    db,
    sql`select t.member_id, t.ord from unnest(${memberIds}::int[]) with ordinality as t(member_id, ord)`,
  );
  return rows.map((r) => {
    const i = num(r.ord) - 1;
    return previewOf(viewer, r, ctxs[i], cursors?.[i] ?? String(ctxs[i].group.id));
  });
}

/** A page of the caller's group list (chat §4 "Group list"): the previews, and whether a next page exists. */
export interface GroupListPage {
  content: GroupPreview[];
  /** True when no row follows this page. */
  last: boolean;
  /** False when the caller (not a support account) has no support chat yet (ensureSupportGroup, src/chat/groups.ts). */
  hasSupportChat: boolean;
}

/**
 * The caller's group list page (chat §4 "Group list", POST group/filter): the caller's active member rows of groups not
 * deleted (an operator's ECVP_SUPPORT groups through the support user 10762) that `where` keeps (conditions over
 * `chat_members`, `chat_groups` and `chat_group_marks`, unaliased), ordered favourites first by favoriteId ascending,
 * then by the newest live message's time descending (the creation time for a group without one), then group id
 * descending; `limit` rows from `offset`, each with the cursor `offset + position`. ONE statement (issue 15), which also
 * answers whether a non-operator has its support chat (OWNER of an ECVP_SUPPORT group not deleted): when not, the
 * caller creates it and asks again.
 */
export async function groupListPage(
  db: DbOrTx,
  viewer: Actor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<GroupListPage> {
  const mine =
    viewer.accountType === 'OPER'
      ? sql`(chat_members.user_id = ${viewer.id} or (chat_members.user_id = ${SUPPORT_USER_ID} and chat_groups.type = 'ECVP_SUPPORT'))`
      : sql`chat_members.user_id = ${viewer.id}`;
  const sortKeys = sql`chat_members.favorite_id asc nulls last,
      coalesce(${LAST_LIVE_AT}, chat_groups.created_at) desc, chat_groups.id desc`;
  // row_number() counts before the offset: the row's place in the whole list, its cursor
  const page = sql`select chat_members.id as member_id, row_number() over (order by ${sortKeys}) as ord
      from chat_members
      join chat_groups on chat_groups.id = chat_members.group_id
      left join chat_group_marks on chat_group_marks.group_id = chat_groups.id
      where ${mine} and chat_members.left_at is null and chat_groups.deleted_at is null${where ? sql` and ${where}` : sql``}
      order by ${sortKeys}
      limit ${limit + 1}::int offset ${offset}::int`;
  const hasSupport =
    viewer.accountType === 'OPER'
      ? sql`true`
      : sql`exists (select 1 from chat_groups sg join chat_members sm on sm.group_id = sg.id
          where sg.type = 'ECVP_SUPPORT' and sm.user_id = ${viewer.id} and sm.role = 'OWNER' and sg.deleted_at is null)`;
  // the support check rides along as a column of every row, and of the one row answered when the page is empty
  const rows = rowsOf<PreviewRow & { hasSupport: boolean }>(
    await executePrepared(
      db,
      sql`
      select s.has_support as "hasSupport", q.* from (select ${hasSupport} as has_support) s
      left join (${previewRowsSql(page)}) q on true
      order by q.ord`,
    ),
  );
  const found = rows.filter((r) => r.ord != null);
  const shown = found.slice(0, limit);
  return {
    content: shown.map((r) => previewOf(viewer, r, rowBase(r), String(num(r.ord)))),
    last: found.length <= limit,
    hasSupportChat: rows.length > 0 && !!rows[0].hasSupport,
  };
}

/** A viewer's group, for {@link previewsOfPairs}. */
export interface ViewerGroup {
  viewer: Actor;
  groupId: number;
}

/**
 * The previews of many (viewer, group) pairs in ONE statement (issue 15: the realtime stream's per-recipient group view):
 * each the preview GET group/{id} answers to that viewer (the same {@link previewOf} over the row it acts through —
 * its own active member row, or the support user 10762's in an ECVP_SUPPORT group for an operator, as
 * membership.ts findMembership — without members and chat info), read fresh in the statement's snapshot. Keyed
 * `${viewer.id}:${groupId}`; a pair whose viewer is not an active member of the group, or whose group is deleted, is absent
 * (GET group/{id} would answer 404 CHAT_NOT_FOUND).
 */
export async function previewsOfPairs(db: DbOrTx, pairs: readonly ViewerGroup[]): Promise<Map<string, GroupPreview>> {
  const out = new Map<string, GroupPreview>();
  if (!pairs.length) return out;
  const users = intArray(pairs.map((p) => p.viewer.id));
  const groups = intArray(pairs.map((p) => p.groupId));
  const support = `{${pairs.map((p) => (isSupportAccount(p.viewer) ? 't' : 'f')).join(',')}}`;
  const rows = await previewRows(
    db,
    sql`select am.id as member_id, t.ord
      from unnest(${users}::int[], ${groups}::int[], ${support}::bool[]) with ordinality as t(user_id, group_id, support, ord)
      join chat_groups ag on ag.id = t.group_id and ag.deleted_at is null
      join chat_members am on am.group_id = t.group_id and am.left_at is null
        and am.user_id = case when t.support and ag.type = 'ECVP_SUPPORT' then ${SUPPORT_USER_ID}::int else t.user_id end`,
  );
  for (const r of rows) {
    const pair = pairs[num(r.ord) - 1];
    out.set(`${pair.viewer.id}:${pair.groupId}`, previewOf(pair.viewer, r, rowBase(r), String(pair.groupId)));
  }
  return out;
}

/**
 * GET messages/unread of many viewers in ONE statement (issue 15: the realtime stream's per-recipient unread statistic):
 * for each, {@link overallUnread} over the statistics of {@link callerStatistics} — its active member rows of groups not
 * deleted, and for an operator also the support user 10762's rows of the ECVP_SUPPORT groups (read once for every
 * operator in `viewers`). Keyed by user id; a viewer without groups answers zeros.
 */
export async function overallUnreadOf(
  db: DbOrTx,
  viewers: readonly Actor[],
): Promise<Map<number, { unreadMessagesCount: number; lastMessageId: number }>> {
  const out = new Map<number, { unreadMessagesCount: number; lastMessageId: number }>();
  if (!viewers.length) return out;
  const anySupport = viewers.some((v) => isSupportAccount(v));
  // viewer -1: the desk's rows (10762 in ECVP_SUPPORT groups), shared by every operator
  const rows = rowsOf<StatRow & { viewerId: number }>(
    await executePrepared(
      db,
      sql`
      select src.viewer_id as "viewerId", ${STAT_COLUMNS}
      from (select u as viewer_id, u as member_user from unnest(${intArray(viewers.map((v) => v.id))}::int[]) as u
            union all select -1, ${SUPPORT_USER_ID}::int where ${anySupport}::bool) src
      join chat_members cm on cm.user_id = src.member_user
      join chat_groups g on g.id = cm.group_id
      left join chat_group_marks k on k.group_id = cm.group_id
      ${LAST_LIVE_ID}
      where cm.left_at is null and g.deleted_at is null and (src.viewer_id <> -1 or g.type = 'ECVP_SUPPORT')`,
    ),
  );
  const byViewer = new Map<number, MemberStatistics[]>();
  for (const r of rows) {
    const id = Number(r.viewerId);
    let list = byViewer.get(id);
    if (!list) byViewer.set(id, (list = []));
    list.push(statisticsOf(r));
  }
  const desk = byViewer.get(-1) ?? [];
  for (const v of viewers) {
    const own = byViewer.get(v.id) ?? [];
    out.set(v.id, overallUnread(isSupportAccount(v) ? [...own, ...desk] : own));
  }
  return out;
}
