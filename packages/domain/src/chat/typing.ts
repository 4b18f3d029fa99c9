/**
 * Typing indicators per group (spec chat §3 "Typing users", §4 "Notifications", §5, §9). A pure store: the
 * clock is injected, nothing is scheduled here; the caller asks {@link TypingStore.nextExpiryIn} to set its
 * own timer.
 *
 *   USER_TYPING_GROUP from the viewer          → ignored
 *   without a group or a sender                → error 'Группы или пользователя нет' (returned, not thrown)
 *   otherwise                                  → the user types in the group until now + 3000 ms; a new
 *                                                notification renews that deadline
 *   a user's message arrives in the group      → their indicator is cleared (our choice: the text is there)
 *   at or after the deadline                   → gone
 * Whether the sender's name shows is the web app's rendering choice (names when the group has more than one other
 * member), not a rule here. The time-out is TYPING_TIMEOUT_MS of ../limits.ts (3000 ms, chat §9). The gateway's realtime hub keeps one store
 * per stream; the web app reads the users with their `expiresAt` and drops them with {@link activeTypers}.
 */

import { TYPING_TIMEOUT_MS } from '../limits.js';
import { CHAT_ERRORS } from './errors.js';

/** The error text of chat §5/§8 for a typing notification without a group or sender ('Группы или пользователя нет'). */
export const TYPING_WITHOUT_GROUP_OR_SENDER = CHAT_ERRORS.TYPING_WITHOUT_GROUP_OR_SENDER;

/** One typing user. `expiresAt`: ms since the epoch by the injected clock. */
export interface TypingUser {
  userId: number;
  userName: string | null;
  expiresAt: number;
}

/** A typing notification (chat §4 USER_TYPING_GROUP) as received. */
export interface TypingNotification {
  groupId?: number | null;
  userId?: number | null;
  userName?: string | null;
}

/** Typing users per group, with an injected clock (`now()` in ms). */
export class TypingStore {
  private readonly groups = new Map<number, TypingUser[]>();

  constructor(
    private readonly now: () => number,
    private readonly timeoutMs = TYPING_TIMEOUT_MS,
  ) {}

  /**
   * Records a USER_TYPING_GROUP notification for the viewer `viewerId` (rules in the header).
   * @returns `{ ok: true, changed }` (changed: whether a new user started typing), `{ ok: true, ignored: true }`
   *   for the viewer's own typing, or `{ ok: false, error }` for a missing group or sender.
   */
  notify(
    n: TypingNotification,
    viewerId: number,
  ): { ok: true; changed: boolean; ignored?: false } | { ok: true; ignored: true } | { ok: false; error: string } {
    if (n.groupId == null || n.userId == null) return { ok: false, error: TYPING_WITHOUT_GROUP_OR_SENDER };
    if (n.userId === viewerId) return { ok: true, ignored: true };
    const now = this.now();
    const list = this.live(n.groupId, now);
    const expiresAt = now + this.timeoutMs;
    const existing = list.find((u) => u.userId === n.userId);
    if (existing) {
      existing.expiresAt = expiresAt;
      if (n.userName) existing.userName = n.userName;
      return { ok: true, changed: false };
    }
    list.push({ userId: n.userId, userName: n.userName ?? null, expiresAt });
    this.groups.set(n.groupId, list);
    return { ok: true, changed: true };
  }

  /** Users typing in the group now, in the order they started (copies). */
  typing(groupId: number): TypingUser[] {
    return this.live(groupId, this.now()).map((u) => ({ ...u }));
  }

  /** Clears one user's indicator in a group (their message arrived). @returns whether it was shown. */
  clear(groupId: number, userId: number): boolean {
    const list = this.live(groupId, this.now());
    const i = list.findIndex((u) => u.userId === userId);
    if (i < 0) return false;
    list.splice(i, 1);
    if (list.length === 0) this.groups.delete(groupId);
    return true;
  }

  /** Ms until the next indicator expires (≥ 0), or null when nobody is typing. */
  nextExpiryIn(): number | null {
    const now = this.now();
    let next: number | null = null;
    for (const id of [...this.groups.keys()]) {
      for (const u of this.live(id, now)) next = next === null ? u.expiresAt : Math.min(next, u.expiresAt);
    }
    return next === null ? null : Math.max(0, next - now);
  }

  /** The group's unexpired list (expired users are dropped in place). */
  private live(groupId: number, now: number): TypingUser[] {
    const list = (this.groups.get(groupId) ?? []).filter((u) => u.expiresAt > now);
    if (list.length) this.groups.set(groupId, list);
    else this.groups.delete(groupId);
    return list;
  }
}

/** A typing user as a client receives it: `expiresAt` a UTC ISO 8601 time. */
export interface TypingUserView {
  userId: number;
  expiresAt: string;
}

/** The users still typing at `now` (ms since the epoch), without the viewer (chat §4: own typing never shows). */
export function activeTypers<U extends TypingUserView>(
  users: readonly U[],
  now: number,
  viewerUserId?: number | null,
): U[] {
  return users.filter((u) => u.userId !== viewerUserId && Date.parse(u.expiresAt) > now);
}
