/**
 * Decoding the backend's SSE events (realtime/events.ts; spec chat §4) and sharing the decoded durable events between
 * the channels that receive the same event (issue 15 "Subscriptions").
 */
import { describe, expect, it } from 'vitest';
import { toWireEvent, WireEventCache } from './events.js';

const message = (msgId: number, text: string) =>
  JSON.stringify({ msgId, groupId: 7, text, type: 'GROUP_MSG', senderId: 3, created: '2026-11-28T10:00:00Z' });

describe('WireEventCache', () => {
  it('decodes as toWireEvent does, and answers the same object for the same id, kind and data', () => {
    const cache = new WireEventCache();
    const data = message(41, 'Добрый день');
    const first = cache.decode('101', 'GROUP_MSG', data);
    expect(first).toEqual(toWireEvent('GROUP_MSG', data));
    expect(first).toMatchObject({ type: 'GROUP_MSG', message: { msgId: 41, groupId: 7, text: 'Добрый день' } });
    // another channel's copy of the same event: an equal text, not the same string object
    const copy = `${data.slice(0, 5)}${data.slice(5)}`;
    expect(cache.decode('101', 'GROUP_MSG', copy)).toBe(first);
    expect(cache.size).toBe(1);
  });

  it('decodes again when the kind or the data differ under the same id, and keeps the newer one', () => {
    const cache = new WireEventCache();
    const a = cache.decode('5', 'GROUP_MSG', message(1, 'a'));
    const b = cache.decode('5', 'GROUP_MSG', message(1, 'b'));
    expect(b).not.toBe(a);
    expect(b).toMatchObject({ message: { text: 'b' } });
    const child = cache.decode('5', 'CHILD_MSG', message(1, 'b'));
    expect(child).toMatchObject({ type: 'CHILD_MSG' });
    expect(cache.decode('5', 'CHILD_MSG', message(1, 'b'))).toBe(child);
    expect(cache.size).toBe(1);
  });

  it('does not keep events without an id (ephemeral) and shares unreadable ones as null', () => {
    const cache = new WireEventCache();
    const notify = JSON.stringify({ notification: 'USER_ONLINE', userId: 3, userName: 'Анна' });
    expect(cache.decode(null, 'NOTIFY_MSG', notify)).toMatchObject({ type: 'NOTIFY_MSG', userId: 3 });
    expect(cache.size).toBe(0);
    expect(cache.decode('9', 'GROUP_MSG', '{not json')).toBeNull();
    expect(cache.decode('9', 'GROUP_MSG', '{not json')).toBeNull();
    expect(cache.decode('10', 'UNKNOWN_KIND', '{}')).toBeNull();
  });

  it('keeps at most `capacity` ids, dropping the oldest', () => {
    const cache = new WireEventCache(3);
    const first = cache.decode('1', 'GROUP_MSG', message(1, 'x'));
    for (const id of ['2', '3', '4']) cache.decode(id, 'GROUP_MSG', message(Number(id), 'x'));
    expect(cache.size).toBe(3);
    // id 1 was dropped: decoded anew (an equal, not the same, object)
    const again = cache.decode('1', 'GROUP_MSG', message(1, 'x'));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // id 4 is still there
    expect(cache.decode('4', 'GROUP_MSG', message(4, 'x'))).toBe(cache.decode('4', 'GROUP_MSG', message(4, 'x')));
  });
});
