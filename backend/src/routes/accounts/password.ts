/**
 * Password reset and change (spec core §2 "forgot password", "change password", "expired link"; §5 password rules,
 * "Password change"; §7 Public "password/reset/mail", "password/reset", Secured common "password/change";
 * §8 "Link expired"; docs/rest-api.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { consumeToken, issueToken, sendLinkMail, usableToken } from '../../accounts/email-tokens.js';
import { clearEmailAttempts } from '../../accounts/login-throttle.js';
import { hashPassword, verifyPassword } from '../../accounts/passwords.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/core.js';
import { chatSessionTokens } from '../../db/schema/chat.js';
import { endSessionsWhere } from '../../accounts/account-access.js';
import { newPasswordIssues } from '@platform/domain/validation/rules';
import { AppError, MESSAGES } from '../../errors.js';
import { passwordResetMail } from '../../mail/templates.js';
import type { AccountType } from '../../plugins/auth.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { assertNoIssues, EmailField, emailOf, TokenField, UserTypeField } from './common.js';
import { NOT_FOUND_MESSAGES } from './session.js';
import { emailKey } from './email.js';
import { activateInvitedLinks } from '../../referral/clients.js';

/** Wrong current password on a password change. */
export const WRONG_PASSWORD = 'Неверный текущий пароль';

const PasswordField = Type.String({
  minLength: 1,
  maxLength: 200,
  description: '8–20 characters, no spaces, upper and lower Latin letters, a digit, a special character (spec core §5)',
});

export default async function passwordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.post(
    '/api/public/common/password/reset/mail',
    {
      onRequest: app.publicRateLimit('passwordReset'),
      preHandler: app.rateLimitBy('passwordResetEmail', (request) => [emailKey(request.body)]),
      schema: {
        tags: ['public'],
        summary: 'Mail a password reset link (spec core §7 Public; §2 forgot password)',
        description:
          'Mails `${PUBLIC_URL}/<area>/auth/forgot/pass?token=…` (area client, partner, agent or operator by the account type; valid 1 h) and voids earlier reset links. ' +
          'Answers `{ email }`. Errors: 400 EMAIL_INVALID; 404 USER_NOT_FOUND (no such account, or not of `userType`; role-specific text); ' +
          '403 ACCOUNT_SUSPENDED; 429 RESEND_TOO_EARLY (120 s) with `retryAfterSeconds`; 429 RATE_LIMITED with Retry-After ' +
          '(per client address and per e-mail, issue 14); 502 MAIL_FAILED; 403 CSRF_INVALID.',
        body: Type.Object({ email: EmailField, userType: Type.Optional(UserTypeField) }),
        response: {
          200: Type.Object({ email: Type.String() }),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            403: ['ACCOUNT_SUSPENDED'],
            404: ['USER_NOT_FOUND'],
            429: ['RESEND_TOO_EARLY', 'RATE_LIMITED'],
            502: ['MAIL_FAILED'],
          }),
        },
      },
    },
    async (request) => {
      const email = emailOf(request.body.email);
      const userType = request.body.userType as AccountType | undefined;
      const [user] = await db
        .select({ id: users.id, status: users.status, accountType: users.accountType })
        .from(users)
        .where(eq(users.email, email));
      if (!user || (userType && user.accountType !== userType))
        throw new AppError(404, 'USER_NOT_FOUND', NOT_FOUND_MESSAGES[userType ?? 'CLIENT']);
      if (user.status === 'USER_SUSPENDED') throw new AppError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
      const { token, id } = await issueToken(
        db,
        { purpose: 'PASSWORD_RESET', email, userId: user.id },
        app.clock.now(),
      );
      await sendLinkMail(
        app,
        passwordResetMail(app.config.publicUrl, email, user.accountType as AccountType, token),
        id,
      );
      return { email };
    },
  );

  app.post(
    '/api/public/common/password/reset',
    {
      schema: {
        tags: ['public'],
        summary: 'Set a new password by a reset link (spec core §7 Public; §5 password rules)',
        description:
          'Body `{ token, password, passwordSecondTime }` → 204; the token of a password reset mail or of an invitation (an account created by an operator, valid 7 days). Also lifts a login lock and signs the account out everywhere. ' +
          "Errors: 410 LINK_EXPIRED 'Ссылка устарела' (unknown, expired after 1 h or 7 days for an invitation, used or voided); 400 VALIDATION_ERROR with one item per failed password rule " +
          '(PASSWORD_LENGTH, PASSWORD_SPACE, PASSWORD_UPPERCASE, PASSWORD_LOWERCASE, PASSWORD_DIGIT, PASSWORD_SPECIAL, PASSWORD_MISMATCH); ' +
          "403 ACCOUNT_SUSPENDED 'Аккаунт, зарегистрированный на эту почту, заблокирован'; 403 CSRF_INVALID.",
        body: Type.Object({ token: TokenField, password: PasswordField, passwordSecondTime: PasswordField }),
        response: {
          204: Type.Null(),
          ...errorResponses(CSRF_ERRORS, INPUT_ERRORS, { 403: ['ACCOUNT_SUSPENDED'], 410: ['LINK_EXPIRED'] }),
        },
      },
    },
    async (request, reply) => {
      const { token, password, passwordSecondTime } = request.body;
      const now = app.clock.now();
      const link = await usableToken(db, token, ['PASSWORD_RESET', 'INVITATION'], now);
      assertNoIssues(newPasswordIssues({ password, passwordSecondTime }));
      const [user] = await db
        .select({ id: users.id, email: users.email, status: users.status })
        .from(users)
        .where(eq(users.id, link.userId ?? -1));
      if (!user) throw new AppError(410, 'LINK_EXPIRED', MESSAGES.linkExpired);
      if (user.status === 'USER_SUSPENDED') throw new AppError(403, 'ACCOUNT_SUSPENDED', MESSAGES.accountSuspended);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await consumeToken(tx, link.id, now);
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await clearEmailAttempts(tx, user.email);
        await endSessionsWhere(tx, eq(sessions.userId, user.id)); // and their chat tokens and streams (issue 14)
        // A client invited by a referral partner set his password (invitation or reset link): the link becomes ACTIVE.
        await activateInvitedLinks(tx, user.id, now);
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/secured/common/password/change',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['secured-common'],
        summary: 'Change the password (spec core §7 Secured common; §5 "Password change")',
        description:
          'Body `{ oldPassword, password, passwordSecondTime }` → 204; other sessions of the account are signed out. ' +
          "Errors: 400 VALIDATION_ERROR 'Ошибка валидации' with items (password rules, PASSWORD_MISMATCH, PASSWORD_SAME_AS_OLD 'Новый пароль совпадает со старым'); " +
          "400 WRONG_PASSWORD 'Неверный текущий пароль'; 401 UNAUTHORIZED; 403 CSRF_INVALID.",
        security: [{ session: [] }],
        body: Type.Object({ oldPassword: PasswordField, password: PasswordField, passwordSecondTime: PasswordField }),
        response: {
          204: Type.Null(),
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 400: ['WRONG_PASSWORD'] }),
        },
      },
    },
    async (request, reply) => {
      const { oldPassword, password, passwordSecondTime } = request.body;
      const userId = request.user!.id;
      assertNoIssues(newPasswordIssues({ password, passwordSecondTime, oldPassword }));
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
        throw new AppError(400, 'WRONG_PASSWORD', WRONG_PASSWORD, [
          { field: 'oldPassword', code: 'WRONG_PASSWORD', message: WRONG_PASSWORD },
        ]);
      }
      const passwordHash = await hashPassword(password);
      const now = app.clock.now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        // The other sessions end with their chat tokens and realtime streams; every chat token of the account is
        // revoked, this session's too (its stream renews one; issue 14).
        await endSessionsWhere(tx, and(eq(sessions.userId, userId), ne(sessions.sid, request.session.sessionId)));
        await tx.delete(chatSessionTokens).where(eq(chatSessionTokens.userId, userId));
      });
      return reply.status(204).send(null);
    },
  );
}
