/**
 * One user's realtime channel (DESIGN "Realtime"; spec chat §4 "Realtime connection", "Notifications"): the ONE upstream
 * SSE stream of the user (upstream.ts) shared by every subscription of that user, with
 *  - the resume buffer (resumeBuffer.ts, pure): ids at or below the last received are dropped as duplicates, a backend
 *    RESYNC is passed to every subscriber and empties the buffer, a joining subscription is replayed or told to RESYNC;
 *  - delivery: durable events are never dropped by back-pressure; typing and presence are dropped for a subscription
 *    whose queue holds more than `maxQueued` (500) undelivered events;
 *  - typing: a TypingStore (3000 ms, own typing ignored, @platform/domain/chat/typing); every change of a group's typing
 *    users is pushed as a TYPING event, including expiry (a timer set from nextExpiryIn) and a message from a typing user;
 *  - the user's own presence reports (presence.ts).
 * A stop for a 500 or a lost session ends every subscription with ChatStreamClosed (no retry, §4/§8). The hub (hub.ts)
 * opens, joins and lingers channels.
 */
import type { Dispatcher } from 'undici';
import type { WireEvent } from '@platform/domain/chat/events';
import { offlineMarker } from '@platform/domain/chat/presence';
import { ORDER_EVENT_KIND, parseOrderEventPayload } from '@platform/domain/deal/events';
import { TypingStore } from '@platform/domain/chat/typing';
import { SessionExpiredError } from '../rest/errors.js';
import { UpstreamSession } from '../rest/session.js';
import { type ChatStreamEvent, toRecipientView, type WireEventCache } from './events.js';
import { ChannelPresence, type PresenceQueue } from './presence.js';
import { ResumeBuffer, type ResumeCursor } from './resumeBuffer.js';
import { sessionKeyOfCookie } from './sessionKey.js';
import type { SseEvent } from './sse.js';
import { type ChatSessionTokenDto, type StopReason, TokenRefused, UpstreamStream } from './upstream.js';

/** The hub's options a channel reads (hub.ts ChatHubOptions with its defaults filled in). */
export interface ChannelOptions {
  backendUrl: string;
  /** Short backend calls (session token, presence). */
  dispatcher?: Dispatcher;
  /** The upstream SSE streams (hub.ts: never a capped pool shared with the short calls). */
  streamDispatcher?: Dispatcher;
  retryDelayMs: number;
  idleTimeoutMs: number;
  lingerMs: number;
  bufferSize: number;
  maxQueued: number;
  typingTimeoutMs: number;
  presence: boolean;
  presenceHeartbeatMs: number;
  /** Issue 12: the subscribers' credential is an API token, not a cookie (upstream.ts `apiToken`). */
  apiToken?: boolean;
  now: () => number;
  log?: (msg: string, err?: unknown) => void;
}

/** What a channel needs from its hub: forgetting a stopped channel, the presence queue, and whether it shuts down. */
export interface ChannelHost {
  forget(c: Channel): void;
  readonly presence: PresenceQueue;
  readonly closing: boolean;
  /** The decoded durable events, shared by the host's channels (events.ts). */
  readonly wireEvents: WireEventCache;
}

/** Why a subscription ended with an error: the GraphQL layer maps it to `extensions.code`. */
export class ChatStreamClosed extends Error {
  constructor(readonly reason: Exclude<StopReason, 'DELIBERATE'>) {
    super(reason === 'UNAUTHENTICATED' ? 'Требуется вход в систему' : 'Что-то пошло не так');
    this.name = 'ChatStreamClosed';
  }
}

/** One subscription of a channel: its cookie, the last durable id delivered and its undelivered queue. */
export interface Subscriber {
  cookie: string;
  /** Key of the session behind `cookie` (sessionKey.ts); null without a SESSION cookie (issue 14). */
  sessionKey?: string | null;
  /** Whether the subscription's document selects what the backend's per-recipient views answer (upstream `views=1`). */
  views?: boolean;
  lastDelivered: number;
  queue: ChatStreamEvent[];
  waiting: ((r: IteratorResult<ChatStreamEvent>) => void) | null;
  failWaiting: ((err: unknown) => void) | null;
  error: unknown;
  done: boolean;
}

export class Channel {
  readonly subs = new Set<Subscriber>();
  /** The durable events for resuming subscriptions, and the last durable id received (resumeBuffer.ts). */
  readonly resume: ResumeBuffer<ChatStreamEvent>;
  readonly typing: TypingStore;
  private typingTimer: NodeJS.Timeout | null = null;
  /** Typing users last pushed per group (as a key), to push only changes. */
  private typingShown = new Map<number, string>();
  lingerTimer: NodeJS.Timeout | null = null;
  readonly presence: ChannelPresence;
  lastCookie: string;
  readonly upstream: UpstreamStream;

  constructor(
    readonly userId: number,
    cookie: string,
    resumeFrom: number | null,
    private readonly host: ChannelHost,
    private readonly o: ChannelOptions,
  ) {
    this.lastCookie = cookie;
    this.resume = new ResumeBuffer(resumeFrom, o.bufferSize);
    this.presence = new ChannelPresence(
      userId,
      () => this.cookie(),
      () => this.subs.size > 0,
      host.presence,
      {
        enabled: o.presence,
        heartbeatMs: o.presenceHeartbeatMs,
        backendUrl: o.backendUrl,
        dispatcher: o.dispatcher,
      },
    );
    this.typing = new TypingStore(o.now, o.typingTimeoutMs);
    this.upstream = new UpstreamStream({
      backendUrl: o.backendUrl,
      dispatcher: o.streamDispatcher ?? o.dispatcher,
      cookie: () => this.cookie(),
      apiToken: o.apiToken,
      fetchToken: (c) => fetchSessionToken(o.backendUrl, c, o.dispatcher),
      lastEventId: () => (this.resume.lastId === null ? null : String(this.resume.lastId)),
      views: () => [...this.subs].some((s) => s.views === true),
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

  /** The last durable id received (the upstream's Last-Event-ID), or null. */
  get lastId(): number | null {
    return this.resume.lastId;
  }

  private onStop(reason: StopReason): void {
    this.clearTimers();
    this.host.forget(this);
    this.presence.stop({ sessionLost: reason === 'UNAUTHENTICATED', shuttingDown: this.host.closing });
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
    this.presence.clearTimer();
    this.typingTimer = null;
    this.lingerTimer = null;
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
      if (e.id !== null && /^\d+$/.test(e.id)) this.resume.head(Number(e.id));
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
      this.resume.resync(id);
      for (const s of this.subs) {
        if (id !== null) s.lastDelivered = id;
        deliver(s, { kind: 'RESYNC', reason, cursor: id === null ? null : String(id) }, this.o.maxQueued);
      }
      return;
    }
    if (e.event === 'SESSION_ENDED') {
      this.onSessionEnded(e.data);
      return;
    }
    if (e.event === ORDER_EVENT_KIND) {
      this.onOrderEvent(e);
      return;
    }
    const wire = this.host.wireEvents.decode(e.id, e.event, e.data);
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
    const view = toRecipientView(e.view);
    const event: ChatStreamEvent = {
      kind: 'EVENT',
      cursor: String(id),
      wire,
      receivedAt: performance.now(),
      ...(view ? { view } : {}),
    };
    if (!this.resume.append(id, event)) return; // replayed twice upstream
    this.broadcast(event, id);
    if (
      (wire.type === 'GROUP_MSG' || wire.type === 'CHILD_MSG') &&
      this.typing.clear(wire.message.groupId, wire.message.sender.id)
    ) {
      this.pushTyping(wire.message.groupId);
    }
  }

  /**
   * Sessions of the user ended (issue 14: logout, password change, suspension, expiry; backend `event: SESSION_ENDED`
   * with their keys): the subscriptions of those sessions end with UNAUTHENTICATED at once. The others go on; when the
   * upstream ran on an ended session the backend ends it and the reconnect uses a remaining subscriber's cookie.
   */
  private onSessionEnded(data: string): void {
    let keys: string[] = [];
    try {
      const body = JSON.parse(data) as { sessions?: unknown };
      if (Array.isArray(body.sessions)) keys = body.sessions.map(String);
    } catch {
      this.o.log?.('chat stream: unreadable SESSION_ENDED event');
      return;
    }
    const ended = new Set(keys);
    let hit = false;
    for (const s of [...this.subs]) {
      const key = s.sessionKey === undefined ? sessionKeyOfCookie(s.cookie) : s.sessionKey;
      if (key === null || !ended.has(key)) continue;
      hit = true;
      end(s, new ChatStreamClosed('UNAUTHENTICATED'));
      this.subs.delete(s);
    }
    if (ended.has(sessionKeyOfCookie(this.lastCookie) ?? '')) {
      hit = true;
      const live = [...this.subs].at(-1);
      if (live) this.lastCookie = live.cookie;
    }
    // nobody left on a live session: stop now, no linger (a resubscription with a live session opens a new channel)
    if (hit && this.subs.size === 0) this.upstream.stop('UNAUTHENTICATED');
  }

  /** A live order event (issue 12): durable like chat's, in the same buffer and id order. */
  private onOrderEvent(e: SseEvent): void {
    let body: unknown = null;
    try {
      body = JSON.parse(e.data);
    } catch {
      /* unreadable: logged below */
    }
    const event = parseOrderEventPayload(body);
    if (!event || e.id === null || !/^\d+$/.test(e.id)) {
      this.o.log?.('chat stream: unreadable ORDER_MSG event');
      return;
    }
    const id = Number(e.id);
    const item: ChatStreamEvent = { kind: 'ORDER', cursor: String(id), event };
    if (!this.resume.append(id, item)) return; // replayed twice upstream
    this.broadcast(item, id);
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

  /** Adds a subscriber: replays from the buffer or sends RESYNC (rules in resumeBuffer.ts). */
  join(s: Subscriber, resume: ResumeCursor, opened: boolean): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    this.subs.add(s);
    this.lastCookie = s.cookie;
    const plan = this.resume.join(resume, opened);
    s.lastDelivered = plan.lastDelivered;
    if (plan.resync) deliver(s, { kind: 'RESYNC', ...plan.resync }, this.o.maxQueued);
    for (const event of plan.replay) deliver(s, event, this.o.maxQueued);
  }

  /** Removes a subscriber; the last one leaving starts the linger, after which the upstream stops. */
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

/** Hands an event to a subscription (to its waiting reader, else its queue; ephemeral ones may drop). */
export function deliver(s: Subscriber, event: ChatStreamEvent, maxQueued: number): void {
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

/** Ends a subscription (with an error, or done). */
export function end(s: Subscriber, error?: unknown): void {
  if (s.done) return;
  s.done = true;
  s.error = error;
  if (error && s.failWaiting) s.failWaiting(error);
  else if (s.waiting) s.waiting({ value: undefined, done: true });
  s.waiting = null;
  s.failWaiting = null;
}

/**
 * GET /api/secured/chat/session-token with the cookie (chat §3: token, chatUserId, supportChatGroupId, expirationTime).
 * Throws TokenRefused when the session is gone, else the errors of UpstreamSession.call (the upstream retries).
 */
export async function fetchSessionToken(
  backendUrl: string,
  cookie: string,
  dispatcher?: Dispatcher,
): Promise<ChatSessionTokenDto> {
  const session = new UpstreamSession({ backendUrl, cookieHeader: cookie, dispatcher });
  try {
    return await session.call('GET', '/api/secured/chat/session-token');
  } catch (err) {
    if (err instanceof SessionExpiredError) throw new TokenRefused();
    throw err;
  }
}
