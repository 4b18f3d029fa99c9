/**
 * The pure resume buffer of a realtime channel (realtime/resumeBuffer.ts; DESIGN "Realtime", spec chat §4 "Realtime
 * connection": after a reconnect the missed events are delivered once, in order, or the client is told to reload).
 */
import { describe, expect, it } from 'vitest';
import { parseResumeCursor, ResumeBuffer } from './resumeBuffer.js';

const live = { cursor: null, invalid: false };
const at = (cursor: number) => ({ cursor, invalid: false });
const invalid = { cursor: null, invalid: true };

function filled(ids: number[], size = 10, resumeFrom: number | null = null): ResumeBuffer<string> {
  const b = new ResumeBuffer<string>(resumeFrom, size);
  for (const id of ids) b.append(id, `e${id}`);
  return b;
}

describe('parseResumeCursor', () => {
  it('reads a non-negative integer, none for blank or absent, invalid otherwise', () => {
    expect(parseResumeCursor('42')).toEqual({ cursor: 42, invalid: false });
    expect(parseResumeCursor(' 7 ')).toEqual({ cursor: 7, invalid: false });
    expect(parseResumeCursor(undefined)).toEqual(live);
    expect(parseResumeCursor(null)).toEqual(live);
    expect(parseResumeCursor('  ')).toEqual(live);
    expect(parseResumeCursor('-1')).toEqual(invalid);
    expect(parseResumeCursor('abc')).toEqual(invalid);
    expect(parseResumeCursor('1234567890123456')).toEqual(invalid);
  });
});

describe('ResumeBuffer: receiving (nothing doubled)', () => {
  it('keeps ascending ids and drops an id at or below the last one (replayed twice upstream)', () => {
    const b = filled([1, 2, 3]);
    expect(b.append(3, 'again')).toBe(false);
    expect(b.append(2, 'older')).toBe(false);
    expect(b.append(5, 'e5')).toBe(true);
    expect(b.lastId).toBe(5);
    expect(b.length).toBe(4);
  });

  it('starts its floor at the opening cursor, or at the first id received', () => {
    expect(new ResumeBuffer<string>(10, 5).floor).toBe(10);
    expect(new ResumeBuffer<string>(10, 5).lastId).toBe(10);
    expect(filled([4, 5]).floor).toBe(4);
    expect(filled([11], 5, 10).floor).toBe(10);
  });

  it('evicts the oldest events beyond its size and raises the floor to each evicted id', () => {
    const b = filled([1, 2, 3, 4, 5], 3);
    expect(b.length).toBe(3);
    expect(b.floor).toBe(2);
    expect(b.join(at(2), false).replay).toEqual(['e3', 'e4', 'e5']);
    expect(b.join(at(1), false).resync).toEqual({ reason: 'CURSOR_NOT_BUFFERED', cursor: '5' });
  });

  it('advances lastId on a head marker, never backwards, and sets an unset floor', () => {
    const b = new ResumeBuffer<string>(null, 5);
    b.head(8);
    expect(b.lastId).toBe(8);
    expect(b.floor).toBe(8);
    b.head(3);
    expect(b.lastId).toBe(8);
    expect(b.append(8, 'dup')).toBe(false);
    expect(b.append(9, 'e9')).toBe(true);
    expect(b.floor).toBe(8);
  });

  it('empties on a backend RESYNC and continues from its id', () => {
    const b = filled([1, 2, 3]);
    b.resync(20);
    expect(b.length).toBe(0);
    expect(b.floor).toBe(20);
    expect(b.lastId).toBe(20);
    expect(b.join(at(3), false).resync).toEqual({ reason: 'CURSOR_NOT_BUFFERED', cursor: '20' });
    b.resync(null);
    expect(b.floor).toBeNull();
    expect(b.lastId).toBe(20);
  });
});

describe('ResumeBuffer.join: what a new subscription gets (nothing lost)', () => {
  it('replays the buffered events after a cursor at or above the floor, ascending, and counts them delivered', () => {
    const b = filled([3, 4, 5, 6]);
    expect(b.join(at(4), false)).toEqual({ lastDelivered: 6, replay: ['e5', 'e6'], resync: null });
    expect(b.join(at(3), false)).toEqual({ lastDelivered: 6, replay: ['e4', 'e5', 'e6'], resync: null });
    expect(b.join(at(6), false)).toEqual({ lastDelivered: 6, replay: [], resync: null });
    expect(b.join(at(9), false)).toEqual({ lastDelivered: 9, replay: [], resync: null });
  });

  it('gives live events only to a subscription without a cursor', () => {
    expect(filled([3, 4]).join(live, false)).toEqual({ lastDelivered: 4, replay: [], resync: null });
    expect(new ResumeBuffer<string>(null, 5).join(live, false)).toEqual({ lastDelivered: 0, replay: [], resync: null });
  });

  it('answers RESYNC for a cursor below the floor, or any cursor before anything is known', () => {
    expect(filled([5, 6]).join(at(2), false)).toEqual({
      lastDelivered: 6,
      replay: [],
      resync: { reason: 'CURSOR_NOT_BUFFERED', cursor: '6' },
    });
    expect(new ResumeBuffer<string>(null, 5).join(at(2), false)).toEqual({
      lastDelivered: 0,
      replay: [],
      resync: { reason: 'CURSOR_NOT_BUFFERED', cursor: null },
    });
  });

  it('answers RESYNC INVALID_CURSOR for an unreadable cursor', () => {
    expect(filled([5]).join(invalid, false)).toEqual({
      lastDelivered: 5,
      replay: [],
      resync: { reason: 'INVALID_CURSOR', cursor: '5' },
    });
  });

  it('replays nothing to the subscription that opened the channel: its cursor went upstream as Last-Event-ID', () => {
    const b = new ResumeBuffer<string>(7, 5);
    expect(b.join(at(7), true)).toEqual({ lastDelivered: 7, replay: [], resync: null });
    expect(b.join(live, true)).toEqual({ lastDelivered: 0, replay: [], resync: null });
    expect(b.join(invalid, true)).toEqual({
      lastDelivered: 0,
      replay: [],
      resync: { reason: 'INVALID_CURSOR', cursor: null },
    });
  });
});
