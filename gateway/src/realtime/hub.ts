/**
 * The gateway's realtime hub (DESIGN "Realtime"; spec chat §4 "Realtime connection", "Notifications"):
 * ONE upstream SSE stream per signed-in user, shared by every subscription of that user on every socket.
 *
 * Channel life (channel.ts): the first `subscribe` of a user opens the channel and its upstream (undici GET
 * /api/secured/chat/stream with the subscriber's forwarded Cookie, upstream.ts); later subscriptions of the
 * same user id join it (reference count). When the last one leaves, the channel lingers `lingerMs` (default
 * 10 s, so a page reload or a socket reconnect resumes from the buffer) and is then stopped deliberately.
 * A stop for a 500 or a lost session ends every subscription of the channel with an error (no retry, §4/§8);
 * a resubscription opens a new channel.
 *
 * Nothing lost, nothing doubled:
 *  - upstream → hub: the upstream reconnects with `Last-Event-ID` = the last durable id the channel received, so
 *    the backend replays the gap; ids at or below it are dropped as duplicates.
 *  - hub → subscription: each channel keeps its last `bufferSize` (1 000) durable events (resumeBuffer.ts, pure, with
 *    the exact rules). A subscription with `resumeFrom` = c is replayed the buffered events with id > c, then continues
 *    live, each id at most once and ascending; a channel opened BY a subscription with `resumeFrom` passes c upstream
 *    as Last-Event-ID, so after a gateway restart the backend replays; a cursor the buffer cannot answer gets RESYNC.
 * Presence (presence.ts): the user's own online/offline reports to the backend, in order per user.
 */
import { Agent, type Dispatcher } from 'undici';
import { TYPING_TIMEOUT_MS } from '@platform/domain/limits';
import { Channel, type ChannelOptions, type Subscriber } from './channel.js';
import { PresenceQueue } from './presence.js';
import { type ChatStreamEvent, WireEventCache } from './events.js';
import { parseResumeCursor } from './resumeBuffer.js';
import { sessionKeyOfCookie } from './sessionKey.js';

export { ChatStreamClosed, fetchSessionToken } from './channel.js';
export { reportPresence } from './presence.js';
export { parseResumeCursor } from './resumeBuffer.js';

export interface ChatHubOptions {
  backendUrl: string;
  /** Dispatcher of the short backend calls (chat session token, presence), e.g. the gateway's shared pool. */
  dispatcher?: Dispatcher;
  /**
   * Dispatcher of the long-lived upstream SSE streams. Each open stream holds one HTTP connection for as long as the
   * user is subscribed, so they must not share a capped pool with the short calls (issue 15: with the gateway's pool
   * of 128 connections per origin, the 129th signed-in subscriber's stream — and every GraphQL call after it — waited
   * for a free connection forever). Default: a dedicated undici Agent of this hub with no connection cap, closed with
   * the hub.
   */
  streamDispatcher?: Dispatcher;
  /** Upstream retry delay, ms (chat §9: 5 s). Tests inject a short one. */
  retryDelayMs?: number;
  /** Upstream idle timeout, ms (default 60 s). */
  idleTimeoutMs?: number;
  /** How long a channel without subscriptions stays open, ms (default 10 000). */
  lingerMs?: number;
  /** Durable events kept per user for resume (default 1 000). */
  bufferSize?: number;
  /** Undelivered events per subscription above which ephemeral ones are dropped (default 500). */
  maxQueued?: number;
  /** Typing timeout, ms (chat §9: 3000). */
  typingTimeoutMs?: number;
  /** Report the user's presence to the backend (see the header). Default true. */
  presence?: boolean;
  /** Presence heartbeat while a channel has subscribers, ms (default 60 000; must stay under 4 minutes). */
  presenceHeartbeatMs?: number;
  /**
   * Issue 12: a hub of integrators' API-token subscriptions (`cookie` of subscribe is then the token): one upstream per
   * user authenticated by the token, live order events only. Use presence: false with it.
   */
  apiToken?: boolean;
  now?: () => number;
  log?: (msg: string, err?: unknown) => void;
}

export class ChatHub {
  private readonly channels = new Map<number, Channel>();
  /** The presence reports of every user, in order per user. */
  readonly presence: PresenceQueue;
  /** True while close() stops the channels: they report no offline (see presence.ts). */
  closing = false;
  /** The durable events its channels decoded, shared between them (events.ts WireEventCache). */
  readonly wireEvents = new WireEventCache();
  private readonly o: ChannelOptions;
  /** The hub's own stream Agent when none was given (close() closes it and puts a fresh one in its place). */
  private ownStreamAgent: Agent | null;

  constructor(opts: ChatHubOptions) {
    this.ownStreamAgent = opts.streamDispatcher ? null : new Agent({ keepAliveTimeout: 10_000 });
    this.o = {
      retryDelayMs: 5000,
      idleTimeoutMs: 60_000,
      lingerMs: 10_000,
      bufferSize: 1000,
      maxQueued: 500,
      typingTimeoutMs: TYPING_TIMEOUT_MS,
      presence: true,
      presenceHeartbeatMs: 60_000,
      now: Date.now,
      ...opts,
      streamDispatcher: opts.streamDispatcher ?? this.ownStreamAgent!,
    };
    this.presence = new PresenceQueue(this.o.log);
  }

  /** Number of open channels (= upstream streams). */
  get size(): number {
    return this.channels.size;
  }

  /**
   * Per open channel, the undelivered events of its slowest subscriber: what the gateway's channels lag behind the
   * upstream stream they received (issue 12 metrics, observability/metrics.ts).
   */
  backlog(): number[] {
    return [...this.channels.values()].map((c) => Math.max(0, ...[...c.subs].map((s) => s.queue.length)));
  }

  /** The channel of a user, for tests and health: subscriber count and upstream connects. */
  inspect(userId: number): { subscribers: number; connects: number; lastId: number | null } | null {
    const c = this.channels.get(userId);
    return c ? { subscribers: c.subs.size, connects: c.upstream.connects, lastId: c.lastId } : null;
  }

  /**
   * Test hook: cuts the user's upstream connection as a network failure would; the channel keeps its
   * subscribers and reconnects after `retryDelayMs` with Last-Event-ID = the last durable id it received.
   * False when the user has no channel or no open connection.
   */
  dropUpstream(userId: number): boolean {
    return this.channels.get(userId)?.upstream.drop() ?? false;
  }

  /** @internal a stopped channel removes itself. */
  forget(c: Channel): void {
    if (this.channels.get(c.userId) === c) this.channels.delete(c.userId);
  }

  /** Resolves when every presence report sent so far has completed (tests, shutdown). */
  async presenceSettled(): Promise<void> {
    await this.presence.settled();
  }

  /**
   * Subscribes the user's events. `cookie`: the subscriber's session Cookie header (the upstream forwards the
   * most recent live subscriber's); `resumeFrom`: the last durable cursor the client received, if any.
   * The iterator ends with ChatStreamClosed when the upstream stops for a 500 or a lost session.
   */
  subscribe(input: {
    userId: number;
    cookie: string;
    resumeFrom?: string | null;
    /**
     * Whether this subscription needs the backend's per-recipient views (the group and unread statistic of each event:
     * chatEvents documents that select them; default false, e.g. orderEvents). The user's upstream asks for them when it
     * connects if any of its subscriptions does; events that come without them have those fields read on demand.
     */
    views?: boolean;
  }): AsyncIterableIterator<ChatStreamEvent> {
    const resume = parseResumeCursor(input.resumeFrom);
    const s: Subscriber = {
      cookie: input.cookie,
      sessionKey: sessionKeyOfCookie(input.cookie),
      views: input.views ?? false,
      lastDelivered: 0,
      queue: [],
      waiting: null,
      failWaiting: null,
      error: undefined,
      done: false,
    };
    let channel = this.channels.get(input.userId);
    const opened = !channel;
    if (!channel) {
      channel = new Channel(input.userId, input.cookie, resume.cursor, this, this.o);
      this.channels.set(input.userId, channel);
    }
    channel.join(s, resume, opened);
    if (opened) {
      channel.upstream.start();
      channel.presence.start();
    }
    const ch = channel;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      s.done = true;
      ch.leave(s);
    };
    const it: AsyncIterableIterator<ChatStreamEvent> = {
      next() {
        if (s.queue.length) return Promise.resolve({ value: s.queue.shift()!, done: false });
        if (s.done) {
          leave();
          return s.error ? Promise.reject(s.error) : Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve, reject) => {
          s.waiting = resolve;
          s.failWaiting = reject;
        });
      },
      return() {
        leave();
        if (s.waiting) s.waiting({ value: undefined, done: true });
        s.waiting = null;
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        leave();
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() {
        return it;
      },
    };
    return it;
  }

  /** Stops every channel deliberately (gateway shutdown; no offline reports, see the header). */
  close(): void {
    this.closing = true;
    try {
      for (const c of [...this.channels.values()]) {
        c.clearTimers();
        c.upstream.stop(); // calls onStop synchronously, while `closing` holds
      }
    } finally {
      this.closing = false;
    }
    this.channels.clear();
    // every stream was aborted above: close the hub's own Agent; a hub used again after close() (tests) gets a new one
    if (this.ownStreamAgent) {
      this.ownStreamAgent.close().catch(() => undefined);
      this.ownStreamAgent = new Agent({ keepAliveTimeout: 10_000 });
      this.o.streamDispatcher = this.ownStreamAgent;
    }
  }
}
