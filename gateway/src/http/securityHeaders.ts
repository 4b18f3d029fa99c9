/**
 * Security headers on every gateway answer — the web app, /graphql, the proxies (issue 14 defect 7; OWASP ASVS 5.0
 * V3.4), with @fastify/helmet:
 * - Content-Security-Policy of the built app: scripts from 'self' plus the SHA-256 hashes of index.html's inline
 *   scripts (read from the build at start, so a rebuilt page stays allowed), what the CryptoPro signing library needs
 *   ('unsafe-eval' and the extension's script; {@link CRYPTO_PRO_SCRIPTS}) and, when the analytics counter is configured
 *   (runtime-config ANALYTICS_COUNTER_ID), the origin of ANALYTICS_SCRIPT_URL (also in connect-src and img-src: the
 *   counter sends its hits there); styles 'self' 'unsafe-inline' — Chakra UI (emotion) inserts <style> elements at run
 *   time and components set style attributes, which hashes or nonces cannot cover; connect-src 'self' (GraphQL over HTTP
 *   and WebSocket on the same origin — CSP Level 3 'self' covers ws:/wss: of the page's host; the schemes of the
 *   page's origin are listed too for older browsers); img-src 'self' data: blob:; object-src 'none'; base-uri 'self';
 *   form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests only when PUBLIC_URL is https.
 * - X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin,
 *   Cross-Origin-Opener-Policy same-origin; Strict-Transport-Security (one year, subdomains) only when PUBLIC_URL is
 *   https.
 * - In development, the Apollo Sandbox page on GET /graphql (an HTML answer; security/production.ts) gets a relaxed
 *   policy allowing Apollo's CDN; production has no landing page and keeps the strict one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from './runtimeConfig.js';

export interface SecurityHeadersOptions {
  /** The built web app (index.html is read for its inline scripts); '' or a missing build: no inline script hashes. */
  webDist: string;
  /** PUBLIC_URL: https turns HSTS and upgrade-insecure-requests on. */
  publicUrl?: string;
  /** The web app's runtime config: a configured analytics counter adds its script origin. */
  runtimeConfig: RuntimeConfig;
  /** Production mode (no Apollo Sandbox page, so no relaxed policy on GET /graphql). */
  production: boolean;
}

/** `'sha256-…'` sources of the inline `<script>` elements (no src attribute) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Script sources the signing of documents needs (spec: qualified electronic signatures through the CryptoPro browser
 * plug-in): the `crypto-pro` package (cadesplugin_api.js) builds every plug-in call as source text run with eval(), so
 * 'unsafe-eval' is required, and it loads nmcades_plugin_api.js from the CryptoPro extension (Chrome Web Store and
 * Opera/Yandex ids; Firefox and Safari give a per-install URL of their extension scheme). Inline scripts stay blocked.
 */
export const CRYPTO_PRO_SCRIPTS = [
  "'unsafe-eval'",
  'chrome-extension://iifchhfnnmpdbibifmljnfjhpififfog',
  'chrome-extension://epebfcehmdedogndhlcacafjaacknbcm',
  'moz-extension:',
  'safari-extension:',
];

/** The CSP directives of the web app and the API answers (see the module comment). */
export function contentSecurityPolicy(opts: SecurityHeadersOptions): Record<string, string[] | null> {
  const index = opts.webDist ? join(opts.webDist, 'index.html') : '';
  const hashes = index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  const analytics = opts.runtimeConfig.analytics.counterId
    ? [new URL(opts.runtimeConfig.analytics.scriptUrl).origin]
    : [];
  const https = opts.publicUrl?.startsWith('https:') ?? false;
  const sockets = opts.publicUrl ? [new URL(opts.publicUrl).origin.replace(/^http/, 'ws')] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes, ...CRYPTO_PRO_SCRIPTS, ...analytics],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analytics],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sockets, ...analytics],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'script-src-attr': ["'none'"],
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/** The policy of the development Apollo Sandbox page (GET /graphql as HTML). */
const SANDBOX_CSP = [
  "default-src 'self' https://*.apollographql.com",
  "script-src 'self' 'unsafe-inline' https://*.apollographql.com",
  "style-src 'self' 'unsafe-inline' https://*.apollographql.com https://fonts.googleapis.com",
  "img-src 'self' data: https://*.apollographql.com",
  "font-src 'self' data: https://fonts.gstatic.com https://*.apollographql.com",
  "connect-src 'self' https://*.apollographql.com",
  "frame-src 'self' https://*.apollographql.com",
  "frame-ancestors 'none'",
].join('; ');

/** Registers the headers on `app` (before the routes). */
export async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): Promise<void> {
  const https = opts.publicUrl?.startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    crossOriginEmbedderPolicy: false, // the analytics counter and downloads are not CORP-marked
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xDnsPrefetchControl: { allow: false },
  });
  if (!opts.production) {
    app.addHook('onSend', async (request, reply, payload) => {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (request.method === 'GET' && html && request.url.split('?')[0] === '/graphql') {
        reply.header('content-security-policy', SANDBOX_CSP);
      }
      return payload;
    });
  }
}
