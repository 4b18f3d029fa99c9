/**
 * Prometheus metrics of the backend (issue 12, docs/observability.md), with prom-client. Each app has its own
 * registry (tests run several apps in one process); the default process metrics live in one process-wide registry,
 * collected once, and are merged in at scrape time.
 */
import client from 'prom-client';

let processRegistry: client.Registry | undefined;

/** The process-wide registry of the default Node.js metrics (CPU, memory, event loop lag, GC, handles). */
function defaultMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Duration buckets in seconds, from 1 ms to 10 s. */
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

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
}

export class BackendMetrics {
  readonly registry = new client.Registry();
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status_class'>;
  readonly dbDuration: client.Histogram<'operation' | 'result'>;

  constructor(sources: BackendMetricsSources = {}) {
    const registers = [this.registry];
    this.httpDuration = new client.Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Backend REST requests: latency in seconds by route template, method and status class (2xx, 4xx, 5xx)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: SECONDS,
      registers,
    });
    this.dbDuration = new client.Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database queries: duration in seconds by SQL operation (SELECT, INSERT, UPDATE, DELETE, other) and result (ok, error)',
      labelNames: ['operation', 'result'],
      buckets: SECONDS,
      registers,
    });
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
