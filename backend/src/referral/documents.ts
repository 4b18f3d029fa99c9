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
 *   addReferralPartnerDocument(app, …)   store an accepted upload as a document, with its audit entry, in ONE
 *                                         transaction (the operator's ACT/DOCUMENT or the partner's DOCUMENT)
 *   removeReferralPartnerDocument(app, …) soft-delete an unsigned document with its audit entry (the partner: only
 *                                         his own uploads)
 *   REFERRAL_DOCUMENT_MESSAGES           the Russian texts of this module
 *
 * The partner's certificate must belong to his company (OGRN/OGRNIP and INN); the operator's to the platform's
 * organisation (config PLATFORM_OGRN / PLATFORM_INN). Both sides sign in either order; each signs once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REFERRAL_DOCUMENT_STATUS_LABELS,
  referralDocumentDeletable,
  referralDocumentStatus,
} from '@platform/domain/referral/documents';
import { recordAudit } from '../admin/audit.js';
import { PARTNER_MESSAGES } from '../admin/referral-partners.js';
import type { DocumentFields } from '../admin/referral-partners-upload.js';
import { referralPartnerDocuments } from '../db/schema/admin.js';
import { companies, users } from '../db/schema/core.js';
import { storedFiles } from '../db/schema/orders.js';
import { AppError } from '../errors.js';
import { storeUpload, type AcceptedUpload } from '../files/storage.js';
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

/**
 * Stores an accepted upload (admin/referral-partners-upload.ts `receiveDocumentUpload`) as a document of the partner
 * company `companyId`: in ONE transaction the stored file, the document row and the audit entry —
 * REFERRAL_PARTNER_DOCUMENT_ADD when `by` an operator, REFERRAL_PARTNER_DOCUMENT_UPLOAD when `by` the partner.
 * Returns the new document's id.
 */
export async function addReferralPartnerDocument(
  app: FastifyInstance,
  input: {
    companyId: number;
    by: ReferralSigningParty;
    userId: number;
    fields: DocumentFields;
    accepted: AcceptedUpload;
  },
): Promise<number> {
  const { companyId, userId, fields, accepted } = input;
  const now = app.clock.now();
  const { result } = await storeUpload(app, userId, accepted, async (tx, fileId) => {
    const [row] = await tx
      .insert(referralPartnerDocuments)
      .values({ companyId, ...fields, fileId, createdBy: userId, createdAt: now })
      .returning({ id: referralPartnerDocuments.id });
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: input.by === 'OPERATOR' ? 'REFERRAL_PARTNER_DOCUMENT_ADD' : 'REFERRAL_PARTNER_DOCUMENT_UPLOAD',
        entityType: 'REFERRAL_PARTNER_DOCUMENT',
        entityId: row.id,
        entityName: fields.name,
        before: null,
        after: {
          partnerId: companyId,
          ...fields,
          file: { name: accepted.name, size: accepted.size, mime: accepted.contentType },
        },
      },
      now,
    );
    return row.id;
  });
  return result;
}

/**
 * Soft-deletes document `docId` of the partner company `companyId` while neither side has signed it
 * (`referralDocumentDeletable`), in ONE transaction with the audit entry: REFERRAL_PARTNER_DOCUMENT_DELETE (`by` an
 * operator; the entry names the file) or REFERRAL_PARTNER_DOCUMENT_AGENT_DELETE (`by` the partner, who removes only
 * what a user of his company uploaded). Throws 404 DOCUMENT_NOT_FOUND (missing, removed or another partner's),
 * 409 DOCUMENT_SIGNED, 403 DOCUMENT_NOT_OWN (the partner and an operator's upload); nothing is written then.
 */
export async function removeReferralPartnerDocument(
  app: FastifyInstance,
  input: { companyId: number; docId: number; by: ReferralSigningParty; userId: number },
): Promise<void> {
  const { companyId, docId, by } = input;
  const now = app.clock.now();
  await app.dbh.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(referralPartnerDocuments)
      .where(
        and(
          eq(referralPartnerDocuments.id, docId),
          eq(referralPartnerDocuments.companyId, companyId),
          isNull(referralPartnerDocuments.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw AppError.notFound(REFERRAL_DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    if (!referralDocumentDeletable({ agent: !!row.agentSignatureId, operator: !!row.operatorSignatureId }))
      throw AppError.conflict(REFERRAL_DOCUMENT_MESSAGES.signed, 'DOCUMENT_SIGNED');
    if (by === 'REFERRAL_PARTNER') {
      const [uploader] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, row.createdBy));
      if (uploader?.companyId !== companyId)
        throw AppError.forbidden(REFERRAL_DOCUMENT_MESSAGES.notOwn, 'DOCUMENT_NOT_OWN');
    }
    await tx.update(referralPartnerDocuments).set({ deletedAt: now }).where(eq(referralPartnerDocuments.id, docId));
    const before: Record<string, unknown> = {
      partnerId: companyId,
      type: row.type,
      name: row.name,
      number: row.number,
    };
    if (by === 'OPERATOR') {
      const [file] = await tx.select().from(storedFiles).where(eq(storedFiles.id, row.fileId));
      before.file = file?.originalName ?? null;
    }
    await recordAudit(
      tx,
      {
        actorUserId: input.userId,
        action: by === 'OPERATOR' ? 'REFERRAL_PARTNER_DOCUMENT_DELETE' : 'REFERRAL_PARTNER_DOCUMENT_AGENT_DELETE',
        entityType: 'REFERRAL_PARTNER_DOCUMENT',
        entityId: docId,
        entityName: row.name,
        before,
        after: null,
      },
      now,
    );
  });
}
