/**
 * Chat data access (spec chat §3, §4, §6, §7): membership scoping, group previews, message views, derived
 * statistics and the realtime events of every durable change (appendChatEvents, src/chat/events.ts, called in
 * the writing transaction).
 *
 * Membership: a user acts in a group as `senderIdFor(user, group.type)` (domain/chat/groups.ts): an operator in
 * an ECVP_SUPPORT group acts as the support user 10762, so the support desk shares one member row, one read
 * pointer and one set of favourites for those groups. Everyone else acts as themselves. A group is visible only
 * through an active member row (left_at null) of a group that is not deleted; anything else answers 404.
 *
 * Counters are derived, never stored (domain/chat/unread.ts): unread = messages of others above the read
 * pointer that are not deleted.
 *
 * Read pointer and time (spec chat §3 "Current chat info": lastViewedMessageId, lastViewedMessageDateTime; §4 "VIEWED if
 * it was created at or before the last-viewed time"): a member's `last_viewed_at` is the CREATION time of the newest
 * message of the group at or below the pointer (see {@link messageAtPointer}), never the wall-clock time of viewing;
 * and every message is inserted through {@link insertChatMessage}, which makes creation times strictly increasing in
 * id order within a group. Hence for every message m of the group: m.id ≤ pointer ⇔ m.createdAt ≤ last_viewed_at, so
 * the time rule (gateway statuses and UNREAD separator) and the id rule (unread counters here) always agree.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import {
  chatGroups,
  chatInvitations,
  chatMembers,
  chatMessages,
  chatPresence,
  chatReactions,
  type ChatGroupRow,
  type ChatMemberRow,
  type ChatMessageRow,
} from '../db/schema/chat.js';
import { companies, users } from '../db/schema/core.js';
import { storedFiles } from '../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { isOwnMessage, previewRole, senderIdFor, type GroupType, type MemberRole } from '@platform/domain/chat/groups';
import {
  formatMetaData,
  METADATA_TYPE_LABELS,
  isMetadataType,
  nextMessageTime,
  type MetadataType,
} from '@platform/domain/chat/message';
import type { MessageStatus } from '@platform/domain/chat/messageStatus';
import { offlineMarker } from '@platform/domain/chat/presence';
import { CHAT_ERRORS } from '@platform/domain/chat/errors';
import { SUPPORT_NAME } from '@platform/domain/chat/own';
import {
  groupStatistics,
  mentionedMessageIds,
  newReactionsMessageIds,
  type CountedMessage,
  type CountedReaction,
  type GroupStatistics,
} from '../domain/chat/unread.js';
import type { GroupEventKind, MessageModificationKind, RealtimeMessageType } from '@platform/domain/chat/events';
import { AppError } from '../errors.js';
import type { AuthUser } from '../plugins/auth.js';
import { appendChatEvents } from './events.js';

/** 404 for a group that does not exist, was deleted, or where the caller is not a member (no existence leak). */
export const CHAT_NOT_FOUND = { code: 'CHAT_NOT_FOUND', message: CHAT_ERRORS.CHAT_NOT_FOUND } as const;
export const MESSAGE_NOT_FOUND = { code: 'MESSAGE_NOT_FOUND', message: 'Сообщение не найдено' } as const;

export type Actor = Pick<AuthUser, 'id' | 'accountType'>;

export const notFoundGroup = () => AppError.notFound(CHAT_NOT_FOUND.message, CHAT_NOT_FOUND.code);
export const notFoundMessage = () => AppError.notFound(MESSAGE_NOT_FOUND.message, MESSAGE_NOT_FOUND.code);

const num = (v: unknown): number => Number(v ?? 0);

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
  await db
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

export interface FileView {
  id: string;
  name: string;
  size: number;
  contentType: string;
  link: string;
}
export interface MessageView {
  msgId: number;
  extMsgId: string | null;
  groupId: number;
  dateTimeCreate: string;
  timeCreate: string;
  text: string | null;
  status: MessageStatus;
  messageStatus: MessageStatus;
  selfMsg: boolean;
  sender: { id: number; name: string };
  sentByGroup: boolean;
  file: FileView | null;
  pictures: Array<{ id: string; name: string; previewPictureInfo: { link: string } }>;
  replyMessage: MessageSummary | null;
  forwardMessage: MessageSummary | null;
  mentioned: number[];
  type: string;
  group: { id: number; type: string; name: string };
  sourceMsgId: number | null;
  metaData: string | null;
  edited: boolean;
  dateTimeEdit: string | null;
  reactions: Array<{ emoji: string; count: number; userIds: number[] }>;
  /**
   * Only on GROUP_INVITATION messages (chat §3 metaData group invitation): the invitation the message announces, as every
   * member may see it (who was invited, whether it was accepted or declined); null when the invitation row is gone.
   */
  invitation?: MessageInvitationView | null;
}
/** The invitation of a GROUP_INVITATION message: its id, the invited user (id and display name) and its status now. */
export interface MessageInvitationView {
  id: number;
  invitedUserId: number;
  invitedUserName: string;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED';
}

/** The invitation id of a message's GROUP_INVITATION metaData (its userMessage, a positive integer), else null. */
export function invitationIdOfMessage(
  metaData: { userMessage?: string; metadataType?: string } | null | undefined,
): number | null {
  if (!metaData || metaData.metadataType !== 'GROUP_INVITATION' || !/^\d{1,15}$/.test(metaData.userMessage ?? ''))
    return null;
  const id = Number(metaData.userMessage);
  return id > 0 ? id : null;
}

/**
 * A replied-to or forwarded message. `selfMsg`: whether it is the viewer's own by the rule of the full view
 * (domain/chat/groups.ts isOwnMessage, judged in the summarised message's own group); false in viewer-neutral event views.
 */
export interface MessageSummary {
  msgId: number;
  text: string | null;
  sender: { id: number; name: string };
  selfMsg: boolean;
  deleted: boolean;
  fileName: string | null;
}

export function fileLink(fileId: string): string {
  return `/api/secured/common/chat/${fileId}/file`;
}

/**
 * Views of messages for `viewer` (chat §3 Message). Status for the viewer (chat §4): own messages carry the stored
 * status; others' are VIEWED at or below the viewer's read pointer, else DELIVERED.
 *
 * `selfMsg` (chat §6 "Messages of the current user are treated as own") is domain/chat/groups.ts isOwnMessage: the viewer
 * sent it, or the viewer is an operator and the support user 10762 sent it in an ECVP_SUPPORT group. Operators all write
 * there as 10762 (one desk, one voice), so a desk message is own for EVERY operator, whichever operator typed it.
 * `viewer` null gives the viewer-neutral view of realtime events: selfMsg false, the stored status; each receiver decides
 * (the gateway applies the same rule per subscriber).
 */
export async function messageViews(
  db: DbOrTx,
  rows: ChatMessageRow[],
  group: ChatGroupRow,
  viewer: Actor | null,
  pointer: number,
): Promise<MessageView[]> {
  if (!rows.length) return [];
  const refIds = [...new Set(rows.flatMap((r) => [r.replyToId, r.forwardOfId]).filter((x): x is number => x != null))];
  const refs = refIds.length ? await db.select().from(chatMessages).where(inArray(chatMessages.id, refIds)) : [];
  const refMap = new Map(refs.map((r) => [r.id, r]));
  // a forwarded message may come from another group: its own group's type decides whether it is the viewer's
  const refGroupTypes = new Map<number, string>([[group.id, group.type]]);
  const otherGroups = [...new Set(refs.map((r) => r.groupId))].filter((id) => id !== group.id);
  if (viewer && otherGroups.length) {
    for (const g of await db
      .select({ id: chatGroups.id, type: chatGroups.type })
      .from(chatGroups)
      .where(inArray(chatGroups.id, otherGroups)))
      refGroupTypes.set(g.id, g.type);
  }
  const fileIds = [
    ...new Set([...rows, ...refs].flatMap((r) => [r.fileId, ...r.pictureIds]).filter((x): x is string => !!x)),
  ];
  const files = fileIds.length ? await db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds)) : [];
  const fileMap = new Map(files.map((f) => [f.id, f]));
  // GROUP_INVITATION messages carry their invitation (one query for the page, in this group only) with the invited user's name
  const invitationIds = [
    ...new Set(rows.map((r) => invitationIdOfMessage(r.metaData)).filter((x): x is number => x != null)),
  ];
  const invitationRows = invitationIds.length
    ? await db
        .select()
        .from(chatInvitations)
        .where(and(inArray(chatInvitations.id, invitationIds), eq(chatInvitations.groupId, group.id)))
    : [];
  const invitationMap = new Map(invitationRows.map((i) => [i.id, i]));
  const names = await userNames(db, [
    ...[...rows, ...refs].map((r) => r.senderId),
    ...invitationRows.map((i) => i.invitedUserId),
  ]);
  const invitationView = (r: ChatMessageRow): { invitation?: MessageInvitationView | null } => {
    if (r.metaData?.metadataType !== 'GROUP_INVITATION') return {};
    const id = invitationIdOfMessage(r.metaData);
    const inv = id != null ? invitationMap.get(id) : undefined;
    return {
      invitation: inv
        ? {
            id: inv.id,
            invitedUserId: inv.invitedUserId,
            invitedUserName: names.get(inv.invitedUserId) ?? '',
            status: inv.status as MessageInvitationView['status'],
          }
        : null,
    };
  };
  const reactionRows = await db
    .select()
    .from(chatReactions)
    .where(
      inArray(
        chatReactions.messageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(chatReactions.id));
  const fileView = (id: string | null): FileView | null => {
    const f = id ? fileMap.get(id) : undefined;
    return f
      ? { id: f.id, name: f.originalName, size: f.size, contentType: f.contentType, link: fileLink(f.id) }
      : null;
  };
  const summary = (id: number | null): MessageSummary | null => {
    const r = id != null ? refMap.get(id) : undefined;
    if (!r) return null;
    const deleted = r.deletedAt != null;
    const self = viewer ? isOwnMessage(r.senderId, viewer, (refGroupTypes.get(r.groupId) ?? '') as GroupType) : false;
    return {
      msgId: r.id,
      text: deleted ? null : r.text,
      sender: { id: r.senderId, name: names.get(r.senderId) ?? '' },
      selfMsg: self,
      deleted,
      fileName: deleted ? null : (fileView(r.fileId)?.name ?? null),
    };
  };
  return rows.map((r) => {
    const self = viewer ? isOwnMessage(r.senderId, viewer, group.type as GroupType) : false;
    const status: MessageStatus =
      self || !viewer ? (r.status as MessageStatus) : r.id <= pointer ? 'VIEWED' : 'DELIVERED';
    const byEmoji = new Map<string, number[]>();
    for (const x of reactionRows)
      if (x.messageId === r.id) byEmoji.set(x.emoji, [...(byEmoji.get(x.emoji) ?? []), x.userId]);
    return {
      msgId: r.id,
      extMsgId: r.extMsgId,
      groupId: r.groupId,
      dateTimeCreate: r.createdAt.toISOString(),
      timeCreate: r.createdAt.toISOString(),
      text: r.text,
      status,
      messageStatus: status,
      selfMsg: self,
      sender: { id: r.senderId, name: names.get(r.senderId) ?? '' },
      sentByGroup: r.senderId === SUPPORT_USER_ID,
      file: fileView(r.fileId),
      pictures: r.pictureIds
        .map((id) => fileMap.get(id))
        .filter((f) => !!f)
        .map((f) => ({ id: f!.id, name: f!.originalName, previewPictureInfo: { link: fileLink(f!.id) } })),
      replyMessage: summary(r.replyToId),
      forwardMessage: summary(r.forwardOfId),
      mentioned: r.mentioned,
      type: r.type,
      group: { id: group.id, type: group.type, name: group.name },
      sourceMsgId: r.forwardOfId,
      metaData: r.metaData
        ? formatMetaData({ userMessage: r.metaData.userMessage, metadataType: r.metaData.metadataType as MetadataType })
        : null,
      edited: r.edited,
      dateTimeEdit: r.editedAt ? r.editedAt.toISOString() : null,
      reactions: [...byEmoji].map(([emoji, userIds]) => ({ emoji, count: userIds.length, userIds })),
      ...invitationView(r),
    };
  });
}

// ----------------------------------------------------------------------------------------------------------
// Events

/** Viewer-neutral view of a message for realtime events (the domain RealtimeMessage shape plus the full view). */
export async function eventMessage(
  db: DbOrTx,
  row: ChatMessageRow,
  group: ChatGroupRow,
): Promise<Record<string, unknown>> {
  const [view] = await messageViews(db, [row], group, null, 0);
  return { ...view, mentions: row.mentioned, replyMessageId: row.replyToId, forwardMessageId: row.forwardOfId };
}

/** Appends a new-message event (GROUP_MSG, or CHILD_MSG for a reply) for the group's members. */
export async function emitNewMessage(tx: DbOrTx, row: ChatMessageRow, group: ChatGroupRow): Promise<void> {
  const kind: RealtimeMessageType = row.replyToId != null ? 'CHILD_MSG' : 'GROUP_MSG';
  const message = await eventMessage(tx, row, group);
  await appendChatEvents(tx, [
    { recipients: await groupRecipients(tx, group.id), kind, payload: { type: kind, groupId: group.id, message } },
  ]);
}

/** Appends a MODIFY_MSG event. */
export async function emitModify(
  tx: DbOrTx,
  group: ChatGroupRow,
  modification: MessageModificationKind,
  message: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  recipients?: number[],
): Promise<void> {
  await appendChatEvents(tx, [
    {
      recipients: recipients ?? (await groupRecipients(tx, group.id)),
      kind: 'MODIFY_MSG',
      payload: { type: 'MODIFY_MSG', modification, groupId: group.id, message, ...extra },
    },
  ]);
}

/** Appends a MODIFY_GROUP_MSG event; `recipients` default: the group's members (plus `extra`). */
export async function emitGroupEvent(
  tx: DbOrTx,
  group: ChatGroupRow,
  event: GroupEventKind,
  opts: { userId?: number | null; recipients?: number[]; extra?: number[]; data?: Record<string, unknown> } = {},
): Promise<void> {
  await appendChatEvents(tx, [
    {
      recipients: opts.recipients ?? (await groupRecipients(tx, group.id, opts.extra)),
      kind: 'MODIFY_GROUP_MSG',
      payload: {
        type: 'MODIFY_GROUP_MSG',
        event,
        groupId: group.id,
        group: { id: group.id, groupType: group.type, name: group.name, pictureLink: null },
        userId: opts.userId ?? null,
        ...(opts.data ?? {}),
      },
    },
  ]);
}

// ----------------------------------------------------------------------------------------------------------
// Statistics and previews

export interface MemberCtx {
  group: ChatGroupRow;
  member: ChatMemberRow;
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
  const unread = await db
    .select({
      id: chatMessages.id,
      groupId: chatMessages.groupId,
      senderId: chatMessages.senderId,
      mentioned: chatMessages.mentioned,
      type: chatMessages.type,
    })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.groupId, chatMessages.groupId), inArray(chatMembers.id, memberIds)))
    .where(
      and(
        isNull(chatMessages.deletedAt),
        gt(chatMessages.id, chatMembers.lastViewedMessageId),
        sql`${chatMessages.senderId} <> ${chatMembers.userId}`,
      ),
    );
  const reacted = await db
    .select({
      id: chatReactions.id,
      messageId: chatReactions.messageId,
      userId: chatReactions.userId,
      groupId: chatMessages.groupId,
      senderId: chatMessages.senderId,
    })
    .from(chatReactions)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReactions.messageId))
    .innerJoin(chatMembers, and(eq(chatMembers.groupId, chatMessages.groupId), inArray(chatMembers.id, memberIds)))
    .where(
      and(
        isNull(chatMessages.deletedAt),
        gt(chatReactions.id, chatMembers.lastSeenReactionId),
        eq(chatMessages.senderId, chatMembers.userId),
        sql`${chatReactions.userId} <> ${chatMembers.userId}`,
      ),
    );
  const lasts = await db
    .select({ groupId: chatMessages.groupId, last: max(chatMessages.id) })
    .from(chatMessages)
    .where(and(inArray(chatMessages.groupId, groupIds), isNull(chatMessages.deletedAt)))
    .groupBy(chatMessages.groupId);
  const lastMap = new Map(lasts.map((l) => [l.groupId, num(l.last)]));
  for (const { group, member } of ctxs) {
    const msgs: CountedMessage[] = unread
      .filter((m) => m.groupId === group.id)
      .map((m) => ({ id: num(m.id), senderId: m.senderId, deleted: false, mentions: m.mentioned, type: m.type }));
    const rs = reacted.filter((r) => r.groupId === group.id);
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

/** The caller's active member contexts for the given groups (others silently left out). */
export async function myContexts(db: DbOrTx, user: Actor, where?: SQL): Promise<MemberCtx[]> {
  const rows = await db
    .select({ group: chatGroups, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chatGroups, eq(chatGroups.id, chatMembers.groupId))
    .where(and(myMemberCond(user), isNull(chatMembers.leftAt), isNull(chatGroups.deletedAt), where));
  return rows;
}

/** The values of a new chat message row, without the id and the creation time {@link insertChatMessage} decides. */
export type NewChatMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'>;

/**
 * Inserts a message into its group so that, within the group, id order equals creation-time order (see the header):
 * 1. locks the group row (`select … for no key update` on chat_groups), so inserts into one group run one after
 *    another and each takes its id (bigserial, drawn at insert) after the previous one committed. NO KEY UPDATE (the
 *    lock an UPDATE of the row takes) rather than UPDATE: it does not wait for the KEY SHARE locks that foreign-key
 *    checks of concurrent inserts referencing the group (new members) hold;
 * 2. createdAt = the later of `now` and 1 ms after the group's newest message, deleted included
 *    (domain/chat/messages.ts nextMessageTime); the newest is found by id on the (group_id, id) index, which is
 *    exact because every insert keeps the invariant;
 * 3. inserts with `on conflict do nothing` (the idempotent send: UNIQUE (author_user_id, ext_msg_id)).
 * Call it inside the writing transaction (the lock is held until commit). `now`: the app clock's time.
 * @returns the new row, or null when a message with the same author and extMsgId already exists (nothing inserted).
 * Errors: whatever the database raises (foreign keys, checks); the caller's transaction then rolls back.
 */
export async function insertChatMessage(tx: DbOrTx, values: NewChatMessage, now: Date): Promise<ChatMessageRow | null> {
  await tx.select({ id: chatGroups.id }).from(chatGroups).where(eq(chatGroups.id, values.groupId)).for('no key update');
  const [newest] = await tx
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.groupId, values.groupId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  const createdAt = nextMessageTime(now, newest?.createdAt ?? null);
  const [row] = await tx
    .insert(chatMessages)
    .values({ ...values, createdAt })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * The message a read pointer stands on (see the header): the newest message of the group with id ≤ `upTo`,
 * deleted included; without `upTo`, the group's newest message. `{ id: 0, createdAt: null }` when there is none
 * (an empty group, or a pointer of 0). Its `createdAt` is the member's lastViewedMessageDateTime for that pointer.
 */
export async function messageAtPointer(
  db: DbOrTx,
  groupId: number,
  upTo?: number,
): Promise<{ id: number; createdAt: Date | null }> {
  const [m] = await db
    .select({ id: chatMessages.id, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.groupId, groupId), upTo !== undefined ? lte(chatMessages.id, upTo) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return m ? { id: m.id, createdAt: m.createdAt } : { id: 0, createdAt: null };
}

/**
 * The list preview of a message without text (spec chat §3 "Group last message" message): the display label of its
 * metaData type (e.g. 'Приглашение в альянс'), with the userMessage after it except for invitations (an id); else null.
 */
export function previewText(
  metaData: { userMessage?: string; metadataType?: string } | null | undefined,
): string | null {
  if (!metaData || !isMetadataType(metaData.metadataType)) return null;
  const label = METADATA_TYPE_LABELS[metaData.metadataType];
  return metaData.metadataType === 'GROUP_INVITATION' || !metaData.userMessage
    ? label
    : `${label}: ${metaData.userMessage}`;
}

/** Highest not deleted message id of a group (0 when none). */
export async function lastMessageIdOf(db: DbOrTx, groupId: number): Promise<number> {
  const [r] = await db
    .select({ last: max(chatMessages.id) })
    .from(chatMessages)
    .where(and(eq(chatMessages.groupId, groupId), isNull(chatMessages.deletedAt)));
  return num(r?.last);
}

/** Highest message id of a group, deleted included (the read pointer may stand on a deleted message). */
export async function lastAnyMessageIdOf(db: DbOrTx, groupId: number): Promise<number> {
  const [r] = await db
    .select({ last: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.groupId, groupId));
  return num(r?.last);
}

/** Highest reaction id in a group (0 when none). */
export async function lastReactionIdOf(db: DbOrTx, groupId: number): Promise<number> {
  const [r] = await db
    .select({ last: max(chatReactions.id) })
    .from(chatReactions)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReactions.messageId))
    .where(eq(chatMessages.groupId, groupId));
  return num(r?.last);
}

/** Messages of a group (not deleted), one page by id: `before`/`after` exclusive; answers ascending by id. */
export async function pageMessages(
  db: DbOrTx,
  groupId: number,
  opts: { before?: number; after?: number; limit: number },
): Promise<{ rows: ChatMessageRow[]; more: boolean }> {
  const base = and(eq(chatMessages.groupId, groupId), isNull(chatMessages.deletedAt));
  if (opts.after != null) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(base, gt(chatMessages.id, opts.after)))
      .orderBy(asc(chatMessages.id))
      .limit(opts.limit + 1);
    return { rows: rows.slice(0, opts.limit), more: rows.length > opts.limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(base, opts.before != null ? lt(chatMessages.id, opts.before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(opts.limit + 1);
  return { rows: rows.slice(0, opts.limit).reverse(), more: rows.length > opts.limit };
}

export type { Db };
