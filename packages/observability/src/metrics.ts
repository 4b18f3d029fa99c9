/**
 * Prometheus helpers of the backend and the gateway (issue 12, docs/observability.md), with prom-client. Each app
 * (`AppMetrics`) has its own registry (tests run several apps in one process); the default process metrics live in one
 * process-wide registry, collected once, and are merged in at scrape time.
 */
import { timingSafeEqual } from 'node:crypto';
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
export const SECONDS_BUCKETS: readonly number[] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registry of one app and its exposition text; a tier's metrics class extends it. */
export class AppMetrics {
  readonly registry = new client.Registry();

  /** A histogram of durations in seconds in this app's registry (buckets: SECONDS_BUCKETS unless given). */
  protected secondsHistogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: readonly number[] = SECONDS_BUCKETS,
  ): client.Histogram<L> {
    return new client.Histogram({ name, help, labelNames, buckets: [...buckets], registers: [this.registry] });
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

/** Constant-time comparison of a presented bearer token (`Authorization` header) with METRICS_TOKEN. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The 401 answer of GET /metrics when METRICS_TOKEN is set and not presented (header `www-authenticate: Bearer`). */
export const METRICS_TOKEN_INVALID = { message: 'Нужен токен метрик', code: 'METRICS_TOKEN_INVALID' } as const;
