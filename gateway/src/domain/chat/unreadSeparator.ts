/**
 * Where the UNREAD separator goes in a message list (spec chat §4 "Message status"). Pure, no I/O.
 *
 * The list is in display order, oldest first. The separator goes right before the first message that is
 * from someone else and unread for the viewer (viewer status DELIVERED, messageStatus.ts), except when that
 * message is the first item of the list: then there is no separator. Own messages never start the unread
 * part, even when they come after unread ones. At most one separator per list.
 */
import { viewerMessageStatus, type Instant, type MessageStatus } from './messageStatus.js';

/** The part of a message the rule reads. */
export interface SeparatorMessage {
  own: boolean;
  status: MessageStatus;
  dateTimeCreate: Instant;
}

/**
 * Index to insert the separator before, or null for none (chat §4).
 * @param messages the list, oldest first
 * @param lastViewedAt the viewer's last-viewed time in the group, null when never viewed
 */
export function unreadSeparatorIndex(
  messages: readonly SeparatorMessage[],
  lastViewedAt: Instant | null | undefined,
): number | null {
  const i = messages.findIndex((m) => !m.own && viewerMessageStatus(m, lastViewedAt) === 'DELIVERED');
  return i > 0 ? i : null;
}

/** The separator item (chat §4: "a separator item of type UNREAD"). */
export interface UnreadSeparatorItem {
  type: 'UNREAD';
}

/** The list with the UNREAD separator inserted where {@link unreadSeparatorIndex} says (a new array). */
export function withUnreadSeparator<M extends SeparatorMessage>(
  messages: readonly M[],
  lastViewedAt: Instant | null | undefined,
): (M | UnreadSeparatorItem)[] {
  const i = unreadSeparatorIndex(messages, lastViewedAt);
  if (i === null) return [...messages];
  return [...messages.slice(0, i), { type: 'UNREAD' }, ...messages.slice(i)];
}
