/**
 * The one rule of company verification (issue 8; spec core §1 "get verified by a qualified electronic signature",
 * §4 "Other states" client statuses NEW / VERIFIED / SUSPENDED, §6 VERIFIED_CLIENT).
 *
 * A company is verified when its status is VERIFIED and its electronic-signature-confirmed flag is set
 * (plugins/auth.ts `companyVerified`). Two paths lead there and both call `markCompanyVerified`:
 * - the client signs the verification document and the server verifies the signature (routes/verification);
 * - an operator sets the client status VERIFIED (administration issue): "the same effect as a signed verification".
 * The session's rights are derived from the company on every request (plugins/auth.ts), so the same session can
 * create requests at once.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/core.js';
import { verificationDocuments } from '../db/schema/verification.js';

/**
 * Moves the company to VERIFIED with the signature-confirmed flag and the verification time. A SUSPENDED company stays
 * suspended (returns false) unless `liftSuspension` is set (an operator's status change SUSPENDED → VERIFIED lifts the
 * suspension and verifies, issue 10); an already verified one keeps its first `verifiedAt` (returns true). Run it in
 * the transaction that records the reason (the signature row, or the operator's status change).
 */
export async function markCompanyVerified(
  tx: DbOrTx,
  companyId: number,
  now: Date,
  opts: { liftSuspension?: boolean } = {},
): Promise<boolean> {
  const [company] = await tx
    .select({ status: companies.status, verifiedAt: companies.verifiedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company || (company.status === 'SUSPENDED' && !opts.liftSuspension)) return false;
  await tx
    .update(companies)
    .set({ status: 'VERIFIED', signatureConfirmed: true, verifiedAt: company.verifiedAt ?? now })
    .where(eq(companies.id, companyId));
  return true;
}

/**
 * Voids the company's unsigned verification documents (GENERATED → SUPERSEDED) because the data they were generated
 * from changed (company data, registration data, bank requisites). The next GET .../verification/document generates
 * a fresh application. Call it in the transaction that changes the data.
 */
export async function supersedeVerificationDocuments(tx: DbOrTx, companyId: number): Promise<void> {
  await tx
    .update(verificationDocuments)
    .set({ status: 'SUPERSEDED' })
    .where(and(eq(verificationDocuments.companyId, companyId), eq(verificationDocuments.status, 'GENERATED')));
}
