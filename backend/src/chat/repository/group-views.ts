/**
 * Group previews and derived statistics (spec chat §3 "Current chat info", §4 counters): unread = messages of
 * others above the read pointer that are not deleted (domain/chat/unread.ts); counters are derived, never stored.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatMessages } from '../../db/schema/chat.js';
import { storedFiles } from '../../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { isOwnMessage, previewRole, type GroupType, type MemberRole } from '@platform/domain/chat/groups';
import type { MessageStatus } from '@platform/domain/chat/messageStatus';
import {
  groupStatistics,
  mentionedMessageIds,
  newReactionsMessageIds,
  type CountedMessage,
  type CountedReaction,
  type GroupStatistics,
} from '../../domain/chat/unread.js';
import { Actor, MemberCtx, num } from './membership.js';
import { userNames, SupportRequester, supportRequesters } from './people.js';
import { previewText } from './messages.js';

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/** The rows of `rows` by `key`, each list in the order of `rows`. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Derived statistics of each member row (domain/chat/unread.ts groupStatistics), by group id. */
export async function statisticsFor(
  db: DbOrTx,
  ctxs: MemberCtx[],
): Promise<
  Map<
    number,
    GroupStatistics & { mentionedMessageIds: number[]; newReactionsMessageIds: number[]; lastMessageId: number }
  >
> {
  const out = new Map<
    number,
    GroupStatistics & { mentionedMessageIds: number[]; newReactionsMessageIds: number[]; lastMessageId: number }
  >();
  if (!ctxs.length) return out;
  const memberIds = ctxs.map((c) => c.member.id);
  const groupIds = ctxs.map((c) => c.group.id);
  // Per member row, its unread messages by an index range (group_id, id > pointer) of chat_messages_group_idx: rows
  // read grow with the unread messages, not with the groups' history (a hash join read all 100 000 messages; issue 15).
  // OFFSET 0 keeps the lateral subquery from being flattened into that join.
  const unread = rowsOf<{ id: string | number; groupId: number; senderId: number; mentioned: number[]; type: string }>(
    await db.execute(sql`
      select u.id, u.group_id as "groupId", u.sender_id as "senderId", u.mentioned, u.type
      from chat_members cm
      cross join lateral (
        select m.id, m.group_id, m.sender_id, m.mentioned, m.type
        from chat_messages m
        where m.group_id = cm.group_id and m.id > cm.last_viewed_message_id and m.deleted_at is null
          and m.sender_id <> cm.user_id
        offset 0
      ) u
      where cm.id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  // Reactions newer than the oldest reaction pointer of these member rows (chat_reactions_pkey range), each message
  // found by its primary key: rows read grow with the recent reactions, not with the messages (a hash join read all of
  // chat_messages; issue 15). OFFSET 0 keeps the per-reaction lookup a nested loop.
  const minSeen = Math.min(...ctxs.map((c) => num(c.member.lastSeenReactionId)));
  const reacted = rowsOf<{
    id: string | number;
    messageId: string | number;
    userId: number;
    groupId: number;
    senderId: number;
  }>(
    await db.execute(sql`
      select r.id, r.message_id as "messageId", r.user_id as "userId", m.group_id as "groupId", m.sender_id as "senderId"
      from chat_reactions r
      cross join lateral (
        select x.group_id, x.sender_id from chat_messages x where x.id = r.message_id and x.deleted_at is null offset 0
      ) m
      join chat_members cm on cm.group_id = m.group_id and cm.user_id = m.sender_id
      where r.id > ${minSeen} and r.id > cm.last_seen_reaction_id and r.user_id <> cm.user_id
        and cm.id in (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
  );
  // one backward probe of chat_messages_group_idx per group (a GROUP BY would read every message of the groups)
  const lasts = rowsOf<{ groupId: number; last: string | number | null }>(
    await db.execute(sql`
      select g.id as "groupId",
             (select max(m.id) from chat_messages m where m.group_id = g.id and m.deleted_at is null) as last
      from chat_groups g
      where g.id in (${sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const lastMap = new Map(lasts.map((l) => [l.groupId, num(l.last)]));
  // by group once (an operator has hundreds of groups: filtering every row per group was groups × rows)
  const unreadByGroup = groupBy(unread, (m) => m.groupId);
  const reactedByGroup = groupBy(reacted, (r) => r.groupId);
  for (const { group, member } of ctxs) {
    const msgs: CountedMessage[] = (unreadByGroup.get(group.id) ?? []).map((m) => ({
      id: num(m.id),
      senderId: m.senderId,
      deleted: false,
      mentions: m.mentioned,
      type: m.type,
    }));
    const rs = reactedByGroup.get(group.id) ?? [];
    const ownReacted: CountedMessage[] = [...new Set(rs.map((r) => num(r.messageId)))].map((id) => ({
      id,
      senderId: member.userId,
      deleted: false,
    }));
    const reactions: CountedReaction[] = rs.map((r) => ({
      id: num(r.id),
      messageId: num(r.messageId),
      userId: r.userId,
    }));
    const all = [...msgs, ...ownReacted];
    const read = {
      memberId: member.userId,
      lastViewedMessageId: num(member.lastViewedMessageId),
      lastSeenReactionId: num(member.lastSeenReactionId),
    };
    const stats = groupStatistics(group.id, all, reactions, read);
    const lastMessageId = lastMap.get(group.id) ?? 0;
    out.set(group.id, {
      ...stats,
      hasMessages: lastMessageId > 0,
      mentionedMessageIds: mentionedMessageIds(all, read.memberId, read.lastViewedMessageId),
      newReactionsMessageIds: newReactionsMessageIds(all, reactions, read),
      lastMessageId,
    });
  }
  return out;
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
