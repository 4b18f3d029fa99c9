/**
 * Rate limit of the public calls per client address (issue 13 "Public site": "a rate limit per address"; spec core §7
 * Public), with @fastify/rate-limit's manual limiter (`createRateLimit`) behind `app.publicRateLimit(bucket)`, an
 * onRequest hook a route puts in its options:
 *
 *   app.post('/api/public/…', { onRequest: app.publicRateLimit('forms'), schema: { response: { …RATE_LIMIT_ERRORS } } }, …)
 *
 * - buckets (config.publicRateLimit, README "Configuration"): `forms` — every callback route and
 *   POST /api/public/lead/card/debit together (RATE_LIMIT_PUBLIC_FORMS per RATE_LIMIT_PUBLIC_FORMS_WINDOW_SECONDS,
 *   default 10 per 600 s); `calculator` — GET /api/public/calculator/fee (default 60 per 60 s). Each bucket counts on
 *   its own, per client address;
 * - client address ({@link clientAddress}): the nearest hop of X-Forwarded-For that is not a trusted proxy
 *   (TRUSTED_PROXIES, default loopback), walking from the socket's peer leftwards — so the gateway's
 *   X-Forwarded-For (it appends the browser's address) is believed only when the request comes from a trusted proxy,
 *   and a browser that reaches the backend directly cannot choose its key by sending the header;
 * - store: Redis (ioredis) when config.redisUrl (REDIS_URL) is set, so replicas count together (key prefix
 *   config.publicRateLimit.redisPrefix); in memory otherwise. A store failure lets the request through (logged);
 * - refusal: 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with `retryAfterSeconds` in the body and
 *   the `Retry-After` header (seconds); nothing is written.
 */
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config, PublicRateLimitConfig } from '../config.js';
import { AppError, type ErrorBody } from '../errors.js';
import type { ErrorCodes } from '../routes/schemas.js';

/** The refusal's text (issue 13). */
export const RATE_LIMITED_MESSAGE = 'Слишком много запросов. Попробуйте позже.';

/** Error codes of a rate-limited route, for `errorResponses(...)`. */
export const RATE_LIMIT_ERRORS = { 429: ['RATE_LIMITED'] } as const satisfies ErrorCodes;

/** A bucket of public calls counted together (see the module header). */
export type RateLimitBucketName = keyof Omit<PublicRateLimitConfig, 'redisPrefix'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook limiting a route to its bucket's requests per client address (plugins/rate-limit.ts). */
    publicRateLimit(bucket: RateLimitBucketName): onRequestAsyncHookHandler;
  }
}

const BUCKET = Symbol('publicRateLimitBucket');
type Tagged = FastifyRequest & { [BUCKET]?: RateLimitBucketName };

/**
 * The client address of `request`: the socket's peer, or, when that is a trusted proxy (`trust`), the nearest
 * X-Forwarded-For hop that is not (the leftmost one when every hop is trusted).
 */
export function clientAddress(request: FastifyRequest, trust: (addr: string, i: number) => boolean): string {
  return proxyAddr(request.raw, trust);
}

/** The 429 refusal: RATE_LIMITED with `retryAfterSeconds` (at least 1). */
export function rateLimited(retryAfterSeconds: number): AppError {
  const extra: Partial<ErrorBody> & { retryAfterSeconds: number } = { retryAfterSeconds };
  return new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE, undefined, extra);
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
    const limits = opts.config.publicRateLimit;
    const trust = proxyAddr.compile(opts.config.trustedProxies);
    const redis = opts.config.redisUrl
      ? new Redis(opts.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'rate limit store (Redis) error'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    const bucketOf = (request: FastifyRequest): RateLimitBucketName => (request as Tagged)[BUCKET] ?? 'forms';
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => `${bucketOf(request)}:${clientAddress(request, trust)}`,
      max: (request) => limits[bucketOf(request)].max,
      timeWindow: (request) => limits[bucketOf(request)].windowSeconds * 1000,
      skipOnError: true,
      nameSpace: limits.redisPrefix,
      ...(redis ? { redis } : {}),
    });
    const check = app.createRateLimit();
    app.decorate('publicRateLimit', (bucket: RateLimitBucketName): onRequestAsyncHookHandler => {
      return async (request, reply) => {
        (request as Tagged)[BUCKET] = bucket;
        const limit = await check(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        const seconds = Math.max(1, limit.ttlInSeconds);
        void reply.header('retry-after', String(seconds));
        throw rateLimited(seconds);
      };
    });
  },
  { name: 'public-rate-limit' },
);
