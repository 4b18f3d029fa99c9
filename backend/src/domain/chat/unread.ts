/**
 * Unread counters, mention and reaction flags, derived from read pointers (spec chat §3 statistics, §4
 * "Message status", "New message handling"; DESIGN "Realtime": counters are derived, not incremented blindly).
 *
 * The rule, for one member of one group:
 *   unread(member) = #{ message m in the group | m.senderId ≠ member, m.id > member.lastViewedMessageId, ¬m.deleted }
 * It is never negative and depends only on the current messages and the pointer, so it is exact after any
 * sequence of sends, views, deletes and reconnects. A SQL count with the same predicate gives the same number.
 *
 * Read pointer (lastViewedMessageId, 0 = nothing viewed):
 *   - it only moves forward (a late or repeated "viewed" call never makes messages unread again);
 *   - it is clamped to the group's last message id (a client cannot pre-read messages that do not exist yet);
 *   - a member who joins starts at the group's last message id (history is not unread for a newcomer: our
 *     choice, the spec is silent);
 *   - in ECVP_SUPPORT groups the operators read as the support user (groups.ts senderIdFor), so the support
 *     desk shares one pointer.
 * Mentions: hasNewMentions when an unread message mentions the member (mentionedMessageIds lists them).
 * Reactions: hasNewReactions when another user reacted to one of the member's own, not deleted messages with
 *   a reaction id above the member's lastSeenReactionId (reaction ids are monotonic serials); viewing the
 *   group moves lastSeenReactionId to the group's last reaction id.
 *
 * {@link applyUnreadOp} keeps the same counters incrementally (for a cache or a client model); the tests check
 * that it always equals the derived value.
 */
import { GROUP_TYPES, type GroupType } from '@platform/domain/chat/groups';

/** The part of a message the counters read. Ids are monotonic per database (serial). */
export interface CountedMessage {
  id: number;
  senderId: number;
  deleted: boolean;
  /** User ids mentioned in the message. */
  mentions?: readonly number[];
  /** Realtime type of the message, for unreadMessagesCounters; default GROUP_MSG (chat §3). */
  type?: string;
}

/** A reaction: its own monotonic id, the message it is on and who reacted. */
export interface CountedReaction {
  id: number;
  messageId: number;
  userId: number;
}

/** One member's read state in one group (chat §3 "Current chat info"). */
export interface ReadState {
  memberId: number;
  /** Last viewed message id, 0 when nothing was viewed. */
  lastViewedMessageId: number;
  /** Last reaction id the member has seen, 0 when none. */
  lastSeenReactionId: number;
}

/** Whether `m` is unread for `memberId` with read pointer `lastViewedMessageId` (the rule above). */
export function isUnreadFor(m: CountedMessage, memberId: number, lastViewedMessageId: number): boolean {
  return !m.deleted && m.senderId !== memberId && m.id > lastViewedMessageId;
}

/** The member's unread count in one group (chat §3 unreadMessagesCount). Never negative. */
export function unreadCount(messages: Iterable<CountedMessage>, memberId: number, lastViewedMessageId: number): number {
  let n = 0;
  for (const m of messages) if (isUnreadFor(m, memberId, lastViewedMessageId)) n++;
  return n;
}

/**
 * The next read pointer after a "viewed" call (chat §7 group viewed, viewed/to, messages viewed).
 * @param current the stored pointer
 * @param viewedUpTo the message id the member has seen up to (for "group viewed": the last message id)
 * @param lastMessageId the group's last message id (0 for an empty group)
 * @returns max(current, min(viewedUpTo, lastMessageId)): forward only, never past the last message.
 */
export function nextReadPointer(current: number, viewedUpTo: number, lastMessageId: number): number {
  return Math.max(current, Math.min(viewedUpTo, lastMessageId));
}

/** Ids of unread messages that mention the member (chat §3 mentionedMessageIds), ascending. */
export function mentionedMessageIds(
  messages: Iterable<CountedMessage>,
  memberId: number,
  lastViewedMessageId: number,
): number[] {
  const ids: number[] = [];
  for (const m of messages) {
    if (isUnreadFor(m, memberId, lastViewedMessageId) && m.mentions?.includes(memberId)) ids.push(m.id);
  }
  return ids.sort((a, b) => a - b);
}

/** Ids of the member's own, not deleted messages with a reaction by someone else newer than lastSeenReactionId (chat §3 newReactionsMessageIds), ascending. */
export function newReactionsMessageIds(
  messages: Iterable<CountedMessage>,
  reactions: Iterable<CountedReaction>,
  read: ReadState,
): number[] {
  const own = new Set<number>();
  for (const m of messages) if (!m.deleted && m.senderId === read.memberId) own.add(m.id);
  const ids = new Set<number>();
  for (const r of reactions) {
    if (r.id > read.lastSeenReactionId && r.userId !== read.memberId && own.has(r.messageId)) ids.add(r.messageId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Per-group statistics (chat §3 "Group statistics"). */
export interface GroupStatistics {
  groupId: number;
  hasMessages: boolean;
  hasNewMentions: boolean;
  hasNewReactions: boolean;
  unreadMessagesCount: number;
  /** Unread count per message type; always holds the default GROUP_MSG entry, other types when above 0. */
  unreadMessagesCounters: { type: string; count: number }[];
}

/** Derives one group's statistics for one member (chat §3), from messages, reactions and the read state. */
export function groupStatistics(
  groupId: number,
  messages: readonly CountedMessage[],
  reactions: readonly CountedReaction[],
  read: ReadState,
): GroupStatistics {
  const byType = new Map<string, number>([['GROUP_MSG', 0]]);
  let unread = 0;
  for (const m of messages) {
    if (!isUnreadFor(m, read.memberId, read.lastViewedMessageId)) continue;
    unread++;
    const t = m.type ?? 'GROUP_MSG';
    byType.set(t, (byType.get(t) ?? 0) + 1);
  }
  return {
    groupId,
    hasMessages: messages.some((m) => !m.deleted),
    hasNewMentions: mentionedMessageIds(messages, read.memberId, read.lastViewedMessageId).length > 0,
    hasNewReactions: newReactionsMessageIds(messages, reactions, read).length > 0,
    unreadMessagesCount: unread,
    unreadMessagesCounters: [...byType].map(([type, count]) => ({ type, count })),
  };
}

/**
 * The overall unread statistic (chat §3 "Unread statistic", §7 GET messages/unread): the sum of the member's
 * per-group counts and the highest message id in the member's groups (0 when none), which the client uses to
 * skip realtime messages it has already counted (chat §4).
 */
export function overallUnread(groups: readonly { unreadMessagesCount: number; lastMessageId: number }[]): {
  unreadMessagesCount: number;
  lastMessageId: number;
} {
  let count = 0;
  let last = 0;
  for (const g of groups) {
    count += Math.max(0, g.unreadMessagesCount);
    last = Math.max(last, g.lastMessageId);
  }
  return { unreadMessagesCount: count, lastMessageId: last };
}

/** One entry of {@link groupCountsByType}. */
export interface GroupTypeCounts {
  groupType: GroupType;
  /** The member's groups of the type. */
  groupCount: number;
  /** Those of them with an unread count above 0. */
  unreadGroupCount: number;
  /** The sum of their unread counts (each clamped at 0, like {@link overallUnread}). */
  unreadMessagesCount: number;
}

/**
 * Group counts by type (chat §3 "Group statistics by group type", §7 statistics answer "list of groupType and groupCount"):
 * every type of chat §6, in that order, 0 included, with the unread figures of the groups of the type. Each group's
 * `unreadMessagesCount` is its derived per-group count ({@link groupStatistics}), so the figures are exact and never
 * negative, and the sum of `unreadMessagesCount` over the types equals {@link overallUnread} of the same groups.
 */
export function groupCountsByType(
  groups: readonly { groupType: GroupType; unreadMessagesCount: number }[],
): GroupTypeCounts[] {
  return GROUP_TYPES.map((groupType) => {
    const ofType = groups.filter((g) => g.groupType === groupType);
    return {
      groupType,
      groupCount: ofType.length,
      unreadGroupCount: ofType.filter((g) => g.unreadMessagesCount > 0).length,
      unreadMessagesCount: overallUnread(
        ofType.map((g) => ({ unreadMessagesCount: g.unreadMessagesCount, lastMessageId: 0 })),
      ).unreadMessagesCount,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Incremental counters: the same numbers, kept up to date one operation at a time.

/** An operation on one group that can change unread counters. */
export type UnreadOp =
  | { kind: 'send'; messageId: number; senderId: number }
  | { kind: 'view'; memberId: number; upToMessageId: number }
  | { kind: 'delete'; messageId: number }
  | { kind: 'join'; memberId: number }
  | { kind: 'leave'; memberId: number }
  /** A client reconnect: changes nothing the counters depend on. */
  | { kind: 'reconnect'; memberId: number };

/** One group's counters: messages by id, each member's pointer and cached unread count. */
export interface UnreadBook {
  lastMessageId: number;
  messages: ReadonlyMap<number, { senderId: number; deleted: boolean }>;
  members: ReadonlyMap<number, { lastViewedMessageId: number; unread: number }>;
}

/** An empty group with the given members, nothing read. */
export function emptyUnreadBook(memberIds: readonly number[] = []): UnreadBook {
  return {
    lastMessageId: 0,
    messages: new Map(),
    members: new Map(memberIds.map((id) => [id, { lastViewedMessageId: 0, unread: 0 }])),
  };
}

/**
 * Applies one operation and returns the new book (the input is not changed).
 *   send    a new id above lastMessageId: +1 for every member other than the sender. A repeated or lower id
 *           is ignored (idempotent send: the existing message stands).
 *   view    moves the pointer by {@link nextReadPointer}; the count drops by the unread messages passed.
 *   delete  an existing, not yet deleted message: −1 for every member for whom it was unread.
 *   join    a new member starts at lastMessageId with 0 unread; an existing member is unchanged.
 *   leave   the member and their counter are dropped.
 *   reconnect  no change.
 * Counts never go below 0 (they cannot by construction; the clamp is a guard).
 */
export function applyUnreadOp(book: UnreadBook, op: UnreadOp): UnreadBook {
  switch (op.kind) {
    case 'send': {
      if (op.messageId <= book.lastMessageId || book.messages.has(op.messageId)) return book;
      const messages = new Map(book.messages).set(op.messageId, { senderId: op.senderId, deleted: false });
      const members = new Map(book.members);
      for (const [id, s] of members)
        if (id !== op.senderId && s.lastViewedMessageId < op.messageId) members.set(id, { ...s, unread: s.unread + 1 });
      return { lastMessageId: op.messageId, messages, members };
    }
    case 'view': {
      const s = book.members.get(op.memberId);
      if (!s) return book;
      const to = nextReadPointer(s.lastViewedMessageId, op.upToMessageId, book.lastMessageId);
      if (to === s.lastViewedMessageId) return book;
      let passed = 0;
      for (const [id, m] of book.messages) {
        if (id > s.lastViewedMessageId && id <= to && !m.deleted && m.senderId !== op.memberId) passed++;
      }
      const members = new Map(book.members).set(op.memberId, {
        lastViewedMessageId: to,
        unread: Math.max(0, s.unread - passed),
      });
      return { ...book, members };
    }
    case 'delete': {
      const m = book.messages.get(op.messageId);
      if (!m || m.deleted) return book;
      const messages = new Map(book.messages).set(op.messageId, { ...m, deleted: true });
      const members = new Map(book.members);
      for (const [id, s] of members) {
        if (id !== m.senderId && s.lastViewedMessageId < op.messageId)
          members.set(id, { ...s, unread: Math.max(0, s.unread - 1) });
      }
      return { ...book, messages, members };
    }
    case 'join': {
      if (book.members.has(op.memberId)) return book;
      return {
        ...book,
        members: new Map(book.members).set(op.memberId, { lastViewedMessageId: book.lastMessageId, unread: 0 }),
      };
    }
    case 'leave': {
      if (!book.members.has(op.memberId)) return book;
      const members = new Map(book.members);
      members.delete(op.memberId);
      return { ...book, members };
    }
    case 'reconnect':
      return book;
  }
}
