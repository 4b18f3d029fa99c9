/**
 * File up- and downloads and developer pages on the one origin (DESIGN tier 2), proxied to the backend
 * with @fastify/http-proxy. The browser's Cookie and X-XSRF-TOKEN headers go upstream as they are; the
 * backend's Set-Cookie, Content-Disposition and error bodies come back; bodies stream both ways (uploads
 * up to 50 MB, spec core §5).
 *   POST /files/orders                    → POST /api/secured/client/order/exch/files (multipart, part `file`)
 *   GET  /files/orders/:orderId/:fileId   → GET  /api/secured/client/order/exch/:orderId/files/:fileId
 *   /api/dev/*                            → the backend's developer mail outbox (absent in production)
 *   /api/docs*                            → the backend's OpenAPI UI and JSON
 */
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ORDER_ID = /^\d{1,15}$/;
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function notFound(reply: FastifyReply): void {
  void reply.code(404).send({ message: 'Не найдено', code: 'NOT_FOUND' });
}

export async function backendProxies(app: FastifyInstance, opts: { backendUrl: string }): Promise<void> {
  const upstream = opts.backendUrl;

  await app.register(httpProxy, {
    upstream,
    prefix: '/files/orders',
    rewritePrefix: '/api/secured/client/order/exch/files',
    httpMethods: ['POST'],
    // Only the exact upload path: /files/orders/<anything> is not an upload.
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.url.split('?')[0].replace(/\/+$/, '') !== '/files/orders') return notFound(reply);
      done();
    },
  });

  await app.register(httpProxy, {
    upstream,
    prefix: '/files/orders/:orderId',
    rewritePrefix: '/api/secured/client/order/exch/:orderId/files',
    httpMethods: ['GET', 'HEAD'],
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const [orderId, fileId, ...rest] = request.url.split('?')[0].split('/').slice(3);
      if (!ORDER_ID.test(orderId ?? '') || !FILE_ID.test(fileId ?? '') || rest.length) return notFound(reply);
      done();
    },
  });

  await app.register(httpProxy, { upstream, prefix: '/api/dev', rewritePrefix: '/api/dev', httpMethods: ['GET', 'HEAD'] });
  await app.register(httpProxy, { upstream, prefix: '/api/docs', rewritePrefix: '/api/docs', httpMethods: ['GET', 'HEAD'] });
}
