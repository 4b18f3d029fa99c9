/**
 * Typing indicators (spec chat §4, §9): per group the users typing, each until its `expiresAt` (3000 ms after the
 * last notification unless renewed). The viewer's own typing never shows. Sending: at most one notification per
 * TYPING_SEND_INTERVAL_MS while the user types, so the indicator is renewed before it expires.
 */
export const TYPING_TIMEOUT_MS = 3000;
export const TYPING_SEND_INTERVAL_MS = 2000;

export interface TypingUser {
  userId: number;
  name?: string | null;
  expiresAt: string;
}

/** The users still typing at `now`, without the viewer. */
export function activeTypers(users: readonly TypingUser[], now: number, viewerUserId?: number | null): TypingUser[] {
  return users.filter((u) => u.userId !== viewerUserId && Date.parse(u.expiresAt) > now);
}

/** Whether to send a typing notification now. */
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
