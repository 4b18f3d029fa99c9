/** DESIGN "Realtime", spec chat §4 "Realtime connection": resume from Last-Event-ID or signal a resync. */
import { describe, expect, it } from 'vitest';
import { parseLastEventId, resumeFrom, type RetainedWindow } from './replay.js';

const ev = (...ids: number[]) => ids.map((id) => ({ id }));
const window = (ids: number[], retainedFromId: number, headId: number): RetainedWindow<{ id: number }> => ({
  events: ev(...ids),
  retainedFromId,
  headId,
});

describe('Last-Event-ID', () => {
  it('parses a non-negative integer; absent is null; anything else is invalid', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 0 ')).toBe(0);
    expect(parseLastEventId(undefined)).toBeNull();
    expect(parseLastEventId('')).toBeNull();
    expect(parseLastEventId('-1')).toBeNaN();
    expect(parseLastEventId('abc')).toBeNaN();
    expect(parseLastEventId('1.5')).toBeNaN();
  });
});

describe('resume', () => {
  const w = window([10, 12, 13, 15], 10, 15);
  it('without a cursor the stream goes live from the head', () => {
    expect(resumeFrom(undefined, w)).toEqual({ kind: 'live', cursor: 15 });
  });
  it('replays exactly the events after the cursor, ascending, each once', () => {
    expect(resumeFrom('12', w)).toEqual({ kind: 'replay', events: ev(13, 15), cursor: 15 });
    expect(resumeFrom('11', w)).toEqual({ kind: 'replay', events: ev(12, 13, 15), cursor: 15 });
    const messy = window([15, 13, 13, 12], 10, 15);
    expect(resumeFrom('12', messy)).toEqual({ kind: 'replay', events: ev(13, 15), cursor: 15 });
  });
  it('a cursor just before the window replays the whole window; at the head it replays nothing', () => {
    expect(resumeFrom('9', w)).toEqual({ kind: 'replay', events: ev(10, 12, 13, 15), cursor: 15 });
    expect(resumeFrom('15', w)).toEqual({ kind: 'replay', events: [], cursor: 15 });
  });
  it('a gap beyond retention asks for a resync', () => {
    expect(resumeFrom('8', w)).toEqual({ kind: 'resync', reason: 'GAP_BEYOND_RETENTION', cursor: 15 });
    expect(resumeFrom('0', w)).toEqual({ kind: 'resync', reason: 'GAP_BEYOND_RETENTION', cursor: 15 });
  });
  it('a cursor ahead of the log or not a number asks for a resync', () => {
    expect(resumeFrom('16', w)).toEqual({ kind: 'resync', reason: 'CURSOR_AHEAD', cursor: 15 });
    expect(resumeFrom('x', w)).toEqual({ kind: 'resync', reason: 'INVALID_CURSOR', cursor: 15 });
  });
  it('an empty log: cursor 0 replays nothing', () => {
    expect(resumeFrom('0', window([], 1, 0))).toEqual({ kind: 'replay', events: [], cursor: 0 });
  });
  it('random logs: a replay never loses or doubles an event after the cursor', () => {
    for (let n = 0; n < 200; n++) {
      const all: number[] = [];
      let id = 0;
      for (let i = 0; i < 30; i++) {
        id += 1 + ((i * 7 + n) % 3);
        all.push(id);
      }
      const retainedFromId = all[(n * 5) % all.length];
      const retained = all.filter((x) => x >= retainedFromId);
      const cursor = all[(n * 11) % all.length];
      const d = resumeFrom(String(cursor), window(retained, retainedFromId, id));
      if (cursor >= retainedFromId - 1)
        expect(d).toEqual({ kind: 'replay', events: ev(...all.filter((x) => x > cursor)), cursor: id });
      else expect(d.kind).toBe('resync');
    }
  });
});
