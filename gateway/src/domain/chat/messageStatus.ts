/**
 * Each message's status as the viewer sees it (spec chat §4 "Message status"). Pure, no I/O.
 *
 *   own message (sent by the viewer)            → its server status SENT, DELIVERED or VIEWED, unchanged
 *   someone else's, created ≤ last-viewed time  → VIEWED
 *   someone else's, created > last-viewed time,
 *   or the viewer never viewed the group        → DELIVERED
 * Times are compared as instants (UTC ISO 8601 strings or Dates), so offsets and precision do not matter.
 */

/** Message statuses (chat §3), in the only order a status may move. */
export type MessageStatus = 'SENT' | 'DELIVERED' | 'VIEWED';
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
