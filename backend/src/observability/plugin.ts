/**
 * Observability of the backend (issue 12, docs/observability.md): registered by app.ts before the routes.
 * - Request ids: Fastify takes them from X-Request-Id (@platform/observability requestId.ts, set up in the Fastify options); every answer
 *   carries X-Request-Id; with tracing on, the request's logger also carries `traceId`.
 * - Traces: a SERVER span per request, child of the caller's W3C `traceparent` (the gateway's upstream-call span),
 *   named `<METHOD> <route template>`, with http.route / http.request.method / http.response.status_code; the span's
 *   context is made active (AsyncLocalStorage) for the hooks and the handler, so database spans (db.ts) nest under it.
 * - Metrics: GET /metrics (Prometheus text), behind `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set
 *   (401 METRICS_TOKEN_INVALID otherwise).
 */
import { context, type Context, type Span } from '@opentelemetry/api';
import { ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import {
  createTracing,
  endServerSpan,
  METRICS_TOKEN_INVALID,
  REQUEST_ID_HEADER,
  startServerSpan,
  statusClass,
  tokenMatches,
  type ObservabilityConfig,
  type Tracing,
} from '@platform/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { DbHandle } from '../db/client.js';
import { readLogBounds } from '../chat/stream/log.js';
import { errorResponses } from '../routes/schemas.js';
import { instrumentDatabase } from './db.js';
import { BackendMetrics } from './metrics.js';

interface RequestTelemetry {
  span: Span;
  ctx: Context;
  stop: (labels: { route: string; status_class: string }) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tracing and metrics of this app (src/observability). */
    observability: { tracing: Tracing; metrics: BackendMetrics };
  }
  interface FastifyRequest {
    /** The request's server span and timer (src/observability/plugin.ts). */
    telemetry?: RequestTelemetry;
  }
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

export interface ObservabilityPluginOptions {
  config: ObservabilityConfig;
  dbh: DbHandle;
}

export default fp(
  async function observability(app: FastifyInstance, opts: ObservabilityPluginOptions) {
    const tracing = createTracing({
      serviceName: opts.config.serviceName,
      otlp: opts.config.otlp,
      exporter: opts.config.spanExporter,
    });
    const metrics = new BackendMetrics({
      pool: () => opts.dbh.pool,
      streamSubscribers: () => (app.hasDecorator('chatRealtime') ? app.chatRealtime.openStreams() : undefined),
      viewFailures: () => (app.hasDecorator('chatRealtime') ? app.chatRealtime.hub.stats.viewFailures : undefined),
      eventLogLag: async () => {
        if (!app.hasDecorator('chatRealtime')) return undefined;
        const { headId } = await readLogBounds(opts.dbh.db);
        return Math.max(0, headId - app.chatRealtime.hub.deliveredThrough);
      },
    });
    instrumentDatabase(opts.dbh, { tracer: tracing.tracer, metrics });
    app.decorate('observability', { tracing, metrics });

    app.addHook('onRequest', (request, reply, done) => {
      void reply.header(REQUEST_ID_HEADER, request.id);
      const { span, ctx } = startServerSpan(
        tracing,
        { method: request.method, route: routeOf(request), id: request.id, headers: request.headers },
        { [ATTR_URL_PATH]: request.url.split('?')[0] },
      );
      request.telemetry = { span, ctx, stop: metrics.httpDuration.startTimer({ method: request.method }) };
      if (tracing.enabled) {
        const log = request.log.child({ traceId: span.spanContext().traceId });
        request.log = log;
        reply.log = log;
      }
      context.with(ctx, done);
    });
    // The body has been read by now (in the socket's async context): make the span's context active again.
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.telemetry) context.with(request.telemetry.ctx, done);
      else done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const t = request.telemetry;
      if (t) {
        t.stop({ route: routeOf(request), status_class: statusClass(reply.statusCode) });
        endServerSpan(t.span, reply.statusCode);
      }
      done();
    });
    app.addHook('onClose', async () => {
      await tracing.shutdown();
    });

    app.get(
      '/metrics',
      {
        schema: {
          hide: true,
          response: { 200: Type.String(), ...errorResponses({ 401: ['METRICS_TOKEN_INVALID'] }) },
        },
      },
      async (request, reply) => {
        const token = opts.config.metricsToken;
        if (token && !tokenMatches(request.headers.authorization, token)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send(METRICS_TOKEN_INVALID);
        }
        const { contentType, body } = await metrics.text();
        return reply.type(contentType).send(body);
      },
    );
  },
  { name: 'observability' },
);
