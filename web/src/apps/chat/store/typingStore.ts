/**
 * Who types where (ChatTypingEvent, spec chat §4): kept outside Relay (ephemeral), per group global id. Each
 * event replaces the group's list; entries also expire on their own at `expiresAt` (rules/typing.ts).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { activeTypers } from '@platform/domain/chat/typing';
import type { TypingUser } from '../rules/typing';

let state = new Map<string, readonly TypingUser[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly TypingUser[] = [];

export const typingStore = {
  set(groupId: string, users: readonly TypingUser[]): void {
    state = new Map(state);
    state.set(groupId, users);
    listeners.forEach((l) => l());
  },
  clear(): void {
    state = new Map();
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  get(groupId: string): readonly TypingUser[] {
    return state.get(groupId) ?? EMPTY;
  },
};

/** The users typing in a group now; re-renders when the next indicator expires. */
export function useTypingUsers(groupId: string, viewerUserId: number | null | undefined): TypingUser[] {
  const users = useSyncExternalStore(typingStore.subscribe, () => typingStore.get(groupId));
  const [now, setNow] = useState(() => Date.now());
  const active = activeTypers(users, now, viewerUserId);
  useEffect(() => {
    const current = Date.now();
    const next = Math.min(...activeTypers(users, current, viewerUserId).map((u) => Date.parse(u.expiresAt)));
    if (!Number.isFinite(next)) return;
    const t = setTimeout(() => setNow(Date.now()), Math.max(0, next - current) + 10);
    return () => clearTimeout(t);
  }, [users, now, viewerUserId]);
  return active;
}

/** The current time, renewed every `ms` (last-seen texts). */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
