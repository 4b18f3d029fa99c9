/**
 * Operator sign-in of the embedded default (DESIGN "Sessions: operators sign in through an external login page that
 * ends in /api/public/oper/autologin"; spec core §7 Public "POST /api/public/oper/autologin", §8 "operators to external
 * login"). A real deployment points operators at its own identity provider; this page stands in for it:
 *
 *   GET  /oper-login                 a small Russian HTML form (no scripts), with an anti-forgery token in a hidden field
 *   POST /oper-login                 e-mail + password (form-urlencoded). For an OPER account with the right password it
 *                                    issues a one-time code (32 random bytes, base64url; only its SHA-256 is stored; valid
 *                                    60 s) and answers 303 to `${PUBLIC_URL}/operator/auth?code=…`. Otherwise the form
 *                                    again with a Russian message (401 / 403 / 429), nothing else revealed.
 *   POST /api/public/oper/autologin  `{ code }` → exchanges the code once for a session exactly like login: session id
 *                                    rotated, USER_TYPE=OPER cookie, CurrentUser answer.
 *
 * The password check IS the one of POST /api/public/common/login (checkCredentials in routes/accounts/session.ts) — same
 * messages, the same lockout (5 failures → 15 minutes, 'Превышен лимит попыток входа'), the same session start (startSession).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import { users } from '../../db/schema/core.js';
import { operLoginCodes } from '../../db/schema/deal.js';
import { AppError, MESSAGES } from '../../errors.js';
import { CSRF_HEADER } from '../../plugins/csrf.js';
import { startSession } from '../accounts/common.js';
import { checkCredentials } from '../accounts/session.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS } from '../schemas.js';

/** Lifetime of a one-time code, seconds. */
export const OPER_CODE_TTL_SECONDS = 60;
export const CODE_INVALID = 'Код входа недействителен или устарел. Войдите снова';

/** SHA-256 of a code, hex. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(token: string, opts: { email?: string; error?: string } = {}): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Вход для операторов</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;display:flex;justify-content:center;padding-top:10vh}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.1);width:320px;display:flex;flex-direction:column;gap:12px}
input{padding:8px;font-size:16px}button{padding:10px;font-size:16px;cursor:pointer}.error{color:#b00020}</style></head>
<body><form method="post" action="/oper-login">
<h1>Вход для операторов</h1>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<input type="hidden" name="_csrf" value="${escapeHtml(token)}">
<label>Электронная почта<br><input type="email" name="email" required autocomplete="username" value="${escapeHtml(opts.email ?? '')}"></label>
<label>Пароль<br><input type="password" name="password" required autocomplete="current-password"></label>
<button type="submit">Войти</button>
</form></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, opts: { email?: string; error?: string } = {}) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(page(reply.generateCsrf(), opts));
}

export default async function operatorSignInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const loginPerAddress = app.publicRateLimit('login');
  const loginPerEmail = app.rateLimitBy('loginEmail', (request) => [
    ((request.body as { email?: unknown } | undefined)?.email ?? '').toString().trim().toLowerCase(),
  ]);

  // Forms post urlencoded bodies; parsed only inside this plugin (encapsulated), into a plain object of strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/oper-login',
    {
      schema: {
        tags: ['operator-sign-in'],
        summary: 'Operator sign-in page of the embedded default (DESIGN "Sessions"; spec core §8)',
        description: 'HTML form (Russian) with an anti-forgery token; posts to POST /oper-login.',
        produces: ['text/html'],
      },
    },
    async (_request, reply) => sendPage(reply, 200),
  );

  app.post(
    '/oper-login',
    {
      schema: {
        tags: ['operator-sign-in'],
        summary: 'Operator sign-in form post (embedded default; ends in /api/public/oper/autologin)',
        description:
          'Form fields `_csrf`, `email`, `password`. Success: 303 to `${PUBLIC_URL}/operator/auth?code=…` (one-time code, 60 s). ' +
          'Failure: the form again — 403 (anti-forgery token missing or wrong; account suspended), 401 (wrong e-mail or password, or not an ' +
          "operator: 'Оператор с такой почтой не найден'), 429 ('Превышен лимит попыток входа'; or 'Слишком много запросов. Попробуйте позже.' " +
          'with Retry-After: the sign-in rate limits per client address and per e-mail, issue 14).',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({
          _csrf: Type.Optional(Type.String({ maxLength: 200 })),
          email: Type.Optional(Type.String({ maxLength: 254 })),
          password: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        produces: ['text/html'],
      },
      attachValidation: true,
      // Anti-forgery: the token of the form (hidden field) checked against the `_csrf` secret cookie like the header of /api calls.
      preHandler: (request, reply, done) => {
        const token = request.body?._csrf;
        if (token) request.headers[CSRF_HEADER] = token;
        else delete request.headers[CSRF_HEADER];
        app.csrfProtection(request, reply, done);
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const email = (body.email ?? '').trim().toLowerCase();
      const password = body.password ?? '';
      if (request.validationError || !email || !password)
        return sendPage(reply, 400, { email, error: MESSAGES.required });
      const now = app.clock.now();
      let user: { id: number };
      try {
        // The sign-in rate limits of POST /api/public/common/login (issue 14): per client address and per e-mail.
        await loginPerAddress.call(app, request, reply);
        await loginPerEmail.call(app, request, reply);
        user = await checkCredentials(db, email, password, 'OPER', now, app.clientAddress(request));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // The form page shows the message; an unknown operator is a 401 here (no JSON client to tell apart).
        return sendPage(reply, err.statusCode === 404 ? 401 : err.statusCode, { email, error: err.message });
      }
      const code = randomBytes(32).toString('base64url');
      await db.insert(operLoginCodes).values({
        codeHash: hashCode(code),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OPER_CODE_TTL_SECONDS * 1000),
      });
      const target = new URL('/operator/auth', app.config.publicUrl);
      target.searchParams.set('code', code);
      return reply.status(303).header('location', target.toString()).header('cache-control', 'no-store').send();
    },
  );

  app.post(
    '/api/public/oper/autologin',
    {
      schema: {
        tags: ['public'],
        summary:
          'Exchange an operator sign-in code for a session (spec core §7 Public "POST /api/public/oper/autologin")',
        description:
          "Body `{ code }` from the external login page's redirect. The code is single-use and valid 60 s. Signs the operator in " +
          'exactly like login (session rotated, USER_TYPE=OPER) and answers CurrentUser. Errors: 400 VALIDATION_ERROR, 401 CODE_INVALID ' +
          `'${CODE_INVALID}' (unknown, used or expired code, or the account is no longer an active operator), 403 CSRF_INVALID.`,
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 200, description: 'One-time code from /operator/auth?code=…' }),
        }),
        response: {
          200: CurrentUserSchema,
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, { 401: ['CODE_INVALID', 'UNAUTHORIZED'] }),
        },
      },
    },
    async (request, reply) => {
      const { code } = request.body;
      const now = app.clock.now();
      // Single use: the UPDATE marks the code used only while it is unused and alive; of two exchanges one wins.
      const [row] = await db
        .update(operLoginCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(operLoginCodes.codeHash, hashCode(code)),
            isNull(operLoginCodes.usedAt),
            gt(operLoginCodes.expiresAt, now),
          ),
        )
        .returning({ userId: operLoginCodes.userId });
      const invalid = new AppError(401, 'CODE_INVALID', CODE_INVALID, undefined, { error: 'Unauthorized' });
      if (!row) throw invalid;
      const [user] = await db
        .select({ id: users.id, type: users.accountType, status: users.status })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user || user.type !== 'OPER' || user.status !== 'ACTIVE') throw invalid;
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      await startSession(app, request, reply, user.id, 'OPER');
      return currentUser(db, user.id);
    },
  );
}
