/**
 * Observability settings of the backend and the gateway (issue 12, docs/observability.md), read from the environment:
 * - METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`.
 * - OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): export traces over OTLP/HTTP there; unset:
 *   tracing off (no-op tracer). The exporter also reads the other standard OTEL_EXPORTER_OTLP_* variables (headers…).
 * - OTEL_SERVICE_NAME: service.name of the spans (default: the tier's own, platform-backend or platform-gateway).
 */
import type { SpanExporter } from '@opentelemetry/sdk-trace';

export interface ObservabilityConfig {
  metricsToken?: string;
  /** Whether an OTLP endpoint is configured. */
  otlp: boolean;
  serviceName: string;
  /** Tests: an exporter receiving every span as it ends (InMemorySpanExporter); turns tracing on. */
  spanExporter?: SpanExporter;
}

/** The settings above; `defaultServiceName` is the tier's service.name when OTEL_SERVICE_NAME is unset. */
export function loadObservabilityConfig(
  defaultServiceName: string,
  env: NodeJS.ProcessEnv = process.env,
): ObservabilityConfig {
  return {
    metricsToken: env.METRICS_TOKEN || undefined,
    otlp: !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
    serviceName: env.OTEL_SERVICE_NAME || defaultServiceName,
  };
}
