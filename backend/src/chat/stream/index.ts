/**
 * GET /api/secured/chat/stream — the per-user Server-Sent Events stream of chat realtime events (spec chat §4
 * "Incoming realtime message types", "Realtime connection", §9 ping 20 s and retry 5 s; DESIGN "Realtime").
 *
 * Auth: the session cookie, or the chat session token (`Authorization: Bearer <token>` or `?token=`) resolved by `app.chatRealtime.tokenResolver` (the chat session token
 * of GET /api/secured/chat/session-token; the chat routes install the resolver). 401 `UNAUTHORIZED` otherwise.
 * Also an API token (issue 12: `Authorization: Bearer vpt_…`, set by the auth plugin as `request.apiToken`): the stream
 * then carries the live order events (`event: ORDER_MSG`, src/deal/order-events.ts) of the token's user only, and
 * re-checks the token every `tokenRecheckMs`: revoked, expired or its owner blocked → the stream ends (the reconnect
 * then gets 401 API_TOKEN_INVALID, which the gateway turns into UNAUTHENTICATED for the subscription).
 * Every stream carries ORDER_MSG events next to the chat kinds; chat readers ignore the kind.
 * Sessions (issue 14): a stream runs on a session (its cookie's, or its chat token's). When sessions of the user end
 * (logout, password change, suspension: a SESSION_ENDED notice on every replica) the stream writes `event: SESSION_ENDED`
 * with their keys, and ends when its own is among them; it also checks its session when due to expire.
 * Views (issue 15): with `?views=1` (the gateway) every live event about a group carries the recipient's `view:` line
 * (./views.ts, ./sse.ts); replayed events carry none.
 * Resume: the `Last-Event-ID` header, else `?lastEventId=`. Decision by resumeFrom (domain/chat/replay.ts):
 *   none → live from the head; a retained gap → exactly the missed events of this user in id order, then live;
 *   invalid, ahead of the head, beyond retention or more than maxReplay events → `event: RESYNC`.
 * Response: 200 `text/event-stream` (format: ./sse.ts); 503 when the log cannot be read (the client retries).
 *
 * Also decorates `app.chatRealtime` with the hub, publishEphemeral (typing/presence, all replicas), prune and
 * the options; starts the LISTEN connection and the pruning timer, and ends every stream on close.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ORDER_EVENT_KIND } from '@platform/domain/deal/events';
import { parseLastEventId, resumeFrom } from '../../domain/chat/replay.js';
import { AppError } from '../../errors.js';
import { apiTokenStillActive } from '../../integrations/api-tokens.js';
import { eq, lte, or } from 'drizzle-orm';
import { endSessionsWhere } from '../../accounts/account-access.js';
import { sessions } from '../../db/schema/core.js';
import { sessionKey } from '../session-token.js';
import { publishEphemeralVia, type EphemeralKind } from '../events.js';
import type { Actor } from '../repository/membership.js';
import { ChatEventHub } from './hub.js';
import { pruneChatEvents, readRetainedWindow } from './log.js';
import { chatStreamOptions, type ChatStreamOptions } from './options.js';
import { SseConnection } from './sse.js';

export const CHAT_STREAM_PATH = '/api/secured/chat/stream';

/** Maps a chat session token to its user id and the session it belongs to (null: unknown or expired). */
export type ChatTokenResolver = (token: string, now: Date) => Promise<{ userId: number; sessionSid: string } | null>;

export interface ChatRealtime {
  hub: ChatEventHub;
  options: ChatStreamOptions;
  /** Installed by the chat routes: resolves `?token=` (chat session token). Without it only the cookie works. */
  tokenResolver: ChatTokenResolver | null;
  /**
   * Sends an ephemeral NOTIFY_MSG (USER_TYPING_GROUP, USER_ONLINE, USER_OFFLINE) to the open streams of
   * `userIds` on every replica; data = `{ type: 'NOTIFY_MSG', notification: kind, ...payload }`.
   * @returns false when dropped (no recipients or payload over ~7.9 kB).
   */
  publishEphemeral(userIds: number[], kind: EphemeralKind, payload: Record<string, unknown>): Promise<boolean>;
  /** Prunes the log now by the retention policy (app clock). */
  prune(): Promise<{ deleted: number; retainedFromId: number }>;
  /** Open streams of this process. */
  openStreams(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatRealtime: ChatRealtime;
  }
}

/** Who a stream serves (with the account type its views are read for), and the session it runs on (null for an API-token stream). */
interface StreamAuth {
  userId: number;
  actor: Actor;
  sessionSid: string | null;
}

async function streamUser(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string | undefined,
): Promise<StreamAuth> {
  if (request.user)
    return {
      userId: request.user.id,
      actor: { id: request.user.id, accountType: request.user.accountType },
      sessionSid: request.apiToken ? null : request.session.sessionId,
    };
  const resolver = app.chatRealtime.tokenResolver;
  if (token && resolver) {
    const resolved = await resolver(token, app.clock.now());
    if (resolved) {
      const u = await app.loadAuthUser(resolved.userId);
      if (u && !u.blocked)
        return { userId: u.id, actor: { id: u.id, accountType: u.accountType }, sessionSid: resolved.sessionSid };
    }
  }
  throw AppError.unauthorized();
}

/**
 * When the stored session `sid` is next due to expire (its idle or absolute expiry, whichever is first), or null when it
 * is gone or already expired at `now` (issue 14: the stream then ends).
 */
export async function sessionExpiry(app: FastifyInstance, sid: string, now: Date): Promise<Date | null> {
  const [row] = await app.dbh.db
    .select({ expiresAt: sessions.expiresAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.sid, sid));
  if (!row) return null;
  const due = row.absoluteExpiresAt && row.absoluteExpiresAt < row.expiresAt ? row.absoluteExpiresAt : row.expiresAt;
  return due.getTime() > now.getTime() ? due : null;
}

/**
 * Deletes the sessions expired at the app clock's now (idle or absolute expiry) with their chat session tokens, and
 * announces them to their users' streams on every replica (accounts/account-access.ts endSessionsWhere). Returns how
 * many ended.
 */
export async function sweepExpiredSessions(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const ended = await app.dbh.db.transaction((tx) =>
    endSessionsWhere(tx, or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now))),
  );
  return ended.length;
}

export default fp(
  async function chatStreamRoutes(app: FastifyInstance) {
    const options = chatStreamOptions(app.config.chatStream);
    const hub = new ChatEventHub(app.dbh, { pollMs: options.pollMs, reconnectMs: 1000, batch: 500, log: app.log });
    await hub.start();
    const streams = new Set<SseConnection>();
    let pruning: Promise<{ deleted: number; retainedFromId: number }> | null = null;

    const realtime: ChatRealtime = {
      hub,
      options,
      tokenResolver: null,
      publishEphemeral: (userIds, kind, payload) => publishEphemeralVia(app.dbh.db, userIds, kind, payload),
      prune() {
        pruning ??= pruneChatEvents(app.dbh.db, options.retention, app.clock.now()).finally(() => {
          pruning = null;
        });
        return pruning;
      },
      openStreams: () => streams.size,
    };
    app.decorate('chatRealtime', realtime);

    let pruneTimer: NodeJS.Timeout | null = null;
    if (options.pruneEveryMs > 0) {
      pruneTimer = setInterval(() => {
        realtime.prune().catch((err) => app.log.warn({ err }, 'chat event prune failed'));
      }, options.pruneEveryMs);
      pruneTimer.unref();
    }

    // Expired sessions are deleted and announced (SESSION_ENDED) so their realtime subscriptions end (issue 14).
    let sweepTimer: NodeJS.Timeout | null = null;
    let sweeping: Promise<unknown> | null = null;
    if (options.sessionSweepMs > 0) {
      sweepTimer = setInterval(() => {
        sweeping ??= sweepExpiredSessions(app)
          .catch((err: unknown) => app.log.warn({ err }, 'expired session sweep failed'))
          .finally(() => {
            sweeping = null;
          });
      }, options.sessionSweepMs);
      sweepTimer.unref();
    }

    app.addHook('preClose', async () => {
      if (pruneTimer) clearInterval(pruneTimer);
      if (sweepTimer) clearInterval(sweepTimer);
      await sweeping;
      for (const s of [...streams]) s.end();
    });
    app.addHook('onClose', async () => {
      await hub.close();
      await pruning?.catch(() => undefined);
    });

    app.get<{ Querystring: { token?: string; lastEventId?: string; views?: '0' | '1' } }>(
      CHAT_STREAM_PATH,
      {
        schema: {
          tags: ['chat'],
          summary: 'Realtime chat events (Server-Sent Events), resumable with Last-Event-ID',
          produces: ['text/event-stream'],
          querystring: {
            type: 'object',
            properties: {
              token: { type: 'string' },
              lastEventId: { type: 'string' },
              views: {
                type: 'string',
                enum: ['0', '1'],
                description:
                  "1: every live event about a group carries a `view:` line, the recipient's `{ group, unread }` (the " +
                  'group as GET group/{id} previews it, without members and chat info, null when no longer visible; GET ' +
                  'messages/unread), read once per batch of events (issue 15). Not for API-token streams.',
              },
            },
          },
        },
      },
      async (request, reply) => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const { userId, actor, sessionSid } = await streamUser(app, request, bearer ?? request.query.token);
        // the session's next expiry (null: gone meanwhile → 401, as any request of an ended session)
        const due = sessionSid ? await sessionExpiry(app, sessionSid, app.clock.now()) : null;
        if (sessionSid && !due) throw AppError.unauthorized();
        const header = request.headers['last-event-id'];
        const lastEventId = (Array.isArray(header) ? header[0] : header) || request.query.lastEventId || undefined;

        reply.hijack();
        const res = reply.raw;
        let unsubscribe: () => void = () => undefined;
        let recheck: NodeJS.Timeout | undefined;
        let sessionCheck: NodeJS.Timeout | undefined;
        const ownKey = sessionSid ? sessionKey(sessionSid) : null;
        const conn = new SseConnection(
          res,
          options,
          () => {
            unsubscribe();
            if (recheck) clearInterval(recheck);
            if (sessionCheck) clearTimeout(sessionCheck);
            streams.delete(conn);
          },
          ownKey,
        );
        streams.add(conn);
        // The session behind the stream (cookie or chat token) is checked when due to expire, at least every
        // sessionRecheckMs: gone or expired → SESSION_ENDED and the end (issue 14). Logout etc. end it by notice at once.
        if (sessionSid && ownKey && due) {
          const arm = (at: Date): void => {
            const wait = Math.min(options.sessionRecheckMs, Math.max(1000, at.getTime() - app.clock.now().getTime()));
            sessionCheck = setTimeout(check, wait);
            sessionCheck.unref();
          };
          const check = (): void => {
            sessionExpiry(app, sessionSid, app.clock.now()).then(
              (next) => {
                if (conn.isClosed) return;
                if (!next) return conn.sendSessionEnded([ownKey]);
                arm(next);
              },
              (err: unknown) => {
                request.log.warn({ err }, 'chat stream: checking the session failed');
                if (conn.isClosed) return;
                sessionCheck = setTimeout(check, options.sessionRecheckMs);
                sessionCheck.unref();
              },
            );
          };
          arm(due);
        }
        // An API-token request (issue 12, integrators) follows live order events only: no chat, no presence.
        const token = request.apiToken;
        const onlyOrders = token !== null;
        if (token) {
          recheck = setInterval(() => {
            apiTokenStillActive(app.dbh.db, token.id, app.clock.now(), app.loadAuthUser).then(
              (active) => active || conn.end(),
              (err: unknown) => request.log.warn({ err }, 'chat stream: re-checking the API token failed'),
            );
          }, options.tokenRecheckMs);
          recheck.unref();
        }
        const shown = (kind: string) => !onlyOrders || kind === ORDER_EVENT_KIND;
        unsubscribe = hub.subscribe(
          userId,
          (m) => {
            if (shown(m.durable ? m.event.kind : 'NOTIFY_MSG')) conn.deliver(m);
          },
          request.query.views === '1' && !onlyOrders ? actor : null,
        );

        let window;
        try {
          window = await readRetainedWindow(app.dbh.db, userId, parseLastEventId(lastEventId), options.maxReplay);
        } catch (err) {
          request.log.error({ err }, 'chat stream: reading the event log failed');
          if (!conn.isClosed) {
            res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
            conn.write(JSON.stringify({ message: 'Сервис временно недоступен', code: 'UNAVAILABLE' }));
            conn.end();
          }
          return;
        }
        if (conn.isClosed) return;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        conn.write(`retry: ${options.retryMs}\n\n`);
        const decision = resumeFrom(lastEventId, window);
        if (decision.kind === 'resync') conn.sendResync(decision.reason, decision.cursor);
        else if (decision.kind === 'replay' && window.truncated) conn.sendResync('REPLAY_TOO_LARGE', decision.cursor);
        else if (decision.kind === 'replay') for (const e of decision.events) if (shown(e.kind)) conn.sendDurable(e);
        conn.goLive(decision.cursor);
        conn.startPing();
      },
    );
  },
  { name: 'chat-stream', dependencies: ['auth'] },
);
