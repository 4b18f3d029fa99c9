/**
 * Per-process fan-out of chat realtime events (DESIGN "Realtime": PostgreSQL LISTEN/NOTIFY across replicas).
 *
 * One hub per backend process (per app): it LISTENs on `chat_events` and `chat_ephemeral` over one dedicated
 * connection — a pg.Client built from the pool's options with node-postgres, PGlite's `listen()` with PGlite
 * (single process: the NOTIFY comes back in-process, through the same code path).
 *
 * Durable events: on a `chat_events` notification (or on the safety poll, or after the listener reconnects) the
 * hub reads the committed events with id > its cursor, in id order, and hands each to the subscribers of its
 * recipients. Committed ids form a prefix (src/chat/events.ts), so the cursor never jumps over an id that
 * commits later. Subscribers registered with a viewer (streams opened with `views=1`: the gateway's) get each event of the
 * batch with its recipient's view (./views.ts), read once per batch after the others were served. Ephemeral events: the
 * notification payload itself, handed on at once.
 *
 * Safety sweep (issue 15, src/chat/sequencer.ts): every `sweepMs` the hub kicks the event sequencer of its database,
 * which moves rows left in chat_events_pending by a writer whose process died between its commit and its sequencer run
 * (a run finding nothing pending costs one read, no lock).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DbHandle } from '../../db/client.js';
import { CHAT_EPHEMERAL_CHANNEL, CHAT_EVENTS_CHANNEL, type EphemeralNotice } from '../events.js';
import { sequencerFor } from '../sequencer.js';
import type { Actor } from '../repository/membership.js';
import { readEventsAfter, readLogBounds, type LoggedEvent } from './log.js';
import { readBatchViews, type BatchViews } from './views.js';

/**
 * What a subscriber (one SSE connection) receives. A durable event to a subscriber registered with views carries, when
 * it is about a group, `view`: the JSON of its per-recipient view (views.ts), or none when reading the views failed.
 */
export type HubMessage =
  | { durable: true; event: LoggedEvent; view?: string }
  | { durable: false; kind: EphemeralNotice['k']; payload: Record<string, unknown> };

export type HubSubscriber = (msg: HubMessage) => void;

/** A registered subscriber: its function, and the actor its per-recipient views are read for (null: no views). */
interface HubEntry {
  fn: HubSubscriber;
  viewer: Actor | null;
}

export interface HubOptions {
  /** Safety poll for missed notifications (ms; default 10 000; 0 disables). */
  pollMs: number;
  /** Delay before reconnecting a broken listener connection (ms; default 1 000). */
  reconnectMs: number;
  /** Batch size of the fan-out read (default 500). */
  batch: number;
  /** Safety sweep of the event sequencer (ms; default 1 000; 0 disables): see the file header. */
  sweepMs?: number;
  /** Reads a batch's per-recipient views (default views.ts readBatchViews; tests pass a failing one). */
  readViews?: typeof readBatchViews;
  log?: { warn(obj: unknown, msg?: string): void };
}

export class ChatEventHub {
  private readonly subs = new Map<number, Set<HubEntry>>();
  private cursor = 0;
  private pumping: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private pgClient: pg.Client | null = null;
  private unlisten: Array<() => Promise<void>> = [];
  /** Counters for tests and diagnostics. */
  readonly stats = { notifications: 0, delivered: 0, ephemeral: 0, pumps: 0, viewFailures: 0 };

  constructor(
    private readonly dbh: DbHandle,
    private readonly opts: HubOptions,
  ) {}

  /** The highest id handed to subscribers (or skipped as before start). */
  get deliveredThrough(): number {
    return this.cursor;
  }

  /** Reads the head, starts listening, the safety poll and the sequencer's safety sweep (one run at once). */
  async start(): Promise<void> {
    this.cursor = (await readLogBounds(this.dbh.db)).headId;
    await this.listen();
    if (this.opts.pollMs > 0) {
      this.pollTimer = setInterval(() => this.kick(), this.opts.pollMs);
      this.pollTimer.unref();
    }
    const sequencer = sequencerFor(this.dbh.db);
    sequencer.log ??= this.opts.log;
    const sweepMs = this.opts.sweepMs ?? 1000;
    if (sweepMs > 0) {
      void sequencer.kick();
      this.sweepTimer = setInterval(() => void sequencer.kick(), sweepMs);
      this.sweepTimer.unref();
    }
  }

  private async listen(): Promise<void> {
    if (this.dbh.driver === 'pglite') {
      const pglite = this.dbh.pglite ?? (this.dbh.db as unknown as { $client: PGlite }).$client;
      this.unlisten.push(await pglite.listen(CHAT_EVENTS_CHANNEL, () => this.onDurableNotice()));
      this.unlisten.push(await pglite.listen(CHAT_EPHEMERAL_CHANNEL, (p) => this.onEphemeralNotice(p)));
      return;
    }
    await this.connectPg();
  }

  private async connectPg(): Promise<void> {
    const pool = (this.dbh.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options as pg.ClientConfig);
    client.on('notification', (n) => {
      if (n.channel === CHAT_EVENTS_CHANNEL) this.onDurableNotice();
      else if (n.channel === CHAT_EPHEMERAL_CHANNEL) this.onEphemeralNotice(n.payload ?? '');
    });
    const broken = (err?: unknown) => {
      if (this.pgClient !== client) return;
      this.pgClient = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.opts.log?.warn({ err }, 'chat realtime listener lost; reconnecting');
      const t = setTimeout(() => {
        this.connectPg().catch((e) => broken(e));
      }, this.opts.reconnectMs);
      t.unref();
    };
    client.on('error', broken);
    client.on('end', () => broken());
    this.pgClient = client;
    await client.connect();
    await client.query(`LISTEN ${CHAT_EVENTS_CHANNEL}`);
    await client.query(`LISTEN ${CHAT_EPHEMERAL_CHANNEL}`);
    // Whatever committed while we were not listening.
    this.kick();
  }

  private onDurableNotice(): void {
    this.stats.notifications++;
    this.kick();
  }

  private onEphemeralNotice(payload: string): void {
    let n: EphemeralNotice;
    try {
      n = JSON.parse(payload) as EphemeralNotice;
    } catch {
      return;
    }
    if (!Array.isArray(n.u)) return;
    this.stats.ephemeral++;
    for (const u of n.u)
      for (const s of this.subs.get(u) ?? []) s.fn({ durable: false, kind: n.k, payload: n.p ?? {} });
  }

  /** Runs the fan-out read now (coalesced: one read at a time, re-run if kicked meanwhile). */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      try {
        do {
          this.again = false;
          await this.pumpOnce();
        } while (this.again && !this.closed);
      } catch (err) {
        this.opts.log?.warn({ err }, 'chat realtime fan-out read failed');
      } finally {
        this.pumping = null;
      }
    })();
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    this.stats.pumps++;
    for (;;) {
      const events = await readEventsAfter(this.dbh.db, this.cursor, this.opts.batch);
      // subscribers without views at once; those with views (the gateway's streams) after one read of the batch's views
      const viewers = new Map<number, Actor>();
      for (const e of events) {
        this.cursor = e.id;
        for (const u of e.recipients) {
          for (const s of this.subs.get(u) ?? []) {
            if (s.viewer) {
              viewers.set(u, s.viewer);
              continue;
            }
            this.stats.delivered++;
            s.fn({ durable: true, event: e });
          }
        }
      }
      if (viewers.size) await this.deliverWithViews(events, viewers);
      if (events.length < this.opts.batch || this.closed) return;
    }
  }

  /**
   * Hands `events` to the subscribers registered with views, each event with its recipient's view (views.ts; one read
   * for the whole batch). When the read fails the events go without views: the reader then loads what it needs.
   */
  private async deliverWithViews(events: LoggedEvent[], viewers: Map<number, Actor>): Promise<void> {
    let views: BatchViews = () => undefined;
    try {
      views = await (this.opts.readViews ?? readBatchViews)(this.dbh.db, events, viewers);
    } catch (err) {
      this.stats.viewFailures++;
      this.opts.log?.warn({ err }, 'chat realtime: reading the recipients views failed; events go without them');
    }
    for (const e of events) {
      for (const u of e.recipients) {
        if (!viewers.has(u)) continue;
        const view = views(u, e);
        for (const s of this.subs.get(u) ?? []) {
          if (!s.viewer) continue;
          this.stats.delivered++;
          s.fn(view === undefined ? { durable: true, event: e } : { durable: true, event: e, view });
        }
      }
    }
  }

  /**
   * Registers a subscriber for `userId`; returns the function that removes it. With `viewer` (the user as an actor), its
   * durable events about a group carry the recipient's view (views.ts).
   */
  subscribe(userId: number, fn: HubSubscriber, viewer: Actor | null = null): () => void {
    let set = this.subs.get(userId);
    if (!set) this.subs.set(userId, (set = new Set()));
    const entry: HubEntry = { fn, viewer };
    set.add(entry);
    return () => {
      const s = this.subs.get(userId);
      if (!s) return;
      s.delete(entry);
      if (s.size === 0) this.subs.delete(userId);
    };
  }

  /** Number of live subscribers (all users). */
  subscriberCount(): number {
    let n = 0;
    for (const s of this.subs.values()) n += s.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const u of this.unlisten) await u().catch(() => undefined);
    this.unlisten = [];
    const c = this.pgClient;
    this.pgClient = null;
    if (c) await c.end().catch(() => undefined);
    await this.pumping?.catch(() => undefined);
    this.subs.clear();
  }
}
