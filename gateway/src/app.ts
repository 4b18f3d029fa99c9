/**
 * Builds the gateway (DESIGN tier 2) on one port: /graphql over HTTP (Apollo Server 5 on Fastify 5) and
 * WebSocket (graphql-ws, same path), file proxies, /api/dev and /api/docs proxies, /health, and the built
 * web app with SPA fallback. `buildGateway` returns a started server; tests run it in-process on port 0.
 */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import { type GatewayConfig } from './config.js';
import { createContext, type GatewayContext } from './context.js';
import { formatError } from './formatError.js';
import { backendProxies } from './http/files.js';
import { healthRoute } from './http/health.js';
import { reportRoutes } from './http/reports.js';
import { runtimeConfigFromEnv, runtimeConfigRoute, type RuntimeConfig } from './http/runtimeConfig.js';
import { compression, webApp } from './http/web.js';
import { securityHeaders } from './http/securityHeaders.js';
import { attachWebSocket } from './http/ws.js';
import { attachChatSubscription } from './modules/chat/subscription.js';
import { attachOrderSubscription } from './modules/deal/orderEvents.js';
import { apiTokenReadOnlyPlugin } from './modules/apiTokens/index.js';
import { bearerApiToken } from './modules/apiTokens/bearer.js';
import { registerRateLimit } from './http/rateLimit.js';
import { ChatHub, type ChatHubOptions } from './realtime/hub.js';
import { PersistedQueries, resolvePersisted } from './persisted.js';
import { buildGatewaySchema } from './schema.js';
import {
  apolloHardening,
  applyExecutionTimeout,
  graphqlRouteErrorHandler,
  persistedOnlyFor,
  resolveHardening,
} from './security/index.js';
import { CSRF_HEADER } from './rest/session.js';
import { setCookieRelay } from './rest/cookies.js';
import {
  GatewayObservability,
  loadObservabilityConfig,
  REQUEST_ID_HEADER,
  requestIdOptions,
} from './observability/index.js';

export interface BuildGatewayOptions extends Partial<Omit<GatewayConfig, 'backendUrl'>> {
  /** REST backend origin, e.g. http://127.0.0.1:8080. */
  backendUrl: string;
  /** Port to listen on; 0 picks a free one (tests). Default 4000. */
  port?: number;
  /** Realtime hub settings (tests shorten the 5 s retry delay, the linger time...). */
  realtime?: Partial<Omit<ChatHubOptions, 'backendUrl' | 'dispatcher'>>;
  /** The web app's public runtime config (GET /runtime-config.json); default: from the environment (ANALYTICS_*). */
  runtimeConfig?: RuntimeConfig;
}

export interface Gateway {
  app: FastifyInstance;
  /** Base URL the gateway listens on, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** The realtime hub: one upstream chat stream per signed-in user (realtime/hub.ts). */
  realtime: ChatHub;
  close(): Promise<void>;
}

/**
 * Headers describing the original client, passed upstream (issue 14): X-Forwarded-For = the client address as the
 * gateway resolved it (its own TRUSTED_PROXIES decide which X-Forwarded-For hops to believe), X-Forwarded-Proto = the
 * original protocol (https behind a TLS-terminating proxy that the gateway trusts) and X-Forwarded-Host = the original
 * host. The backend believes them only from the gateway (its trustProxy), so login limits and logs see the real address
 * and the Secure session cookie is saved behind HTTPS.
 */
function forwardHeaders(request: FastifyRequest): Record<string, string> {
  const h: Record<string, string> = { [REQUEST_ID_HEADER]: request.id };
  h['x-forwarded-for'] = request.ip;
  h['x-forwarded-proto'] = request.protocol;
  if (request.host) h['x-forwarded-host'] = request.host;
  if (request.headers['user-agent']) h['user-agent'] = String(request.headers['user-agent']);
  if (request.headers['accept-language']) h['accept-language'] = String(request.headers['accept-language']);
  return h;
}

/** Upstream Set-Cookie lines to the browser, once per cookie name per response (rest/cookies.ts; issue 14). */
function relaySetCookie(reply: FastifyReply): (lines: string[]) => void {
  return setCookieRelay(reply);
}

/**
 * `cache-control: no-store` on every GraphQL answer (they carry the user's data), as Apollo's cache-control plugin set
 * it for the schema, which has no cache hints. That plugin is off (issue 15): its per-field `willResolveField` hook ran
 * for every resolved field of every operation only to find no hint.
 */
const noStorePlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (!response.http.headers.has('cache-control')) response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

export async function buildGateway(opts: BuildGatewayOptions): Promise<Gateway> {
  const config = {
    host: '127.0.0.1',
    port: 4000,
    webDist: '',
    persistedQueriesOnly: false,
    persistedQueriesPath: '',
    logger: false,
    rateLimitTokenPerMinute: 120,
    rateLimitSessionPerMinute: 600,
    trustedProxies: ['loopback'],
    ...opts,
  };
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // No "incoming request" / "request completed" lines per request (issue 15: off the hot path; the metrics and traces
    // time every operation). Errors and warnings stay. LOG_REQUESTS=true: back on.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    ...requestIdOptions, // X-Request-Id: a valid incoming one or a UUID (observability/requestId.ts)
    // X-Forwarded-For/-Proto/-Host believed only from TRUSTED_PROXIES (default loopback; issue 14).
    trustProxy: config.trustedProxies,
    bodyLimit: 1024 * 1024,
  });
  // The client's X-Forwarded-* are replaced by what the gateway resolved with its TRUSTED_PROXIES before anything reads
  // or proxies them (issue 14): the file proxies pass them to the backend, which believes the gateway.
  app.addHook('onRequest', async (request) => {
    const { ip, protocol, host } = request;
    request.headers['x-forwarded-for'] = ip;
    request.headers['x-forwarded-proto'] = protocol;
    if (host) request.headers['x-forwarded-host'] = host;
    else delete request.headers['x-forwarded-host'];
  });
  // Traces, /metrics, X-Request-Id on answers (issue 12; observability/). `realtime` is read at scrape time only.
  const observability = new GatewayObservability(config.observability ?? loadObservabilityConfig('platform-gateway'), {
    channels: () => realtime.size,
    backlog: () => realtime.backlog(),
  });
  observability.register(app);
  // brotli/gzip of dynamic text answers (issue 13; the built app's files are precompressed, http/web.ts).
  await compression(app);
  // Rate limit per API token / session / address on /graphql and /reports (issue 12; http/rateLimit.ts).
  await registerRateLimit(app, {
    tokenPerMinute: config.rateLimitTokenPerMinute,
    sessionPerMinute: config.rateLimitSessionPerMinute,
    redisUrl: config.redisUrl,
  });
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128 });
  const persisted = new PersistedQueries(config.persistedQueriesPath);
  const schema = buildGatewaySchema();
  const realtime = new ChatHub({
    backendUrl: config.backendUrl,
    dispatcher,
    log: (msg, err) => app.log.warn({ err }, msg),
    ...opts.realtime,
  });
  attachChatSubscription(schema, realtime);
  // Integrators' API-token subscriptions of live order events: their own channels, streamed with the token (issue 12).
  const tokenRealtime = new ChatHub({
    backendUrl: config.backendUrl,
    dispatcher,
    log: (msg, err) => app.log.warn({ err }, msg),
    ...opts.realtime,
    presence: false,
    apiToken: true,
  });
  attachOrderSubscription(schema, realtime, tokenRealtime); // live order events on the same channel (issue 12)
  // Hardening (issue 12; security/): limits, time-out, body limit, production mode, trusted documents, explorer.
  const hardening = resolveHardening(config.hardening);
  const hardened = apolloHardening(hardening);
  const runtimeConfig = opts.runtimeConfig ?? runtimeConfigFromEnv();
  // CSP, frame, nosniff, referrer and (behind https) HSTS headers on every answer (issue 14; http/securityHeaders.ts).
  await securityHeaders(app, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    runtimeConfig,
    production: hardening.production,
  });
  applyExecutionTimeout(schema, hardening.timeoutMs);
  const log = (err: unknown) => app.log.error({ err }, 'masked GraphQL error');

  let disposeWs: (() => Promise<void>) | undefined;
  const wsDrain: ApolloServerPlugin<GatewayContext> = {
    async serverWillStart() {
      return {
        async drainServer() {
          await disposeWs?.();
        },
      };
    },
  };

  const apollo = new ApolloServer<GatewayContext>({
    schema,
    introspection: hardened.introspection, // development: on; production: GRAPHQL_INTROSPECTION=true only
    validationRules: hardened.validationRules,
    parseOptions: hardened.parseOptions,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    persistedQueries: config.persistedQueriesOnly || hardening.production ? false : undefined,
    formatError: (formatted, error) => formatError(formatted, error, log),
    plugins: [
      fastifyApolloDrainPlugin(app),
      wsDrain,
      apiTokenReadOnlyPlugin,
      ...hardened.plugins,
      observability.apolloPlugin(), // operation spans and metrics (issue 12)
      ApolloServerPluginCacheControlDisabled(), // no per-field hook (issue 15)
      noStorePlugin,
    ],
  });
  await apollo.start();

  // Persisted queries: translate doc_id / id into the query text before Apollo (HTTP POST body or GET URL).
  const onlyPersisted = (request: FastifyRequest) =>
    persistedOnlyFor(request.headers, hardening, config.persistedQueriesOnly);
  const persistedHook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST') {
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      const r = resolvePersisted(persisted, onlyPersisted(request), body);
      if (!r.ok) return reply.code(400).send({ errors: [{ message: r.message, extensions: { code: r.code } }] });
      if (r.query) {
        body.query = r.query;
        delete body.doc_id;
        delete body.id;
      }
    } else if (request.method === 'GET') {
      const url = new URL(request.raw.url ?? '/', 'http://gateway.invalid');
      const r = resolvePersisted(persisted, onlyPersisted(request), {
        doc_id: url.searchParams.get('doc_id') ?? undefined,
        id: url.searchParams.get('id') ?? undefined,
        query: url.searchParams.get('query') ?? undefined,
      });
      if (!r.ok) return reply.code(400).send({ errors: [{ message: r.message, extensions: { code: r.code } }] });
      if (r.query) {
        url.searchParams.delete('doc_id');
        url.searchParams.delete('id');
        url.searchParams.set('query', r.query);
        request.raw.url = url.pathname + url.search;
      }
    }
  };

  const handler = fastifyApolloHandler(apollo, {
    context: async (request, reply) =>
      createContext({
        backendUrl: config.backendUrl,
        // An integrator's API token (issue 12): forwarded instead of the cookie and the anti-forgery token.
        bearerToken: bearerApiToken(request.headers),
        cookieHeader: request.headers.cookie,
        csrfToken:
          typeof request.headers[CSRF_HEADER] === 'string' ? (request.headers[CSRF_HEADER] as string) : undefined,
        forwardHeaders: forwardHeaders(request),
        telemetry: observability.forRequest(request),
        onSetCookie: relaySetCookie(reply),
        dispatcher,
      }),
  });
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    preHandler: persistedHook,
    handler,
    bodyLimit: hardening.bodyLimitBytes,
    errorHandler: graphqlRouteErrorHandler(hardening.bodyLimitBytes, log),
  });

  healthRoute(app, { backendUrl: config.backendUrl, dispatcher });
  reportRoutes(app, { backendUrl: config.backendUrl, dispatcher }); // GET /reports/orders.csv (issue 12)
  runtimeConfigRoute(app, runtimeConfig); // analytics counter (issue 13; chat §4)
  await backendProxies(app, { backendUrl: config.backendUrl });
  await webApp(app, { webDist: config.webDist });

  await app.listen({ port: config.port, host: config.host });
  disposeWs = attachWebSocket(app, {
    wsHooks: observability.wsHooks,
    schema,
    backendUrl: config.backendUrl,
    publicUrl: config.publicUrl,
    allowedOrigins: config.allowedOrigins,
    persisted,
    persistedOnly: config.persistedQueriesOnly,
    hardening,
    dispatcher,
    log,
  });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const hostForUrl = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let closed = false;
  return {
    app,
    port,
    realtime,
    url: `http://${hostForUrl}:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      realtime.close();
      tokenRealtime.close();
      await app.close(); // the drain plugins stop Apollo and the WebSocket server
      await apollo.stop();
      await dispatcher.close();
    },
  };
}
