/**
 * @platform/observability: what the backend and the gateway share of their observability (issue 12,
 * docs/observability.md). Sub-paths: `@platform/observability/<module>`.
 */
export { loadObservabilityConfig, type ObservabilityConfig } from './config.js';
export { AppMetrics, METRICS_TOKEN_INVALID, SECONDS_BUCKETS, statusClass, tokenMatches } from './metrics.js';
export { genReqId, REQUEST_ID_HEADER, requestIdOptions, validRequestId } from './requestId.js';
export { endServerSpan, startServerSpan, type ServerRequest } from './serverSpan.js';
export { createTracing, installContextManager, type Tracing, type TracingOptions } from './tracing.js';
