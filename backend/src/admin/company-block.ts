/**
 * Blocking and unblocking a payment agent or referral partner company (issue 10; spec core §4 "Other states"): the
 * company status SUSPENDED (blocked: no sign-in, live sessions end at once) or VERIFIED (active again), with its audit
 * entry, in the caller's transaction. Used by routes/admin/payment-agents.ts and routes/admin/referral-partners.ts.
 */
import { and, eq, ne } from 'drizzle-orm';
import { endCompanySessions } from '../accounts/account-access.js';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/core.js';
import { recordAudit, type AuditEntry } from './audit.js';

/**
 * Blocks (`blocking` true: status SUSPENDED, every session of the company's users ended) or unblocks (status back to
 * VERIFIED) the company `companyId`, and writes `audit` — all with `tx`, so call it inside the transaction of the
 * change. Only a company that is not yet in the target state changes: blocking needs a status other than SUSPENDED,
 * unblocking needs SUSPENDED (the ACTIVE / BLOCKED mapping of the admin lists).
 * @param now the app clock, for the audit entry
 * @returns true when the status changed (and the audit entry was written); false when the company is absent or already
 *   in the target state (nothing written)
 */
export async function setCompanyBlocked(
  tx: DbOrTx,
  companyId: number,
  blocking: boolean,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(companies)
    .set({ status: blocking ? 'SUSPENDED' : 'VERIFIED' })
    .where(
      and(
        eq(companies.id, companyId),
        blocking ? ne(companies.status, 'SUSPENDED') : eq(companies.status, 'SUSPENDED'),
      ),
    )
    .returning({ id: companies.id });
  if (!changed.length) return false;
  if (blocking) await endCompanySessions(tx, companyId);
  await recordAudit(tx, audit, now);
  return true;
}
