/**
 * GET /runtime-config.json: the web app's public runtime configuration (spec chat-and-shell §4 "Analytics: the counter
 * id and options come from public runtime config"; issue 13). Read once at start from the environment:
 * - ANALYTICS_COUNTER_ID: the visitor-statistics counter (Yandex Metrica style), digits; unset = no counter (the app
 *   logs hits and goals to the console instead);
 * - ANALYTICS_OPTIONS: a JSON object passed to `ym(id, 'init', options)` (e.g. `{"webvisor":true,"clickmap":true}`);
 * - ANALYTICS_DEFER: `true` (also `1`, `yes`, `on`) = the counter is initialised with `defer: true` and the app sends
 *   the first hit itself, with document.referrer;
 * - ANALYTICS_SCRIPT_URL: the counter script (default https://mc.yandex.ru/metrika/tag.js), an http(s) URL.
 * Everything here is public (it is served to every visitor): never put a secret in these variables. The answer is
 * `no-cache` so a changed configuration is seen on the next load. A malformed value stops the start with a message.
 */
import type { FastifyInstance } from 'fastify';

/** Default counter script of a Yandex-Metrica-style counter. */
export const DEFAULT_ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** The JSON served at /runtime-config.json. */
export interface RuntimeConfig {
  analytics: {
    /** Counter id (digits) or null when analytics is off. */
    counterId: string | null;
    /** Options of `ym(id, 'init', options)`. */
    options: Record<string, unknown>;
    /** Whether the app sends the first hit itself (the counter is initialised with `defer: true`). */
    defer: boolean;
    /** URL of the counter script. */
    scriptUrl: string;
  };
}

const TRUE = new Set(['true', '1', 'yes', 'on']);

/**
 * The runtime configuration from the environment (see the module comment).
 * @throws Error naming the variable when ANALYTICS_COUNTER_ID is not digits, ANALYTICS_OPTIONS not a JSON object or
 *   ANALYTICS_SCRIPT_URL not an http(s) URL
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const counterId = env.ANALYTICS_COUNTER_ID?.trim() || null;
  if (counterId !== null && !/^\d{1,20}$/.test(counterId)) {
    throw new Error('ANALYTICS_COUNTER_ID must be the counter number (digits only)');
  }
  let options: Record<string, unknown> = {};
  if (env.ANALYTICS_OPTIONS?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.ANALYTICS_OPTIONS);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Error('ANALYTICS_OPTIONS must be a JSON object, e.g. {"webvisor":true}');
    }
    options = parsed as Record<string, unknown>;
  }
  const scriptUrl = env.ANALYTICS_SCRIPT_URL?.trim() || DEFAULT_ANALYTICS_SCRIPT_URL;
  let protocol = '';
  try {
    protocol = new URL(scriptUrl).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('ANALYTICS_SCRIPT_URL must be an http(s) URL');
  }
  const defer = TRUE.has((env.ANALYTICS_DEFER ?? '').trim().toLowerCase());
  return { analytics: { counterId, options, defer, scriptUrl } };
}

/** Registers GET /runtime-config.json answering `config` (JSON, `cache-control: no-cache`). */
export function runtimeConfigRoute(app: FastifyInstance, config: RuntimeConfig): void {
  const body = JSON.stringify(config);
  app.get('/runtime-config.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
