/**
 * GET /health: 200 `{ status: "ok", backend: "ok" }` when the backend's GET /api/health answers 2xx,
 * else 503 `{ status: "degraded", backend: "unavailable" }`. For load balancers and start scripts.
 */
import type { FastifyInstance } from 'fastify';
import { request, type Dispatcher } from 'undici';

export function healthRoute(app: FastifyInstance, opts: { backendUrl: string; dispatcher?: Dispatcher }): void {
  app.get('/health', async (_req, reply) => {
    try {
      const res = await request(new URL('/api/health', opts.backendUrl), {
        method: 'GET',
        dispatcher: opts.dispatcher,
        headersTimeout: 3000,
        bodyTimeout: 3000,
      });
      await res.body.dump();
      if (res.statusCode >= 200 && res.statusCode < 300) return { status: 'ok', backend: 'ok' };
    } catch {
      // fall through: the backend is unreachable
    }
    return reply.code(503).send({ status: 'degraded', backend: 'unavailable' });
  });
}
