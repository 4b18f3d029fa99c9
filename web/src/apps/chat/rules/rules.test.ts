/**
 * spec chat §4 "Message list date formats", "Online and last seen", "Group list" (search, empty results,
 * paging), "Modal state"; §9 constants. Dates are built in local time, so the tests hold in any time zone.
 */
import { describe, expect, it } from 'vitest';
import { isOnline, offlineMarker } from '@platform/domain/chat/presence';
import { hasMorePages, showEmptyResults } from './constants.js';
import { formatMessageListDate } from './dateFormat.js';
import { lastSeenText, ruPlural } from './lastSeen.js';
import { initialScrollLock, isScrollLocked, scrollLockReducer, scrollLockStyle } from './scrollLock.js';

// Wednesday 15 January 2025, 14:30 local time.
const NOW = new Date(2025, 0, 15, 14, 30);
const at = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo, d, h, mi);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('message list date formats (chat §4)', () => {
  it('time only for today', () => {
    expect(formatMessageListDate(at(2025, 0, 15, 9, 5), NOW)).toBe('09:05');
    expect(formatMessageListDate(at(2025, 0, 15, 0, 0), NOW)).toBe('00:00');
  });
  it('the weekday within 8 days', () => {
    expect(formatMessageListDate(at(2025, 0, 14, 23, 59), NOW)).toBe('Вторник');
    expect(formatMessageListDate(at(2025, 0, 13), NOW)).toBe('Понедельник');
    expect(formatMessageListDate(at(2025, 0, 8), NOW)).toBe('Среда'); // 7 days back
  });
  it('dd.MM within this year', () => {
    expect(formatMessageListDate(at(2025, 0, 7), NOW)).toBe('07.01'); // 8 days back
    expect(formatMessageListDate(at(2025, 0, 1, 0, 1), NOW)).toBe('01.01');
  });
  it('dd.MM.yy otherwise', () => {
    expect(formatMessageListDate(at(2024, 11, 31), NOW)).toBe('31.12.24'); // last year, 15 days back
    expect(formatMessageListDate(at(2019, 4, 9), NOW)).toBe('09.05.19');
  });
  it("the weekday rule counts calendar days, so last year's recent days still show a weekday", () => {
    const jan3 = new Date(2025, 0, 3, 10, 0);
    expect(formatMessageListDate(at(2024, 11, 30), jan3)).toBe('Понедельник');
  });
  it('accepts ISO strings and rejects garbage', () => {
    expect(formatMessageListDate(at(2025, 0, 15, 10, 0).toISOString(), NOW)).toBe('10:00');
    expect(() => formatMessageListDate('вчера', NOW)).toThrow(RangeError);
  });
});

describe('online and last seen (chat §4, §9)', () => {
  it('online under 4 minutes', () => {
    expect(isOnline(ago(4 * MIN - 1), NOW)).toBe(true);
    expect(isOnline(ago(4 * MIN), NOW)).toBe(false);
    expect(isOnline(null, NOW)).toBe(false);
    expect(lastSeenText(ago(0), NOW)).toBe('в сети');
    expect(lastSeenText(ago(3 * MIN), NOW)).toBe('в сети');
  });
  it('minutes under an hour, with Russian plurals', () => {
    expect(lastSeenText(ago(4 * MIN), NOW)).toBe('был(а) 4 минуты назад');
    expect(lastSeenText(ago(5 * MIN), NOW)).toBe('был(а) 5 минут назад');
    expect(lastSeenText(ago(21 * MIN), NOW)).toBe('был(а) 21 минуту назад');
    expect(lastSeenText(ago(59 * MIN + 59_000), NOW)).toBe('был(а) 59 минут назад');
  });
  it('hours up to 4 hours', () => {
    expect(lastSeenText(ago(HOUR), NOW)).toBe('был(а) 1 час назад');
    expect(lastSeenText(ago(2 * HOUR + 30 * MIN), NOW)).toBe('был(а) 2 часа назад');
    expect(lastSeenText(ago(4 * HOUR - 1), NOW)).toBe('был(а) 3 часа назад');
  });
  it('earlier today after 4 hours: today with the time', () => {
    expect(lastSeenText(at(2025, 0, 15, 8, 15), NOW)).toBe('был(а) сегодня в 08:15');
  });
  it('then yesterday', () => {
    expect(lastSeenText(at(2025, 0, 14, 22, 0), NOW)).toBe('был(а) вчера в 22:00');
    expect(lastSeenText(at(2025, 0, 14, 0, 5), NOW)).toBe('был(а) вчера в 00:05');
  });
  it('then a date', () => {
    expect(lastSeenText(at(2025, 0, 10, 9, 0), NOW)).toBe('был(а) 10.01.2025');
    expect(lastSeenText(ago(14 * DAY - 1), NOW)).toBe(
      `был(а) ${String(ago(14 * DAY - 1).getDate()).padStart(2, '0')}.01.2025`,
    );
  });
  it('"recently" after 2 weeks; "не в сети" when never seen', () => {
    expect(lastSeenText(ago(14 * DAY), NOW)).toBe('был(а) недавно');
    expect(lastSeenText(at(2020, 0, 1), NOW)).toBe('был(а) недавно');
    expect(lastSeenText(null, NOW)).toBe('не в сети');
  });
  it('the offline marker is 4 minutes back: the user shows offline at once', () => {
    expect(offlineMarker(NOW).getTime()).toBe(NOW.getTime() - 4 * MIN);
    expect(isOnline(offlineMarker(NOW), NOW)).toBe(false);
    expect(lastSeenText(offlineMarker(NOW), NOW)).toBe('был(а) 4 минуты назад');
  });
  it('Russian plural forms', () => {
    expect([1, 2, 5, 11, 12, 14, 21, 22, 25, 111, 0].map((n) => ruPlural(n, 'a', 'b', 'c')).join('')).toBe(
      'abcccc' + 'abc' + 'cc',
    );
  });
});

describe('group list: search, empty results, paging (chat §4, §5, §9)', () => {
  it('shows empty results 500 ms after searching starts, not while loading or with results', () => {
    expect(showEmptyResults({ startedAt: 1000, now: 1499, loading: false, resultCount: 0 })).toBe(false);
    expect(showEmptyResults({ startedAt: 1000, now: 1500, loading: false, resultCount: 0 })).toBe(true);
    expect(showEmptyResults({ startedAt: 1000, now: 9000, loading: true, resultCount: 0 })).toBe(false);
    expect(showEmptyResults({ startedAt: 1000, now: 9000, loading: false, resultCount: 2 })).toBe(false);
    expect(showEmptyResults({ startedAt: null, now: 9000, loading: false, resultCount: 0 })).toBe(false);
  });
  it('loads pages until a short or last page arrives', () => {
    expect(hasMorePages({ count: 20 })).toBe(true);
    expect(hasMorePages({ count: 20, last: false })).toBe(true);
    expect(hasMorePages({ count: 19 })).toBe(false);
    expect(hasMorePages({ count: 20, last: true })).toBe(false);
    expect(hasMorePages({ count: 0 })).toBe(false);
  });
});

describe('modal scroll lock (chat §4 "Modal state")', () => {
  it('locks while any modal is open and restores when none is', () => {
    let s = initialScrollLock;
    expect(isScrollLocked(s)).toBe(false);
    s = scrollLockReducer(s, { type: 'open', id: 'a' });
    s = scrollLockReducer(s, { type: 'open', id: 'b' });
    expect(isScrollLocked(s)).toBe(true);
    expect(scrollLockStyle(s, 15)).toEqual({ overflow: 'hidden', paddingRight: '15px' });
    s = scrollLockReducer(s, { type: 'close', id: 'a' });
    expect(isScrollLocked(s)).toBe(true);
    s = scrollLockReducer(s, { type: 'close', id: 'b' });
    expect(isScrollLocked(s)).toBe(false);
    expect(scrollLockStyle(s, 15)).toEqual({ overflow: '', paddingRight: '' });
  });
  it('double open and stray close do not unbalance the count', () => {
    let s = scrollLockReducer(initialScrollLock, { type: 'open', id: 'a' });
    s = scrollLockReducer(s, { type: 'open', id: 'a' });
    s = scrollLockReducer(s, { type: 'close', id: 'x' });
    s = scrollLockReducer(s, { type: 'close', id: 'a' });
    expect(isScrollLocked(s)).toBe(false);
    s = scrollLockReducer(s, { type: 'close', id: 'a' });
    expect(s.open).toEqual([]);
    s = scrollLockReducer(scrollLockReducer(s, { type: 'open', id: 'q' }), { type: 'closeAll' });
    expect(isScrollLocked(s)).toBe(false);
  });
  it('no gap when the page has no scrollbar', () => {
    expect(scrollLockStyle(scrollLockReducer(initialScrollLock, { type: 'open', id: 'a' }), 0)).toEqual({
      overflow: 'hidden',
      paddingRight: '',
    });
  });
});
