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
import { publishEphemeralVia, type EphemeralKind } from '../events.js';
import { ChatEventHub } from './hub.js';
import { pruneChatEvents, readRetainedWindow } from './log.js';
import { chatStreamOptions, type ChatStreamOptions } from './options.js';
import { SseConnection } from './sse.js';

export const CHAT_STREAM_PATH = '/api/secured/chat/stream';

/** Maps a chat session token to its user id (null: unknown or expired). */
export type ChatTokenResolver = (token: string, now: Date) => Promise<number | null>;

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

async function streamUser(app: FastifyInstance, request: FastifyRequest, token: string | undefined): Promise<number> {
  if (request.user) return request.user.id;
  const resolver = app.chatRealtime.tokenResolver;
  if (token && resolver) {
    const id = await resolver(token, app.clock.now());
    if (id) {
      const u = await app.loadAuthUser(id);
      if (u && u.status !== 'USER_SUSPENDED') return u.id;
    }
  }
  throw AppError.unauthorized();
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

    app.addHook('preClose', async () => {
      if (pruneTimer) clearInterval(pruneTimer);
      for (const s of [...streams]) s.end();
    });
    app.addHook('onClose', async () => {
      await hub.close();
      await pruning?.catch(() => undefined);
    });

    app.get<{ Querystring: { token?: string; lastEventId?: string } }>(
      CHAT_STREAM_PATH,
      {
        schema: {
          tags: ['chat'],
          summary: 'Realtime chat events (Server-Sent Events), resumable with Last-Event-ID',
          querystring: {
            type: 'object',
            properties: { token: { type: 'string' }, lastEventId: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const userId = await streamUser(app, request, bearer ?? request.query.token);
        const header = request.headers['last-event-id'];
        const lastEventId = (Array.isArray(header) ? header[0] : header) || request.query.lastEventId || undefined;

        reply.hijack();
        const res = reply.raw;
        let unsubscribe: () => void = () => undefined;
        let recheck: NodeJS.Timeout | undefined;
        const conn = new SseConnection(res, options, () => {
          unsubscribe();
          if (recheck) clearInterval(recheck);
          streams.delete(conn);
        });
        streams.add(conn);
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
        unsubscribe = hub.subscribe(userId, (m) => {
          if (shown(m.durable ? m.event.kind : 'NOTIFY_MSG')) conn.deliver(m);
        });

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
