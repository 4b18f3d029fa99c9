/**
 * Gateway configuration from the environment.
 * - PORT: the one port for /graphql (HTTP and WebSocket), files, the web app and /health (default 4000).
 * - BACKEND_URL: the REST backend (default http://127.0.0.1:${BACKEND_PORT ?? 8080}).
 * - WEB_DIST: the built web app (default ../web/dist, relative to the gateway package).
 * - PUBLIC_URL: the address users open; its origin is allowed for WebSocket connections.
 * - PERSISTED_QUERIES_ONLY: 'true' accepts only operations of web/persisted-queries.json.
 * - PERSISTED_QUERIES: path of that file (default ../web/persisted-queries.json).
 * - HOST: interface to listen on (default 0.0.0.0).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  };
}
