/**
 * shared.ts readSince (issue 15, real-use chat under load): the events of one subscription that queued up before a
 * read of "the state now" started share that read; an event that arrived after it started gets a new one; failures are
 * not kept; subscriptions (contexts) never share.
 */
import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../context.js';
import { readSince } from './shared.js';

const ctx = () => ({}) as GatewayContext;

/** A load whose answers are released by hand, counting its calls. */
function gatedLoad() {
  const pending: ((v: number) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<number>((resolve) => pending.push(resolve));
    },
    release: (v: number) => pending.shift()!(v),
    get calls() {
      return calls;
    },
  };
}

describe('readSince (spec chat §4 counters are read, never guessed; issue 15)', () => {
  it('events that arrived before a read started share it; one that arrived after gets its own', async () => {
    const c = ctx();
    const g = gatedLoad();
    const arrived = [performance.now(), performance.now(), performance.now()];
    const first = readSince(c, 'unread', arrived[0], g.load);
    // the two later events were queued before the read started: no new read
    const second = readSince(c, 'unread', arrived[1], g.load);
    const third = readSince(c, 'unread', arrived[2], g.load);
    expect(g.calls).toBe(1);
    g.release(7);
    expect(await Promise.all([first, second, third])).toEqual([7, 7, 7]);
    // an event received after that read started needs a read of its own
    const later = readSince(c, 'unread', performance.now() + 1, g.load);
    expect(g.calls).toBe(2);
    g.release(8);
    expect(await later).toBe(8);
    // keys are separate
    const group = readSince(c, 'group:5', arrived[0], g.load);
    expect(g.calls).toBe(3);
    g.release(9);
    expect(await group).toBe(9);
  });

  it('an unknown arrival time never shares; subscriptions never share; a failed read is not reused', async () => {
    const g = gatedLoad();
    const a = ctx();
    const b = ctx();
    const t = performance.now();
    void readSince(a, 'unread', t, g.load);
    void readSince(a, 'unread', undefined, g.load);
    void readSince(b, 'unread', t, g.load);
    expect(g.calls).toBe(3);
    g.release(1);
    g.release(2);
    g.release(3);

    const c = ctx();
    const t0 = performance.now();
    let failures = 0;
    const failing = () => {
      failures++;
      return Promise.reject(new Error('upstream down'));
    };
    await expect(readSince(c, 'unread', t0, failing)).rejects.toThrow('upstream down');
    await Promise.resolve();
    expect(await readSince(c, 'unread', t0, () => Promise.resolve(4))).toBe(4);
    expect(failures).toBe(1);
  });
});
