/**
 * Security headers of the gateway (issue 14 defect 7; http/securityHeaders.ts): the web app and /graphql answer with a
 * Content-Security-Policy (inline scripts of index.html allowed by hash, the analytics counter's origin when
 * configured), frame-ancestors 'none' and X-Frame-Options DENY, nosniff and strict-origin-when-cross-origin; HSTS only
 * behind an https PUBLIC_URL; the development Apollo Sandbox page alone gets a relaxed policy.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app.js';
import { CRYPTO_PRO_SCRIPTS, inlineScriptHashes } from '../src/http/securityHeaders.js';
import { startStubBackend, type Stub } from './stubBackend.js';

const INLINE = "document.documentElement.classList.add('public-page');";
const webDist = mkdtempSync(join(tmpdir(), 'gw-csp-'));
let stub: Stub;
let plain: Gateway;
let https: Gateway;
let prod: Gateway;

const analytics = (counterId: string | null) => ({
  analytics: { counterId, options: {}, defer: false, scriptUrl: 'https://mc.yandex.ru/metrika/tag.js' },
});

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  stub = await startStubBackend();
  plain = await buildGateway({ backendUrl: stub.url, port: 0, webDist, runtimeConfig: analytics(null) });
  https = await buildGateway({
    backendUrl: stub.url,
    port: 0,
    webDist,
    publicUrl: 'https://valuta.example',
    runtimeConfig: analytics('12345'),
  });
  prod = await buildGateway({
    backendUrl: stub.url,
    port: 0,
    webDist,
    runtimeConfig: analytics(null),
    hardening: { production: true },
  });
});
afterAll(async () => {
  await Promise.all([plain?.close(), https?.close(), prod?.close()]);
  await stub?.close();
});

/** The CSP of an answer as directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectHardened(res: Response): void {
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const policy = csp(res);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('connect-src')?.[0]).toBe("'self'");
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
}

describe('security headers', () => {
  it('the web app: strict CSP with the inline script hash, no HSTS over http', async () => {
    const res = await fetch(`${plain.url}/client/fea`);
    expect(res.status).toBe(200);
    expectHardened(res);
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp(res).get('script-src')).toEqual(["'self'", hash, ...CRYPTO_PRO_SCRIPTS]);
    expect(csp(res).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('/graphql POST answers carry the same headers', async () => {
    const res = await fetch(`${plain.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expectHardened(res);
  });

  it('behind https: HSTS, upgrade-insecure-requests, and the configured analytics origin', async () => {
    const res = await fetch(`${https.url}/`);
    expectHardened(res);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('script-src')).toContain('https://mc.yandex.ru');
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://valuta.example', 'https://mc.yandex.ru']);
  });

  it('the Apollo Sandbox page in development only gets a relaxed policy; production keeps the strict one', async () => {
    const dev = await fetch(`${plain.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(dev.headers.get('content-type')).toMatch(/text\/html/);
    expect(csp(dev).get('script-src')).toContain('https://*.apollographql.com');
    expect(csp(dev).get('frame-ancestors')).toEqual(["'none'"]);
    expect(dev.headers.get('x-frame-options')).toBe('DENY');
    const production = await fetch(`${prod.url}/graphql`, { headers: { accept: 'text/html' } });
    expectHardened(production);
    expect(csp(production).get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-/),
      ...CRYPTO_PRO_SCRIPTS,
    ]);
  });

  it('inlineScriptHashes skips scripts with src and empty ones', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script></script><SCRIPT type="x">a</SCRIPT>')).toEqual([
      `'sha256-${createHash('sha256').update('a').digest('base64')}'`,
    ]);
  });
});
