/**
 * The built web app (web/dist) with SPA fallback: any GET that is not an API path and not a file answers
 * index.html, so react-router handles deep links (/client/fea/..., mail links). Without a build, a short
 * text page says how to make one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths never answered with the SPA. */
const API_PREFIXES = ['/graphql', '/files/', '/api/', '/health'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

export const NOT_BUILT_TEXT =
  'Веб-приложение ещё не собрано. Выполните `npm run build` в корне репозитория и перезапустите шлюз.\n' +
  'The web app is not built yet: run `npm run build` at the repository root, then restart the gateway.\n' +
  'GraphQL: /graphql\n';

export async function webApp(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const built = existsSync(join(opts.webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: opts.webDist, prefix: '/', wildcard: true, index: false });
    // With index: false the static handler refuses the root directory (403); the root is the SPA like any deep link.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const spa = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (!spa) return reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
