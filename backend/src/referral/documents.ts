/**
 * Documents and acts between a referral partner and the operator, signed by both sides (issue 11; spec core §3
 * "Referral partner: documents/acts (type ACT or DOCUMENT, name, number, description, file, agent signature, operator
 * signature, created)"; §8 "Signature"; chat-and-shell §4 "Signing flow", §9 "basic CAdES, detached";
 * docs/rest-api.md "Company, requisites, documents and acts"). Shared by the partner's routes
 * (routes/agent/documents.ts) and the operator's (routes/admin/referral-partners.ts):
 *
 *   signReferralPartnerDocument(app, …)  verify a detached CAdES-BES over the stored bytes, then in ONE transaction the
 *                                         `signatures` row (party REFERRAL_PARTNER or OPERATOR), the document's pointer
 *                                         and the audit entry; a refusal writes nothing
 *   referralDocumentErrors               the stable codes and Russian texts of this module
 *
 * The partner's certificate must belong to his company (OGRN/OGRNIP and INN); the operator's to the platform's
 * organisation (config PLATFORM_OGRN / PLATFORM_INN). Both sides sign in either order; each signs once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFERRAL_DOCUMENT_STATUS_LABELS, referralDocumentStatus } from '@platform/domain/referral/documents';
import { recordAudit } from '../admin/audit.js';
import { PARTNER_MESSAGES } from '../admin/referral-partners.js';
import { referralPartnerDocuments } from '../db/schema/admin.js';
import { companies } from '../db/schema/core.js';
import { storedFiles } from '../db/schema/orders.js';
import { AppError } from '../errors.js';
import type { ExpectedSigner } from '../signature/index.js';
import { decodeSignature, insertSignature, readStoredBytes, verifyOrRefuse } from '../verification/signatures.js';

/** Russian texts of this module (designed; spec core §8 has none for these cases). */
export const REFERRAL_DOCUMENT_MESSAGES = {
  alreadySigned: 'Документ уже подписан этой стороной',
  notOwn: 'Удалить можно только загруженный вами документ',
  notFound: PARTNER_MESSAGES.documentNotFound,
  signed: PARTNER_MESSAGES.documentSigned,
} as const;

/** Who signs: the referral partner (his company's certificate) or an operator (the platform's certificate). */
export type ReferralSigningParty = 'REFERRAL_PARTNER' | 'OPERATOR';

/**
 * Verifies and stores one side's signature of document `docId` of the partner company `companyId`.
 * Throws 400 SIGNATURE_MALFORMED and the verifier's refusals (COMPANY_MISMATCH for another organisation's certificate,
 * INDIVIDUAL_SIGNATURE_UNSUPPORTED for a personal one, DOCUMENT_MISMATCH, CERTIFICATE_*, SIGNATURE_*) with the texts of
 * issue 8; 404 DOCUMENT_NOT_FOUND (missing, deleted or another partner's); 409 DOCUMENT_ALREADY_SIGNED (this side has
 * signed it). Nothing is written on any error.
 */
export async function signReferralPartnerDocument(
  app: FastifyInstance,
  input: { companyId: number; docId: number; party: ReferralSigningParty; userId: number; signature: string },
): Promise<void> {
  const db = app.dbh.db;
  const { companyId, docId, party, userId } = input;
  const cms = decodeSignature(input.signature);
  const mine = and(
    eq(referralPartnerDocuments.id, docId),
    eq(referralPartnerDocuments.companyId, companyId),
    isNull(referralPartnerDocuments.deletedAt),
  );
  const [found] = await db
    .select({ d: referralPartnerDocuments, sha256: storedFiles.sha256, ogrn: companies.ogrn, inn: companies.inn })
    .from(referralPartnerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, referralPartnerDocuments.fileId))
    .innerJoin(companies, eq(companies.id, referralPartnerDocuments.companyId))
    .where(mine);
  if (!found) throw AppError.notFound(REFERRAL_DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
  const signedBy = (d: typeof found.d) => (party === 'OPERATOR' ? d.operatorSignatureId : d.agentSignatureId);
  const alreadySigned = () => AppError.conflict(REFERRAL_DOCUMENT_MESSAGES.alreadySigned, 'DOCUMENT_ALREADY_SIGNED');
  if (signedBy(found.d)) throw alreadySigned();
  const expected: ExpectedSigner = party === 'OPERATOR' ? app.config.platform : { ogrn: found.ogrn, inn: found.inn };
  const content = await readStoredBytes(app, found.sha256);
  const verified = await verifyOrRefuse(app, { cms, content, expected });
  const now = app.clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(referralPartnerDocuments).where(mine).for('update');
    if (!row) throw AppError.notFound(REFERRAL_DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    if (signedBy(row)) throw alreadySigned();
    const sig = await insertSignature(tx, {
      target: null,
      party,
      companyId: party === 'OPERATOR' ? null : companyId,
      userId,
      cms,
      verified,
      now,
    });
    const next = {
      agent: party === 'REFERRAL_PARTNER' || !!row.agentSignatureId,
      operator: party === 'OPERATOR' || !!row.operatorSignatureId,
    };
    await tx
      .update(referralPartnerDocuments)
      .set(party === 'OPERATOR' ? { operatorSignatureId: sig.id } : { agentSignatureId: sig.id })
      .where(eq(referralPartnerDocuments.id, docId));
    const label = (s: { agent: boolean; operator: boolean }) =>
      REFERRAL_DOCUMENT_STATUS_LABELS[referralDocumentStatus(s)];
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action:
          party === 'OPERATOR' ? 'REFERRAL_PARTNER_DOCUMENT_OPERATOR_SIGN' : 'REFERRAL_PARTNER_DOCUMENT_AGENT_SIGN',
        entityType: 'REFERRAL_PARTNER_DOCUMENT',
        entityId: docId,
        entityName: row.name,
        before: { status: label({ agent: !!row.agentSignatureId, operator: !!row.operatorSignatureId }) },
        after: {
          partnerId: companyId,
          status: label(next),
          signer: verified.signerName,
          signedAt: sig.signedAt.toISOString(),
          documentHash: verified.documentSha256,
        },
      },
      now,
    );
  });
}
