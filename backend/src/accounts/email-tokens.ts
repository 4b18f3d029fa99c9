/**
 * One-time e-mail links (table `email_tokens`): registration confirmation (24 h), password reset (1 h) and
 * login e-mail change (24 h); a new mail to the same address and purpose waits 120 s (spec core §4 "resend-mail
 * delay is 120 seconds", §9; docs/rest-api.md "Public"). Only the SHA-256 of a token is stored.
 * All times come from the caller (`now`, the app clock) so tests can move time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { emailTokens } from '../db/schema/accounts.js';
import { AppError, MESSAGES, type ErrorBody } from '../errors.js';
import type { Mail } from '../mail/mailer.js';

export type TokenPurpose = 'REGISTRATION' | 'PASSWORD_RESET' | 'EMAIL_CHANGE' | 'INVITATION';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** Lifetime of a link per purpose, milliseconds. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  REGISTRATION: 24 * 3600_000,
  PASSWORD_RESET: 3600_000,
  EMAIL_CHANGE: 24 * 3600_000,
  /** An account created by an operator (issue 10): the invitation to set the password lives 7 days. */
  INVITATION: 7 * 24 * 3600_000,
};

/** Minimum pause between two mails to one address for one purpose, seconds (spec core §4, §9). */
export const RESEND_DELAY_SECONDS = 120;

/** Hex SHA-256 of a token: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh random token: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 410 LINK_EXPIRED 'Ссылка устарела' (spec core §8 "Link expired"). */
export function linkExpired(): AppError {
  return new AppError(410, 'LINK_EXPIRED', MESSAGES.linkExpired);
}

/** 429 RESEND_TOO_EARLY with `retryAfterSeconds` (seconds until a new mail may be sent). */
export function resendTooEarly(retryAfterSeconds: number): AppError {
  const extra: Partial<ErrorBody> & { retryAfterSeconds: number } = { retryAfterSeconds };
  return new AppError(
    429,
    'RESEND_TOO_EARLY',
    `Повторная отправка письма возможна через ${retryAfterSeconds} с`,
    undefined,
    extra,
  );
}

/**
 * Seconds until a new mail of `purpose` may go to `email` (0 = now): 120 s after the last one sent,
 * whatever became of its link.
 */
export async function resendWaitSeconds(db: DbOrTx, email: string, purpose: TokenPurpose, now: Date): Promise<number> {
  const [row] = await db
    .select({ last: max(emailTokens.sentAt) })
    .from(emailTokens)
    .where(and(eq(emailTokens.email, email), eq(emailTokens.purpose, purpose)));
  if (!row?.last) return 0;
  const left = new Date(row.last).getTime() + RESEND_DELAY_SECONDS * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Creates a link of `purpose` for `email` (and `userId`) in one transaction: refuses with 429
 * RESEND_TOO_EARLY within 120 s of the previous mail, revokes the earlier live links of the same address
 * and purpose (and of the same user for PASSWORD_RESET / EMAIL_CHANGE), stores the hash. Returns the token
 * and the row id. Concurrent calls for one address are serialised by an advisory lock.
 */
export async function issueToken(
  db: DbOrTx,
  input: { purpose: TokenPurpose; email: string; userId?: number | null },
  now: Date,
): Promise<{ token: string; id: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-token:${input.purpose}:${input.email}`}))`);
    const wait = await resendWaitSeconds(tx, input.email, input.purpose, now);
    if (wait > 0) throw resendTooEarly(wait);
    await revokeLive(tx, input.purpose, input.email, now);
    if (input.userId && input.purpose !== 'REGISTRATION') {
      await tx
        .update(emailTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(emailTokens.userId, input.userId),
            eq(emailTokens.purpose, input.purpose),
            isNull(emailTokens.usedAt),
            isNull(emailTokens.revokedAt),
          ),
        );
    }
    const token = newToken();
    const [row] = await tx
      .insert(emailTokens)
      .values({
        purpose: input.purpose,
        email: input.email,
        userId: input.userId ?? null,
        tokenHash: hashToken(token),
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
      })
      .returning({ id: emailTokens.id });
    return { token, id: row.id };
  });
}

/** Revokes every live (unused, unrevoked) link of `purpose` for `email`. Returns how many. */
export async function revokeLive(db: DbOrTx, purpose: TokenPurpose, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(emailTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailTokens.email, email),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        isNull(emailTokens.revokedAt),
      ),
    )
    .returning({ id: emailTokens.id });
  return rows.length;
}

/**
 * The live link for `token` among `purposes`: not used, not revoked, not expired at `now`.
 * Throws 410 LINK_EXPIRED otherwise (unknown tokens too: the user cannot tell them apart).
 */
export async function usableToken(
  db: DbOrTx,
  token: string,
  purposes: TokenPurpose[],
  now: Date,
): Promise<EmailTokenRow> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), inArray(emailTokens.purpose, purposes)));
  if (!row || row.usedAt || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw linkExpired();
  return row;
}

/**
 * Marks a link used, only if it is still live at `now` (guards against two concurrent uses).
 * Throws 410 LINK_EXPIRED when another call used it first.
 */
export async function consumeToken(db: DbOrTx, id: number, now: Date, confirm = false): Promise<void> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now, ...(confirm ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(emailTokens.id, id),
        isNull(emailTokens.usedAt),
        isNull(emailTokens.revokedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ id: emailTokens.id });
  if (rows.length === 0) throw linkExpired();
}

/** The newest live (unused, unrevoked) registration link of `email`, expired or not; undefined when none. */
export async function latestRegistration(db: DbOrTx, email: string): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.email, email),
        eq(emailTokens.purpose, 'REGISTRATION'),
        isNull(emailTokens.usedAt),
        isNull(emailTokens.revokedAt),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return row;
}

/**
 * Sends `mail` for the link `tokenId`. When the transport fails the link is deleted (so the 120 s pause
 * does not hold for a mail that never left) and 502 MAIL_FAILED is thrown.
 */
export async function sendLinkMail(app: FastifyInstance, mail: Mail, tokenId: number): Promise<void> {
  try {
    await app.mailer.send(mail);
  } catch (err) {
    app.log.error({ err }, 'mail transport failed');
    await app.dbh.db.delete(emailTokens).where(eq(emailTokens.id, tokenId));
    throw new AppError(502, 'MAIL_FAILED', 'Не удалось отправить письмо. Повторите попытку позже');
  }
}
