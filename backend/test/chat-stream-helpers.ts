/**
 * Helpers of the chat stream tests: a real-HTTP SSE reader (fetch/undici) and event appends in their own
 * transactions.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appendChatEvents, type NewChatEvent } from '../src/chat/events.js';
import type { Db } from '../src/db/client.js';
import { users } from '../src/db/schema/core.js';

export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  /** The `view:` line (a stream opened with views=1). */
  view?: string;
  comments: string[];
  at: number;
}

/** Reads a text/event-stream response over real HTTP and keeps every block. */
export class SseReader {
  readonly blocks: SseBlock[] = [];
  private buf = '';
  private waiters: Array<() => void> = [];
  ended = false;
  private constructor(
    readonly status: number,
    readonly body: string,
    private readonly ctrl: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const ctrl = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal });
    if (res.status !== 200) {
      const r = new SseReader(res.status, await res.text(), ctrl);
      r.ended = true;
      return r;
    }
    const r = new SseReader(200, '', ctrl);
    void r.pump(res.body!);
    return r;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const dec = new TextDecoder();
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        this.buf += dec.decode(chunk, { stream: true });
        let i: number;
        while ((i = this.buf.indexOf('\n\n')) >= 0) {
          const raw = this.buf.slice(0, i);
          this.buf = this.buf.slice(i + 2);
          const b: SseBlock = { comments: [], at: performance.now() };
          for (const line of raw.split('\n')) {
            if (line.startsWith(':')) {
              b.comments.push(line.slice(1).trim());
              continue;
            }
            const k = line.indexOf(':');
            const field = k < 0 ? line : line.slice(0, k);
            const value = k < 0 ? '' : line.slice(k + 1).replace(/^ /, '');
            if (field === 'id') b.id = value;
            else if (field === 'event') b.event = value;
            else if (field === 'view') b.view = value;
            else if (field === 'data') b.data = b.data === undefined ? value : `${b.data}\n${value}`;
          }
          this.blocks.push(b);
        }
        this.wake();
      }
    } catch {
      /* aborted */
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Durable events (blocks with an id and an event other than RESYNC). */
  durable(): Array<{ id: number; event: string; data: Record<string, unknown> }> {
    return this.blocks
      .filter((b) => b.id !== undefined && b.event && b.event !== 'RESYNC')
      .map((b) => ({ id: Number(b.id), event: b.event!, data: JSON.parse(b.data ?? '{}') as Record<string, unknown> }));
  }

  /** The last id the stream set (what EventSource would send as Last-Event-ID). */
  lastId(): string | undefined {
    for (let i = this.blocks.length - 1; i >= 0; i--) if (this.blocks[i].id !== undefined) return this.blocks[i].id;
    return undefined;
  }

  /** Waits until `pred` holds (checked on every block) or fails after `ms`. */
  async waitFor(pred: (r: SseReader) => boolean, ms = 5000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!pred(this)) {
      if (this.ended) throw new Error(`stream ended before ${what}: ${JSON.stringify(this.blocks)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timeout waiting for ${what}: ${JSON.stringify(this.blocks)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ctrl.abort();
  }
}

/** Listens on a random port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

export async function userId(db: Db, email: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

/**
 * Appends events in their own committed transaction and answers their ids, in input order. The ids are assigned at
 * commit (src/chat/events.ts), so they are read afterwards: for each event the highest id of a logged event with the
 * same kind, recipients and payload — give concurrent appends distinct payloads.
 */
export async function append(db: Db, events: NewChatEvent[]): Promise<number[]> {
  await db.transaction((tx) => appendChatEvents(tx, events));
  const ids: number[] = [];
  for (const e of events) {
    const r = (await db.execute(
      sql`select max(id) as id from chat_events where kind = ${e.kind} and payload = ${JSON.stringify(e.payload)}::jsonb
            and recipients = ${`{${[...new Set(e.recipients.map(Number))].join(',')}}`}::int[]`,
    )) as unknown as { rows: Array<{ id: string | number | null }> };
    ids.push(Number(r.rows[0]?.id));
  }
  return ids;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
