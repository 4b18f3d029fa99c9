import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDemoCa } from './signature/demo-ca.js';
import { loadObservabilityConfig, type ObservabilityConfig } from '@platform/observability';

/** Backend package root (…/backend), whether running from src/ via tsx or from dist/src/. */
export const BACKEND_ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  fileURLToPath(import.meta.url).includes('/dist/') ? '../..' : '..',
);

/**
 * Runtime configuration of the REST backend, read from the environment (README "Configuration").
 * - BACKEND_PORT: HTTP port (default 8080).
 * - DATA_DIR: embedded PGlite data directory and stored files (default <repo>/.data).
 * - DATABASE_URL: PostgreSQL connection string; when set, PGlite is not used.
 * - REFERENCE_DATA_DIR: official directories in the layout of shared/data (default: the shipped demo directory).
 * - SMTP_URL: SMTP server for outgoing mail; without it, mail goes to the developer outbox.
 * - PUBLIC_URL: the address users open (links in mails); default http://localhost:${PORT or 4000}.
 * - SESSION_SECRET: cookie signing secret; without it a random one is generated once and kept in DATA_DIR.
 * - NODE_ENV=production disables the developer outbox page.
 * - TRUSTED_CA_DIR: the trust store of qualified electronic signatures (issue 8; backend/trust/README.md): every
 *   *.pem / *.crt / *.cer (PEM or DER) in it, self-signed ones as trust anchors (e.g. the Head CA "Минцифры России"),
 *   others as intermediates (accredited CAs). Default outside production: the installation's demo CA, generated once into DATA_DIR/demo-ca
 *   (signature/demo-ca.ts; no key is committed).
 *   In production without TRUSTED_CA_DIR nothing is trusted: every signature is refused with CERTIFICATE_UNTRUSTED
 *   and the server logs a warning at startup.
 * - PLATFORM_OGRN / PLATFORM_INN: the platform operator's organisation (issue 11): an operator's signature of a
 *   referral partner's document or act must be made with a certificate issued for it (defaults: the demo organisation
 *   OGRN 1237700456784, INN 7709123453).
 * - DEMO_WORLD: `false` (also `0`, `no`, `off`) starts without the demo world; `true` seeds it even in production.
 *   Default: on outside production, off with NODE_ENV=production. The world (src/seed/world) is seeded only on the first
 *   start of a database without users, after the demo accounts; `npm start -- --empty` sets DEMO_WORLD=false.
 * - Rate limit of the public calls per client address (issue 13; plugins/rate-limit.ts): RATE_LIMIT_PUBLIC_FORMS
 *   (default 10) requests per RATE_LIMIT_PUBLIC_FORMS_WINDOW_SECONDS (default 600) over every callback route and the
 *   card lead route together; RATE_LIMIT_PUBLIC_CALCULATOR (default 60) per RATE_LIMIT_PUBLIC_CALCULATOR_WINDOW_SECONDS
 *   (default 60) for the fee calculator. REDIS_URL: the counters live in Redis (shared by replicas; key prefix
 *   RATE_LIMIT_REDIS_PREFIX, default `platform-backend-rate-limit:`), else in memory. TRUSTED_PROXIES: comma-separated
 *   addresses, CIDR ranges or the names loopback / linklocal / uniquelocal (default `loopback`) whose X-Forwarded-For
 *   is believed: the client address is the nearest hop of X-Forwarded-For that is not a trusted proxy. The same list is
 *   Fastify's trustProxy: X-Forwarded-Proto/-Host only from those (the gateway), so behind an HTTPS gateway the request
 *   counts as https and the Secure session cookie is set (issue 14). Cookies are Secure when PUBLIC_URL is https and
 *   always with NODE_ENV=production.
 * - Rate limits of the sign-in calls (issue 14 defect 3; plugins/rate-limit.ts), each per client address and per e-mail
 *   (`max` per window seconds): RATE_LIMIT_LOGIN / RATE_LIMIT_LOGIN_EMAIL (default 60 / 20 per
 *   RATE_LIMIT_LOGIN_WINDOW_SECONDS 300) for POST /api/public/common/login; RATE_LIMIT_EMAIL_CHECK /
 *   RATE_LIMIT_EMAIL_CHECK_EMAIL (default 30 / 10 per RATE_LIMIT_EMAIL_CHECK_WINDOW_SECONDS 300) for the e-mail checks;
 *   RATE_LIMIT_PASSWORD_RESET / RATE_LIMIT_PASSWORD_RESET_EMAIL (default 10 / 5 per
 *   RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS 3600) for the reset mail; RATE_LIMIT_CALLBACK_CONTACT (default 3 per
 *   RATE_LIMIT_CALLBACK_CONTACT_WINDOW_SECONDS 600) callback forms per phone and per e-mail.
 * - OPENAPI_DOCS: `true` serves the OpenAPI UI and document at /api/docs, /api/docs/json, /api/docs/yaml; `false` hides
 *   them (404). Default: on outside production, off with NODE_ENV=production (issue 14 "Hardening").
 * - UPLOAD_QUOTA_FILES (default 20) and UPLOAD_QUOTA_BYTES (default 104857600 = 100 MB): the most unattached uploads
 *   (files not yet attached to an order or a chat message) one user may hold; over → 413 UPLOAD_QUOTA_EXCEEDED.
 *   Unattached uploads older than 24 hours are deleted (issue 14 defect 4; src/files/quota.ts).
 * - METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME (default platform-backend): metrics and traces (issue 12;
 *   src/observability/config.ts, docs/observability.md).
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  referenceDataDir: string;
  smtpUrl?: string;
  publicUrl: string;
  sessionSecret: string;
  production: boolean;
  /** Idle session expiry in seconds (default 30 minutes). */
  sessionIdleSeconds: number;
  /** Absolute session expiry in seconds (default 12 hours). */
  sessionAbsoluteSeconds: number;
  /** Whether cookies carry the Secure flag (default: PUBLIC_URL is https, or NODE_ENV=production; issue 14). */
  secureCookies: boolean;
  /** Trust store directory of qualified signatures (TRUSTED_CA_DIR); null: trust nothing (production default). */
  trustedCaDir: string | null;
  /**
   * The platform operator's organisation (PLATFORM_OGRN, PLATFORM_INN): the certificate of an operator's signature of a
   * referral partner document must belong to it (issue 11).
   */
  platform: { ogrn: string; inn: string };
  /**
   * Seed the living demo world (src/seed/world; README "Set-up") on the first start of a database without users
   * (DEMO_WORLD; default: not in production).
   */
  demoWorld: boolean;
  /** Metrics token and tracing (src/observability/config.ts); default: from the environment. */
  observability?: ObservabilityConfig;
  /** Redis of shared counters (REDIS_URL, e.g. redis://127.0.0.1:6379); undefined: counters in memory. */
  redisUrl?: string;
  /**
   * Proxies whose X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host are believed (TRUSTED_PROXIES; default
   * ['loopback']: the gateway on this host): addresses, CIDR ranges or loopback / linklocal / uniquelocal — Fastify's
   * trustProxy (issue 14: behind an HTTPS gateway the Secure session cookie is saved) and plugins/rate-limit.ts
   * `clientAddress`.
   */
  trustedProxies: string[];
  /** Rate limit of the public calls per client address (issue 13; plugins/rate-limit.ts). */
  publicRateLimit: PublicRateLimitConfig;
  /** Rate limits of sign-in, e-mail check, password reset and callback contacts (issue 14; plugins/rate-limit.ts). */
  authRateLimit: AuthRateLimitConfig;
  /** Serve the OpenAPI UI and document at /api/docs (OPENAPI_DOCS; default: not in production; issue 14). */
  openApiDocs: boolean;
  /** Per-user quota of unattached uploads (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_BYTES; issue 14; files/quota.ts). */
  uploadQuota: { files: number; bytes: number };
}

/** One rate-limit bucket: at most `max` requests per `windowSeconds` per client address. */
export interface RateLimitBucket {
  max: number;
  windowSeconds: number;
}

/** The rate limits of the public calls (README "Configuration"). */
export interface PublicRateLimitConfig {
  /** Every callback route and POST /api/public/lead/card/debit together (default 10 per 600 s). */
  forms: RateLimitBucket;
  /** GET /api/public/calculator/fee (default 60 per 60 s). */
  calculator: RateLimitBucket;
  /** Key prefix of the Redis counters (RATE_LIMIT_REDIS_PREFIX, default `platform-backend-rate-limit:`). */
  redisPrefix: string;
}

/**
 * The rate limits of the sign-in calls (issue 14 defect 3; README "Configuration"), per client address and per e-mail
 * (or phone): each bucket counts on its own.
 */
export interface AuthRateLimitConfig {
  /** POST /api/public/common/login per client address (default 60 per 300 s). */
  login: RateLimitBucket;
  /** POST /api/public/common/login per e-mail of the Basic header, from every address (default 20 per 300 s). */
  loginEmail: RateLimitBucket;
  /** POST /api/public/common/email/check and /email/check/status per client address (default 30 per 300 s). */
  emailCheck: RateLimitBucket;
  /** The e-mail checks per e-mail asked about (default 10 per 300 s). */
  emailCheckEmail: RateLimitBucket;
  /** POST /api/public/common/password/reset/mail per client address (default 10 per 3600 s). */
  passwordReset: RateLimitBucket;
  /** The reset mail per e-mail (default 5 per 3600 s). */
  passwordResetEmail: RateLimitBucket;
  /** The callback forms per phone and per e-mail given (default 3 per 600 s). */
  callbackContact: RateLimitBucket;
}

/** Default platform organisation (README "Configuration"): a demo OGRN and INN with valid check digits. */
export const DEFAULT_PLATFORM = { ogrn: '1237700456784', inn: '7709123453' } as const;

export const DEMO_REFERENCE_DIR = join(BACKEND_ROOT, 'reference-demo');

function sessionSecretFor(dataDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * DEMO_WORLD as a boolean: unset or empty → `fallback`; false, 0, no, off (any case) → false; anything else → true.
 */
export function demoWorldFlag(value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return fallback;
  return !['false', '0', 'no', 'off'].includes(v);
}

/** A positive integer from `value`, else `fallback`. */
function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The public rate limits from `env` (defaults: forms 10 per 600 s, calculator 60 per 60 s). */
export function publicRateLimitFrom(env: NodeJS.ProcessEnv): PublicRateLimitConfig {
  return {
    forms: {
      max: positiveInt(env.RATE_LIMIT_PUBLIC_FORMS, 10),
      windowSeconds: positiveInt(env.RATE_LIMIT_PUBLIC_FORMS_WINDOW_SECONDS, 600),
    },
    calculator: {
      max: positiveInt(env.RATE_LIMIT_PUBLIC_CALCULATOR, 60),
      windowSeconds: positiveInt(env.RATE_LIMIT_PUBLIC_CALCULATOR_WINDOW_SECONDS, 60),
    },
    redisPrefix: env.RATE_LIMIT_REDIS_PREFIX?.trim() || 'platform-backend-rate-limit:',
  };
}

/** The sign-in rate limits from `env` (defaults in {@link AuthRateLimitConfig}). */
export function authRateLimitFrom(env: NodeJS.ProcessEnv): AuthRateLimitConfig {
  const bucket = (name: string, max: number, windowName: string, windowSeconds: number): RateLimitBucket => ({
    max: positiveInt(env[name], max),
    windowSeconds: positiveInt(env[windowName], windowSeconds),
  });
  return {
    login: bucket('RATE_LIMIT_LOGIN', 60, 'RATE_LIMIT_LOGIN_WINDOW_SECONDS', 300),
    loginEmail: bucket('RATE_LIMIT_LOGIN_EMAIL', 20, 'RATE_LIMIT_LOGIN_WINDOW_SECONDS', 300),
    emailCheck: bucket('RATE_LIMIT_EMAIL_CHECK', 30, 'RATE_LIMIT_EMAIL_CHECK_WINDOW_SECONDS', 300),
    emailCheckEmail: bucket('RATE_LIMIT_EMAIL_CHECK_EMAIL', 10, 'RATE_LIMIT_EMAIL_CHECK_WINDOW_SECONDS', 300),
    passwordReset: bucket('RATE_LIMIT_PASSWORD_RESET', 10, 'RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS', 3600),
    passwordResetEmail: bucket('RATE_LIMIT_PASSWORD_RESET_EMAIL', 5, 'RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS', 3600),
    callbackContact: bucket('RATE_LIMIT_CALLBACK_CONTACT', 3, 'RATE_LIMIT_CALLBACK_CONTACT_WINDOW_SECONDS', 600),
  };
}

/** Builds the configuration from `env` (defaults to process.env); `overrides` win (used by tests). */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = overrides.dataDir ?? resolve(env.DATA_DIR ?? join(BACKEND_ROOT, '..', '.data'));
  const publicUrl = overrides.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 4000}`;
  return {
    port: Number(env.BACKEND_PORT ?? 8080),
    host: env.BACKEND_HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    referenceDataDir: resolve(env.REFERENCE_DATA_DIR ?? DEMO_REFERENCE_DIR),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    sessionSecret: overrides.sessionSecret ?? sessionSecretFor(dataDir),
    production: env.NODE_ENV === 'production',
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 30 * 60),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60),
    // Secure cookies behind an HTTPS address, and always in production (issue 14).
    secureCookies: publicUrl.startsWith('https:') || env.NODE_ENV === 'production',
    trustedCaDir:
      overrides.trustedCaDir !== undefined
        ? overrides.trustedCaDir
        : env.TRUSTED_CA_DIR
          ? resolve(env.TRUSTED_CA_DIR)
          : env.NODE_ENV === 'production'
            ? null
            : ensureDemoCa(dataDir),
    platform: {
      ogrn: env.PLATFORM_OGRN?.trim() || DEFAULT_PLATFORM.ogrn,
      inn: env.PLATFORM_INN?.trim() || DEFAULT_PLATFORM.inn,
    },
    demoWorld: demoWorldFlag(env.DEMO_WORLD, env.NODE_ENV !== 'production'),
    observability: loadObservabilityConfig('platform-backend', env),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    trustedProxies: (env.TRUSTED_PROXIES ?? 'loopback')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicRateLimit: publicRateLimitFrom(env),
    authRateLimit: authRateLimitFrom(env),
    openApiDocs: demoWorldFlag(env.OPENAPI_DOCS, env.NODE_ENV !== 'production'),
    uploadQuota: {
      files: positiveInt(env.UPLOAD_QUOTA_FILES, 20),
      bytes: positiveInt(env.UPLOAD_QUOTA_BYTES, 100 * 1024 * 1024),
    },
    ...overrides,
  };
}
