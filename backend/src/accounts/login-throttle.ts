/**
 * The sign-in lockout (spec core §8 "Too many login attempts" 'Превышен лимит попыток входа'; issue 14 defect 3;
 * OWASP ASVS 5.0 V6.3, OWASP Authentication Cheat Sheet "Account lockout"), over the `login_throttle` table.
 *
 * Two counters per attempt, both applied identically to known and unknown e-mails:
 * - per (e-mail, client address), key `${email}|${address}`: {@link ADDRESS_LIMIT}.max (5) failures in a row lock that
 *   e-mail for that address only, {@link LOCK_MINUTES} (15) minutes — one address cannot lock the owner out elsewhere;
 * - per e-mail from every address, key `${email}|*`: {@link EMAIL_LIMIT}.max (50) failures in an hour lock the e-mail for
 *   everyone until the hour's end (distributed guessing).
 *
 * Atomic check-and-count: {@link reserveAttempt} reserves an attempt with one conditional upsert
 * (`… ON CONFLICT (key) DO UPDATE SET failures = failures + 1 WHERE failures < max AND not locked … RETURNING`) before
 * the password is verified, so of N concurrent attempts at most `max` are verified; no row → the caller answers 429.
 * A success clears the (e-mail, address) counter and gives the per-e-mail reservation back; a failure that brings a
 * counter to its limit locks it. Times are the app clock's, passed in (never SQL now()), so tests can move time.
 */
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { loginThrottle } from '../db/schema/accounts.js';

/** A counter's limit: `max` failures per `windowMinutes`; `lockMinutes` null: locked until the window's end. */
export interface ThrottleLimit {
  max: number;
  windowMinutes: number;
  lockMinutes: number | null;
}

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Per (e-mail, client address): 5 failures (within an hour) → locked 15 minutes. */
export const ADDRESS_LIMIT: ThrottleLimit = { max: MAX_FAILED_LOGINS, windowMinutes: 60, lockMinutes: LOCK_MINUTES };
/** Per e-mail from every address: 50 failures in an hour → locked for everyone until the hour ends. */
export const EMAIL_LIMIT: ThrottleLimit = { max: 50, windowMinutes: 60, lockMinutes: null };

/** The counter keys of an attempt on `email` (normalised) from `address`. */
export function throttleKeys(email: string, address: string): { address: string; email: string } {
  return { address: `${email}|${address}`, email: `${email}|*` };
}

/** A reserved attempt: the counter's failures including this one, and when its window started. */
export interface Reservation {
  key: string;
  failures: number;
  windowStartedAt: Date;
}

/**
 * Reserves one attempt on counter `key` (of normalised `email`) at `now`: atomically adds one failure unless the
 * counter is locked or already at `limit.max` in its window. A counter whose lock ended or whose window passed starts
 * again at 1. Returns the reservation, or null when refused (the caller answers 429 LOGIN_LIMIT).
 */
export async function reserveAttempt(
  db: DbOrTx,
  key: string,
  email: string,
  limit: ThrottleLimit,
  now: Date,
): Promise<Reservation | null> {
  const windowStart = new Date(now.getTime() - limit.windowMinutes * 60_000);
  // A lock that ended, or an unlocked window that passed: the counter starts again.
  const stale = or(
    and(
      sql`${loginThrottle.lockedUntil} is not null`,
      sql`${loginThrottle.lockedUntil} <= ${now.toISOString()}::timestamptz`,
    ),
    and(
      isNull(loginThrottle.lockedUntil),
      sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`,
    ),
  );
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, email, failures: 1, windowStartedAt: now, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${stale} then null else ${loginThrottle.lockedUntil} end`,
        updatedAt: now,
      },
      setWhere: or(stale, and(isNull(loginThrottle.lockedUntil), lt(loginThrottle.failures, limit.max))),
    })
    .returning({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      windowStartedAt: loginThrottle.windowStartedAt,
    });
  return row ?? null;
}

/** Gives a reservation back (the attempt was not checked, or it succeeded): one failure less, never below 0. */
export async function releaseAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.key, key), isNull(loginThrottle.lockedUntil)));
}

/**
 * Records that the reserved attempt failed: when it brought the counter to `limit.max`, locks the counter (for
 * `limit.lockMinutes` from `now`, or until its window ends). Returns whether the counter is now locked.
 */
export async function recordFailure(
  db: DbOrTx,
  reservation: Reservation,
  limit: ThrottleLimit,
  now: Date,
): Promise<boolean> {
  if (reservation.failures < limit.max) return false;
  const until =
    limit.lockMinutes === null
      ? new Date(reservation.windowStartedAt.getTime() + limit.windowMinutes * 60_000)
      : new Date(now.getTime() + limit.lockMinutes * 60_000);
  await db
    .update(loginThrottle)
    .set({ lockedUntil: until, updatedAt: now })
    .where(
      and(
        eq(loginThrottle.key, reservation.key),
        isNull(loginThrottle.lockedUntil),
        gte(loginThrottle.failures, limit.max),
      ),
    );
  return true;
}

/** Clears counter `key` after a successful sign-in. */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Clears every counter of `email` (a password reset lifts the lock, spec core §7 "password/reset"). */
export async function clearEmailAttempts(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}

/** Deletes counters untouched for a day that are not locked (housekeeping; bounded by the rate limits). */
export async function pruneAttempts(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.updatedAt, dayAgo),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    );
}
