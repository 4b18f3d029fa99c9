/**
 * Each message's status as the viewer sees it (spec chat §4 "Message status"). Pure, no I/O.
 *
 *   own message (sent by the viewer)            → its server status SENT, DELIVERED or VIEWED, unchanged
 *   someone else's, created ≤ last-viewed time  → VIEWED
 *   someone else's, created > last-viewed time,
 *   or the viewer never viewed the group        → DELIVERED
 * Times are compared as instants (UTC ISO 8601 strings or Dates), so offsets and precision do not matter.
 *
 * The UNREAD separator (chat §4 "a separator item of type UNREAD") goes right before the first message that is from
 * someone else and unread for the viewer (viewer status DELIVERED), except when that message is the first item of the
 * list: then there is none. Own messages never start the unread part. At most one separator per list.
 */

/** Message statuses (chat §3), in the only order a status may move: SENT → DELIVERED → VIEWED. */
export type MessageStatus = 'SENT' | 'DELIVERED' | 'VIEWED';
/** The statuses of chat §3 in their order. */
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['SENT', 'DELIVERED', 'VIEWED'];
const RANK: Record<MessageStatus, number> = { SENT: 0, DELIVERED: 1, VIEWED: 2 };

/** An instant: a UTC ISO 8601 string or a Date. */
export type Instant = string | Date;

/** Milliseconds since the epoch of an instant. @throws RangeError for an unparsable time. */
export function toMs(t: Instant): number {
  const ms = typeof t === 'string' ? Date.parse(t) : t.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a time: ${String(t)}`);
  return ms;
}

/**
 * The status the viewer sees (chat §4, rule table above).
 * @param message `own`: whether the viewer sent it (chat §6 "own"); `status`: the server status;
 *   `dateTimeCreate`: creation time
 * @param lastViewedAt the viewer's last-viewed time in this group (chat §3 lastViewedMessageDateTime), or null
 * @throws RangeError when a time does not parse
 */
export function viewerMessageStatus(
  message: { own: boolean; status: MessageStatus; dateTimeCreate: Instant },
  lastViewedAt: Instant | null | undefined,
): MessageStatus {
  if (message.own) return message.status;
  if (lastViewedAt == null) return 'DELIVERED';
  return toMs(message.dateTimeCreate) <= toMs(lastViewedAt) ? 'VIEWED' : 'DELIVERED';
}

/**
 * The later of two statuses (chat §4 modification types): SENT → DELIVERED → VIEWED. A late MSG_DELIVERED
 * after MSG_VIEWED keeps VIEWED (the spec says "sets DELIVERED"; we never move backwards).
 */
export function laterStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  return RANK[incoming] > RANK[current] ? incoming : current;
}

/**
 * Whether a message starts the unread part for the viewer (chat §4): someone else's and DELIVERED for the viewer.
 * @throws RangeError when a time does not parse
 */
export function isUnreadForViewer(
  message: { own: boolean; dateTimeCreate: Instant },
  lastViewedAt: Instant | null | undefined,
): boolean {
  return !message.own && viewerMessageStatus({ ...message, status: 'DELIVERED' }, lastViewedAt) === 'DELIVERED';
}

/** The part of a message the separator rule reads. */
export interface SeparatorMessage {
  own: boolean;
  dateTimeCreate: Instant;
}

/**
 * Index to insert the UNREAD separator before, or null for none (chat §4, rule in the header).
 * @param messages the list in display order, oldest first
 * @param lastViewedAt the viewer's last-viewed time in the group, null when never viewed
 */
export function unreadSeparatorIndex(
  messages: readonly SeparatorMessage[],
  lastViewedAt: Instant | null | undefined,
): number | null {
  const i = messages.findIndex((m) => isUnreadForViewer(m, lastViewedAt));
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
