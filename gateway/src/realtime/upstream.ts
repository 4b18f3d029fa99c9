/**
 * One upstream SSE connection to the backend's chat stream (GET /api/secured/chat/stream) for one user, with
 * the retry policy of spec chat §4 "Realtime connection" and §8:
 *
 *   answer / failure                         next step
 *   ---------------------------------------  --------------------------------------------------------------
 *   200 text/event-stream                    read events; `Last-Event-ID` of the last durable event is kept
 *   stream ends, network error, idle > 60 s  reconnect after `retryDelayMs` (5 s, chat §9) with Last-Event-ID
 *   401 (session token or session refused)   renew the chat session token once and reconnect at once; a
 *                                            second 401, or a renewal refused for the session → stop
 *                                            (UNAUTHENTICATED)
 *   500                                      stop, no retry (chat §4: "unless … status 500")
 *   other status (502, 503, 404…)            reconnect after `retryDelayMs`
 *   stop()                                   deliberate stop: abort, no retry
 *
 * The chat session token (GET /api/secured/chat/session-token: token, chatUserId, supportChatGroupId,
 * expirationTime) is fetched before the first connection and renewed when missing or expiring within 30 s
 * ("a missing or expired session token is renewed"); it travels as `Authorization: Bearer <token>` next to the
 * forwarded session cookie.
 */
import { request, type Dispatcher } from 'undici';
import type { ChatSessionTokenDto } from '../rest/contract.js';
import { SseParser, type SseEvent } from './sse.js';

/** Realtime retry delay (chat §9), ms. */
export const REALTIME_RETRY_DELAY_MS = 5000;
/** No byte for this long (three missed 20 s pings) counts as a dead connection. */
export const REALTIME_IDLE_TIMEOUT_MS = 60_000;
/** Renew the session token when it expires within this margin. */
const TOKEN_MARGIN_MS = 30_000;

export type StopReason = 'DELIBERATE' | 'SERVER_ERROR' | 'UNAUTHENTICATED';

export type { ChatSessionTokenDto };

export interface UpstreamStreamOptions {
  backendUrl: string;
  dispatcher?: Dispatcher;
  /** The Cookie header to forward (a live subscriber's session); undefined → stop UNAUTHENTICATED. */
  cookie: () => string | undefined;
  /**
   * Issue 12: the credential of `cookie()` is an integrator's API token (vpt_…), sent as `Authorization: Bearer` with
   * no cookie and no chat session token; the backend's stream then carries live order events only. A 401 stops the
   * stream (UNAUTHENTICATED: revoked or expired token).
   */
  apiToken?: boolean;
  /** Fetches a new session token with the cookie; throws `TokenRefused` when the session is gone. */
  fetchToken: (cookie: string) => Promise<ChatSessionTokenDto>;
  /** Last-Event-ID to (re)connect with, null for a live start. */
  lastEventId: () => string | null;
  /**
   * Whether to ask for the per-recipient views (`views=1`, issue 15), evaluated at each connect (default true; never
   * with an API token).
   */
  views?: () => boolean;
  onEvent: (e: SseEvent) => void;
  /** Each time a connection is established (status 200). */
  onOpen?: () => void;
  /** The stream stopped for good (no more retries). */
  onStop: (reason: StopReason) => void;
  retryDelayMs?: number;
  idleTimeoutMs?: number;
  now?: () => number;
  log?: (msg: string, err?: unknown) => void;
}

/** The session behind the cookie is gone: the token could not be renewed (401). */
export class TokenRefused extends Error {
  constructor() {
    super('chat session token refused');
    this.name = 'TokenRefused';
  }
}

export class UpstreamStream {
  /** Connections opened so far (tests count them). */
  connects = 0;
  private stopped = false;
  private abort: AbortController | null = null;
  private timer: NodeJS.Timeout | null = null;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly retryDelayMs: number;
  private readonly idleTimeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: UpstreamStreamOptions) {
    this.retryDelayMs = opts.retryDelayMs ?? REALTIME_RETRY_DELAY_MS;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? REALTIME_IDLE_TIMEOUT_MS;
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    void this.connect(false);
  }

  /** Stop: no retry; `onStop(reason)` is called (default DELIBERATE; UNAUTHENTICATED when the session ended, issue 14). */
  stop(reason: StopReason = 'DELIBERATE'): void {
    this.finish(reason);
  }

  get running(): boolean {
    return !this.stopped;
  }

  /**
   * Test hook: destroys the current connection as a network failure would (not a stop), so the stream
   * reconnects after `retryDelayMs` with Last-Event-ID. False when no connection is open or pending.
   */
  drop(): boolean {
    if (this.stopped || !this.abort) return false;
    const abort = this.abort;
    this.abort = null;
    abort.abort(new Error('connection dropped (test)'));
    return true;
  }

  private finish(reason: StopReason): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
    this.opts.onStop(reason);
  }

  private retryLater(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect(false);
    }, this.retryDelayMs);
    this.timer.unref?.();
  }

  private async ensureToken(cookie: string, force: boolean): Promise<string> {
    if (!force && this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token.value;
    const dto = await this.opts.fetchToken(cookie);
    const exp = Date.parse(dto.expirationTime); // UTC ISO 8601
    this.token = { value: dto.token, expiresAt: Number.isNaN(exp) ? Number.POSITIVE_INFINITY : exp };
    return dto.token;
  }

  private async connect(afterRenewal: boolean): Promise<void> {
    if (this.stopped) return;
    const cookie = this.opts.cookie();
    if (!cookie) return this.finish('UNAUTHENTICATED');
    let token: string;
    if (this.opts.apiToken) {
      token = cookie;
    } else {
      try {
        token = await this.ensureToken(cookie, afterRenewal);
      } catch (err) {
        if (err instanceof TokenRefused) return this.finish('UNAUTHENTICATED');
        this.opts.log?.('chat session token failed', err);
        return this.retryLater();
      }
    }
    if (this.stopped) return;
    const abort = new AbortController();
    this.abort = abort;
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      'cache-control': 'no-cache',
      ...(this.opts.apiToken ? {} : { cookie }),
      authorization: `Bearer ${token}`,
    };
    const last = this.opts.lastEventId();
    if (last) headers['last-event-id'] = last;
    this.connects += 1;
    let res: Dispatcher.ResponseData;
    try {
      // views=1: each chat event about a group carries the user's group preview and unread statistic (issue 15)
      const views = !this.opts.apiToken && (this.opts.views?.() ?? true);
      const path = views ? '/api/secured/chat/stream?views=1' : '/api/secured/chat/stream';
      res = await request(`${this.opts.backendUrl.replace(/\/+$/, '')}${path}`, {
        method: 'GET',
        headers,
        dispatcher: this.opts.dispatcher,
        signal: abort.signal,
        headersTimeout: 15_000,
        bodyTimeout: this.idleTimeoutMs,
      });
    } catch (err) {
      if (this.stopped) return;
      this.opts.log?.('chat stream unreachable', err);
      return this.retryLater();
    }
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => {});
      if (this.stopped) return;
      if (res.statusCode === 401) {
        if (afterRenewal || this.opts.apiToken) return this.finish('UNAUTHENTICATED');
        return this.connect(true); // expired session token: renew once, reconnect at once
      }
      if (res.statusCode === 500) return this.finish('SERVER_ERROR');
      return this.retryLater();
    }
    this.opts.onOpen?.();
    const parser = new SseParser((e) => {
      if (!this.stopped) this.opts.onEvent(e);
    });
    try {
      res.body.setEncoding('utf8');
      for await (const chunk of res.body) {
        if (this.stopped) break;
        parser.push(chunk as string);
      }
    } catch (err) {
      if (!this.stopped) this.opts.log?.('chat stream broke', err);
    }
    if (this.abort === abort) this.abort = null;
    this.retryLater();
  }
}
