/**
 * Typing indicators of the chat screens (spec chat §4, §9): per group the users typing, each until its `expiresAt`
 * (TYPING_TIMEOUT_MS after the last notification unless renewed; @platform/domain/chat/typing activeTypers drops the
 * expired ones and the viewer). Sending: at most one notification per TYPING_SEND_INTERVAL_MS while the user types,
 * so the indicator is renewed before it expires. The numbers are in @platform/domain/limits.
 */
import { TYPING_SEND_INTERVAL_MS } from '@platform/domain/limits';

/** A typing user as the ChatTypingEvent gives it: `expiresAt` a UTC ISO 8601 time. */
export interface TypingUser {
  userId: number;
  name?: string | null;
  expiresAt: string;
}

/** Whether to send a typing notification now (`lastSentAt`, `now`: ms since the epoch). */
export function shouldSendTyping(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_SEND_INTERVAL_MS;
}

/** The indicator text: 'Печатает…' or with names ('Анна печатает…', 'Анна, Олег печатают…'). */
export function typingText(users: readonly TypingUser[], showNames: boolean): string | null {
  if (users.length === 0) return null;
  const names = users.map((u) => u.name).filter((n): n is string => !!n);
  if (!showNames || names.length === 0) return 'Печатает…';
  return `${names.join(', ')} ${names.length > 1 ? 'печатают…' : 'печатает…'}`;
}
