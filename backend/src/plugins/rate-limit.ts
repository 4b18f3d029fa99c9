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
 * - sign-in buckets (config.authRateLimit, issue 14 defect 3): `login`, `emailCheck`, `passwordReset` per client address
 *   (onRequest: `app.publicRateLimit('login')`), and `loginEmail`, `emailCheckEmail`, `passwordResetEmail`,
 *   `callbackContact` per e-mail or phone — a key taken from the body or the Basic header, so a preHandler hook:
 *   `preHandler: app.rateLimitBy('loginEmail', (request) => [email])` (each key of the list counts on its own; an
 *   empty list or empty keys are not counted);
 * - client address ({@link clientAddress}): the nearest hop of X-Forwarded-For that is not a trusted proxy
 *   (TRUSTED_PROXIES, default loopback), walking from the socket's peer leftwards — so the gateway's
 *   X-Forwarded-For (it appends the browser's address) is believed only when the request comes from a trusted proxy,
 *   and a browser that reaches the backend directly cannot choose its key by sending the header;
 * - store: Redis (ioredis) when config.redisUrl (REDIS_URL) is set, so replicas count together (key prefix
 *   config.publicRateLimit.redisPrefix); in memory otherwise. A store failure lets the request through (logged);
 * - refusal: 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with `retryAfterSeconds` in the body and
 *   the `Retry-After` header (seconds); nothing is written.
 */
import { createHash } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AuthRateLimitConfig, Config, PublicRateLimitConfig, RateLimitBucket } from '../config.js';
import { AppError, type ErrorBody } from '../errors.js';
import type { ErrorCodes } from '../routes/schemas.js';

/** The refusal's text (issue 13). */
export const RATE_LIMITED_MESSAGE = 'Слишком много запросов. Попробуйте позже.';

/** Error codes of a rate-limited route, for `errorResponses(...)`. */
export const RATE_LIMIT_ERRORS = { 429: ['RATE_LIMITED'] } as const satisfies ErrorCodes;

/** A bucket of public calls counted together (see the module header). */
export type RateLimitBucketName = keyof Omit<PublicRateLimitConfig, 'redisPrefix'> | keyof AuthRateLimitConfig;

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook limiting a route to its bucket's requests per client address (plugins/rate-limit.ts). */
    publicRateLimit(bucket: RateLimitBucketName): onRequestAsyncHookHandler;
    /**
     * A preHandler hook limiting a route to its bucket's requests per key of `keysOf(request)` (e.g. the normalised
     * e-mail of the body; issue 14): each non-empty key counts on its own; the first one over its limit → 429
     * RATE_LIMITED with Retry-After.
     */
    rateLimitBy(
      bucket: RateLimitBucketName,
      keysOf: (request: FastifyRequest) => Array<string | null | undefined>,
    ): preHandlerAsyncHookHandler;
    /** The client address of `request` ({@link clientAddress} with config.trustedProxies). */
    clientAddress(request: FastifyRequest): string;
  }
}

const BUCKET = Symbol('publicRateLimitBucket');
const KEY = Symbol('publicRateLimitKey');
type Tagged = FastifyRequest & { [BUCKET]?: RateLimitBucketName; [KEY]?: string };

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
    const { redisPrefix, ...publicBuckets } = opts.config.publicRateLimit;
    const limits: Record<RateLimitBucketName, RateLimitBucket> = { ...publicBuckets, ...opts.config.authRateLimit };
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
      // A key given by rateLimitBy (an e-mail, a phone) lives apart from the addresses: `bucket:key:…` vs `bucket:addr`.
      keyGenerator: (request) => {
        const key = (request as Tagged)[KEY];
        return key === undefined
          ? `${bucketOf(request)}:${clientAddress(request, trust)}`
          : `${bucketOf(request)}:key:${key}`;
      },
      max: (request) => limits[bucketOf(request)].max,
      timeWindow: (request) => limits[bucketOf(request)].windowSeconds * 1000,
      skipOnError: true,
      nameSpace: redisPrefix,
      ...(redis ? { redis } : {}),
    });
    const check = app.createRateLimit();
    /** Counts `request` in `bucket` under `key` (undefined: the client address); throws the 429 when over. */
    const count = async (
      request: FastifyRequest,
      reply: FastifyReply,
      bucket: RateLimitBucketName,
      key?: string,
    ): Promise<void> => {
      const tagged = request as Tagged;
      tagged[BUCKET] = bucket;
      // The e-mail or phone is kept hashed in the store (no personal data in Redis keys).
      tagged[KEY] = key === undefined ? undefined : createHash('sha256').update(key).digest('base64url').slice(0, 22);
      const limit = await check(request);
      tagged[KEY] = undefined;
      if (limit.isAllowed || !limit.isExceeded) return;
      const seconds = Math.max(1, limit.ttlInSeconds);
      void reply.header('retry-after', String(seconds));
      throw rateLimited(seconds);
    };
    app.decorate('clientAddress', (request: FastifyRequest) => clientAddress(request, trust));
    app.decorate('publicRateLimit', (bucket: RateLimitBucketName): onRequestAsyncHookHandler => {
      return async (request, reply) => count(request, reply, bucket);
    });
    app.decorate(
      'rateLimitBy',
      (
        bucket: RateLimitBucketName,
        keysOf: (request: FastifyRequest) => Array<string | null | undefined>,
      ): preHandlerAsyncHookHandler => {
        return async (request, reply) => {
          for (const key of new Set(keysOf(request))) if (key) await count(request, reply, bucket, key);
        };
      },
    );
  },
  { name: 'public-rate-limit' },
);
