/**
 * Production behaviour of the gateway (issue 12 "Hardening"), chosen by NODE_ENV=production or GRAPHQL_PRODUCTION=true:
 * - introspection off unless GRAPHQL_INTROSPECTION=true (development: on unless 'false');
 * - field suggestions ("Did you mean …") removed from errors unless GRAPHQL_FIELD_SUGGESTIONS=true;
 * - trusted documents: a request WITHOUT an API token (`Authorization: Bearer vpt_…`) — i.e. the web app's cookie
 *   session — may run only the web app's persisted operations (doc_id, or a text equal to a persisted document),
 *   else 400 PERSISTED_QUERY_REQUIRED; a request with an API token may send its own document within the limits
 *   (security/limits.ts). PERSISTED_QUERIES_ONLY=true applies the same rule (API tokens exempt) in any mode.
 * - the explorer (Apollo Sandbox on GET /graphql for a browser) only in development; production shows no landing page.
 * Stack traces are never in answers (includeStacktraceInErrorResponses: false in every mode; formatError.ts masks
 * unexpected errors).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { bearerApiToken } from '../modules/apiTokens/bearer.js';
import { DEFAULT_LIMITS, limitsFromEnv, type QueryLimits } from './limits.js';

/** Hardening settings of one gateway (env in the header of config.ts). */
export interface HardeningConfig {
  production: boolean;
  introspection: boolean;
  fieldSuggestions: boolean;
  limits: QueryLimits;
  /** Largest accepted /graphql request body (GRAPHQL_BODY_LIMIT_BYTES, default 256 KiB). */
  bodyLimitBytes: number;
  /** Execution time-out of one query or mutation (GRAPHQL_TIMEOUT_MS, default 20 000). */
  timeoutMs: number;
}

export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;
export const DEFAULT_TIMEOUT_MS = 20_000;

function flag(raw: string | undefined, fallback: boolean): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return fallback;
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** Completes partial settings: production decides the defaults of introspection and suggestions. */
export function resolveHardening(partial: Partial<HardeningConfig> = {}): HardeningConfig {
  const production = partial.production ?? false;
  return {
    production,
    introspection: partial.introspection ?? !production,
    fieldSuggestions: partial.fieldSuggestions ?? !production,
    limits: { ...DEFAULT_LIMITS, ...partial.limits },
    bodyLimitBytes: partial.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    timeoutMs: partial.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

/** Hardening settings from the environment (see the header). */
export function hardeningFromEnv(env: NodeJS.ProcessEnv = process.env): HardeningConfig {
  const production = env.NODE_ENV === 'production' || env.GRAPHQL_PRODUCTION === 'true';
  return {
    production,
    introspection: flag(env.GRAPHQL_INTROSPECTION, !production),
    fieldSuggestions: flag(env.GRAPHQL_FIELD_SUGGESTIONS, !production),
    limits: limitsFromEnv(env),
    bodyLimitBytes: positive(env.GRAPHQL_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES, 'GRAPHQL_BODY_LIMIT_BYTES'),
    timeoutMs: positive(env.GRAPHQL_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 'GRAPHQL_TIMEOUT_MS'),
  };
}

/**
 * Whether a request presents an API token (`Authorization: Bearer vpt_…`, modules/apiTokens/bearer.ts). The backend
 * decides whether the token is valid (an invalid one gets UNAUTHENTICATED); this only decides which documents may run.
 */
export function presentsApiToken(headers: Record<string, string | string[] | undefined>): boolean {
  return bearerApiToken(headers) !== undefined;
}

/** Whether a request must use a persisted (trusted) document. */
export function persistedOnlyFor(
  headers: Record<string, string | string[] | undefined>,
  hardening: Pick<HardeningConfig, 'production'>,
  persistedQueriesOnly: boolean,
): boolean {
  if (presentsApiToken(headers)) return false;
  return persistedQueriesOnly || hardening.production;
}

/** The landing page on GET /graphql for a browser: Apollo Sandbox in development, none in production. */
export function landingPagePlugin(hardening: Pick<HardeningConfig, 'production'>): ApolloServerPlugin {
  return hardening.production
    ? ApolloServerPluginLandingPageDisabled()
    : ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true });
}
