/**
 * How the gateway serves the built web app (issue 13 "Fast first load"): precompressed brotli/gzip by Accept-Encoding,
 * compressed dynamic answers, immutable caching of hashed assets, index.html never cached, real 404s for missing files
 * and the app's HTML only for page routes. Runs on a small dist made here and precompressed by the build's own step.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startStack, type Stack } from '../support/stack.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (no automatic decompression), with the given Accept-Encoding. */
function get(
  base: string,
  path: string,
  encoding = '',
  accept = '*/*',
  extra: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { 'accept-encoding': encoding, accept, ...extra } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INDEX = `<!doctype html><html lang="ru"><head><title>Валютные платежи</title></head><body><div id="root"></div>${' '.repeat(2000)}<script type="module" src="/assets/app-abc123.js"></script></body></html>`;

let stack: Stack;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  execFileSync(process.execPath, [join(REPO_ROOT, 'web', 'scripts', 'precompress.mjs'), dist]);
  stack = await startStack({ webDist: dist });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app (issue 13 fast first load)', () => {
  it('sends hashed assets precompressed (brotli preferred, gzip otherwise) and immutable for a year', async () => {
    const br = await get(stack.url, '/assets/app-abc123.js', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(br.body.length).toBeLessThan(APP_JS.length / 10);

    const gz = await get(stack.url, '/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);

    const plain = await get(stack.url, '/assets/app-abc123.js', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('answers page routes with index.html, compressed and never cached', async () => {
    for (const path of ['/', '/clients', '/client/fea/12', '/en/clients/cards']) {
      const page = await get(stack.url, path, 'br', 'text/html');
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX);
    }
  });

  it('answers a missing file with a real 404, never with the app', async () => {
    for (const path of [
      '/assets/missing-chunk.js',
      '/assets/nested/x.css',
      '/favicon.ico',
      '/sitemap.xml',
      '/x/y.png',
    ]) {
      const missing = await get(stack.url, path, 'br');
      expect(missing.status, path).toBe(404);
      expect(String(missing.headers['content-type']), path).not.toMatch(/html/);
    }
    const robots = await get(stack.url, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('compresses dynamic answers such as GraphQL by Accept-Encoding', async () => {
    const query = encodeURIComponent('{ __schema { types { name description } } }');
    // Apollo's CSRF prevention wants a preflight-forcing header on GET.
    const answer = await get(stack.url, `/graphql?query=${query}`, 'br', 'application/json', {
      'apollo-require-preflight': 'true',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(answer.body).toString()) as {
      data: { __schema: { types: unknown[] } };
    };
    expect(json.data.__schema.types.length).toBeGreaterThan(50);
  });
});
