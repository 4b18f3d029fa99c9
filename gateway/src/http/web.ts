/**
 * The built web app (web/dist), served for a fast first load (issue 13):
 * - files precompressed at build time (web/scripts/precompress.mjs: `.br`, `.gz`) are sent by Accept-Encoding
 *   (@fastify/static `preCompressed`); other text answers are compressed by @fastify/compress (see `compression`);
 * - hashed assets under /assets/ are `public, max-age=31536000, immutable`; everything else (index.html, sw.js, the
 *   manifests, robots.txt) `no-cache`;
 * - the app's HTML answers only page routes: GET/HEAD of a path that is not an API path, not under /assets/ and whose
 *   last segment has no file extension; a missing file (/assets/missing-chunk.js, /favicon.ico when absent,
 *   /robots.txt when absent) is a real 404, so a stale chunk after a deploy fails as a 404 that the page chunk failure
 *   guard recognises (chat-and-shell §4), not as HTML with the wrong MIME type.
 * Without a build, a short text page says how to make one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths never answered with the SPA. */
const API_PREFIXES = ['/graphql', '/files/', '/api/', '/health', '/reports/', '/metrics'];

/** Cache-Control of content-hashed build assets: a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the web app serves: always revalidated. */
export const NO_CACHE = 'no-cache';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/**
 * True when `url` may be a page route of the app (answered with index.html): not an API path, not under /assets/, and
 * its last path segment has no file extension ('/client/fea/12' yes; '/favicon.ico', '/assets/x.js' no).
 */
export function isPageRoute(url: string): boolean {
  const path = url.split('?')[0];
  if (isApiPath(path) || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]{1,12}$/.test(last);
}

export const NOT_BUILT_TEXT =
  'Веб-приложение ещё не собрано. Выполните `npm run build` в корне репозитория и перезапустите шлюз.\n' +
  'The web app is not built yet: run `npm run build` at the repository root, then restart the gateway.\n' +
  'GraphQL: /graphql\n';

/**
 * Compression of dynamic text answers (/graphql JSON, /health, errors) by Accept-Encoding — brotli, then gzip — above
 * 1 KiB; answers that already carry a Content-Encoding (the precompressed files) pass unchanged. Register before the
 * routes.
 */
export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    zlib: compressionZlib,
  });
}

/**
 * node:zlib for @fastify/compress, with one change: a buffered answer compressed with brotli (its synchronous path, the
 * /graphql answers) tells the encoder its size (BROTLI_PARAM_SIZE_HINT), which then sets up for a few kilobytes instead
 * of its default 4 MiB window — issue 15 "Gateway overhead": 54 → 38 µs of CPU for a 4.3 KB requests page at the
 * plugin's quality 4, the same compressed bytes. Everything else is zlib's own.
 */
export const compressionZlib = {
  ...zlib,
  brotliCompressSync: (buf: Buffer, options?: zlib.BrotliOptions): Buffer =>
    zlib.brotliCompressSync(buf, {
      ...options,
      params: { ...options?.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }),
};

export async function webApp(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const built = existsSync(join(opts.webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        const rel = path.slice(opts.webDist.length).replace(/\\/g, '/');
        res.header('cache-control', rel.startsWith('/assets/') ? IMMUTABLE_CACHE : NO_CACHE);
      },
    });
    // With index: false the static handler refuses the root directory (403); the root is the SPA like any deep link.
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const page = (request.method === 'GET' || request.method === 'HEAD') && isPageRoute(request.url);
    if (!page) return reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
    return reply.sendFile('index.html');
  });
}
