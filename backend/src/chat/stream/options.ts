/**
 * Settings of the chat realtime stream (spec chat §9: ping 20 s, retry 5 s; DESIGN "Realtime": retention).
 * Read from `config.chatStream` (tests pass it to createTestApp's config), else from the environment:
 * CHAT_STREAM_PING_MS, CHAT_STREAM_TOKEN_RECHECK_MS, CHAT_STREAM_SESSION_RECHECK_MS, SESSION_SWEEP_MS, CHAT_EVENTS_RETENTION_DAYS, CHAT_EVENTS_RETENTION_MAX, CHAT_EVENTS_PRUNE_EVERY_MS.
 */
import type { RetentionPolicy } from './log.js';

export interface ChatStreamOptions {
  /** `: ping` comment interval (ms; spec chat §9: 20 000). */
  pingMs: number;
  /** SSE `retry:` sent to the client (ms; spec chat §9: 5 000). */
  retryMs: number;
  /** Event log retention (default 7 days, at most 1 000 000 events). */
  retention: RetentionPolicy;
  /** How often this process prunes the log (ms; default 1 hour; 0 disables). */
  pruneEveryMs: number;
  /** Safety poll of the fan-out for lost notifications (ms; default 10 000; 0 disables). */
  pollMs: number;
  /** Most events replayed on a reconnect; a larger gap gets RESYNC (default 10 000). */
  maxReplay: number;
  /**
   * Bytes a stream may have buffered unsent before it is closed (default 1 MiB). Ephemeral events are dropped as
   * soon as the socket asks for drain; durable ones are never dropped: an overfull stream is closed instead and
   * the client resumes from its Last-Event-ID.
   */
  maxBufferedBytes: number;
  /**
   * How often a stream opened with an API token re-checks the token (ms; default 20 000): once it is revoked or expired,
   * or its owner blocked, the stream ends and the reconnect gets 401 API_TOKEN_INVALID (issue 12 "API tokens").
   */
  tokenRecheckMs: number;
  /**
   * Longest wait between two checks that the session behind a stream (its cookie or its chat session token) is still
   * alive (ms; default 300 000). The stream checks when the session is due to expire (idle or absolute, whichever is
   * first) and at least this often; a session gone or expired ends the stream with `event: SESSION_ENDED` (issue 14).
   * Logout, password change and suspension end streams at once by notice; this catches expiry.
   */
  sessionRecheckMs: number;
  /**
   * How often this process deletes the expired sessions and announces them (SESSION_ENDED) to their users' streams on
   * every replica (ms; default 60 000; 0 disables; issue 14): so a gateway channel shared by several sessions of one
   * user ends the subscriptions of an expired one too. Replicas may sweep at the same time: each row is deleted once.
   */
  sessionSweepMs: number;
}

declare module '../../config.js' {
  interface Config {
    /** Chat realtime stream settings (src/chat/stream/options.ts); each field optional. */
    chatStream?: Partial<ChatStreamOptions>;
  }
}

const DAY = 24 * 60 * 60 * 1000;

export function chatStreamOptions(
  over: Partial<ChatStreamOptions> = {},
  env: NodeJS.ProcessEnv = process.env,
): ChatStreamOptions {
  const num = (v: string | undefined, d: number) =>
    v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d;
  return {
    pingMs: num(env.CHAT_STREAM_PING_MS, 20_000),
    retryMs: 5_000,
    pruneEveryMs: num(env.CHAT_EVENTS_PRUNE_EVERY_MS, 60 * 60 * 1000),
    pollMs: 10_000,
    maxReplay: 10_000,
    maxBufferedBytes: 1024 * 1024,
    tokenRecheckMs: num(env.CHAT_STREAM_TOKEN_RECHECK_MS, 20_000),
    sessionRecheckMs: num(env.CHAT_STREAM_SESSION_RECHECK_MS, 300_000),
    sessionSweepMs: num(env.SESSION_SWEEP_MS, 60_000),
    ...over,
    retention: {
      maxAgeMs: num(env.CHAT_EVENTS_RETENTION_DAYS, 7) * DAY,
      maxEvents: num(env.CHAT_EVENTS_RETENTION_MAX, 1_000_000),
      ...over.retention,
    },
  };
}
