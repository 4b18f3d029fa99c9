/**
 * Gateway configuration from the environment.
 * - PORT: the one port for /graphql (HTTP and WebSocket), files, the web app and /health (default 4000).
 * - BACKEND_URL: the REST backend (default http://127.0.0.1:${BACKEND_PORT ?? 8080}).
 * - WEB_DIST: the built web app (default ../web/dist, relative to the gateway package).
 * - PUBLIC_URL: the address users open; its origin is allowed for WebSocket connections.
 * - PERSISTED_QUERIES_ONLY: 'true' accepts only operations of web/persisted-queries.json.
 * - PERSISTED_QUERIES: path of that file (default ../web/persisted-queries.json).
 * - HOST: interface to listen on (default 0.0.0.0).
 * - METRICS_TOKEN (GET /metrics needs `Authorization: Bearer <token>`), OTEL_EXPORTER_OTLP_ENDPOINT (traces over
 *   OTLP/HTTP; unset: off), OTEL_SERVICE_NAME (default platform-gateway): issue 12, observability/config.ts.
 * - Hardening (issue 12, gateway/src/security/): NODE_ENV=production or GRAPHQL_PRODUCTION=true turns on production
 *   mode (introspection and field suggestions off, cookie sessions run only persisted documents, no explorer);
 *   GRAPHQL_INTROSPECTION / GRAPHQL_FIELD_SUGGESTIONS ('true'/'false') override it. Limits per operation:
 *   GRAPHQL_MAX_DEPTH (18), GRAPHQL_MAX_ALIASES (15), GRAPHQL_MAX_COST (250000), GRAPHQL_MAX_TOKENS (2000),
 *   GRAPHQL_MAX_DIRECTIVES (20); GRAPHQL_BODY_LIMIT_BYTES (262144 → 413); GRAPHQL_TIMEOUT_MS (20000 → TIMEOUT).
 * - RATE_LIMIT_TOKEN_PER_MINUTE: requests per minute per API token on /graphql and /reports (default 120; issue 12).
 * - RATE_LIMIT_SESSION_PER_MINUTE: requests per minute per session cookie, or per client address without one
 *   (default 600; issue 12). Over the limit: 429 with Retry-After (http/rateLimit.ts).
 * - REDIS_URL: Redis for the rate-limit counters shared by every replica (e.g. redis://127.0.0.1:6379); unset = in
 *   memory, per process.
 * - TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or loopback / linklocal / uniquelocal (default `loopback`)
 *   whose X-Forwarded-For/-Proto/-Host the gateway believes (the load balancer or TLS terminator in front of it); the
 *   gateway passes the resolved client address, protocol and host to the backend (issue 14).
 */
import { dirname, resolve } from 'node:path';
import { hardeningFromEnv, type HardeningConfig } from './security/index.js';
import { fileURLToPath } from 'node:url';
import { loadObservabilityConfig, type ObservabilityConfig } from '@platform/observability';

const here = dirname(fileURLToPath(import.meta.url));
/** The gateway package root, from src/ (tsx) or dist/src/ (built). */
export const GATEWAY_ROOT = resolve(here, here.includes('/dist/') ? '../..' : '..');

export interface GatewayConfig {
  port: number;
  host: string;
  backendUrl: string;
  webDist: string;
  publicUrl?: string;
  persistedQueriesOnly: boolean;
  persistedQueriesPath: string;
  /** Extra origins allowed to open WebSocket connections (tests, trusted tools). */
  allowedOrigins?: string[];
  logger?: boolean;
  /** Metrics token and tracing (issue 12; observability/config.ts); default: from the environment. */
  observability?: ObservabilityConfig;
  /** Limits, time-out, body limit and production mode (issue 12; security/production.ts); partial = defaults. */
  hardening?: Partial<HardeningConfig>;
  /** Requests per minute per API token (RATE_LIMIT_TOKEN_PER_MINUTE, issue 12). */
  rateLimitTokenPerMinute: number;
  /** Requests per minute per session or client address (RATE_LIMIT_SESSION_PER_MINUTE, issue 12). */
  rateLimitSessionPerMinute: number;
  /** Redis of the shared rate-limit store (REDIS_URL); unset = in memory. */
  redisUrl?: string;
  /** Proxies whose X-Forwarded-* headers are believed (TRUSTED_PROXIES; default ['loopback']; issue 14). */
  trustedProxies: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '0.0.0.0',
    backendUrl: env.BACKEND_URL ?? `http://127.0.0.1:${env.BACKEND_PORT ?? 8080}`,
    webDist: resolve(GATEWAY_ROOT, env.WEB_DIST ?? '../web/dist'),
    publicUrl: env.PUBLIC_URL || undefined,
    persistedQueriesOnly: env.PERSISTED_QUERIES_ONLY === 'true',
    persistedQueriesPath: resolve(GATEWAY_ROOT, env.PERSISTED_QUERIES ?? '../web/persisted-queries.json'),
    logger: env.LOG_LEVEL !== 'silent',
    observability: loadObservabilityConfig('platform-gateway', env),
    hardening: hardeningFromEnv(env),
    rateLimitTokenPerMinute: Number(env.RATE_LIMIT_TOKEN_PER_MINUTE ?? 120),
    rateLimitSessionPerMinute: Number(env.RATE_LIMIT_SESSION_PER_MINUTE ?? 600),
    redisUrl: env.REDIS_URL || undefined,
    trustedProxies: (env.TRUSTED_PROXIES ?? 'loopback')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  };
}
