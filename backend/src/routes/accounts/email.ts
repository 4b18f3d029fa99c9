/**
 * Public e-mail calls of the sign-in and registration screens (spec core §2 "Auth": e-mail step, confirm e-mail
 * with a resend countdown and a way to change the e-mail; §4 resend delay 120 s; §5 e-mail messages;
 * §7 Public; docs/rest-api.md "Public").
 *
 * Registration status of an address: NEW (unknown) → NOT_CONFIRMED (link mailed) → CONFIRMED (link opened)
 * → REGISTERED (account exists); SUSPENDED for a blocked account.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  consumeToken,
  issueToken,
  latestRegistration,
  linkExpired,
  RESEND_DELAY_SECONDS,
  revokeLive,
  sendLinkMail,
  usableToken,
} from '../../accounts/email-tokens.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { emailTokens } from '../../db/schema/accounts.js';
import { users } from '../../db/schema/core.js';
import { AppError, MESSAGES } from '../../errors.js';
import { emailChangeMail, registrationMail } from '../../mail/templates.js';
import type { AccountType } from '../../plugins/auth.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { EmailField, emailOf, MailSentSchema, TokenField, UserTypeField } from './common.js';
import { NOT_FOUND_MESSAGES } from './session.js';
import { normalizeEmail } from '@platform/domain/validation/rules';
import { RATE_LIMIT_ERRORS } from '../../plugins/rate-limit.js';

/** 409 EMAIL_TAKEN or 403 ACCOUNT_SUSPENDED when an account uses `email` (spec core §5); nothing otherwise. */
export async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: number): Promise<void> {
  const where = exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email);
  const [user] = await db.select({ status: users.status }).from(users).where(where);
  if (!user) return;
  if (user.status === 'USER_SUSPENDED') throw new AppError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
  throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
}

const EmailBody = Type.Object({ email: EmailField });

/** The normalised e-mail of a body `{ email }`, the key of the per-e-mail rate limits (issue 14); undefined if none. */
export function emailKey(body: unknown): string | undefined {
  const raw = (body as { email?: unknown } | undefined)?.email;
  return typeof raw === 'string' && raw.trim() ? normalizeEmail(raw) : undefined;
}

export default async function emailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.post(
    '/api/public/common/email/check',
    {
      onRequest: app.publicRateLimit('emailCheck'),
      preHandler: app.rateLimitBy('emailCheckEmail', (request) => [emailKey(request.body)]),
      schema: {
        tags: ['public'],
        summary: 'Is this e-mail free for a new account? (spec core §7 Public, §5 e-mail)',
        description:
          "Answers `{ email, available: true }` for a free address (lower-cased). Errors: 400 EMAIL_INVALID 'Проверьте корректность данных'; " +
          "409 EMAIL_TAKEN 'Этот адрес электронной почты уже используется'; 403 ACCOUNT_SUSPENDED 'Аккаунт, зарегистрированный на эту почту, заблокирован'; 403 CSRF_INVALID; " +
          "429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with Retry-After (per client address and per e-mail).",
        body: EmailBody,
        response: {
          200: Type.Object({ email: Type.String(), available: Type.Literal(true) }),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, RATE_LIMIT_ERRORS, {
            400: ['EMAIL_INVALID'],
            403: ['ACCOUNT_SUSPENDED'],
            409: ['EMAIL_TAKEN'],
          }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      await assertEmailFree(db, email);
      return { email, available: true as const };
    },
  );

  app.post(
    '/api/public/common/email/check/status',
    {
      onRequest: app.publicRateLimit('emailCheck'),
      preHandler: app.rateLimitBy('emailCheckEmail', (request) => [emailKey(request.body)]),
      schema: {
        tags: ['public'],
        summary: 'Where is this e-mail in sign-in / registration? (spec core §7 Public "returns a status")',
        description:
          'Status: NEW (unknown), NOT_CONFIRMED (confirmation mail sent), CONFIRMED (confirmed, registration not finished), ' +
          'REGISTERED (account exists → password step), SUSPENDED (blocked). With userType PARTNER or AGENT an address that is not such an account → ' +
          "404 USER_NOT_FOUND with the role's text. Errors: 400 EMAIL_INVALID, 403 CSRF_INVALID, 404 USER_NOT_FOUND, " +
          '429 RATE_LIMITED with Retry-After (per client address and per e-mail).',
        body: Type.Object({ email: EmailField, userType: Type.Optional(UserTypeField) }),
        response: {
          200: Type.Object({
            email: Type.String(),
            status: Type.Union([
              Type.Literal('NEW'),
              Type.Literal('NOT_CONFIRMED'),
              Type.Literal('CONFIRMED'),
              Type.Literal('REGISTERED'),
              Type.Literal('SUSPENDED'),
            ]),
          }),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, RATE_LIMIT_ERRORS, {
            400: ['EMAIL_INVALID'],
            404: ['USER_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      const userType = request.body.userType as AccountType | undefined;
      const [user] = await db
        .select({ status: users.status, accountType: users.accountType })
        .from(users)
        .where(eq(users.email, email));
      if (userType && userType !== 'CLIENT' && (!user || user.accountType !== userType)) {
        throw new AppError(404, 'USER_NOT_FOUND', NOT_FOUND_MESSAGES[userType]);
      }
      if (user)
        return { email, status: user.status === 'USER_SUSPENDED' ? ('SUSPENDED' as const) : ('REGISTERED' as const) };
      const link = await latestRegistration(db, email);
      if (!link) return { email, status: 'NEW' as const };
      const live = link.expiresAt.getTime() > app.clock.now().getTime();
      return { email, status: link.confirmedAt && live ? ('CONFIRMED' as const) : ('NOT_CONFIRMED' as const) };
    },
  );

  app.post(
    '/api/public/common/email/send-confirmation',
    {
      schema: {
        tags: ['public'],
        summary: 'Mail a registration link (spec core §7 Public; §4 resend delay 120 s)',
        description:
          'Mails `${PUBLIC_URL}/client/auth/registration?token=…` (valid 24 h) and voids earlier links of the address. ' +
          'Answers `{ email, resendAfterSeconds: 120 }`. Errors: 400 EMAIL_INVALID; 409 EMAIL_TAKEN; 403 ACCOUNT_SUSPENDED; ' +
          '429 RESEND_TOO_EARLY with `retryAfterSeconds` when the previous mail is younger than 120 s; 502 MAIL_FAILED; 403 CSRF_INVALID.',
        body: EmailBody,
        response: {
          200: MailSentSchema,
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            403: ['ACCOUNT_SUSPENDED'],
            409: ['EMAIL_TAKEN'],
            429: ['RESEND_TOO_EARLY'],
            502: ['MAIL_FAILED'],
          }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      await assertEmailFree(db, email);
      const { token, id } = await issueToken(db, { purpose: 'REGISTRATION', email }, app.clock.now());
      await sendLinkMail(app, registrationMail(app.config.publicUrl, email, token), id);
      return { email, resendAfterSeconds: RESEND_DELAY_SECONDS };
    },
  );

  app.post(
    '/api/public/common/email/check/check-confirmed',
    {
      schema: {
        tags: ['public'],
        summary: 'Has the registration link been opened? (spec core §7 Public; designed)',
        description:
          'Polled by the confirm-e-mail screen. `confirmed` is true while the newest registration link of the address is confirmed and not expired. ' +
          'Errors: 400 EMAIL_INVALID; 403 CSRF_INVALID.',
        body: EmailBody,
        response: {
          200: Type.Object({ email: Type.String(), confirmed: Type.Boolean() }),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, { 400: ['EMAIL_INVALID'] }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      const link = await latestRegistration(db, email);
      const confirmed = !!link?.confirmedAt && link.expiresAt.getTime() > app.clock.now().getTime();
      return { email, confirmed };
    },
  );

  app.post(
    '/api/public/common/email/confirm',
    {
      schema: {
        tags: ['public'],
        summary: 'Confirm an e-mail by the token of its link (spec core §7 Public; designed)',
        description:
          'A registration token marks the address CONFIRMED (repeatable while the link lives); registration then uses the same token. ' +
          "An e-mail change token (from /api/secured/common/email/request-changed) makes the address the account's login e-mail and is used up. " +
          'Answers `{ email, token, status: "CONFIRMED" }`. Errors: 410 LINK_EXPIRED \'Ссылка устарела\' (unknown, expired, used or voided); ' +
          '409 EMAIL_TAKEN; 403 ACCOUNT_SUSPENDED; 400 VALIDATION_ERROR; 403 CSRF_INVALID.',
        body: Type.Object({ token: TokenField }),
        response: {
          200: Type.Object({ email: Type.String(), token: Type.String(), status: Type.Literal('CONFIRMED') }),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            403: ['ACCOUNT_SUSPENDED'],
            409: ['EMAIL_TAKEN'],
            410: ['LINK_EXPIRED'],
          }),
        },
      },
    },
    async (request) => {
      const { token } = request.body;
      const now = app.clock.now();
      const link = await usableToken(db, token, ['REGISTRATION', 'EMAIL_CHANGE'], now);
      if (link.purpose === 'REGISTRATION') {
        await assertEmailFree(db, link.email);
        if (!link.confirmedAt)
          await db.update(emailTokens).set({ confirmedAt: now }).where(eq(emailTokens.id, link.id));
      } else {
        await db.transaction(async (tx) => {
          const [owner] = await tx
            .select({ id: users.id, status: users.status })
            .from(users)
            .where(eq(users.id, link.userId ?? -1));
          if (!owner) throw linkExpired();
          if (owner.status === 'USER_SUSPENDED')
            throw new AppError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
          await assertEmailFree(tx, link.email, owner.id);
          await consumeToken(tx, link.id, now, true);
          await tx.update(users).set({ email: link.email, updatedAt: now }).where(eq(users.id, owner.id));
        });
      }
      return { email: link.email, token, status: 'CONFIRMED' as const };
    },
  );

  app.post(
    '/api/public/common/email/confirm/change',
    {
      schema: {
        tags: ['public'],
        summary:
          'Correct the e-mail during registration (spec core §2 "a way to change the e-mail"; §7 Public; designed)',
        description:
          'Voids the registration links of `email` and mails a new one to `newEmail`. Answers `{ email: newEmail, resendAfterSeconds: 120 }`. ' +
          'Errors: 400 EMAIL_INVALID (either address); 404 CONFIRMATION_NOT_FOUND when no live registration link was mailed to `email`; ' +
          '409 EMAIL_TAKEN / 403 ACCOUNT_SUSPENDED for `newEmail`; 429 RESEND_TOO_EARLY (120 s per address) with `retryAfterSeconds`; 502 MAIL_FAILED; 403 CSRF_INVALID.',
        body: Type.Object({ email: EmailField, newEmail: EmailField }),
        response: {
          200: MailSentSchema,
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            403: ['ACCOUNT_SUSPENDED'],
            404: ['CONFIRMATION_NOT_FOUND'],
            409: ['EMAIL_TAKEN'],
            429: ['RESEND_TOO_EARLY'],
            502: ['MAIL_FAILED'],
          }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      const newEmail = emailOf(request.body.newEmail, 'newEmail');
      const now = app.clock.now();
      if (!(await latestRegistration(db, email))) {
        throw AppError.notFound('Письмо с подтверждением на этот адрес не отправлялось', 'CONFIRMATION_NOT_FOUND');
      }
      await assertEmailFree(db, newEmail);
      const { token, id } = await db.transaction(async (tx) => {
        await revokeLive(tx, 'REGISTRATION', email, now);
        return issueToken(tx, { purpose: 'REGISTRATION', email: newEmail }, now);
      });
      await sendLinkMail(app, registrationMail(app.config.publicUrl, newEmail, token), id);
      return { email: newEmail, resendAfterSeconds: RESEND_DELAY_SECONDS };
    },
  );

  app.post(
    '/api/secured/common/email/request-changed',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['secured-common'],
        summary: 'Ask to change the login e-mail (spec core §7 Secured common; designed)',
        description:
          'Mails the new address a link `${PUBLIC_URL}/<area>/auth/email/confirm?token=…` (valid 24 h); opening it calls ' +
          'POST /api/public/common/email/confirm, which switches the login e-mail. Answers `{ email, resendAfterSeconds: 120 }`. ' +
          'Errors: 400 EMAIL_INVALID; 409 EMAIL_TAKEN (also the current address); 403 ACCOUNT_SUSPENDED; 429 RESEND_TOO_EARLY; 502 MAIL_FAILED; ' +
          '401 UNAUTHORIZED; 403 CSRF_INVALID.',
        security: [{ session: [] }],
        body: EmailBody,
        response: {
          200: MailSentSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            403: ['ACCOUNT_SUSPENDED'],
            409: ['EMAIL_TAKEN'],
            429: ['RESEND_TOO_EARLY'],
            502: ['MAIL_FAILED'],
          }),
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const email = emailOf(request.body.email);
      await assertEmailFree(db, email);
      const { token, id } = await issueToken(db, { purpose: 'EMAIL_CHANGE', email, userId: user.id }, app.clock.now());
      await sendLinkMail(app, emailChangeMail(app.config.publicUrl, email, user.accountType, token), id);
      return { email, resendAfterSeconds: RESEND_DELAY_SECONDS };
    },
  );
}
