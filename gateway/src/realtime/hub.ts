/**
 * The gateway's realtime hub (DESIGN "Realtime"; spec chat §4 "Realtime connection", "Notifications"):
 * ONE upstream SSE stream per signed-in user, shared by every subscription of that user on every socket.
 *
 * Channel life: the first `subscribe` of a user opens the channel and its upstream (undici GET
 * /api/secured/chat/stream with the subscriber's forwarded Cookie, upstream.ts); later subscriptions of the
 * same user id join it (reference count). When the last one leaves, the channel lingers `lingerMs` (default
 * 10 s, so a page reload or a socket reconnect resumes from the buffer) and is then stopped deliberately.
 * A stop for a 500 or a lost session ends every subscription of the channel with an error (no retry, §4/§8);
 * a resubscription opens a new channel.
 *
 * Nothing lost, nothing doubled:
 *  - upstream → hub: the upstream reconnects with `Last-Event-ID` = the last durable id the hub received, so
 *    the backend replays the gap; ids at or below it are dropped as duplicates. A backend RESYNC is passed to
 *    every subscriber and empties the buffer.
 *  - hub → subscription: each channel keeps a ring buffer of its last `bufferSize` (1 000) durable events. A
 *    subscription with `resumeFrom` = c is replayed the buffered events with id > c, then continues live,
 *    each id at most once and ascending. That is exact when c ≥ the channel's floor: the resume cursor of the
 *    channel's first subscription, or the first id the channel received (it is continuous from there), raised
 *    to the id of every event evicted from the buffer. A channel opened BY a subscription with `resumeFrom`
 *    passes c upstream as Last-Event-ID, so after a gateway restart the backend replays. A cursor below the
 *    floor (or not a number) gets a RESYNC event first: reload, then live.
 *  - durable events are never dropped by back-pressure; typing and presence are dropped for a subscription
 *    whose queue holds more than `maxQueued` (500) undelivered events.
 * Typing: a TypingStore per channel (3000 ms, own typing ignored, @platform/domain/chat/typing); every change of a
 * group's typing users is pushed as a TYPING event, including expiry (a timer set from nextExpiryIn) and a
 * message from a typing user (their indicator is cleared).
 *
 * Presence (spec chat §4 Notifications USER_ONLINE / USER_OFFLINE, "Online and last seen", §9): the hub reports the
 * user's own presence to the backend with the spec's PUT /api/chat/notification/user/{userId} (designed body
 * { online }, with the subscriber's cookie; the backend stores last seen and fans the notice out to the users sharing
 * a group): `online: true` when the channel opens (the user's first socket subscribed) and every
 * `presenceHeartbeatMs` (60 s) while it has subscribers, so last seen stays under the 4-minute online threshold;
 * `online: false` when the channel stops after the linger (the last socket has gone) or for a 500. Not when the session
 * is gone (the call would be refused) nor at gateway shutdown (hub.close(): the clients reconnect to a gateway at
 * once, which reports them online again; a gateway that never comes back leaves them online for at most 4 minutes).
 * The reports of one user are sent one after another, in order. Failures are logged only (chat §8).
 */
import type { Dispatcher } from 'undici';
import { TYPING_TIMEOUT_MS } from '@platform/domain/limits';
import type { WireEvent } from '@platform/domain/chat/events';
import { offlineMarker } from '@platform/domain/chat/presence';
import { TypingStore } from '@platform/domain/chat/typing';
import { SessionExpiredError, UpstreamError } from '../rest/errors.js';
import { UpstreamSession } from '../rest/session.js';
import { type ChatStreamEvent, toWireEvent } from './events.js';
import type { SseEvent } from './sse.js';
import { type ChatSessionTokenDto, type StopReason, TokenRefused, UpstreamStream } from './upstream.js';

export interface ChatHubOptions {
  backendUrl: string;
  dispatcher?: Dispatcher;
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
  now?: () => number;
  log?: (msg: string, err?: unknown) => void;
}

/** Why a subscription ended with an error: the GraphQL layer maps it to `extensions.code`. */
export class ChatStreamClosed extends Error {
  constructor(readonly reason: Exclude<StopReason, 'DELIBERATE'>) {
    super(reason === 'UNAUTHENTICATED' ? 'Требуется вход в систему' : 'Что-то пошло не так');
    this.name = 'ChatStreamClosed';
  }
}

interface Subscriber {
  cookie: string;
  lastDelivered: number;
  queue: ChatStreamEvent[];
  waiting: ((r: IteratorResult<ChatStreamEvent>) => void) | null;
  failWaiting: ((err: unknown) => void) | null;
  error: unknown;
  done: boolean;
}

class Channel {
  readonly subs = new Set<Subscriber>();
  readonly buffer: { id: number; event: ChatStreamEvent }[] = [];
  floor: number | null;
  lastId: number | null;
  readonly typing: TypingStore;
  private typingTimer: NodeJS.Timeout | null = null;
  /** Typing users last pushed per group (as a key), to push only changes. */
  private typingShown = new Map<number, string>();
  lingerTimer: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  /** Whether the backend was told this user is online (then the stop reports offline). */
  private reportedOnline = false;
  lastCookie: string;
  readonly upstream: UpstreamStream;

  constructor(
    readonly userId: number,
    cookie: string,
    resumeFrom: number | null,
    private readonly hub: ChatHub,
    private readonly o: Required<Omit<ChatHubOptions, 'dispatcher' | 'log'>> &
      Pick<ChatHubOptions, 'dispatcher' | 'log'>,
  ) {
    this.lastCookie = cookie;
    this.floor = resumeFrom;
    this.lastId = resumeFrom;
    this.typing = new TypingStore(o.now, o.typingTimeoutMs);
    this.upstream = new UpstreamStream({
      backendUrl: o.backendUrl,
      dispatcher: o.dispatcher,
      cookie: () => this.cookie(),
      fetchToken: (c) => fetchSessionToken(o.backendUrl, c, o.dispatcher),
      lastEventId: () => (this.lastId === null ? null : String(this.lastId)),
      onEvent: (e) => this.onSse(e),
      onStop: (reason) => this.onStop(reason),
      retryDelayMs: o.retryDelayMs,
      idleTimeoutMs: o.idleTimeoutMs,
      now: o.now,
      log: o.log,
    });
  }

  /** The cookie of the most recently joined live subscriber (or the last one seen). */
  private cookie(): string {
    let c = this.lastCookie;
    for (const s of this.subs) c = s.cookie;
    return c;
  }

  private onStop(reason: StopReason): void {
    this.clearTimers();
    this.hub.forget(this);
    if (this.reportedOnline && reason !== 'UNAUTHENTICATED' && !this.hub.closing) this.reportPresence(false);
    if (reason === 'DELIBERATE') {
      for (const s of this.subs) end(s);
    } else {
      for (const s of this.subs) end(s, new ChatStreamClosed(reason));
    }
    this.subs.clear();
  }

  clearTimers(): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.typingTimer = null;
    this.lingerTimer = null;
    this.presenceTimer = null;
  }

  /** Reports the user online now and every heartbeat while the channel has subscribers (see the header). */
  startPresence(): void {
    if (!this.o.presence) return;
    this.reportPresence(true);
    this.presenceTimer = setInterval(() => {
      if (this.subs.size > 0) this.reportPresence(true);
    }, this.o.presenceHeartbeatMs);
    this.presenceTimer.unref?.();
  }

  private reportPresence(online: boolean): void {
    if (online) this.reportedOnline = true;
    const cookie = this.cookie();
    this.hub.queuePresence(this.userId, () =>
      reportPresence(this.o.backendUrl, cookie, this.userId, online, this.o.dispatcher),
    );
  }

  private broadcast(event: ChatStreamEvent, durableId?: number): void {
    for (const s of this.subs) {
      if (durableId !== undefined) {
        if (durableId <= s.lastDelivered) continue;
        s.lastDelivered = durableId;
      }
      deliver(s, event, this.o.maxQueued);
    }
  }

  private onSse(e: SseEvent): void {
    if (e.event === '') {
      // head marker: the stream continues after this id (no event to deliver)
      if (e.id !== null && /^\d+$/.test(e.id)) {
        const id = Number(e.id);
        if (this.lastId === null || id > this.lastId) this.lastId = id;
        if (this.floor === null) this.floor = this.lastId;
      }
      return;
    }
    if (e.event === 'RESYNC') {
      const id = e.id !== null && /^\d+$/.test(e.id) ? Number(e.id) : null;
      let reason = 'GAP_BEYOND_RETENTION';
      try {
        reason = String((JSON.parse(e.data) as { reason?: string }).reason ?? reason);
      } catch {
        /* keep */
      }
      this.buffer.length = 0;
      this.floor = id;
      if (id !== null) this.lastId = id;
      for (const s of this.subs) {
        if (id !== null) s.lastDelivered = id;
        deliver(s, { kind: 'RESYNC', reason, cursor: id === null ? null : String(id) }, this.o.maxQueued);
      }
      return;
    }
    const wire = toWireEvent(e.event, e.data);
    if (!wire) {
      this.o.log?.(`chat stream: unreadable ${e.event} event`);
      return;
    }
    if (e.id === null || wire.type === 'NOTIFY_MSG') {
      this.onEphemeral(wire);
      return;
    }
    if (!/^\d+$/.test(e.id)) return;
    const id = Number(e.id);
    if (this.lastId !== null && id <= this.lastId) return; // replayed twice upstream
    this.lastId = id;
    if (this.floor === null) this.floor = id;
    const event: ChatStreamEvent = { kind: 'EVENT', cursor: String(id), wire };
    this.buffer.push({ id, event });
    while (this.buffer.length > this.o.bufferSize) {
      const gone = this.buffer.shift()!;
      this.floor = Math.max(this.floor ?? gone.id, gone.id);
    }
    this.broadcast(event, id);
    if (
      (wire.type === 'GROUP_MSG' || wire.type === 'CHILD_MSG') &&
      this.typing.clear(wire.message.groupId, wire.message.sender.id)
    ) {
      this.pushTyping(wire.message.groupId);
    }
  }

  private onEphemeral(wire: WireEvent): void {
    if (wire.type !== 'NOTIFY_MSG') return;
    const now = this.o.now();
    if (wire.notification === 'USER_TYPING_GROUP') {
      const r = this.typing.notify(
        { groupId: wire.groupId, userId: wire.userId, userName: wire.userName },
        this.userId,
      );
      if (!r.ok) {
        this.o.log?.(`chat stream: ${r.error}`); // chat §5 'Группы или пользователя нет', logged only (§8)
        return;
      }
      if (r.ignored) return; // the viewer's own typing (chat §4)
      this.pushTyping(wire.groupId!);
      return;
    }
    if (wire.userId == null) return;
    const at = wire.at && !Number.isNaN(Date.parse(wire.at)) ? wire.at : new Date(now).toISOString();
    const lastSeenAt =
      wire.notification === 'USER_OFFLINE' ? offlineMarker(at).toISOString() : new Date(Date.parse(at)).toISOString();
    this.broadcast({ kind: 'PRESENCE', userId: wire.userId, userName: wire.userName ?? null, lastSeenAt });
  }

  /** Pushes the group's typing users when they changed, and re-arms the expiry timer. */
  private pushTyping(groupId: number): void {
    const users = this.typing.typing(groupId);
    const key = users.map((u) => u.userId).join(',');
    if ((this.typingShown.get(groupId) ?? '') !== key) {
      if (users.length) this.typingShown.set(groupId, key);
      else this.typingShown.delete(groupId);
      this.broadcast({ kind: 'TYPING', groupId, users });
    }
    this.armTypingTimer();
  }

  private armTypingTimer(): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = null;
    const next = this.typing.nextExpiryIn();
    if (next === null && this.typingShown.size === 0) return;
    this.typingTimer = setTimeout(
      () => {
        this.typingTimer = null;
        for (const [groupId, shown] of [...this.typingShown]) {
          const users = this.typing.typing(groupId);
          const key = users.map((u) => u.userId).join(',');
          if (key !== shown) {
            if (users.length) this.typingShown.set(groupId, key);
            else this.typingShown.delete(groupId);
            this.broadcast({ kind: 'TYPING', groupId, users });
          }
        }
        this.armTypingTimer();
      },
      (next ?? 0) + 1,
    );
    this.typingTimer.unref?.();
  }

  /** Adds a subscriber: replays from the buffer or sends RESYNC (rules in the file header). */
  join(s: Subscriber, resume: { cursor: number | null; invalid: boolean }, opened: boolean): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    this.subs.add(s);
    this.lastCookie = s.cookie;
    if (opened) {
      s.lastDelivered = resume.cursor ?? 0;
      if (resume.invalid) deliver(s, { kind: 'RESYNC', reason: 'INVALID_CURSOR', cursor: null }, this.o.maxQueued);
      return;
    }
    const c = resume.cursor;
    if (c === null && !resume.invalid) {
      s.lastDelivered = this.lastId ?? 0; // live from now
      return;
    }
    if (c !== null && this.floor !== null && c >= this.floor) {
      s.lastDelivered = c;
      for (const b of this.buffer) {
        if (b.id > s.lastDelivered) {
          s.lastDelivered = b.id;
          deliver(s, b.event, this.o.maxQueued);
        }
      }
      return;
    }
    s.lastDelivered = this.lastId ?? 0;
    deliver(
      s,
      {
        kind: 'RESYNC',
        reason: resume.invalid ? 'INVALID_CURSOR' : 'CURSOR_NOT_BUFFERED',
        cursor: this.lastId === null ? null : String(this.lastId),
      },
      this.o.maxQueued,
    );
  }

  leave(s: Subscriber): void {
    this.subs.delete(s);
    if (this.subs.size > 0) return;
    if (this.o.lingerMs <= 0) return this.upstream.stop();
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.subs.size === 0) this.upstream.stop();
    }, this.o.lingerMs);
    this.lingerTimer.unref?.();
  }
}

function deliver(s: Subscriber, event: ChatStreamEvent, maxQueued: number): void {
  if (s.done) return;
  if (s.waiting) {
    const w = s.waiting;
    s.waiting = null;
    s.failWaiting = null;
    w({ value: event, done: false });
    return;
  }
  if ((event.kind === 'TYPING' || event.kind === 'PRESENCE') && s.queue.length >= maxQueued) return; // ephemeral: may drop
  s.queue.push(event);
}

function end(s: Subscriber, error?: unknown): void {
  if (s.done) return;
  s.done = true;
  s.error = error;
  if (error && s.failWaiting) s.failWaiting(error);
  else if (s.waiting) s.waiting({ value: undefined, done: true });
  s.waiting = null;
  s.failWaiting = null;
}

/**
 * PUT /api/chat/notification/user/{userId} { online } with the user's cookie (spec chat §7; the anti-forgery token is
 * fetched by the session). Errors: those of UpstreamSession.call (the hub logs them).
 */
export async function reportPresence(
  backendUrl: string,
  cookie: string,
  userId: number,
  online: boolean,
  dispatcher?: Dispatcher,
): Promise<void> {
  const session = new UpstreamSession({ backendUrl, cookieHeader: cookie, dispatcher });
  await session.call<unknown>({ method: 'PUT', path: `/api/chat/notification/user/${userId}`, body: { online } });
}

/** GET /api/secured/chat/session-token with the cookie; TokenRefused when the session is gone; null for 404. */
export async function fetchSessionToken(
  backendUrl: string,
  cookie: string,
  dispatcher?: Dispatcher,
): Promise<ChatSessionTokenDto | null> {
  const session = new UpstreamSession({ backendUrl, cookieHeader: cookie, dispatcher });
  try {
    return await session.call<ChatSessionTokenDto>({ method: 'GET', path: '/api/secured/chat/session-token' });
  } catch (err) {
    if (err instanceof SessionExpiredError) throw new TokenRefused();
    if (err instanceof UpstreamError && err.status === 404) return null;
    throw err;
  }
}

/** Parses a resume cursor: a non-negative integer, else invalid. */
export function parseResumeCursor(v: string | null | undefined): { cursor: number | null; invalid: boolean } {
  if (v == null || v.trim() === '') return { cursor: null, invalid: false };
  const t = v.trim();
  return /^\d{1,15}$/.test(t) ? { cursor: Number(t), invalid: false } : { cursor: null, invalid: true };
}

export class ChatHub {
  private readonly channels = new Map<number, Channel>();
  /** The last pending presence report per user: reports of one user go out in order. */
  private readonly presenceTail = new Map<number, Promise<void>>();
  /** True while close() stops the channels: they report no offline (see the header). */
  closing = false;
  private readonly o: Required<Omit<ChatHubOptions, 'dispatcher' | 'log'>> & Pick<ChatHubOptions, 'dispatcher' | 'log'>;

  constructor(opts: ChatHubOptions) {
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
    };
  }

  /** Number of open channels (= upstream streams). */
  get size(): number {
    return this.channels.size;
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

  /** @internal runs a presence report of `userId` after the user's earlier ones; failures are logged only (chat §8). */
  queuePresence(userId: number, report: () => Promise<void>): void {
    const next = (this.presenceTail.get(userId) ?? Promise.resolve())
      .then(report)
      .catch((err: unknown) => this.o.log?.(`chat presence report of user ${userId} failed`, err));
    this.presenceTail.set(userId, next);
    void next.then(() => {
      if (this.presenceTail.get(userId) === next) this.presenceTail.delete(userId);
    });
  }

  /** Resolves when every presence report sent so far has completed (tests, shutdown). */
  async presenceSettled(): Promise<void> {
    await Promise.all([...this.presenceTail.values()]);
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
  }): AsyncIterableIterator<ChatStreamEvent> {
    const resume = parseResumeCursor(input.resumeFrom);
    const s: Subscriber = {
      cookie: input.cookie,
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
      channel.startPresence();
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
  }
}
