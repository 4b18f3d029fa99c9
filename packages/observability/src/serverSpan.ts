/**
 * The SERVER span of one HTTP request, the same in the backend and the gateway (issue 12, docs/observability.md):
 * child of the caller's W3C `traceparent`, named `<METHOD> <route template>`, with http.request.method, http.route,
 * request.id (and whatever a tier adds), ended with http.response.status_code and status ERROR on 5xx.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import type { Tracing } from './tracing.js';

export interface ServerRequest {
  method: string;
  /** The route template (Fastify's routeOptions.url), or 'unmatched'. */
  route: string;
  /** The request id (X-Request-Id). */
  id: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Starts the request's SERVER span; `ctx` is the context holding it (make it active for the handler). */
export function startServerSpan(
  tracing: Tracing,
  request: ServerRequest,
  attributes: Attributes = {},
): { span: Span; ctx: Context } {
  const parent = tracing.extract(request.headers);
  const span = tracing.tracer.startSpan(
    `${request.method} ${request.route}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        [ATTR_HTTP_REQUEST_METHOD]: request.method,
        [ATTR_HTTP_ROUTE]: request.route,
        ...attributes,
        'request.id': request.id,
      },
    },
    parent,
  );
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Ends a SERVER span with the answer's status (5xx: status ERROR). */
export function endServerSpan(span: Span, status: number): void {
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
