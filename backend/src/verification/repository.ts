/**
 * Verification documents of a client company (issue 8; spec core §3 "Documents: verification documents have a content
 * field", §7 Client "verification/document", "verification/documents/info"). The application is generated from the
 * company, the contact and the bank requisites (./pdf.ts), stored in the content-addressed file store
 * (files/storage.ts: a `stored_files` row, application/pdf) and recorded in `verification_documents`.
 * The newest GENERATED document is reused until the data change (accounts/company-verification.ts
 * supersedeVerificationDocuments) or it is signed.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { storedFiles } from '../db/schema/orders.js';
import { bankRequisites, verificationDocuments } from '../db/schema/verification.js';
import { AppError } from '../errors.js';
import { commitUpload, receiveUpload, removeContent } from '../files/storage.js';
import { APPLICATION_FILE_NAME, renderApplicationPdf, type ApplicationData } from './pdf.js';
import {
  readStoredBytes,
  signatureView,
  SignatureSchema,
  type SignatureView,
  loadVerificationSignatures,
} from './signatures.js';

/** Stable refusals of the verification calls (docs/rest-api.md). */
export const VERIFICATION_ERRORS = {
  REQUISITES_REQUIRED: { status: 409, message: 'Добавьте банковские реквизиты компании' },
  ALREADY_VERIFIED: { status: 409, message: 'Компания уже верифицирована' },
  COMPANY_SUSPENDED: { status: 403, message: 'Компания заблокирована: верификация недоступна' },
  DOCUMENT_SUPERSEDED: {
    status: 409,
    message: 'Заявление изменилось после изменения данных компании: получите его заново и подпишите',
  },
} as const;
export function verificationError(code: keyof typeof VERIFICATION_ERRORS): AppError {
  const e = VERIFICATION_ERRORS[code];
  return new AppError(e.status, code, e.message);
}

/** The VerificationDocument answer (docs/rest-api.md). */
export const VerificationDocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ description: "Download name, 'Заявление о присоединении к платформе.pdf'" }),
    status: Type.Union([Type.Literal('GENERATED'), Type.Literal('SIGNED'), Type.Literal('SUPERSEDED')]),
    contentType: Type.String({ description: 'application/pdf' }),
    size: Type.Integer({ description: 'Bytes' }),
    sha256: Type.String({ description: 'SHA-256 of the PDF bytes, lower-case hex' }),
    created: Type.String({ description: 'Generation time, UTC ISO 8601' }),
    content: Type.Optional(
      Type.String({ description: 'Base64 of the exact PDF bytes to sign (spec core §3 "content")' }),
    ),
    signature: Type.Optional(SignatureSchema),
  },
  { description: 'The application for joining the platform (spec core §3 "Documents: verification documents")' },
);

export interface VerificationDocumentView {
  id: number;
  name: string;
  status: 'GENERATED' | 'SIGNED' | 'SUPERSEDED';
  contentType: string;
  size: number;
  sha256: string;
  created: string;
  content?: string;
  signature?: SignatureView | null;
}

type DocRow = { d: typeof verificationDocuments.$inferSelect; size: number; contentType: string };

const docSelect = { d: verificationDocuments, size: storedFiles.size, contentType: storedFiles.contentType };

/** One verification document of the company, or null (another company's counts as absent). */
export async function findDocument(db: DbOrTx, companyId: number, id: number): Promise<DocRow | null> {
  const [r] = await db
    .select(docSelect)
    .from(verificationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, verificationDocuments.fileId))
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.companyId, companyId)));
  return r ?? null;
}

/** The company's verification documents, newest first. */
export async function listDocuments(
  db: DbOrTx,
  companyId: number,
  page?: { limit: number; offset?: number },
): Promise<DocRow[]> {
  const q = db
    .select(docSelect)
    .from(verificationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, verificationDocuments.fileId))
    .where(eq(verificationDocuments.companyId, companyId))
    .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
  return page ? q.limit(page.limit).offset(page.offset ?? 0) : q;
}

/** Builds the views of `rows`: `content` (base64 of the stored bytes) and/or `signature` (with `cms` when asked). */
export async function documentViews(
  app: FastifyInstance,
  db: DbOrTx,
  rows: DocRow[],
  opts: { content?: boolean; signature?: boolean; cms?: boolean } = {},
): Promise<VerificationDocumentView[]> {
  const sigs = opts.signature
    ? await loadVerificationSignatures(
        db,
        rows.map((r) => r.d.id),
      )
    : new Map();
  return Promise.all(
    rows.map(async ({ d, size, contentType }) => {
      const sig = sigs.get(d.id);
      return {
        id: d.id,
        name: d.name,
        status: d.status as VerificationDocumentView['status'],
        contentType,
        size,
        sha256: d.sha256,
        created: d.createdAt.toISOString(),
        ...(opts.content ? { content: (await readStoredBytes(app, d.sha256)).toString('base64') } : {}),
        ...(opts.signature ? { signature: sig ? signatureView(sig, opts.cms) : null } : {}),
      };
    }),
  );
}

/** The data the application is generated from (company, contact = the requesting user, requisites by index). */
async function applicationData(db: DbOrTx, companyId: number, userId: number, now: Date): Promise<ApplicationData> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const reqs = await db
    .select()
    .from(bankRequisites)
    .where(eq(bankRequisites.companyId, companyId))
    .orderBy(asc(bankRequisites.position), asc(bankRequisites.id));
  return {
    company: {
      fullName: c.fullName,
      shortName: c.shortName,
      inn: c.inn,
      kpp: c.kpp,
      ogrn: c.ogrn,
      registrationAuthority: c.registrationAuthority,
      registrationAuthorityAddress: c.registrationAuthorityAddress,
      registrationDate: c.registrationDate,
      okved: c.okved,
      legalAddress: c.legalAddress,
      actualAddress: c.actualAddress,
      ceo: { lastName: c.ceoLastName, firstName: c.ceoFirstName, middleName: c.ceoMiddleName },
      liquidated: c.liquidated,
    },
    contact: {
      surname: u.surname,
      name: u.name,
      patronymic: u.patronymic,
      phone: u.phone,
      email: u.email,
      position: u.position,
    },
    requisites: reqs.map((r, i) => ({
      index: r.position ?? i + 1,
      bankBik: r.bankBik,
      bankName: r.bankName,
      checkAccount: r.checkAccount,
      corrAccount: r.corrAccount,
    })),
    date: now,
  };
}

/** Checks that the company may verify now: not SUSPENDED (403), not verified (409), has requisites (409). */
async function assertMayVerify(db: DbOrTx, companyId: number): Promise<void> {
  const [c] = await db
    .select({ status: companies.status, signatureConfirmed: companies.signatureConfirmed })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c || c.status === 'SUSPENDED') throw verificationError('COMPANY_SUSPENDED');
  if (c.status === 'VERIFIED' && c.signatureConfirmed) throw verificationError('ALREADY_VERIFIED');
  const [{ n }] = await db.select({ n: count() }).from(bankRequisites).where(eq(bankRequisites.companyId, companyId));
  if (!n) throw verificationError('REQUISITES_REQUIRED');
}

/** The newest GENERATED document of the company, or null. */
async function currentGenerated(db: DbOrTx, companyId: number): Promise<DocRow | null> {
  const [r] = await db
    .select(docSelect)
    .from(verificationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, verificationDocuments.fileId))
    .where(and(eq(verificationDocuments.companyId, companyId), eq(verificationDocuments.status, 'GENERATED')))
    .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id))
    .limit(1);
  return r ?? null;
}

/**
 * The application to sign: the newest GENERATED document, or a new one generated now (spec core §7 Client
 * "verification/document"). Race-safe: the PDF is rendered and stored outside the transaction, then the company row
 * is locked (SELECT … FOR UPDATE) and the GENERATED document looked up again, so two concurrent calls end with ONE
 * GENERATED document (the loser's content file is removed when it created it). Errors: 403 COMPANY_SUSPENDED,
 * 409 ALREADY_VERIFIED, 409 REQUISITES_REQUIRED.
 */
export async function ensureApplication(app: FastifyInstance, companyId: number, userId: number): Promise<DocRow> {
  const db = app.dbh.db;
  await assertMayVerify(db, companyId);
  const existing = await currentGenerated(db, companyId);
  if (existing) return existing;

  const now = app.clock.now();
  const pdf = await renderApplicationPdf(await applicationData(db, companyId, userId, now));
  const upload = await receiveUpload(app.config.dataDir, Readable.from([pdf]), false);
  const stored = await commitUpload(app.config.dataDir, upload);
  let used = false;
  try {
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      await assertMayVerify(tx, companyId);
      const again = await currentGenerated(tx, companyId);
      if (again) return again;
      const fileId = randomUUID();
      await tx.insert(storedFiles).values({
        id: fileId,
        sha256: upload.sha256,
        size: upload.size,
        contentType: 'application/pdf',
        originalName: APPLICATION_FILE_NAME,
        ownerUserId: userId,
        createdAt: now,
        // Attached by its verification_documents row below (never an unattached upload: files/quota.ts).
        attachedAt: now,
      });
      const [d] = await tx
        .insert(verificationDocuments)
        .values({
          companyId,
          fileId,
          name: APPLICATION_FILE_NAME,
          sha256: upload.sha256,
          status: 'GENERATED',
          createdBy: userId,
          createdAt: now,
        })
        .returning();
      used = true;
      return { d, size: upload.size, contentType: 'application/pdf' };
    });
    return row;
  } finally {
    // Content-addressed: another document with the very same bytes (same data, same millisecond) may share the file.
    if (!used && stored.created) {
      const [ref] = await db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.sha256, upload.sha256))
        .limit(1);
      if (!ref) await removeContent(app.config.dataDir, upload.sha256);
    }
  }
}
