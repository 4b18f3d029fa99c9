/**
 * The user's own presence, reported by the realtime hub to the backend (spec chat §4 Notifications USER_ONLINE /
 * USER_OFFLINE, "Online and last seen", §9): PUT /api/chat/notification/user/{userId} { online } with the subscriber's
 * cookie (the backend stores last seen and fans the notice out to the users sharing a group).
 *
 * - {@link ChannelPresence}: per channel, `online: true` when it opens (the user's first socket subscribed) and every
 *   `heartbeatMs` (60 s) while it has subscribers, so last seen stays under the 4-minute online threshold; `online:
 *   false` when the channel stops after the linger or for a 500 — not when the session is gone (the call would be
 *   refused) nor at gateway shutdown (the clients reconnect to a gateway at once, which reports them online again).
 * - {@link PresenceQueue}: the reports of one user go out one after another, in order; failures are logged only (§8).
 */
import type { Dispatcher } from 'undici';
import { UpstreamSession } from '../rest/session.js';

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
  await session.call('PUT', '/api/chat/notification/user/{userId}', { params: { userId }, body: { online } });
}

/** Runs the presence reports of each user in order (one chain per user); failures go to `log` only. */
export class PresenceQueue {
  /** The last pending report per user. */
  private readonly tail = new Map<number, Promise<void>>();

  constructor(private readonly log?: (msg: string, err?: unknown) => void) {}

  /** Runs `report` of `userId` after the user's earlier ones. */
  queue(userId: number, report: () => Promise<void>): void {
    const next = (this.tail.get(userId) ?? Promise.resolve())
      .then(report)
      .catch((err: unknown) => this.log?.(`chat presence report of user ${userId} failed`, err));
    this.tail.set(userId, next);
    void next.then(() => {
      if (this.tail.get(userId) === next) this.tail.delete(userId);
    });
  }

  /** Resolves when every report queued so far has completed (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.tail.values()]);
  }
}

/** Options of a channel's presence: whether to report at all, the heartbeat (ms) and where. */
export interface ChannelPresenceOptions {
  enabled: boolean;
  heartbeatMs: number;
  backendUrl: string;
  dispatcher?: Dispatcher;
}

/** The presence reports of one channel (one user): see the file header. */
export class ChannelPresence {
  private timer: NodeJS.Timeout | null = null;
  /** Whether the backend was told this user is online (then the stop reports offline). */
  private reportedOnline = false;

  /**
   * @param cookie the Cookie header to report with (the most recent live subscriber's)
   * @param hasSubscribers whether the channel still has subscribers (the heartbeat reports only then)
   */
  constructor(
    private readonly userId: number,
    private readonly cookie: () => string,
    private readonly hasSubscribers: () => boolean,
    private readonly queue: PresenceQueue,
    private readonly o: ChannelPresenceOptions,
  ) {}

  /** The channel opened: reports online now and every heartbeat while it has subscribers. */
  start(): void {
    if (!this.o.enabled) return;
    this.report(true);
    this.timer = setInterval(() => {
      if (this.hasSubscribers()) this.report(true);
    }, this.o.heartbeatMs);
    this.timer.unref?.();
  }

  /**
   * The channel stopped: the heartbeat ends; offline is reported when online was, unless the session is gone
   * (`sessionLost`) or the gateway shuts down (`shuttingDown`).
   */
  stop(opts: { sessionLost: boolean; shuttingDown: boolean }): void {
    this.clearTimer();
    if (this.reportedOnline && !opts.sessionLost && !opts.shuttingDown) this.report(false);
  }

  /** Ends the heartbeat only (shutdown). */
  clearTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private report(online: boolean): void {
    if (online) this.reportedOnline = true;
    const cookie = this.cookie();
    this.queue.queue(this.userId, () =>
      reportPresence(this.o.backendUrl, cookie, this.userId, online, this.o.dispatcher),
    );
  }
}
