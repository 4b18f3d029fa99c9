/**
 * Chat messages (spec chat §3, §4, §7): message views, insertion, paging and the realtime events of every durable change (appendChatEvents, src/chat/events.ts, called in
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
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, max, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterCommit, type DbOrTx } from '../../db/client.js';
import { kickSequencerOf } from '../sequencer.js';
import {
  chatGroups,
  chatInvitations,
  chatMembers,
  chatMessages,
  chatReactions,
  type ChatGroupRow,
  type ChatMemberRow,
  type ChatMessageRow,
} from '../../db/schema/chat.js';
import { storedFiles } from '../../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { isOwnMessage, type GroupType } from '@platform/domain/chat/groups';
import { formatMetaData, METADATA_TYPE_LABELS, isMetadataType, type MetadataType } from '@platform/domain/chat/message';
import type { MessageStatus } from '@platform/domain/chat/messageStatus';
import type { GroupEventKind, MessageModificationKind, RealtimeMessageType } from '@platform/domain/chat/events';
import { appendChatEvents, type NewChatEvent } from '../events.js';
import { Actor, groupRecipients, groupRecipientsQuery, num, recipientsWith } from './membership.js';
import { PRESENCE_REFRESH_MS, presenceStale, touchPresenceQuery, userNames } from './people.js';
import { isSupportAccount } from '@platform/domain/chat/groups';

/** An attached file as a message shows it (spec chat §3 files). */
export interface FileView {
  id: string;
  name: string;
  size: number;
  contentType: string;
  link: string;
}
/** A message as the chat API answers it (spec chat §3 "Message"). */
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

/** The download path of a chat file: `/api/secured/common/chat/{fileId}/file`. */
export function fileLink(fileId: string): string {
  return `/api/secured/common/chat/${fileId}/file`;
}

/**
 * What a caller of {@link messageViews} already holds, so that it is not read again (issue 15, the send route):
 * `names`: display names by user id (used when it has every sender and invited user of the views); `files`: stored
 * file rows (used when they cover every file of the views); `noReactions`: the rows were inserted in the caller's
 * still open transaction, so no reaction can exist yet.
 */
export interface KnownForViews {
  names?: Map<number, string>;
  files?: Array<typeof storedFiles.$inferSelect>;
  noReactions?: boolean;
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
  known: KnownForViews = {},
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
  const knownFiles = new Map((known.files ?? []).map((f) => [f.id, f]));
  const files = !fileIds.length
    ? []
    : fileIds.every((id) => knownFiles.has(id))
      ? fileIds.map((id) => knownFiles.get(id)!)
      : await db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
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
  const nameIds = [...[...rows, ...refs].map((r) => r.senderId), ...invitationRows.map((i) => i.invitedUserId)];
  const names = known.names && nameIds.every((id) => known.names!.has(id)) ? known.names : await userNames(db, nameIds);
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
  const reactionRows = known.noReactions
    ? []
    : await db
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
  known: KnownForViews = {},
): Promise<Record<string, unknown>> {
  const [view] = await messageViews(db, [row], group, null, 0, known);
  return eventMessageOf(row, view);
}

/** The realtime event shape of a message from its viewer-neutral view (see {@link eventMessage}). */
export function eventMessageOf(row: ChatMessageRow, view: MessageView): Record<string, unknown> {
  return { ...view, mentions: row.mentioned, replyMessageId: row.replyToId, forwardMessageId: row.forwardOfId };
}

/** The modifications whose event message is a stub of ids and a status (spec chat §4 MSG_DELIVERED, MSG_VIEWED). */
const STATUS_MODIFICATIONS: ReadonlySet<unknown> = new Set(['MSG_DELIVERED', 'MSG_VIEWED']);

/**
 * Adds `view` — the message's viewer-neutral event view ({@link eventMessage}'s shape) — to every MODIFY_MSG
 * MSG_DELIVERED / MSG_VIEWED payload among `events` that has none, in place (issue 15, real-use chat at 200 messages/s).
 * Those events carry only `{ msgId, groupId, status, metaData: ids }`, so without the view every reader (one gateway
 * subscription per recipient) had to load the message and its group over REST per event; the stream reads it once per
 * event instead. The view is the message as stored when the log is read (a later edit or deletion follows as its own
 * event); a deleted or missing message gets no view (readers fall back to their own read). Statements: none when no
 * such event is present, else 2 + 2 per group (rows, groups; names and reactions per group).
 * @returns `events` (the same array).
 */
export async function withStatusEventViews<E extends { kind: string; payload: Record<string, unknown> }>(
  db: DbOrTx,
  events: E[],
): Promise<E[]> {
  const wanting = events.filter(
    (e) =>
      e.kind === 'MODIFY_MSG' &&
      STATUS_MODIFICATIONS.has(e.payload.modification) &&
      e.payload.view === undefined &&
      typeof (e.payload.message as { msgId?: unknown } | undefined)?.msgId === 'number',
  );
  if (!wanting.length) return events;
  const msgIdOf = (e: E) => (e.payload.message as { msgId: number }).msgId;
  const ids = [...new Set(wanting.map(msgIdOf))];
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(inArray(chatMessages.id, ids), isNull(chatMessages.deletedAt)));
  if (!rows.length) return events;
  const groups = await db
    .select()
    .from(chatGroups)
    .where(inArray(chatGroups.id, [...new Set(rows.map((r) => r.groupId))]));
  const views = new Map<number, Record<string, unknown>>();
  for (const group of groups) {
    const mine = rows.filter((r) => r.groupId === group.id);
    const list = await messageViews(db, mine, group, null, 0);
    mine.forEach((row, i) => views.set(row.id, eventMessageOf(row, list[i]!)));
  }
  for (const e of wanting) {
    const view = views.get(msgIdOf(e));
    if (view) e.payload.view = view;
  }
  return events;
}

/** The new-message event (GROUP_MSG, or CHILD_MSG for a reply) of `row` for `recipients`; `message`: {@link eventMessage}. */
export function newMessageEvent(
  row: ChatMessageRow,
  group: ChatGroupRow,
  message: Record<string, unknown>,
  recipients: number[],
): NewChatEvent {
  const kind: RealtimeMessageType = row.replyToId != null ? 'CHILD_MSG' : 'GROUP_MSG';
  return { recipients, kind, payload: { type: kind, groupId: group.id, message } };
}

/** Appends a new-message event (GROUP_MSG, or CHILD_MSG for a reply) for the group's members. */
export async function emitNewMessage(tx: DbOrTx, row: ChatMessageRow, group: ChatGroupRow): Promise<void> {
  const message = await eventMessage(tx, row, group);
  await appendChatEvents(tx, [newMessageEvent(row, group, message, await groupRecipients(tx, group.id))]);
}

/** A MODIFY_MSG event of `group` for `recipients`: `{ type, modification, groupId, message, ...extra }`. */
export function modifyEvent(
  group: ChatGroupRow,
  modification: MessageModificationKind,
  message: Record<string, unknown>,
  extra: Record<string, unknown>,
  recipients: number[],
): NewChatEvent {
  return {
    recipients,
    kind: 'MODIFY_MSG',
    payload: { type: 'MODIFY_MSG', modification, groupId: group.id, message, ...extra },
  };
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
    modifyEvent(group, modification, message, extra, recipients ?? (await groupRecipients(tx, group.id))),
  ]);
}

/**
 * The update that marks VIEWED the messages of others in (`from`, `to`] of a group that are not VIEWED yet and not
 * deleted (spec chat §4 MSG_VIEWED), for the member acting as `viewerId`; returns their ids. Not run: await it, or
 * embed it as a CTE.
 */
export function viewedUpdateQuery(db: DbOrTx, groupId: number, viewerId: number, from: number, to: number) {
  return db
    .update(chatMessages)
    .set({ status: 'VIEWED' })
    .where(
      and(
        eq(chatMessages.groupId, groupId),
        sql`${chatMessages.id} > ${from} and ${chatMessages.id} <= ${to}`,
        sql`${chatMessages.senderId} <> ${viewerId}`,
        isNull(chatMessages.deletedAt),
        sql`${chatMessages.status} <> 'VIEWED'`,
      ),
    )
    .returning({ id: chatMessages.id });
}

/**
 * The MSG_VIEWED event of messages `ids` (ascending, at least one) viewed by `viewerId` (spec chat §4 "MSG_VIEWED … If
 * metaData holds several ids, all of them become VIEWED"): msgId the highest, metaData the ids joined by commas.
 */
export function msgViewedEvent(
  group: ChatGroupRow,
  viewerId: number,
  ids: number[],
  recipients: number[],
): NewChatEvent {
  return modifyEvent(
    group,
    'MSG_VIEWED',
    { msgId: ids[ids.length - 1], groupId: group.id, status: 'VIEWED', metaData: ids.join(',') },
    { viewerId },
    recipients,
  );
}

/**
 * What sending a message changes besides the message row (spec chat §4, §7 POST group/{id}/messages), in ONE statement
 * (issue 15, the send route's cost; data-modifying CTEs): the sender's read pointer moves to the new message, the
 * last-viewed time to its creation time (the group row is locked: it is the newest); the others' messages the pointer
 * passes become VIEWED ({@link viewedUpdateQuery}); the sender is seen now (people.ts touchPresence; skipped when
 * `lastSeenAt` is given and under {@link PRESENCE_REFRESH_MS} old, see people.ts presenceStale); and the group's
 * recipients are read ({@link groupRecipientsQuery}; after the insert, under the group lock).
 * @returns the ids that became VIEWED (ascending) and the recipients (10762 expanded to the active operators).
 */
export async function recordSentMessage(
  tx: DbOrTx,
  args: {
    group: ChatGroupRow;
    member: ChatMemberRow;
    row: ChatMessageRow;
    userId: number;
    now: Date;
    /** The sender's stored last-seen time as read earlier in the transaction ({@link lockMembership}), if known. */
    lastSeenAt?: Date | null;
  },
): Promise<{ viewed: number[]; recipients: number[] }> {
  const { group, member, row } = args;
  const pointer = tx
    .update(chatMembers)
    .set({ lastViewedMessageId: row.id, lastViewedAt: row.createdAt })
    .where(eq(chatMembers.id, member.id));
  const viewed = viewedUpdateQuery(tx, group.id, member.userId, num(member.lastViewedMessageId), row.id);
  const touch = args.lastSeenAt === undefined || presenceStale(args.lastSeenAt, args.now);
  const presence = touch ? sql`, presence as ${touchPresenceQuery(tx, args.userId, args.now)}` : sql``;
  // an embedded query renders in parentheses already: `as ${q}` gives `as (…)`
  const result = await tx.execute(sql`
    with pointer as ${pointer}, viewed as ${viewed}${presence}
    select array(select id from viewed order by id) as viewed, array(${groupRecipientsQuery(tx, group.id)}) as recipients`);
  const [r] = (result as unknown as { rows: Array<{ viewed: unknown[]; recipients: unknown[] }> }).rows;
  return {
    viewed: r.viewed.map(Number),
    recipients: await recipientsWith(
      tx,
      r.recipients.map((userId) => ({ userId: Number(userId) })),
    ),
  };
}

/**
 * A table row from its `to_jsonb(row)` form (snake_case keys, JSON values), mapped by the table's Drizzle columns
 * exactly as a select would map the driver's values (timestamps → Date, bigint mode number → number, arrays, jsonb).
 * Keys the JSON lacks become null. Used for the rows returned by chat_send_message (migration 0025).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = json[col.name];
    out[key] = v == null ? null : col.mapFromDriverValue(v);
  }
  return out as T['$inferSelect'];
}

/**
 * A send that {@link sendPlainMessage} can do in one statement: no invitation, and no forward with a file or pictures of
 * its own (a reply or a forward may, since migration 0026; own attachments since 0027, once the route has checked them).
 */
export function isPlainSend(b: {
  replyMessageId?: number | null;
  forwardMessageId?: number | null;
  fileId?: string | null;
  pictureIds?: string[] | null;
  metaData?: { metadataType?: string } | null;
}): boolean {
  const ownAttachments = !!b.fileId || (b.pictureIds ?? []).length > 0;
  return !(b.forwardMessageId && ownAttachments) && b.metaData?.metadataType !== 'GROUP_INVITATION';
}

/** The answer of {@link sendPlainMessage}. */
export type PlainSendOutcome =
  | { outcome: 'NOT_FOUND' }
  | { outcome: 'REPLY_NOT_FOUND' }
  | { outcome: 'FORWARD_NOT_FOUND' }
  | { outcome: 'MENTION_NOT_MEMBER' }
  /** An own upload of `own` gone since the route read it (expired, or attached to an order): the ids not found. */
  | { outcome: 'FILE_NOT_FOUND'; missing: string[] }
  | { outcome: 'DUP' | 'CREATED'; row: ChatMessageRow; group: ChatGroupRow; member: ChatMemberRow };

/**
 * Sends a plain message (see {@link isPlainSend}) in ONE statement, its own transaction (issue 15, the send route's
 * cost: one round trip instead of six; the SQL function chat_send_message of migration 0025). Call it with the database
 * handle (inside a transaction it joins that transaction, and the sequencer run waits for its commit); the event
 * sequencer run (afterCommit with kickSequencerOf) is awaited here once the statement has committed, as a
 * transaction() call would. Same semantics as the multi-statement path of the send route (spec
 * chat-and-shell §4, §5): the group row locked; 404 case, idempotent duplicate (same author and extMsgId, any group),
 * mentions all active members — each refusal writes nothing; then the insert with dateTimeCreate the later of `now`
 * and 1 ms after the group's newest message, the sender's read pointer and last-viewed time, the VIEWED marks with
 * their MSG_VIEWED event, presence touched when older than PRESENCE_REFRESH_MS, the recipients (10762 → active
 * operators), and the GROUP_MSG event whose message is the viewer-neutral view built here by {@link eventMessage}
 * (the fields known only after the insert — msgId, times, status, sender, group — set in SQL).
 * `args.text`: trimmed text or null; `args.mentioned`: deduplicated member user ids; `args.senderName`: the caller's
 * display name (the support user's name is SUPPORT_NAME of people.ts when the operator acts as 10762).
 * @returns the outcome; for DUP the existing message (the caller answers 200, or 409 when its group differs), for
 *   CREATED the new row; both with the group and the member row as read under the lock (pointer before the move).
 * Errors: whatever the database raises — the statement then rolls back as a whole, nothing half-written.
 */
export async function sendPlainMessage(
  db: DbOrTx,
  args: {
    groupId: number;
    user: Actor;
    extMsgId: string | null;
    text: string | null;
    mentioned: number[];
    metaData: ChatMessageRow['metaData'];
    /** The replied message's id (a CHILD_MSG), or null. */
    replyToId?: number | null;
    /**
     * The forwarded message's id, or null: the new row takes its text when `text` is null, its file and its pictures
     * (read here for the event view; the statement checks the message and the caller's membership of its group).
     */
    forwardOfId?: number | null;
    /**
     * The sender's own file and pictures (migration 0027), with their stored rows as the route read and checked them
     * (present, the caller's, no order's, pictures that are pictures): the statement locks them, refuses with
     * FILE_NOT_FOUND when one has gone since, and marks them attached. Not with `forwardOfId`.
     */
    own?: { fileId: string | null; pictureIds: string[]; files: Array<typeof storedFiles.$inferSelect> };
    now: Date;
    senderName: string;
    supportName: string;
  },
): Promise<PlainSendOutcome> {
  const { user, now } = args;
  const forwardOfId = args.forwardOfId ?? null;
  // not found (deleted, missing): the statement refuses the send with FORWARD_NOT_FOUND in its order of checks
  const forwarded = forwardOfId
    ? ((
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.id, forwardOfId), isNull(chatMessages.deletedAt)))
      )[0] ?? null)
    : null;
  // The event view of the message with placeholders for what only the insert decides (set by the SQL function).
  const placeholder: ChatMessageRow = {
    id: 0,
    groupId: args.groupId,
    senderId: user.id,
    authorUserId: user.id,
    extMsgId: args.extMsgId,
    text: args.text ?? forwarded?.text ?? null,
    fileId: args.own ? args.own.fileId : (forwarded?.fileId ?? null),
    pictureIds: args.own ? args.own.pictureIds : (forwarded?.pictureIds ?? []),
    replyToId: args.replyToId ?? null,
    forwardOfId,
    mentioned: args.mentioned,
    metaData: args.metaData,
    type: args.replyToId ? 'CHILD_MSG' : 'GROUP_MSG',
    status: 'SENT',
    edited: false,
    createdAt: now,
    editedAt: null,
    deletedAt: null,
    seq: 0,
    childSeq: 0,
  };
  const placeholderGroup = { id: args.groupId, type: '', name: '' } as ChatGroupRow;
  // a reply's quote (replyMessage), a forward's quote and files are read here, before the statement, which checks the
  // replied and the forwarded message again
  const template = await eventMessage(db, placeholder, placeholderGroup, {
    names: new Map([[user.id, args.senderName]]),
    files: args.own?.files ?? [],
    noReactions: true,
  });
  const result = await db.execute(sql`
    select outcome, msg, grp, mem from chat_send_message(${args.groupId}::int, ${user.id}::int,
      ${isSupportAccount(user)}::boolean, ${args.extMsgId}::text, ${placeholder.text}::text,
      ${`{${args.mentioned.map(Number).join(',')}}`}::int[], ${args.metaData ? JSON.stringify(args.metaData) : null}::jsonb,
      ${now.toISOString()}::timestamptz, ${PRESENCE_REFRESH_MS}::int, ${JSON.stringify(template)}::jsonb,
      ${args.senderName}::text, ${args.supportName}::text, ${args.replyToId ?? null}::int,
      ${forwardOfId}::bigint, ${placeholder.fileId}::uuid,
      ${`{${placeholder.pictureIds.join(',')}}`}::uuid[], ${!!args.own}::boolean)`);
  const [r] = (
    result as unknown as {
      rows: Array<{ outcome: string; msg: unknown; grp: unknown; mem: unknown }>;
    }
  ).rows;
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  if (
    r.outcome === 'NOT_FOUND' ||
    r.outcome === 'REPLY_NOT_FOUND' ||
    r.outcome === 'FORWARD_NOT_FOUND' ||
    r.outcome === 'MENTION_NOT_MEMBER'
  )
    return { outcome: r.outcome };
  if (r.outcome === 'FILE_NOT_FOUND')
    return { outcome: r.outcome, missing: (json(r.msg) as unknown as string[]).map(String) };
  if (r.outcome !== 'DUP' && r.outcome !== 'CREATED') throw new Error(`chat_send_message: outcome ${r.outcome}`);
  // The events are committed (or, inside a caller's transaction, will be): the sequencer moves them into the log.
  if (r.outcome === 'CREATED') await afterCommit(db, kickSequencerOf);
  return {
    outcome: r.outcome,
    row: rowFromJson(chatMessages, json(r.msg)),
    group: rowFromJson(chatGroups, json(r.grp)),
    member: rowFromJson(chatMembers, json(r.mem)),
  };
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

/** The values of a new chat message row, without the id and the creation time {@link insertChatMessage} decides. */
export type NewChatMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'>;

/**
 * Inserts a message into its group so that, within the group, id order equals creation-time order (see the header):
 * 1. locks the group row (`select … for no key update` on chat_groups), so inserts into one group run one after
 *    another and each takes its id (bigserial, drawn at insert) after the previous one committed. NO KEY UPDATE (the
 *    lock an UPDATE of the row takes) rather than UPDATE: it does not wait for the KEY SHARE locks that foreign-key
 *    checks of concurrent inserts referencing the group (new members) hold. `groupLocked`: the caller already took
 *    that lock in this transaction ({@link lockMembership}), so this step is skipped;
 * 2. createdAt = the later of `now` and 1 ms after the group's newest message, deleted included (the rule of
 *    domain/chat/messages.ts nextMessageTime, computed in the insert itself — issue 15: one statement instead of two —
 *    on the milliseconds the app reads, so it equals nextMessageTime on the read value); the newest is found by id on
 *    the (group_id, id) index, which is exact because every insert keeps the invariant. The insert is a statement of
 *    its own after the lock, so its snapshot sees every insert that committed before the lock was granted;
 * 3. inserts with `on conflict do nothing` (the idempotent send: UNIQUE (author_user_id, ext_msg_id)).
 * Call it inside the writing transaction (the lock is held until commit). `now`: the app clock's time.
 * @returns the new row, or null when a message with the same author and extMsgId already exists (nothing inserted).
 * Errors: whatever the database raises (foreign keys, checks); the caller's transaction then rolls back.
 */
export async function insertChatMessage(
  tx: DbOrTx,
  values: NewChatMessage,
  now: Date,
  opts: { groupLocked?: boolean } = {},
): Promise<ChatMessageRow | null> {
  if (!opts.groupLocked)
    await tx
      .select({ id: chatGroups.id })
      .from(chatGroups)
      .where(eq(chatGroups.id, values.groupId))
      .for('no key update');
  const newest = tx
    .select({ next: sql`date_trunc('milliseconds', ${chatMessages.createdAt}) + interval '1 millisecond'` })
    .from(chatMessages)
    .where(eq(chatMessages.groupId, values.groupId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  const createdAt = sql`greatest(${now.toISOString()}::timestamptz, (${newest}))`;
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
