/** spec chat §4: message status for the viewer, the UNREAD separator, online, group order, typing. */
import { describe, expect, it } from 'vitest';
import { ONLINE_THRESHOLD_MS, TYPING_TIMEOUT_MS } from '../limits.js';
import { compareGroups, groupActivityAt, sortGroups, type GroupOrderKey } from './groupOrder.js';
import {
  laterStatus,
  MESSAGE_STATUSES,
  unreadSeparatorIndex,
  viewerMessageStatus,
  withUnreadSeparator,
  type SeparatorMessage,
} from './messageStatus.js';
import { isOnline, offlineMarker } from './presence.js';
import { activeTypers, TypingStore } from './typing.js';

const T = (min: number) => new Date(Date.UTC(2025, 5, 1, 12, min)).toISOString();

describe('message status for the viewer (chat §4)', () => {
  it("someone else's message created at or before the last-viewed time is VIEWED", () => {
    expect(viewerMessageStatus({ own: false, status: 'DELIVERED', dateTimeCreate: T(5) }, T(5))).toBe('VIEWED');
    expect(viewerMessageStatus({ own: false, status: 'SENT', dateTimeCreate: T(4) }, T(5))).toBe('VIEWED');
  });
  it("someone else's message created after the last-viewed time, or never viewed, is DELIVERED", () => {
    expect(viewerMessageStatus({ own: false, status: 'VIEWED', dateTimeCreate: T(6) }, T(5))).toBe('DELIVERED');
    expect(viewerMessageStatus({ own: false, status: 'SENT', dateTimeCreate: T(6) }, null)).toBe('DELIVERED');
  });
  it('compares instants, not strings (offsets, Date objects)', () => {
    expect(
      viewerMessageStatus(
        { own: false, status: 'SENT', dateTimeCreate: '2025-06-01T15:00:00+03:00' },
        new Date('2025-06-01T12:00:00Z'),
      ),
    ).toBe('VIEWED');
    expect(() => viewerMessageStatus({ own: false, status: 'SENT', dateTimeCreate: 'вчера' }, T(1))).toThrow(
      RangeError,
    );
  });
  it('own messages keep their server status', () => {
    for (const s of ['SENT', 'DELIVERED', 'VIEWED'] as const) {
      expect(viewerMessageStatus({ own: true, status: s, dateTimeCreate: T(1) }, T(5))).toBe(s);
      expect(viewerMessageStatus({ own: true, status: s, dateTimeCreate: T(9) }, T(5))).toBe(s);
    }
  });
  it('statuses never move backwards', () => {
    expect(MESSAGE_STATUSES).toEqual(['SENT', 'DELIVERED', 'VIEWED']);
    expect(laterStatus('VIEWED', 'DELIVERED')).toBe('VIEWED');
    expect(laterStatus('SENT', 'DELIVERED')).toBe('DELIVERED');
  });
});

describe('UNREAD separator (chat §4)', () => {
  const m = (min: number, own = false): SeparatorMessage => ({ own, dateTimeCreate: T(min) });
  it('goes before the first unread message from someone else', () => {
    const list = [m(1), m(2, true), m(6, true), m(7), m(8)];
    expect(unreadSeparatorIndex(list, T(5))).toBe(3);
    expect(withUnreadSeparator(list, T(5)).map((x) => ('type' in x ? x.type : x.dateTimeCreate))).toEqual([
      T(1),
      T(2),
      T(6),
      'UNREAD',
      T(7),
      T(8),
    ]);
  });
  it('is left out when that message is the first in the list', () => {
    expect(unreadSeparatorIndex([m(6), m(7)], T(5))).toBeNull();
    expect(unreadSeparatorIndex([m(6), m(7)], null)).toBeNull();
    expect(withUnreadSeparator([m(6)], T(5))).toHaveLength(1);
  });
  it('is left out when nothing from someone else is unread', () => {
    expect(unreadSeparatorIndex([m(1), m(6, true), m(7, true)], T(5))).toBeNull();
    expect(unreadSeparatorIndex([], T(5))).toBeNull();
  });
  it('counts a message created exactly at the last-viewed time as read', () => {
    expect(unreadSeparatorIndex([m(1), m(5), m(6)], T(5))).toBe(2);
  });
});

describe('online (chat §4, §9)', () => {
  const now = new Date(T(30));
  it('is online when last seen under 4 minutes ago', () => {
    expect(ONLINE_THRESHOLD_MS).toBe(240_000);
    expect(isOnline(new Date(now.getTime() - 239_999), now)).toBe(true);
    expect(isOnline(now, now)).toBe(true);
    expect(isOnline(new Date(now.getTime() + 5000), now)).toBe(true);
  });
  it('is offline at 4 minutes or more, or when never seen', () => {
    expect(isOnline(new Date(now.getTime() - 240_000), now)).toBe(false);
    expect(isOnline(T(0), now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
  it('the offline marker is 4 minutes in the past, just not online', () => {
    expect(offlineMarker(now).getTime()).toBe(now.getTime() - 240_000);
    expect(isOnline(offlineMarker(now), now)).toBe(false);
  });
});

describe('group list order (chat §4)', () => {
  const g = (id: number, favoriteId: number | null, lastMin: number | null, createdMin = 0): GroupOrderKey => ({
    id,
    favoriteId,
    activityAt: groupActivityAt({
      dateTimeCreate: T(createdMin),
      lastMessage: lastMin === null ? null : { timeCreate: T(lastMin) },
    }),
  });
  it('favourites first by favoriteId ascending, then by last message time, newest first', () => {
    const groups = [g(1, null, 10), g(2, 1, 1), g(3, null, 30), g(4, 0, 2), g(5, null, 20)];
    expect(sortGroups(groups).map((x) => x.id)).toEqual([4, 2, 3, 5, 1]);
  });
  it('a favourite with an old message stays above a non-favourite with a new one', () => {
    expect(compareGroups(g(1, 4, 0), g(2, null, 59))).toBeLessThan(0);
  });
  it('a group without messages is placed by its creation time; ties go to the higher id', () => {
    expect(sortGroups([g(1, null, 10), g(2, null, null, 20), g(3, null, 5)]).map((x) => x.id)).toEqual([2, 1, 3]);
    expect(sortGroups([g(1, null, 10), g(2, null, 10)]).map((x) => x.id)).toEqual([2, 1]);
    expect(sortGroups([g(1, 0, 10), g(2, 0, 11)]).map((x) => x.id)).toEqual([2, 1]);
  });
  it('no time at all goes last; without numeric ids ties keep the input order (the web list re-sorts by its keys)', () => {
    expect(groupActivityAt({})).toBeNull();
    expect(sortGroups([g(1, null, null, 0), { id: 2, activityAt: null }]).map((x) => x.id)).toEqual([1, 2]);
    expect(sortGroups([{ activityAt: 'не время' }, { activityAt: T(1) }]).map((x) => x.activityAt)).toEqual([
      T(1),
      'не время',
    ]);
    expect(compareGroups({ favoriteId: null, activityAt: null }, { favoriteId: null, activityAt: null })).toBe(0);
    const items = [
      { key: 'old', fav: null, at: T(1) },
      { key: 'f1', fav: 1, at: null },
      { key: 'a', fav: null, at: T(9) },
      { key: 'b', fav: null, at: T(9) },
      { key: 'f0', fav: 0, at: null },
    ];
    expect(sortGroups(items, (x) => ({ favoriteId: x.fav, activityAt: x.at })).map((x) => x.key)).toEqual([
      'f0',
      'f1',
      'a',
      'b',
      'old',
    ]);
  });
});

describe('typing indicators (chat §4, §5, §9)', () => {
  const clock = () => {
    let t = 1_000_000;
    return {
      now: () => t,
      tick: (ms: number) => {
        t += ms;
      },
    };
  };
  it('adds a typing user and drops them after 3000 ms', () => {
    const c = clock();
    const s = new TypingStore(c.now);
    expect(TYPING_TIMEOUT_MS).toBe(3000);
    expect(s.notify({ groupId: 1, userId: 2, userName: 'Анна' }, 9)).toEqual({ ok: true, changed: true });
    expect(s.typing(1).map((u) => u.userName)).toEqual(['Анна']);
    expect(s.nextExpiryIn()).toBe(3000);
    c.tick(2999);
    expect(s.typing(1)).toHaveLength(1);
    c.tick(1);
    expect(s.typing(1)).toEqual([]);
    expect(s.nextExpiryIn()).toBeNull();
  });
  it('a renewal restarts the 3000 ms', () => {
    const c = clock();
    const s = new TypingStore(c.now);
    s.notify({ groupId: 1, userId: 2 }, 9);
    c.tick(2000);
    expect(s.notify({ groupId: 1, userId: 2 }, 9)).toEqual({ ok: true, changed: false });
    c.tick(2500);
    expect(s.typing(1)).toHaveLength(1);
    c.tick(500);
    expect(s.typing(1)).toHaveLength(0);
  });
  it("ignores the viewer's own typing", () => {
    const s = new TypingStore(() => 0);
    expect(s.notify({ groupId: 1, userId: 9 }, 9)).toEqual({ ok: true, ignored: true });
    expect(s.typing(1)).toEqual([]);
  });
  it("fails with 'Группы или пользователя нет' without a group or sender", () => {
    const s = new TypingStore(() => 0);
    expect(s.notify({ userId: 2 }, 9)).toEqual({ ok: false, error: 'Группы или пользователя нет' });
    expect(s.notify({ groupId: 1, userId: null }, 9)).toEqual({ ok: false, error: 'Группы или пользователя нет' });
  });
  it('a renewal with a name fills it in; without one the name stays', () => {
    const c = clock();
    const s = new TypingStore(c.now);
    s.notify({ groupId: 1, userId: 2 }, 9);
    expect(s.typing(1)[0].userName).toBeNull();
    s.notify({ groupId: 1, userId: 2, userName: 'Анна' }, 9);
    s.notify({ groupId: 1, userId: 2, userName: null }, 9);
    expect(s.typing(1)[0].userName).toBe('Анна');
  });
  it('the next expiry is the earliest over all groups; clearing the last user empties the group', () => {
    const c = clock();
    const s = new TypingStore(c.now);
    s.notify({ groupId: 1, userId: 2 }, 9);
    c.tick(1000);
    s.notify({ groupId: 2, userId: 3 }, 9);
    s.notify({ groupId: 2, userId: 4 }, 9);
    expect(s.nextExpiryIn()).toBe(2000);
    expect(s.clear(1, 2)).toBe(true);
    expect(s.typing(1)).toEqual([]);
    expect(s.nextExpiryIn()).toBe(3000);
    expect(new TypingStore(c.now, 500).notify({ groupId: 5, userId: 6 }, 9)).toEqual({ ok: true, changed: true });
  });
  it('keeps groups apart; a message from the user clears them', () => {
    const s = new TypingStore(() => 0);
    s.notify({ groupId: 1, userId: 2 }, 9);
    s.notify({ groupId: 1, userId: 3 }, 9);
    s.notify({ groupId: 2, userId: 2 }, 9);
    expect(s.clear(1, 2)).toBe(true);
    expect(s.clear(1, 2)).toBe(false);
    expect(s.typing(1).map((u) => u.userId)).toEqual([3]);
    expect(s.typing(2).map((u) => u.userId)).toEqual([2]);
  });
  it('a client drops expired users and the viewer (activeTypers)', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const users = [
      { userId: 1, expiresAt: at(10_001) },
      { userId: 2, expiresAt: at(10_000) },
      { userId: 7, expiresAt: at(12_000) },
    ];
    expect(activeTypers(users, 10_000, 7).map((u) => u.userId)).toEqual([1]);
    expect(activeTypers(users, 10_000).map((u) => u.userId)).toEqual([1, 7]);
  });
});
