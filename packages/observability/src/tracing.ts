/**
 * OpenTelemetry tracing of the backend and the gateway (issue 12 "Observability", docs/observability.md), explicit and
 * hook-free: no module loader hooks, no auto-instrumentation. A `Tracing` owns its own TracerProvider (several apps may
 * share one process in tests), a W3C trace-context propagator and the process-wide AsyncLocalStorage context manager.
 *
 * - Off (no OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and no exporter given): a no-op tracer,
 *   no context manager, nothing exported — zero cost but a few no-op calls.
 * - On: a BatchSpanProcessor to the OTLP/HTTP exporter (it reads the standard OTEL_EXPORTER_OTLP_* variables), or a
 *   SimpleSpanProcessor to the exporter a test passes (InMemorySpanExporter).
 */
import { context, ProxyTracerProvider, ROOT_CONTEXT, type Context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingOptions {
  /** Resource service.name (OTEL_SERVICE_NAME). */
  serviceName: string;
  /** Export over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set). */
  otlp: boolean;
  /** An exporter to use instead (tests: InMemorySpanExporter); spans are exported as they end. */
  exporter?: SpanExporter;
}

export interface Tracing {
  enabled: boolean;
  tracer: Tracer;
  /** Extracts a remote parent (W3C `traceparent`/`tracestate`) from request headers. */
  extract(headers: Record<string, string | string[] | undefined>): Context;
  /** Injects the context's span as W3C `traceparent`/`tracestate` into outgoing headers. */
  inject(ctx: Context, headers: Record<string, string>): void;
  /** Flushes and stops the exporter. */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
let contextManagerInstalled = false;

/** Installs the AsyncLocalStorage context manager once per process (context.with / context.active work after it). */
export function installContextManager(): void {
  if (contextManagerInstalled) return;
  contextManagerInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

const getter = {
  get: (carrier: Record<string, string | string[] | undefined>, key: string) => carrier[key],
  keys: (carrier: Record<string, string | string[] | undefined>) => Object.keys(carrier),
};
const setter = {
  set: (carrier: Record<string, string>, key: string, value: string) => {
    carrier[key] = value;
  },
};

export function createTracing(opts: TracingOptions): Tracing {
  const processor = opts.exporter
    ? new SimpleSpanProcessor({ exporter: opts.exporter })
    : opts.otlp
      ? new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })
      : undefined;
  if (!processor) {
    const tracer = new ProxyTracerProvider().getTracer(opts.serviceName);
    return {
      enabled: false,
      tracer,
      extract: () => context.active(),
      inject: () => undefined,
      shutdown: async () => undefined,
    };
  }
  installContextManager();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: opts.serviceName }),
    spanProcessors: [processor],
  });
  return {
    enabled: true,
    tracer: provider.getTracer(opts.serviceName),
    extract: (headers) => propagator.extract(ROOT_CONTEXT, headers, getter),
    inject: (ctx, headers) => propagator.inject(ctx, headers, setter),
    shutdown: () => provider.shutdown(),
  };
}
