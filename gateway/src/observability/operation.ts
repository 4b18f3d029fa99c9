/**
 * The telemetry of one GraphQL operation (issue 12, docs/observability.md): lives in the operation's context
 * (context.ts `telemetry`), holds the operation span (opened by the Apollo plugin, index.ts) and wraps every upstream
 * REST call of the operation's session (rest/session.ts `observe`): a CLIENT span, child of the operation span, whose
 * context is injected as W3C `traceparent` into the call's headers, and the upstream latency histogram.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import { statusClass, type Tracing } from '@platform/observability';
import type { GatewayMetrics } from './metrics.js';

/** One upstream call as the session describes it to the observer. */
export interface UpstreamCallInfo {
  method: string;
  /** The path as sent (parameters filled, no query string). */
  path: string;
}

/** The hook rest/session.ts calls around each upstream HTTP exchange; `send` gets the headers to add. */
export type UpstreamObserver = <T extends { statusCode: number }>(
  call: UpstreamCallInfo,
  headers: Record<string, string>,
  send: () => Promise<T>,
) => Promise<T>;

/** Numeric path segments become `{id}` in span names (low cardinality). */
export function pathTemplate(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/{id}');
}

export class OperationTelemetry {
  /** The parent of the operation span: the gateway's HTTP server span (or the root). */
  parent: Context = ROOT_CONTEXT;
  /** The operation span and its context once the Apollo plugin opened it. */
  span: Span | undefined;
  private ctx: Context | undefined;
  /** Upstream calls made so far. */
  upstreamCalls = 0;

  constructor(
    private readonly tracing: Tracing,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Opens the operation span (Apollo requestDidStart); renamed once the operation is resolved. */
  begin(): Span {
    this.span = this.tracing.tracer.startSpan('graphql', { kind: SpanKind.INTERNAL }, this.parent);
    this.ctx = trace.setSpan(this.parent, this.span);
    return this.span;
  }

  readonly observeUpstream: UpstreamObserver = async (call, headers, send) => {
    this.upstreamCalls += 1;
    const span = this.tracing.tracer.startSpan(
      `${call.method} ${pathTemplate(call.path)}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: call.method, [ATTR_URL_PATH]: call.path },
      },
      this.ctx ?? this.parent,
    );
    this.tracing.inject(trace.setSpan(this.ctx ?? this.parent, span), headers);
    const stop = this.metrics.upstreamDuration.startTimer({ method: call.method });
    try {
      const res = await send();
      stop({ status_class: statusClass(res.statusCode) });
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      return res;
    } catch (err) {
      stop({ status_class: 'error' });
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'upstream unreachable' });
      throw err;
    } finally {
      span.end();
    }
  };
}
