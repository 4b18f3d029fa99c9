/**
 * Prometheus metrics of the gateway (issue 12, docs/observability.md), with prom-client. Each gateway has its own
 * registry (tests run several in one process); the default process metrics live in one process-wide registry,
 * collected once, and are merged in at scrape time.
 */
import client from 'prom-client';

let processRegistry: client.Registry | undefined;

function defaultMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Duration buckets in seconds, from 1 ms to 20 s (the execution time-out). */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
/** Distinct operation names kept as label values; later new names are counted as 'other' (bounded cardinality). */
const MAX_OPERATION_NAMES = 500;

export interface GatewayMetricsSources {
  /** Open graphql-ws operations (subscriptions) and connections. */
  ws: () => { connections: number; operations: number };
  /** Open upstream event channels of the realtime hub (one per signed-in user with a live subscription). */
  channels: () => number;
  /** Per open channel, the undelivered events of its slowest subscriber (realtime/hub.ts backlog). */
  backlog: () => number[];
}

export class GatewayMetrics {
  readonly registry = new client.Registry();
  readonly operationDuration: client.Histogram<'operation' | 'type' | 'result'>;
  readonly upstreamCalls: client.Histogram<'operation' | 'type'>;
  readonly upstreamDuration: client.Histogram<'method' | 'status_class'>;
  private readonly names = new Set<string>();

  constructor(sources: GatewayMetricsSources) {
    const registers = [this.registry];
    this.operationDuration = new client.Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operations over HTTP: latency in seconds by operation name, type (query, mutation, subscription) and result (ok, error)',
      labelNames: ['operation', 'type', 'result'],
      buckets: SECONDS,
      registers,
    });
    this.upstreamCalls = new client.Histogram({
      name: 'graphql_operation_upstream_calls',
      help: 'Upstream REST calls made by one GraphQL operation, by operation name and type',
      labelNames: ['operation', 'type'],
      buckets: [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89],
      registers,
    });
    this.upstreamDuration = new client.Histogram({
      name: 'gateway_upstream_request_duration_seconds',
      help: 'Upstream REST calls to the backend: latency in seconds by method and status class (2xx, 4xx, 5xx, error = no answer)',
      labelNames: ['method', 'status_class'],
      buckets: SECONDS,
      registers,
    });
    new client.Gauge({
      name: 'graphql_ws_subscriptions_open',
      help: 'Open GraphQL operations over WebSocket (graphql-ws): live subscriptions',
      registers,
      collect() {
        this.set(sources.ws().operations);
      },
    });
    new client.Gauge({
      name: 'graphql_ws_connections_open',
      help: 'Open graphql-ws connections',
      registers,
      collect() {
        this.set(sources.ws().connections);
      },
    });
    new client.Gauge({
      name: 'gateway_realtime_channels_open',
      help: 'Open upstream event streams of the realtime hub (one per signed-in user with a live subscription)',
      registers,
      collect() {
        this.set(sources.channels());
      },
    });
    new client.Gauge({
      name: 'gateway_realtime_lag_events',
      help: 'Event lag the gateway can see: events a channel received from the backend stream but its slowest subscriber has not read yet; max and sum over the open channels',
      labelNames: ['aggregate'],
      registers,
      collect() {
        const backlog = sources.backlog();
        this.set({ aggregate: 'max' }, Math.max(0, ...backlog));
        this.set(
          { aggregate: 'sum' },
          backlog.reduce((a, b) => a + b, 0),
        );
      },
    });
  }

  /** The label value of an operation name: the name, 'anonymous', or 'other' past MAX_OPERATION_NAMES names. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_OPERATION_NAMES) return 'other';
    this.names.add(name);
    return name;
  }

  /** The exposition text (application metrics and the default process metrics). */
  async text(): Promise<{ contentType: string; body: string }> {
    const merged = client.Registry.merge([this.registry, defaultMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

/** The status class label of an HTTP status: '2xx', '4xx'… */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
