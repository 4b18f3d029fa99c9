/**
 * Prometheus metrics of the gateway (issue 12, docs/observability.md), with prom-client. The registry and the
 * merged-in default process metrics come from @platform/observability (AppMetrics).
 */
import { AppMetrics, SECONDS_BUCKETS } from '@platform/observability';
import client from 'prom-client';

/** Duration buckets in seconds, from 1 ms to 20 s (the execution time-out). */
const SECONDS = [...SECONDS_BUCKETS, 20];
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

export class GatewayMetrics extends AppMetrics {
  readonly operationDuration: client.Histogram<'operation' | 'type' | 'result'>;
  readonly upstreamCalls: client.Histogram<'operation' | 'type'>;
  readonly upstreamDuration: client.Histogram<'method' | 'status_class'>;
  private readonly names = new Set<string>();

  constructor(sources: GatewayMetricsSources) {
    super();
    const registers = [this.registry];
    this.operationDuration = this.secondsHistogram(
      'graphql_operation_duration_seconds',
      'GraphQL operations over HTTP: latency in seconds by operation name, type (query, mutation, subscription) and result (ok, error)',
      ['operation', 'type', 'result'],
      SECONDS,
    );
    this.upstreamCalls = new client.Histogram({
      name: 'graphql_operation_upstream_calls',
      help: 'Upstream REST calls made by one GraphQL operation, by operation name and type',
      labelNames: ['operation', 'type'],
      buckets: [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89],
      registers,
    });
    this.upstreamDuration = this.secondsHistogram(
      'gateway_upstream_request_duration_seconds',
      'Upstream REST calls to the backend: latency in seconds by method and status class (2xx, 4xx, 5xx, error = no answer)',
      ['method', 'status_class'],
      SECONDS,
    );
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
}
