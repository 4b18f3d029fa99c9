/**
 * GET /reports/orders.csv — the CSV export of a report through the gateway (issue 12 "Reporting";
 * docs/integrators.md "CSV export"): streams the backend's GET /api/secured/reports/orders.csv with undici (the body
 * is piped to the client with back-pressure, never buffered), forwarding the query string, the browser's Cookie or
 * the `Authorization: Bearer` API token. The backend's Content-Type and Content-Disposition come back as they are.
 * Upstream errors answer JSON `{ message, code }` with the upstream status (no upstream details otherwise); an
 * unreachable backend answers 502 BACKEND_UNAVAILABLE.
 */
import type { FastifyInstance } from 'fastify';
import { request, type Dispatcher } from 'undici';

const UPSTREAM_PATH = '/api/secured/reports/orders.csv';
const PASS_HEADERS = ['content-type', 'content-disposition', 'cache-control'] as const;

export function reportRoutes(app: FastifyInstance, opts: { backendUrl: string; dispatcher?: Dispatcher }): void {
  app.get('/reports/orders.csv', async (req, reply) => {
    const q = req.url.indexOf('?');
    const url = new URL(UPSTREAM_PATH + (q >= 0 ? req.url.slice(q) : ''), opts.backendUrl);
    const headers: Record<string, string> = { accept: 'text/csv, application/json' };
    const auth = req.headers.authorization;
    if (auth && /^Bearer\s/i.test(auth)) headers.authorization = auth;
    else if (req.headers.cookie) headers.cookie = req.headers.cookie;
    const rid = req.headers['x-request-id'];
    if (typeof rid === 'string') headers['x-request-id'] = rid;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, { method: 'GET', headers, dispatcher: opts.dispatcher, bodyTimeout: 0 });
    } catch {
      return reply.code(502).send({ message: 'Сервис временно недоступен', code: 'BACKEND_UNAVAILABLE' });
    }
    if (res.statusCode !== 200) {
      let body: { message?: unknown; code?: unknown } = {};
      try {
        body = (await res.body.json()) as typeof body;
      } catch {
        // not JSON: answer a generic message
      }
      return reply.code(res.statusCode).send({
        message: typeof body.message === 'string' ? body.message : 'Не удалось выгрузить отчёт',
        code: typeof body.code === 'string' ? body.code : 'UPSTREAM_ERROR',
      });
    }
    for (const h of PASS_HEADERS) {
      const v = res.headers[h];
      if (typeof v === 'string') void reply.header(h, v);
    }
    return reply.code(200).send(res.body);
  });
}
