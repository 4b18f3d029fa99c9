/**
 * Tables of the chat (spec chat §3 entities, §6 group types and roles; DESIGN "Realtime": unread counters are
 * derived from read pointers). The realtime event log is in chat-events.ts (not here).
 *
 * - `chat_groups`: a group of a type of §6. `order_id` is set for a request's chat (one per order, unique).
 *   `deleted_at` marks a deleted group (hidden everywhere, kept for the history).
 * - `chat_members`: one row per (group, user). `user_id` is NOT a foreign key: in ECVP_SUPPORT groups the
 *   support user 10762 (§6, §9) is a member that stands for every operator. The READ POINTER is
 *   `last_viewed_message_id` (+ `last_viewed_at`); it only moves forward (domain/chat/unread.ts nextReadPointer).
 *   `favorite_id` is the order among the member's favourites (0 first), null = not a favourite. `left_at` set =
 *   the member left (or was removed); such a row counts as no membership.
 * - `chat_messages`: bigserial ids (monotonic: the read pointer compares ids). `sender_id` is the id the message
 *   is sent AS (10762 for an operator in a support group, domain/chat/groups.ts senderIdFor); `author_user_id` is
 *   the real user. Idempotent send: UNIQUE (author_user_id, ext_msg_id). Deleting sets `deleted_at` (soft).
 * - `chat_reactions`: one row per (message, user, emoji); ids are monotonic (hasNewReactions compares ids).
 * - `chat_presence`: last-seen time per user (online = under 4 minutes, chat §4).
 * - `chat_session_tokens`: the chat session token (sha256 of a random token, 12 h), accepted by the realtime stream.
 * - `chat_invitations`: invitations to an alliance (ECVP_PARTNER_CLIENT): PENDING → ACCEPTED | DECLINED.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './core.js';
import { orders, storedFiles } from './orders.js';

export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    /** ECVP_CLIENT | ECVP_PARTNER_CLIENT | ECVP_PARTNER | ECVP_SUPPORT (chat §6). */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The request whose chat this is (create-get, chat §7); null for other groups. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** The creator (null for groups the platform created: request chats, support chats). */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The group's message counters (issue 15; migration 0021), kept by the triggers of chat_messages on insert only
     * (the send path holds this row's lock already): `msg_seq` the number of messages ever inserted (= the `seq` of
     * the newest), `child_seq` the number of CHILD_MSG among them, `last_message_id` / `last_message_at` the id and
     * creation time of the newest message (deleted or not: a deletion does not write this row, see chat_group_marks),
     * `last_mention_id` the id of the newest message that mentions anyone (0: none). Never written by the app.
     */
    msgSeq: integer('msg_seq').notNull().default(0),
    childSeq: integer('child_seq').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMentionId: bigint('last_mention_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_groups_order_uq').on(t.orderId),
    check(
      'chat_groups_type_chk',
      sql`${t.type} in ('ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER', 'ECVP_SUPPORT')`,
    ),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    /** A user id, or the support user 10762 (no foreign key, see the header). */
    userId: integer('user_id').notNull(),
    /** OWNER | ADMIN | MODERATOR | PARTICIPANT (chat §6). */
    role: text('role').notNull().default('PARTICIPANT'),
    /** Order among the member's favourites, 0 first; null = not a favourite (chat §3 favoriteId). */
    favoriteId: integer('favorite_id'),
    /** The read pointer: last viewed message id, 0 = nothing viewed. */
    lastViewedMessageId: bigint('last_viewed_message_id', { mode: 'number' }).notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** Last reaction id seen (hasNewReactions). */
    lastSeenReactionId: bigint('last_seen_reaction_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /**
     * The `seq` / `child_seq` of the newest message of the group with an id at or below the read pointer (0 when
     * none), set by a trigger whenever the pointer is written (migration 0021): the messages above the pointer are
     * `chat_groups.msg_seq - viewed_seq` without reading them (issue 15). Never written by the app.
     */
    viewedSeq: integer('viewed_seq').notNull().default(0),
    viewedChildSeq: integer('viewed_child_seq').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_members_group_user_uq').on(t.groupId, t.userId),
    index('chat_members_user_idx').on(t.userId),
    check('chat_members_role_chk', sql`${t.role} in ('OWNER', 'ADMIN', 'MODERATOR', 'PARTICIPANT')`),
    check('chat_members_pointer_chk', sql`${t.lastViewedMessageId} >= 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    /** The id the message is sent as (10762 for support). */
    senderId: integer('sender_id').notNull(),
    /** The real author. */
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    /** The client's external message id (msg_<number>, chat §5); unique per author. */
    extMsgId: text('ext_msg_id'),
    text: text('text'),
    fileId: uuid('file_id').references(() => storedFiles.id),
    /** Stored file ids of attached pictures (jpg, jpeg, png, webp; chat §5). */
    pictureIds: uuid('picture_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    forwardOfId: bigint('forward_of_id', { mode: 'number' }),
    mentioned: integer('mentioned')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** `{ userMessage, metadataType }` (chat §3) or null. */
    metaData: jsonb('meta_data').$type<{ userMessage: string; metadataType: string }>(),
    /** GROUP_MSG, or CHILD_MSG for a reply (chat §4). */
    type: text('type').notNull().default('GROUP_MSG'),
    /** SENT → DELIVERED → VIEWED (chat §3), never backwards. */
    status: text('status').notNull().default('SENT'),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The message's place in its group (issue 15; migration 0021): `seq` = 1 + the number of earlier messages of the
     * group (deleted included), `child_seq` = the number of CHILD_MSG messages of the group up to and including this
     * one. Set by a BEFORE INSERT trigger (the default is never stored); group_id, sender_id, type, mentioned and these
     * two never change, and a message is never removed (soft delete only): the triggers refuse both.
     */
    seq: integer('seq').notNull().default(0),
    childSeq: integer('child_seq').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_messages_author_ext_uq').on(t.authorUserId, t.extMsgId),
    index('chat_messages_group_idx').on(t.groupId, t.id),
    /**
     * A member's own messages above the read pointer (group statistics, issue 15), with their type: the statistics
     * count them and their CHILD_MSG from the index alone (migration 0024; was (group, sender, id) and a heap read each).
     */
    index('chat_messages_group_sender_type_idx').on(t.groupId, t.senderId, t.id, t.type),
    /** Deleted messages above a read pointer (group statistics, issue 15): few rows. */
    index('chat_messages_group_deleted_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.deletedAt} is not null`),
    /** Messages that mention someone (hasNewMentions, issue 15): few rows. */
    index('chat_messages_group_mention_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.mentioned} <> '{}'::int[]`),
    /** The group list's order by last message time (issue 15): max(created_at) of a group's live messages in one probe. */
    index('chat_messages_group_live_created_idx')
      .on(t.groupId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    check('chat_messages_status_chk', sql`${t.status} in ('SENT', 'DELIVERED', 'VIEWED')`),
    check('chat_messages_type_chk', sql`${t.type} in ('GROUP_MSG', 'CHILD_MSG')`),
  ],
);

export const chatReactions = pgTable(
  'chat_reactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    /** The id the reaction is made as (10762 for support). */
    userId: integer('user_id').notNull(),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The message's group and sender (issue 15; migration 0021), copied from the message by a BEFORE INSERT trigger
     * (the default is never stored; a message's group and sender never change): hasNewReactions reads a member's
     * reactions by (group, sender) without reading the group's messages.
     */
    groupId: integer('group_id').notNull().default(0),
    messageSenderId: integer('message_sender_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_reactions_uq').on(t.messageId, t.userId, t.emoji),
    index('chat_reactions_group_sender_idx').on(t.groupId, t.messageSenderId, t.id),
  ],
);

/**
 * Per group, the marks of the writes that do not lock the group row (issue 15; migration 0021), kept by triggers:
 * `last_deleted_id` the highest id of a message ever deleted in the group, `last_reaction_id` the highest reaction id
 * ever added to one of its messages (0: none). They only grow and only tell the statistics whether to look (a deleted
 * message or a new reaction above a member's pointer); the answer is then read from the rows. A separate table: a
 * deletion updating the group row, which the send path locks before it marks messages VIEWED, could deadlock with it.
 */
export const chatGroupMarks = pgTable('chat_group_marks', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => chatGroups.id),
  lastDeletedId: bigint('last_deleted_id', { mode: 'number' }).notNull().default(0),
  lastReactionId: bigint('last_reaction_id', { mode: 'number' }).notNull().default(0),
});

export const chatPresence = pgTable('chat_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});

export const chatSessionTokens = pgTable(
  'chat_session_tokens',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the token, hex. */
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The signed-in session that asked for the token (issue 14): the token lives only while that session does —
     * deleting the session (logout, password change, suspension, expiry) deletes its tokens (ON DELETE CASCADE).
     */
    sessionSid: text('session_sid')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_session_tokens_hash_uq').on(t.tokenHash),
    index('chat_session_tokens_session_idx').on(t.sessionSid),
  ],
);

export const chatInvitations = pgTable(
  'chat_invitations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    invitedUserId: integer('invited_user_id')
      .notNull()
      .references(() => users.id),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    /** PENDING | ACCEPTED | DECLINED. */
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_invitations_user_idx').on(t.invitedUserId, t.status),
    check('chat_invitations_status_chk', sql`${t.status} in ('PENDING', 'ACCEPTED', 'DECLINED')`),
  ],
);

export type ChatGroupRow = typeof chatGroups.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
