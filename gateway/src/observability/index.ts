/**
 * Observability of the gateway (issue 12, docs/observability.md). `buildGateway` makes one `GatewayObservability`:
 * - `register(app)`: X-Request-Id on every answer (the id itself comes from @platform/observability's requestId.ts in the Fastify options), a
 *   SERVER span per HTTP request (its trace id in the request's logger as `traceId` when tracing is on; the request id
 *   and the span's `traceparent` replace the incoming ones, so the backend sees them on proxied requests), and
 *   GET /metrics (Prometheus text; `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set, else 401).
 * - `forRequest(request)`: the per-operation telemetry put in the GraphQL context (operation.ts).
 * - `apolloPlugin()`: the operation span (`<type> <name>`, attributes graphql.operation.name/type) and the operation
 *   latency and upstream-call histograms (metrics.ts).
 * Tracer setup, the settings, request ids, the server span and the metric helpers are @platform/observability's.
 * - `wsHooks`: graphql-ws onConnect/onClose, to count open connections and operations (subscriptions).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { context, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import {
  createTracing,
  endServerSpan,
  METRICS_TOKEN_INVALID,
  REQUEST_ID_HEADER,
  startServerSpan,
  tokenMatches,
  type ObservabilityConfig,
  type Tracing,
} from '@platform/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GatewayMetrics } from './metrics.js';
import { OperationTelemetry } from './operation.js';

export { loadObservabilityConfig, type ObservabilityConfig } from '@platform/observability';
export { requestIdOptions, REQUEST_ID_HEADER } from '@platform/observability';
export { OperationTelemetry, type UpstreamObserver } from './operation.js';

const serverSpans = new WeakMap<FastifyRequest, { span: Span; ctx: Context }>();

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
      const { span, ctx } = startServerSpan(tracing, {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        id: request.id,
        headers: request.headers,
      });
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
      if (s) endServerSpan(s.span, reply.statusCode);
      done();
    });
    app.addHook('onClose', async () => {
      await tracing.shutdown();
    });
    app.get('/metrics', async (request, reply) => {
      const token = this.config.metricsToken;
      if (token && !tokenMatches(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send(METRICS_TOKEN_INVALID);
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
