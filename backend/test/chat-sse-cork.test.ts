/**
 * The chat stream's socket writes (issue 15; src/chat/stream/sse.ts): the frames written in one synchronous run — a
 * batch of events the hub hands over at once — are corked and leave in one socket write on the next tick; the next run
 * corks again; ending the stream flushes what is corked. Over a recording response; delivery over real HTTP is
 * chat-stream.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SseConnection } from '../src/chat/stream/sse.js';

/** A response that records cork, uncork, write and end, in order. */
function recordingResponse() {
  const calls: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    writableLength: 0,
    writableNeedDrain: false,
    cork: () => calls.push('cork'),
    uncork: () => calls.push('uncork'),
    write: (chunk: string) => calls.push(`write ${chunk.split('\n')[0]}`),
    end: () => calls.push('end'),
  });
  return { res: res as unknown as ServerResponse, calls };
}

const event = (id: number) => ({ id, recipients: [1], kind: 'GROUP_MSG', payload: { msgId: id } });
const tick = () => new Promise((r) => process.nextTick(r));

describe('chat stream writes', () => {
  it('one synchronous batch of frames is corked once and uncorked on the next tick', async () => {
    const { res, calls } = recordingResponse();
    const conn = new SseConnection(res, { pingMs: 60_000, maxBufferedBytes: 1 << 20 }, () => undefined);
    conn.goLive(0);
    await tick();
    calls.length = 0;
    for (const id of [1, 2, 3]) conn.deliver({ durable: true, event: event(id) });
    expect(calls).toEqual(['cork', 'write id: 1', 'write id: 2', 'write id: 3']);
    await tick();
    expect(calls.at(-1)).toBe('uncork');
    conn.deliver({ durable: true, event: event(4), view: '{"group":null}' });
    expect(calls.slice(-2)).toEqual(['cork', 'write id: 4']);
    conn.end();
    expect(calls.at(-1)).toBe('end');
    await tick();
    // closed: nothing more is written
    conn.deliver({ durable: true, event: event(5) });
    expect(calls.filter((c) => c.startsWith('write'))).toHaveLength(4);
  });
});
