/**
 * Anti-forgery protection (spec core §7 "All requests send ... an anti-forgery header", §8 retryCsrf).
 * Signed double submit: @fastify/csrf-protection keeps its secret in the HttpOnly `_csrf` cookie; the token
 * it derives is handed out by GET /api/public/csrf and also put in the readable `XSRF-TOKEN` cookie.
 * Every POST, PUT, PATCH and DELETE under /api must carry it in the `X-XSRF-TOKEN` header, else
 * 403 `{ code: 'CSRF_INVALID', retryCsrf: true }`.
 */
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { Config } from '../config.js';
import { bearerApiToken } from '../integrations/api-tokens.js';

export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_COOKIE = 'XSRF-TOKEN';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async function csrfPlugin(app: FastifyInstance, opts: { config: Config }) {
    await app.register(fastifyCsrf, {
      sessionPlugin: '@fastify/cookie',
      cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure: opts.config.secureCookies },
      getToken: (req) => req.headers[CSRF_HEADER] as string | undefined,
    });

    app.addHook('onRequest', (request, reply, done) => {
      // An API token request involves no cookie: no anti-forgery check (it is read-only anyway, plugins/auth.ts).
      if (UNSAFE.has(request.method) && request.url.startsWith('/api/') && !bearerApiToken(request)) {
        app.csrfProtection(request, reply, done);
        return;
      }
      done();
    });

    app.get(
      '/api/public/csrf',
      {
        schema: {
          tags: ['public'],
          summary: 'Issue an anti-forgery token (spec core §7 Public)',
          description:
            'Sets the `_csrf` secret cookie and the readable `XSRF-TOKEN` cookie; send the token back in the `X-XSRF-TOKEN` header on every state-changing call.',
          response: {
            200: Type.Object({
              token: Type.String(),
              headerName: Type.Literal('X-XSRF-TOKEN'),
              parameterName: Type.Literal('_csrf'),
            }),
          },
        },
      },
      async (_request, reply) => {
        const token = reply.generateCsrf();
        reply.setCookie(CSRF_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: opts.config.secureCookies,
        });
        return { token, headerName: 'X-XSRF-TOKEN' as const, parameterName: '_csrf' as const };
      },
    );
  },
  { name: 'csrf', dependencies: ['session'] },
);
