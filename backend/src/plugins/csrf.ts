/**
 * Anti-forgery protection (spec core §7 "All requests send ... an anti-forgery header", §8 retryCsrf).
 * Signed double submit: @fastify/csrf-protection keeps its secret in the HttpOnly `_csrf` cookie; the token
 * it derives is handed out by GET /api/public/csrf and also put in the readable `XSRF-TOKEN` cookie.
 * Every POST, PUT, PATCH and DELETE under /api must carry it in the `X-XSRF-TOKEN` header, else
 * 403 `{ code: 'CSRF_INVALID', retryCsrf: true }`.
 *
 * Rotation at sign-in (issue 14 "the anti-forgery secret rotated at login"; OWASP CSRF cheat sheet): {@link rotateCsrf},
 * called by startSession (routes/accounts/common.ts), sets a new `_csrf` secret and XSRF-TOKEN cookie and binds the
 * signed-in session to the new secret (`session.csrfSecretHash`, its SHA-256): from then on a state-changing call of
 * that session is refused unless it carries the new secret's cookie and token — a secret (and its tokens) known or
 * planted before the sign-in no longer validates. GET /api/public/csrf for a bound session whose `_csrf` cookie is
 * missing or another rotates again (the session cookie proves the caller), so a lost cookie recovers through the
 * gateway's retryCsrf path (spec core §8).
 */
import { createHash, randomBytes } from 'node:crypto';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { Config } from '../config.js';
import { bearerApiToken } from '../integrations/api-tokens.js';

export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** The HttpOnly cookie holding the secret (@fastify/csrf-protection's default `cookieKey`). */
export const CSRF_SECRET_COOKIE = '_csrf';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface Session {
    /** SHA-256 (hex) of the anti-forgery secret issued at sign-in (issue 14); unsafe calls must use that secret. */
    csrfSecretHash?: string;
  }
}

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `request` belongs to a signed-in session bound to a secret other than its `_csrf` cookie. */
function secretMismatch(request: FastifyRequest): boolean {
  const bound = request.session?.userId ? request.session.csrfSecretHash : undefined;
  if (!bound) return false;
  const secret = request.cookies[CSRF_SECRET_COOKIE];
  return !secret || hashSecret(secret) !== bound;
}

/** The refusal of the anti-forgery check (plugins/errors.ts → 403 CSRF_INVALID, retryCsrf). */
function csrfInvalid(): Error {
  return Object.assign(new Error('Invalid csrf token'), { code: 'FST_CSRF_INVALID_TOKEN', statusCode: 403 });
}

/** Sets the readable XSRF-TOKEN cookie to `token`. */
function setTokenCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure });
}

/**
 * Rotates the anti-forgery secret on this request (issue 14; call after the session is regenerated at sign-in): a new
 * random secret in the `_csrf` cookie, its token in the XSRF-TOKEN cookie, and the session bound to it. Returns the
 * new token (the X-XSRF-TOKEN value of the next state-changing call).
 */
export function rotateCsrf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const secret = randomBytes(18).toString('base64url');
  // generateCsrf takes the secret from the request's cookie; the old one is replaced before it looks.
  request.cookies[CSRF_SECRET_COOKIE] = secret;
  const token = reply.generateCsrf();
  reply.setCookie(CSRF_SECRET_COOKIE, secret, { path: '/', sameSite: 'lax', httpOnly: true, secure });
  setTokenCookie(reply, token, secure);
  request.session.csrfSecretHash = hashSecret(secret);
  return token;
}

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
        // A signed-in session accepts only the secret issued at its sign-in (rotateCsrf).
        if (secretMismatch(request)) {
          done(csrfInvalid());
          return;
        }
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
            'Sets the `_csrf` secret cookie and the readable `XSRF-TOKEN` cookie; send the token back in the `X-XSRF-TOKEN` header on every state-changing call. ' +
            'The secret is rotated at sign-in; a signed-in session accepts only the secret issued then (issue 14).',
          response: {
            200: Type.Object({
              token: Type.String(),
              headerName: Type.Literal('X-XSRF-TOKEN'),
              parameterName: Type.Literal('_csrf'),
            }),
          },
        },
      },
      async (request, reply) => {
        const secure = opts.config.secureCookies;
        // A bound session that lost (or never got) its secret's cookie gets a new secret, not one it cannot use.
        const token = secretMismatch(request) ? rotateCsrf(request, reply, secure) : reply.generateCsrf();
        setTokenCookie(reply, token, secure);
        return { token, headerName: 'X-XSRF-TOKEN' as const, parameterName: '_csrf' as const };
      },
    );
  },
  { name: 'csrf', dependencies: ['session'] },
);
