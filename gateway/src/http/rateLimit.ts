/**
 * Rate limit of the graph (issue 12 "API tokens": "rate limit per token and per session, 429 with Retry-After"), with
 * @fastify/rate-limit's manual limiter (`createRateLimit`) in one onRequest hook for every gateway route under
 * /graphql and /reports (HTTP; WebSocket upgrades are not routes):
 *
 * - key: `token:` + SHA-256 of the API token of `Authorization: Bearer vpt_…` (the secret itself is never a key);
 *   else `session:` + the SESSION cookie value; else `address:` + the client address;
 * - limits per minute: RATE_LIMIT_TOKEN_PER_MINUTE (default 120) for a token, RATE_LIMIT_SESSION_PER_MINUTE
 *   (default 600) for a session or an address;
 * - store: Redis (ioredis) when REDIS_URL is set, so every replica counts together; in memory otherwise;
 * - refusal: 429 with `Retry-After` (seconds) and a GraphQL-shaped body
 *   `{ errors: [{ message: 'Слишком много запросов, повторите позже', extensions: { code: 'RATE_LIMITED' } }] }`.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { apiTokenKey, bearerApiToken } from '../modules/apiTokens/bearer.js';

export const RATE_LIMITED_MESSAGE = 'Слишком много запросов, повторите позже';

export interface RateLimitOptions {
  /** Requests per minute per API token. */
  tokenPerMinute: number;
  /** Requests per minute per session (or per client address without one). */
  sessionPerMinute: number;
  /** Redis URL of the shared store; unset = in memory (one replica). */
  redisUrl?: string;
  /** Path prefixes limited (default /graphql and /reports). */
  prefixes?: string[];
}

/** The SESSION cookie's value (not parsed by the gateway otherwise). */
function sessionCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === 'SESSION') return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The rate-limit key of a request (see the module header). */
export function rateLimitKey(request: FastifyRequest): string {
  const token = bearerApiToken(request.headers);
  if (token) return `token:${apiTokenKey(token)}`;
  const session = sessionCookie(request.headers.cookie);
  if (session) return `session:${apiTokenKey(session)}`;
  return `address:${request.ip}`;
}

export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions): Promise<void> {
  const prefixes = opts.prefixes ?? ['/graphql', '/reports'];
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'rate limit store (Redis) error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    max: (_req, key) => (key.startsWith('token:') ? opts.tokenPerMinute : opts.sessionPerMinute),
    skipOnError: true,
    nameSpace: 'gateway-rate-limit:',
    ...(redis ? { redis } : {}),
  });
  const check = app.createRateLimit();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!prefixes.some((p) => path === p || path.startsWith(`${p}/`))) return;
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    return reply
      .code(429)
      .header('retry-after', String(Math.max(1, limit.ttlInSeconds)))
      .header('content-type', 'application/json; charset=utf-8')
      .send({ errors: [{ message: RATE_LIMITED_MESSAGE, extensions: { code: 'RATE_LIMITED' } }] });
  });
}
