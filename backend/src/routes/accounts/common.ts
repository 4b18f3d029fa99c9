/**
 * Helpers shared by the accounts routes: e-mail parsing with the spec's message, field validation answers,
 * starting a signed-in session, and the schemas reused across calls (docs/rest-api.md "Public", "Secured common").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { checkEmail, normalizeEmail, type FieldIssue } from '@platform/domain/validation/rules';
import { AppError, MESSAGES } from '../../errors.js';
import type { AccountType } from '../../plugins/auth.js';
import { rotateCsrf } from '../../plugins/csrf.js';

/** Readable cookie with the last-login account type (spec core §9 "Cookies"). */
export const USER_TYPE_COOKIE = 'USER_TYPE';

/** An e-mail in a body: format checked by {@link emailOf} to answer the spec's message. */
export const EmailField = Type.String({
  minLength: 1,
  maxLength: 254,
  description: 'E-mail; compared lower-cased',
  examples: ['user@example.com'],
});

/** Sign-in entry / account type (spec core §6). */
export const UserTypeField = Type.Union(
  [Type.Literal('CLIENT'), Type.Literal('PARTNER'), Type.Literal('AGENT'), Type.Literal('OPER')],
  { description: 'Account type: CLIENT, PARTNER (payment agent), AGENT (referral partner), OPER' },
);

/** A one-time link token from a mail. */
export const TokenField = Type.String({ minLength: 1, maxLength: 200, description: 'Token from the link in the mail' });

/** `{ email, resendAfterSeconds }`: a link was mailed; the next one may follow after that many seconds. */
export const MailSentSchema = Type.Object({
  email: Type.String(),
  resendAfterSeconds: Type.Integer({ description: 'Seconds until another mail may be requested (120)' }),
});

/**
 * The lower-cased e-mail, or 400 EMAIL_INVALID 'Проверьте корректность данных' (spec core §5) with an item
 * for `field`.
 */
export function emailOf(raw: string, field = 'email'): string {
  const email = normalizeEmail(raw);
  const issue = checkEmail(email);
  if (issue) throw new AppError(400, 'EMAIL_INVALID', MESSAGES.emailInvalid, [{ field, ...issue }]);
  return email;
}

/** Throws 400 VALIDATION_ERROR 'Ошибка валидации' with `issues` as items when there are any. */
export function assertNoIssues(issues: FieldIssue[]): void {
  if (issues.length) throw AppError.validation(issues.map(({ field, code, message }) => ({ field, code, message })));
}

/**
 * Signs `userId` in on this request (spec core §7 login, registration): rotates the session id, sets the
 * absolute expiry (config.sessionAbsoluteSeconds from the app clock), rotates the anti-forgery secret (new `_csrf` and
 * XSRF-TOKEN cookies, the session bound to the new secret: plugins/csrf.ts rotateCsrf, issue 14) and sets the readable
 * USER_TYPE cookie.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  type: AccountType,
): Promise<void> {
  const now = app.clock.now();
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.absoluteExpiresAt = new Date(now.getTime() + app.config.sessionAbsoluteSeconds * 1000).toISOString();
  rotateCsrf(request, reply, app.config.secureCookies);
  setUserTypeCookie(app, reply, type);
}

/**
 * Sets the readable USER_TYPE cookie (the area the web app sends the user to, spec core §9 "Cookies"): at sign-in, and
 * when a referral partner starts acting for a client (CLIENT) or returns to his area (AGENT) (issue 11).
 */
export function setUserTypeCookie(app: FastifyInstance, reply: FastifyReply, type: AccountType): void {
  reply.setCookie(USER_TYPE_COOKIE, type, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: app.config.secureCookies,
    maxAge: 365 * 24 * 3600,
  });
}
