/**
 * The rendered rows of the message list (spec chat §4): messages oldest first with a date separator before
 * each calendar day and the UNREAD separator right before the first unread message (the server says which,
 * `ChatGroup.firstUnreadMessageId`; never before the list's first row). Optimistic placeholders are hidden once
 * the server's message with the same extMsgId is in the list (the placeholder is replaced, spec §4).
 * Date separator labels: 'Сегодня' for today, otherwise rules/dateFormat (weekday within 8 days, dd.MM, dd.MM.yy);
 * the time of each message is shown on the message itself.
 */
import { isSameDay } from 'date-fns';
import { formatMessageListDate } from './dateFormat';

export interface MessageLike {
  id: string;
  extMsgId?: string | null;
  createdAt: string;
  /** An optimistic placeholder (not yet confirmed by the server). */
  pending?: boolean;
}

export type MessageRow<M extends MessageLike> =
  | { kind: 'date'; key: string; label: string }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: M };

export const TODAY_LABEL = 'Сегодня';

/** Drops placeholders whose extMsgId a confirmed message already has, and repeated ids. Order is kept. */
export function dedupeMessages<M extends MessageLike>(messages: readonly M[]): M[] {
  const confirmed = new Set(messages.filter((m) => !m.pending && m.extMsgId).map((m) => m.extMsgId));
  const seen = new Set<string>();
  return messages.filter((m) => {
    if (m.pending && m.extMsgId && confirmed.has(m.extMsgId)) return false;
    if (seen.has(m.id)) return false;
    seen.add(m.id);
    return true;
  });
}

/** The date separator label of a day. */
export function dateSeparatorLabel(date: Date | string, now: Date = new Date()): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return isSameDay(d, now) ? TODAY_LABEL : formatMessageListDate(d, now);
}

export function buildMessageRows<M extends MessageLike>(
  messages: readonly M[],
  firstUnreadMessageId: string | null | undefined,
  now: Date = new Date(),
): MessageRow<M>[] {
  const rows: MessageRow<M>[] = [];
  let prev: Date | null = null;
  dedupeMessages(messages).forEach((m, index) => {
    const at = new Date(m.createdAt);
    if (prev === null || !isSameDay(prev, at))
      rows.push({ kind: 'date', key: `date-${m.id}`, label: dateSeparatorLabel(at, now) });
    prev = at;
    if (firstUnreadMessageId && m.id === firstUnreadMessageId && index > 0)
      rows.push({ kind: 'unread', key: 'unread' });
    rows.push({ kind: 'message', key: m.id, message: m });
  });
  return rows;
}
