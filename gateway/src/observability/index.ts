/**
 * Observability of the gateway (issue 12, docs/observability.md). `buildGateway` makes one `GatewayObservability`:
 * - `register(app)`: X-Request-Id on every answer (the id itself comes from requestId.ts in the Fastify options), a
 *   SERVER span per HTTP request (its trace id in the request's logger as `traceId` when tracing is on; the request id
 *   and the span's `traceparent` replace the incoming ones, so the backend sees them on proxied requests), and
 *   GET /metrics (Prometheus text; `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set, else 401).
 * - `forRequest(request)`: the per-operation telemetry put in the GraphQL context (operation.ts).
 * - `apolloPlugin()`: the operation span (`<type> <name>`, attributes graphql.operation.name/type) and the operation
 *   latency and upstream-call histograms (metrics.ts).
 * - `wsHooks`: graphql-ws onConnect/onClose, to count open connections and operations (subscriptions).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ObservabilityConfig } from './config.js';
import { GatewayMetrics } from './metrics.js';
import { OperationTelemetry } from './operation.js';
import { REQUEST_ID_HEADER } from './requestId.js';
import { createTracing, type Tracing } from './tracing.js';

export { loadObservabilityConfig, type ObservabilityConfig } from './config.js';
export { OperationTelemetry, type UpstreamObserver } from './operation.js';
export { requestIdOptions, REQUEST_ID_HEADER } from './requestId.js';

const serverSpans = new WeakMap<FastifyRequest, { span: Span; ctx: Context }>();

/** Constant-time comparison of a presented bearer token with the configured one. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a graphql-ws context holds that the counters read. */
interface WsContextLike {
  subscriptions: Record<string, unknown>;
}

export class GatewayObservability {
  readonly tracing: Tracing;
  readonly metrics: GatewayMetrics;
  private readonly wsContexts = new Set<WsContextLike>();

  constructor(
    private readonly config: ObservabilityConfig,
    sources: { channels: () => number; backlog: () => number[] },
  ) {
    this.tracing = createTracing({
      serviceName: config.serviceName,
      otlp: config.otlp,
      exporter: config.spanExporter,
    });
    this.metrics = new GatewayMetrics({
      channels: sources.channels,
      backlog: sources.backlog,
      ws: () => {
        let operations = 0;
        for (const c of this.wsContexts) operations += Object.keys(c.subscriptions).length;
        return { connections: this.wsContexts.size, operations };
      },
    });
  }

  /** graphql-ws hooks (useServer options) that track open connections. */
  readonly wsHooks = {
    onConnect: (ctx: WsContextLike) => {
      this.wsContexts.add(ctx);
      return undefined;
    },
    onClose: (ctx: WsContextLike) => {
      this.wsContexts.delete(ctx);
    },
  };

  /** Hooks and the /metrics route. Call before the routes are added. */
  register(app: FastifyInstance): void {
    const { tracing } = this;
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header(REQUEST_ID_HEADER, request.id);
      const route = request.routeOptions.url ?? 'unmatched';
      const parent = tracing.extract(request.headers);
      const span = tracing.tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_HTTP_ROUTE]: route,
            'request.id': request.id,
          },
        },
        parent,
      );
      const ctx = trace.setSpan(parent, span);
      serverSpans.set(request, { span, ctx });
      // Requests the gateway proxies to the backend as they are (files, /oper-login, /api/docs, /api/dev: http/files.ts)
      // carry the incoming headers: pass the request id and this span's trace context on with them.
      const raw = request.raw.headers;
      raw[REQUEST_ID_HEADER] = request.id;
      delete raw.traceparent;
      delete raw.tracestate;
      const carrier: Record<string, string> = {};
      tracing.inject(ctx, carrier);
      Object.assign(raw, carrier);
      if (tracing.enabled) {
        const log = request.log.child({ traceId: span.spanContext().traceId });
        request.log = log;
        reply.log = log;
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const s = serverSpans.get(request);
      if (s) {
        s.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
        if (reply.statusCode >= 500) s.span.setStatus({ code: SpanStatusCode.ERROR });
        s.span.end();
      }
      done();
    });
    app.addHook('onClose', async () => {
      await tracing.shutdown();
    });
    app.get('/metrics', async (request, reply) => {
      const token = this.config.metricsToken;
      if (token && !tokenMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Нужен токен метрик', code: 'METRICS_TOKEN_INVALID' });
      }
      const { contentType, body } = await this.metrics.text();
      return reply.type(contentType).send(body);
    });
  }

  /** The telemetry of the GraphQL operation of `request` (context.ts). */
  forRequest(request: FastifyRequest): OperationTelemetry {
    const t = new OperationTelemetry(this.tracing, this.metrics);
    t.parent = serverSpans.get(request)?.ctx ?? context.active();
    return t;
  }

  /** The Apollo plugin of operation spans and metrics; reads `contextValue.telemetry`. */
  apolloPlugin<TContext extends { telemetry?: OperationTelemetry }>(): ApolloServerPlugin<TContext> {
    const { metrics } = this;
    return {
      async requestDidStart({ contextValue }) {
        const telemetry = contextValue.telemetry;
        if (!telemetry) return;
        const span = telemetry.begin();
        const started = process.hrtime.bigint();
        let operation = 'anonymous';
        let type = 'unknown';
        let failed = false;
        return {
          async didResolveOperation(rc) {
            operation = metrics.operationLabel(rc.operationName);
            type = rc.operation?.operation ?? 'unknown';
            span.updateName(`${type} ${rc.operationName ?? 'anonymous'}`);
            span.setAttribute('graphql.operation.name', rc.operationName ?? 'anonymous');
            span.setAttribute('graphql.operation.type', type);
          },
          async didEncounterErrors() {
            failed = true;
          },
          async willSendResponse() {
            const seconds = Number(process.hrtime.bigint() - started) / 1e9;
            const result = failed ? 'error' : 'ok';
            metrics.operationDuration.observe({ operation, type, result }, seconds);
            metrics.upstreamCalls.observe({ operation, type }, telemetry.upstreamCalls);
            span.setAttribute('graphql.upstream_calls', telemetry.upstreamCalls);
            if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
            span.end();
          },
        };
      },
    };
  }
}
