/**
 * Prometheus metrics of the backend (issue 12, docs/observability.md), with prom-client. The registry, the merged-in
 * default process metrics and the duration buckets come from @platform/observability (AppMetrics).
 */
import { AppMetrics } from '@platform/observability';
import client from 'prom-client';

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface BackendMetricsSources {
  /** The node-postgres pool (PostgreSQL only). */
  pool?: () => PoolStats | undefined;
  /** Event-log lag: head id of chat_event_counter minus the last id the stream hub delivered; undefined: no hub. */
  eventLogLag?: () => Promise<number | undefined>;
  /** Open SSE streams of the stream hub. */
  streamSubscribers?: () => number | undefined;
  /** Reads of the stream hub's per-recipient views that failed since start (chat/stream/hub.ts stats.viewFailures). */
  viewFailures?: () => number | undefined;
}

export class BackendMetrics extends AppMetrics {
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status_class'>;
  readonly dbDuration: client.Histogram<'operation' | 'result'>;

  constructor(sources: BackendMetricsSources = {}) {
    super();
    const registers = [this.registry];
    this.httpDuration = this.secondsHistogram(
      'http_server_request_duration_seconds',
      'Backend REST requests: latency in seconds by route template, method and status class (2xx, 4xx, 5xx)',
      ['method', 'route', 'status_class'],
    );
    this.dbDuration = this.secondsHistogram(
      'db_query_duration_seconds',
      'Database queries: duration in seconds by SQL operation (SELECT, INSERT, UPDATE, DELETE, other) and result (ok, error)',
      ['operation', 'result'],
    );
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, waiting (clients queued for a connection); absent with PGlite',
      labelNames: ['state'],
      registers,
      collect() {
        const s = sources.pool?.();
        if (!s) return;
        this.set({ state: 'total' }, s.totalCount);
        this.set({ state: 'idle' }, s.idleCount);
        this.set({ state: 'waiting' }, s.waitingCount);
      },
    });
    new client.Gauge({
      name: 'event_log_lag_events',
      help: 'Event log lag: head id of chat_event_counter minus the last id the stream hub has delivered to subscribers',
      registers,
      async collect() {
        const lag = await sources.eventLogLag?.();
        if (lag !== undefined) this.set(lag);
      },
    });
    let countedFailures = 0;
    new client.Counter({
      name: 'event_stream_view_failures_total',
      help: "Batches of events the stream hub sent without the recipients' views because reading them failed (the gateway then reads them per event)",
      registers,
      collect() {
        const n = sources.viewFailures?.();
        if (n === undefined || n <= countedFailures) return;
        this.inc(n - countedFailures);
        countedFailures = n;
      },
    });
    new client.Gauge({
      name: 'event_stream_subscribers',
      help: 'Open event streams (SSE) of the stream hub, all users',
      registers,
      collect() {
        const n = sources.streamSubscribers?.();
        if (n !== undefined) this.set(n);
      },
    });
  }
}
