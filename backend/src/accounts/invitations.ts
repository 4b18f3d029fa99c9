/**
 * Invitations of accounts created by an operator (issue 10: "Creating one creates its user account and sends an
 * invitation mail to set the password"): payment agents, referral partners and operators. The account is created
 * with an unusable password; the mail carries a one-time INVITATION link (7 days, email-tokens.ts) to the area's
 * set-password page, which posts to POST /api/public/common/password/reset like a password reset.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AccountType } from '../plugins/auth.js';
import type { Mail } from '../mail/mailer.js';
import { invitationMail } from '../mail/templates.js';
import { hashPassword } from './passwords.js';
import { issueToken, sendLinkMail } from './email-tokens.js';

/** A password hash nobody knows (random 32 bytes): the account cannot sign in until the invitation is used. */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Issues the invitation link of `user` and mails it. Call it AFTER the transaction that created the account has
 * committed. Throws 429 RESEND_TOO_EARLY within 120 s of a previous invitation to the same address, 502 MAIL_FAILED
 * when the mail transport fails (the link is then deleted; the operator may send the invitation again).
 */
export async function sendInvitation(
  app: FastifyInstance,
  user: { id: number; email: string; accountType: AccountType },
  /** The mail carrying the link's token (default: the operator's invitation; a referral partner's client has its own). */
  compose: (token: string) => Mail = (token) =>
    invitationMail(app.config.publicUrl, user.email, user.accountType, token),
): Promise<void> {
  const { token, id } = await issueToken(
    app.dbh.db,
    { purpose: 'INVITATION', email: user.email, userId: user.id },
    app.clock.now(),
  );
  await sendLinkMail(app, compose(token), id);
}
