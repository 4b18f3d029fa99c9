/**
 * Sign-in and sign-out (spec core §7 Public "login", Secured common "logout"; §5 e-mail rules; §8 login limits).
 *
 * Login reads `Authorization: Basic base64(email:password)`; the optional body `{ userType }` names the sign-in
 * entry used (client, partner, agent — spec core §6). On success the session id is rotated, the session
 * gets its absolute expiry and the readable `USER_TYPE` cookie remembers the last-login type (spec core §9).
 * Five failed attempts in a row from one client address lock the e-mail for that address 15 minutes, 50 from every
 * address in an hour lock it for everyone ('Превышен лимит попыток входа'; accounts/login-throttle.ts, issue 14).
 * Rate-limited per client address and per e-mail (plugins/rate-limit.ts buckets `login`, `loginEmail`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import {
  ADDRESS_LIMIT,
  clearAttempts,
  EMAIL_LIMIT,
  LOCK_MINUTES,
  MAX_FAILED_LOGINS,
  pruneAttempts,
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  throttleKeys,
} from '../../accounts/login-throttle.js';
import { dummyPasswordHash, verifyPassword } from '../../accounts/passwords.js';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/core.js';
import { accountBlocked, announceSessionsEnded } from '../../accounts/account-access.js';
import { AppError, MESSAGES } from '../../errors.js';
import type { AccountType } from '../../plugins/auth.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS } from '../schemas.js';
import { startSession, USER_TYPE_COOKIE } from './common.js';

export { MAX_FAILED_LOGINS, LOCK_MINUTES, USER_TYPE_COOKIE };

/** Not-found texts per sign-in entry (spec core §8 "Account not found": dedicated messages). */
export const NOT_FOUND_MESSAGES: Record<AccountType, string> = {
  CLIENT: 'Клиент с такой почтой не найден',
  PARTNER: 'Платёжный агент с такой почтой не найден',
  AGENT: 'Партнёр с такой почтой не найден',
  OPER: 'Оператор с такой почтой не найден',
};
export const BAD_CREDENTIALS = 'Неверный адрес электронной почты или пароль';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Splits a Basic authorization header into e-mail and password; null when malformed. */
export function parseBasic(header: string | undefined): { email: string; password: string } | null {
  if (!header || !/^Basic\s+/i.test(header)) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  } catch {
    return null;
  }
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { email: decoded.slice(0, i).trim().toLowerCase(), password: decoded.slice(i + 1) };
}

/**
 * Checks e-mail and password for a sign-in entry (spec core §5 login rules, §8 login limits; issue 14 defect 3) and
 * returns the user. `userType` names the entry used; an account of another type counts as unknown for that entry.
 * `client` is the client address (plugins/rate-limit.ts `clientAddress`): the lockout counts per (e-mail, address)
 * and per e-mail (accounts/login-throttle.ts), identically for unknown e-mails (the dummy hash compare keeps the
 * timing), and reserves the attempt atomically before the password is verified.
 * Throws AppError: 429 LOGIN_LIMIT (5 failures in a row from this address lock the e-mail for it 15 minutes; 50 from
 * every address in an hour lock it for everyone), 404 USER_NOT_FOUND (unknown e-mail at a PARTNER, AGENT or OPER
 * entry; role-specific text the spec demands), 401 BAD_CREDENTIALS, 403 ACCOUNT_SUSPENDED. `now` is the app clock.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  userType: AccountType | undefined,
  now: Date,
  client: string,
): Promise<typeof users.$inferSelect> {
  const keys = throttleKeys(email, client);
  const perAddress = await reserveAttempt(db, keys.address, email, ADDRESS_LIMIT, now);
  if (!perAddress) throw new AppError(429, 'LOGIN_LIMIT', MESSAGES.loginLimit);
  const perEmail = await reserveAttempt(db, keys.email, email, EMAIL_LIMIT, now);
  if (!perEmail) {
    await releaseAttempt(db, keys.address);
    throw new AppError(429, 'LOGIN_LIMIT', MESSAGES.loginLimit);
  }
  // Housekeeping now and then: counters untouched for a day go.
  if (Math.random() < 0.01) await pruneAttempts(db, now);

  /** The reserved attempt failed: a counter it brought to its limit locks, and this answer is already the 429. */
  const failed = async (error: AppError): Promise<never> => {
    const lockedHere = await recordFailure(db, perAddress, ADDRESS_LIMIT, now);
    const lockedAll = await recordFailure(db, perEmail, EMAIL_LIMIT, now);
    if (lockedHere || lockedAll) throw new AppError(429, 'LOGIN_LIMIT', MESSAGES.loginLimit);
    throw error;
  };

  const [row] = await db
    .select({ user: users, companyStatus: companies.status })
    .from(users)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.email, email));
  const user = row?.user;
  if (!user || (userType && userType !== user.accountType)) {
    await verifyPassword(password, await dummyPasswordHash());
    return failed(
      userType && userType !== 'CLIENT'
        ? new AppError(404, 'USER_NOT_FOUND', NOT_FOUND_MESSAGES[userType])
        : new AppError(401, 'BAD_CREDENTIALS', BAD_CREDENTIALS),
    );
  }
  if (accountBlocked(user, row.companyStatus ? { status: row.companyStatus } : null))
    return failed(new AppError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended));
  if (!(await verifyPassword(password, user.passwordHash)))
    return failed(new AppError(401, 'BAD_CREDENTIALS', BAD_CREDENTIALS));

  await clearAttempts(db, keys.address);
  await releaseAttempt(db, keys.email);
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return user;
}

/** Whether the request announces a body (a non-zero Content-Length or a chunked transfer). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding']) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

export default async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;

  app.post(
    '/api/public/common/login',
    {
      // The Basic header is the whole payload (spec core §7), as `curl -u` sends it: no body at all, with or without
      // `Content-Type: application/json`, counts as `{}` (Fastify would refuse an empty JSON body and an absent one).
      onRequest: [
        async (request) => {
          if (!hasBody(request.headers)) delete request.headers['content-type'];
        },
        app.publicRateLimit('login'),
      ],
      preHandler: app.rateLimitBy('loginEmail', (request) => [parseBasic(request.headers.authorization)?.email]),
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        tags: ['public'],
        summary: 'Sign in (spec core §7 Public)',
        description:
          'Header `Authorization: Basic base64(email:password)`. Body `{ userType }` optional: CLIENT, PARTNER or AGENT. ' +
          'Errors: 400 VALIDATION_ERROR, 401 BAD_CREDENTIALS, 403 ACCOUNT_SUSPENDED, 404 USER_NOT_FOUND (unknown e-mail for the chosen type), 429 LOGIN_LIMIT ' +
          "(5 failures in a row from this address, or 50 from all addresses in an hour), 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' " +
          'with Retry-After (too many sign-in calls from this address or for this e-mail).',
        body: Type.Optional(
          Type.Object({
            userType: Type.Optional(
              Type.Union([
                Type.Literal('CLIENT'),
                Type.Literal('PARTNER'),
                Type.Literal('AGENT'),
                Type.Literal('OPER'),
              ]),
            ),
          }),
        ),
        response: {
          200: CurrentUserSchema,
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            401: ['BAD_CREDENTIALS', 'UNAUTHORIZED'],
            403: ['ACCOUNT_SUSPENDED'],
            404: ['USER_NOT_FOUND'],
            429: ['LOGIN_LIMIT', 'RATE_LIMITED'],
          }),
        },
      },
    },
    async (request, reply) => {
      const creds = parseBasic(request.headers.authorization);
      if (!creds) throw AppError.validation([{ field: 'authorization', code: 'REQUIRED', message: MESSAGES.required }]);
      if (!EMAIL_RE.test(creds.email))
        throw AppError.validation(
          [{ field: 'email', code: 'EMAIL_INVALID', message: MESSAGES.emailInvalid }],
          MESSAGES.emailInvalid,
        );
      const userType = request.body?.userType;
      const now = app.clock.now();

      const user = await checkCredentials(db, creds.email, creds.password, userType, now, app.clientAddress(request));
      await startSession(app, request, reply, user.id, user.accountType as AccountType);
      return currentUser(db, user.id);
    },
  );

  app.post(
    '/api/secured/common/logout',
    {
      schema: {
        tags: ['secured-common'],
        summary: 'Sign out (spec core §7 Secured common)',
        description:
          'Destroys the session, its chat session tokens and its realtime streams and subscriptions (issue 14). Idempotent: answers 204 also without a session. The USER_TYPE cookie is kept (last-login type).',
        response: { 204: Type.Null(), ...errorResponses(CSRF_ERRORS) },
      },
    },
    async (request, reply) => {
      const { sessionId, userId } = request.session;
      if (userId) {
        await request.session.destroy(); // its chat session tokens go with it (ON DELETE CASCADE)
        // the user's open realtime streams of this session end, on every replica (issue 14)
        await announceSessionsEnded(db, [{ sid: sessionId, userId }]);
      }
      return reply.status(204).send(null);
    },
  );
}
