/**
 * Company verification by a qualified electronic signature, the client's documents and signature downloads (issue 8;
 * spec core §1 "get verified", §3 "Documents", §6 VERIFIED_CLIENT, §7 Client "verification/document",
 * "verification/document/sign", "verification/documents/info", "verification/document/{id}?withSign=true", §8
 * "Signature"; chat-and-shell §3, §4 "Signing flow", §9 "basic CAdES, detached"; docs/rest-api.md "Company, bank
 * requisites, verification and signatures"):
 *
 *   GET  /api/secured/client/verification/document                  the application to sign (generated on demand)
 *   POST /api/secured/client/verification/document/sign             verify the signature → company VERIFIED
 *   GET  /api/secured/client/verification/documents/info            every verification document, newest first
 *   GET  /api/secured/client/verification/document/{id}?withSign    one document (with the signature and its CMS)
 *   GET  /api/secured/client/verification/document/{id}/content     the PDF bytes
 *   GET  /api/secured/client/documents?page&size                    the 'Документы' page
 *   GET  /api/secured/common/signatures/{id}                        a detached signature (.sig, DER)
 *
 * The signature is verified by app.signatureVerifier over the exact stored bytes (never trusting the browser); the
 * signature row, the document status and the company's verification (accounts/company-verification.ts) are written
 * in ONE transaction, and the session's rights derive from the company on every request, so the same session may
 * create requests at once.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { markCompanyVerified } from '../../accounts/company-verification.js';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import { companies } from '../../db/schema/core.js';
import { dealDocuments } from '../../db/schema/deal.js';
import { orders, partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { signatures, verificationDocuments } from '../../db/schema/verification.js';
import { dealDocumentSignatures } from '../../deal/views.js';
import { HIDDEN_DETAILS_OFFER_STATUSES } from '@platform/domain/deal/display';
import { AppError } from '../../errors.js';
import { companyIdOf, type AuthUser } from '../../plugins/auth.js';
import {
  documentViews,
  ensureApplication,
  findDocument,
  listDocuments,
  VerificationDocumentSchema,
  verificationError,
} from '../../verification/repository.js';
import {
  decodeSignature,
  insertSignature,
  loadDealSignatures,
  readStoredBytes,
  SignatureSchema,
  verifyOrRefuse,
} from '../../verification/signatures.js';
import { sendStoredFile, contentDisposition } from '../../files/storage.js';
import {
  errorResponses,
  CSRF_ERRORS,
  INPUT_ERRORS,
  ROLE_ERRORS,
  SESSION_ERRORS,
  SIGNATURE_ERRORS,
} from '../schemas.js';

const VBASE = '/api/secured/client/verification';
const TAGS = ['verification'];
const AUTH = '401 UNAUTHORIZED, 403 FORBIDDEN (not a client)';
const SIGN_ERRORS =
  "400 (nothing written; message = spec core §8 'signature error with support hint' unless said): SIGNATURE_MALFORMED " +
  '(not base64, not a CMS SignedData, not detached, over 64 KiB), DOCUMENT_MISMATCH (other bytes signed), SIGNATURE_INVALID, ' +
  'CERTIFICATE_UNTRUSTED, CERTIFICATE_EXPIRED, CERTIFICATE_NOT_YET_VALID, COMPANY_MISMATCH (OGRN/OGRNIP or INN of another company), ' +
  "SIGNATURE_ALGORITHM_UNSUPPORTED, INDIVIDUAL_SIGNATURE_UNSUPPORTED (§8: an individual's certificate; use a sole proprietor's)";
/** Deal documents the client received: sent by the agent or confirmed by the client. */
const CLIENT_DOC_STATUSES = ['SENT', 'CONFIRMED'];
const NOT_SHOWN_OFFER_STATUSES = [...HIDDEN_DETAILS_OFFER_STATUSES, 'SEND_OFFER'];

const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Verification document id' }),
});

const CompanyDocumentSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('VERIFICATION'), Type.Literal('OFFER_DOCS'), Type.Literal('FINAL_DOCS')]),
    id: Type.Integer({ description: 'Verification document id (VERIFICATION) or deal document id' }),
    name: Type.String(),
    status: Type.String({
      description: 'GENERATED | SIGNED | SUPERSEDED (verification); SENT | CONFIRMED (deal documents)',
    }),
    created: Type.String({ description: 'UTC ISO 8601' }),
    contentType: Type.String(),
    size: Type.Integer({ description: 'Bytes' }),
    orderId: Type.Union([Type.Integer(), Type.Null()]),
    orderNumber: Type.Union([Type.Integer(), Type.Null()]),
    partnerBrand: Type.Union([Type.String(), Type.Null()]),
    clientSignature: SignatureSchema,
    agentSignature: SignatureSchema,
  },
  { description: "A row of the client's 'Документы' page (spec core §2 Client documents; §3 \"Documents\")" },
);

export default async function verificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  app.get(
    `${VBASE}/document`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'The application for joining the platform to sign (spec core §7 Client "verification/document"; §3 "Documents")',
        description:
          "The newest GENERATED application of the caller's company with `content` (base64 of the exact PDF bytes to sign). When there " +
          'is none (first call, or the company data, contact or bank requisites changed since), a new one is generated now from every §3 Company ' +
          'field, the contact (the caller: name, position, phone, e-mail), the bank requisites and the Moscow date — in Russian, PDF with an embedded ' +
          'font — stored (application/pdf) and answered. Two concurrent calls end with one GENERATED document. Errors: ' +
          `409 REQUISITES_REQUIRED 'Добавьте банковские реквизиты компании', 409 ALREADY_VERIFIED 'Компания уже верифицирована', 403 COMPANY_SUSPENDED, ${AUTH}.`,
        response: {
          200: VerificationDocumentSchema,
          ...errorResponses(ROLE_ERRORS, {
            403: ['COMPANY_SUSPENDED'],
            404: ['NOT_FOUND'],
            409: ['ALREADY_VERIFIED', 'REQUISITES_REQUIRED'],
          }),
        },
      },
    },
    async (request) => {
      const row = await ensureApplication(app, companyIdOf(request), (request.user as AuthUser).id);
      return (await documentViews(app, db, [row], { content: true }))[0];
    },
  );

  app.post(
    `${VBASE}/document/sign`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Sign the application with a qualified electronic signature (spec core §7 Client "verification/document/sign"; §1, §6)',
        description:
          'Body `{ signature, documentId? }`: base64 of the DER CMS SignedData (CAdES-BES, detached, ≤ 64 KiB) over the exact bytes of the ' +
          'current GENERATED application (`documentId`, default: the current one). The server verifies it with the trust store ' +
          '(TRUSTED_CA_DIR): signer key, message digest of the stored bytes, chain, validity at the signing time and now, and that the ' +
          'certificate belongs to the company (OGRN/OGRNIP and INN). On success, in ONE transaction: the signature row (signer, signing time, ' +
          'certificate with validity, document hash, algorithms), the document SIGNED, the company VERIFIED (signature-confirmed). Answers ' +
          '`{ document (with signature), user: CurrentUser }`; the same session may create requests at once. Errors: ' +
          `${SIGN_ERRORS}; 404 NOT_FOUND (documentId not the company's); 409 DOCUMENT_SUPERSEDED (not the current application: fetch it again); ` +
          `409 ALREADY_VERIFIED; 403 COMPANY_SUSPENDED / CSRF_INVALID; ${AUTH}.`,
        body: Type.Object({
          signature: Type.String({ description: 'Base64 DER CMS SignedData, CAdES-BES, detached, ≤ 64 KiB' }),
          documentId: Type.Optional(
            Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()], {
              description: 'The document that was signed (recommended)',
            }),
          ),
        }),
        response: {
          200: Type.Object({ document: VerificationDocumentSchema, user: CurrentUserSchema }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, SIGNATURE_ERRORS, INPUT_ERRORS, {
            403: ['COMPANY_SUSPENDED'],
            404: ['NOT_FOUND'],
            409: ['ALREADY_VERIFIED', 'DOCUMENT_SUPERSEDED'],
          }),
        },
      },
    },
    async (request) => {
      const user = request.user as AuthUser;
      const companyId = companyIdOf(request);
      const { signature, documentId } = request.body;
      const [company] = await db
        .select({
          ogrn: companies.ogrn,
          inn: companies.inn,
          status: companies.status,
          signatureConfirmed: companies.signatureConfirmed,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (company.status === 'SUSPENDED') throw verificationError('COMPANY_SUSPENDED');
      if (company.status === 'VERIFIED' && company.signatureConfirmed) throw verificationError('ALREADY_VERIFIED');
      let target;
      if (documentId) {
        target = await findDocument(db, companyId, documentId);
        if (!target) throw AppError.notFound('Документ не найден');
        if (target.d.status !== 'GENERATED') throw verificationError('DOCUMENT_SUPERSEDED');
      } else {
        const [current] = (await listDocuments(db, companyId)).filter((r) => r.d.status === 'GENERATED');
        if (!current) throw verificationError('DOCUMENT_SUPERSEDED');
        target = current;
      }
      const cms = decodeSignature(signature);
      const content = await readStoredBytes(app, target.d.sha256);
      const verified = await verifyOrRefuse(app, { cms, content, expected: { ogrn: company.ogrn, inn: company.inn } });
      const now = app.clock.now();
      const docId = target.d.id;
      await db.transaction(async (tx) => {
        await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
        const [c] = await tx
          .select({ status: companies.status, signatureConfirmed: companies.signatureConfirmed })
          .from(companies)
          .where(eq(companies.id, companyId));
        if (c.status === 'SUSPENDED') throw verificationError('COMPANY_SUSPENDED');
        if (c.status === 'VERIFIED' && c.signatureConfirmed) throw verificationError('ALREADY_VERIFIED');
        const signed = await tx
          .update(verificationDocuments)
          .set({ status: 'SIGNED' })
          .where(and(eq(verificationDocuments.id, docId), eq(verificationDocuments.status, 'GENERATED')))
          .returning({ id: verificationDocuments.id });
        if (!signed.length) throw verificationError('DOCUMENT_SUPERSEDED');
        await insertSignature(tx, {
          target: { verificationDocumentId: docId },
          party: 'CLIENT',
          companyId,
          userId: user.id,
          cms,
          verified,
          now,
        });
        if (!(await markCompanyVerified(tx, companyId, now))) throw verificationError('COMPANY_SUSPENDED');
      });
      const [row] = await documentViews(app, db, [(await findDocument(db, companyId, docId))!], { signature: true });
      return { document: row, user: await currentUser(db, user.id) };
    },
  );

  app.get(
    `${VBASE}/documents/info`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Every verification document of the company (spec core §7 Client "verification/documents/info")',
        description:
          'Newest first, each with `content` (base64 PDF) and `signature` (null unless signed). Errors: ' + `${AUTH}.`,
        response: {
          200: Type.Array(VerificationDocumentSchema),
          ...errorResponses(ROLE_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) =>
      documentViews(app, db, await listDocuments(db, companyIdOf(request)), { content: true, signature: true }),
  );

  app.get(
    `${VBASE}/document/:id`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'One verification document (spec core §7 Client "verification/document/{id}?withSign=true")',
        description:
          'With `content` (base64 PDF); with `withSign=true` also `signature` including `cms` (base64 DER). Errors: 400 VALIDATION_ERROR, ' +
          `404 NOT_FOUND 'Документ не найден' (also another company's), ${AUTH}.`,
        params: IdParams,
        querystring: Type.Object({
          withSign: Type.Optional(Type.Boolean({ description: 'Add the signature with its CMS' })),
        }),
        response: {
          200: VerificationDocumentSchema,
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const row = await findDocument(db, companyIdOf(request), request.params.id);
      if (!row) throw AppError.notFound('Документ не найден');
      const withSign = request.query.withSign === true;
      return (await documentViews(app, db, [row], { content: true, signature: withSign, cms: withSign }))[0];
    },
  );

  app.get(
    `${VBASE}/document/:id/content`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Download a verification document (the PDF) (spec core §3 "Documents")',
        description:
          'application/pdf, `Content-Disposition: attachment` with the UTF-8 name (RFC 5987), nosniff, no-store. Errors: 400, ' +
          `404 NOT_FOUND (also another company's), ${AUTH}.`,
        params: IdParams,
        produces: ['application/pdf'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The PDF bytes' }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const row = await findDocument(db, companyIdOf(request), request.params.id);
      if (!row) throw AppError.notFound('Документ не найден');
      return sendStoredFile(app, request, reply, {
        sha256: row.d.sha256,
        contentType: row.contentType,
        name: row.d.name,
      });
    },
  );

  app.get(
    '/api/secured/client/documents',
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          "The client's documents: the 'Документы' page (designed; spec core §2 Client documents, §3 \"Documents\")",
        description:
          "The company's verification documents and the deal documents its orders received (SENT) or it confirmed (CONFIRMED) of offers " +
          "whose details the client sees, with the client's and the payment agent's signatures (qualified or confirmations), newest first " +
          '(creation time, then id). `page` 0-based (default 0), `size` 1–100 (default 20). Answers `{ content, totalElements, page, pageSize, last }`. ' +
          `Errors: 400 VALIDATION_ERROR, ${AUTH}.`,
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: {
          200: Type.Object({
            content: Type.Array(CompanyDocumentSchema),
            totalElements: Type.Integer(),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            last: Type.Boolean(),
          }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const page = request.query.page ?? 0;
      const size = request.query.size ?? 20;
      const take = (page + 1) * size;
      const dealWhere = and(
        eq(orders.companyId, companyId),
        inArray(dealDocuments.kind, ['OFFER_DOCS', 'FINAL_DOCS']),
        inArray(dealDocuments.status, CLIENT_DOC_STATUSES),
        notInArray(partnerOrders.status, NOT_SHOWN_OFFER_STATUSES),
      );
      const [[{ nv }], [{ nd }]] = await Promise.all([
        db.select({ nv: count() }).from(verificationDocuments).where(eq(verificationDocuments.companyId, companyId)),
        db
          .select({ nd: count() })
          .from(dealDocuments)
          .innerJoin(orders, eq(orders.id, dealDocuments.orderId))
          .innerJoin(partnerOrders, eq(partnerOrders.id, dealDocuments.partnerOrderId))
          .where(dealWhere),
      ]);
      // Newest first across both sources: the first (page+1)*size of each, merged, then the page cut out.
      const vRows = await listDocuments(db, companyId, { limit: take });
      const dRows = await db
        .select({
          d: dealDocuments,
          number: orders.number,
          brand: companies.brand,
          size: storedFiles.size,
          contentType: storedFiles.contentType,
        })
        .from(dealDocuments)
        .innerJoin(orders, eq(orders.id, dealDocuments.orderId))
        .innerJoin(partnerOrders, eq(partnerOrders.id, dealDocuments.partnerOrderId))
        .innerJoin(companies, eq(companies.id, dealDocuments.partnerCompanyId))
        .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
        .where(dealWhere)
        .orderBy(desc(dealDocuments.createdAt), desc(dealDocuments.id))
        .limit(take);
      type Item = { at: number; id: number } & ({ v: (typeof vRows)[number] } | { r: (typeof dRows)[number] });
      const items: Item[] = [
        ...vRows.map((v) => ({ at: v.d.createdAt.getTime(), id: v.d.id, v })),
        ...dRows.map((r) => ({ at: r.d.createdAt.getTime(), id: r.d.id, r })),
      ].sort((a, b) => b.at - a.at || b.id - a.id);
      const slice = items.slice(page * size, take);
      const dealSigs = await loadDealSignatures(
        db,
        slice.flatMap((it) => ('r' in it ? [it.r.d.id] : [])),
      );
      const vViews = new Map(
        (
          await documentViews(
            app,
            db,
            slice.flatMap((it) => ('v' in it ? [it.v] : [])),
            { signature: true },
          )
        ).map((v) => [v.id, v]),
      );
      const content = slice.map((it) => {
        if ('v' in it) {
          const v = vViews.get(it.v.d.id)!;
          return {
            kind: 'VERIFICATION' as const,
            id: v.id,
            name: v.name,
            status: v.status,
            created: v.created,
            contentType: v.contentType,
            size: v.size,
            orderId: null,
            orderNumber: null,
            partnerBrand: null,
            clientSignature: v.signature ?? null,
            agentSignature: null,
          };
        }
        const r = it.r;
        return {
          kind: r.d.kind as 'OFFER_DOCS' | 'FINAL_DOCS',
          id: r.d.id,
          name: r.d.name,
          status: r.d.status,
          created: r.d.createdAt.toISOString(),
          contentType: r.contentType,
          size: r.size,
          orderId: r.d.orderId,
          orderNumber: r.number,
          partnerBrand: r.brand,
          ...dealDocumentSignatures(r.d, dealSigs),
        };
      });
      const total = Number(nv) + Number(nd);
      return { content, totalElements: total, page, pageSize: size, last: (page + 1) * size >= total };
    },
  );

  app.get(
    '/api/secured/common/signatures/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          'Download a detached signature (.sig, DER CMS) (spec core §3 "Documents"; chat-and-shell §9 CAdES-BES detached)',
        description:
          '`application/pkcs7-signature`, attachment `<document name>.sig`. Visible to the users of the signing company, to the other party ' +
          "of the deal (the client of the order for the payment agent's signature of a document it was sent; the payment agent for the client's " +
          "signature) and to operators; 404 NOT_FOUND 'Подпись не найдена' for everyone else. Errors: 400, 401 UNAUTHORIZED, 404.",
        params: Type.Object({
          id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Signature id (Signature.id)' }),
        }),
        produces: ['application/pkcs7-signature'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'DER CMS SignedData' }),
          ...errorResponses(SESSION_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const user = request.user as AuthUser;
      const [s] = await db
        .select({
          s: signatures,
          vName: verificationDocuments.name,
          dName: dealDocuments.name,
          dStatus: dealDocuments.status,
          dPartner: dealDocuments.partnerCompanyId,
          orderCompany: orders.companyId,
        })
        .from(signatures)
        .leftJoin(verificationDocuments, eq(verificationDocuments.id, signatures.verificationDocumentId))
        .leftJoin(dealDocuments, eq(dealDocuments.id, signatures.dealDocumentId))
        .leftJoin(orders, eq(orders.id, dealDocuments.orderId))
        .where(eq(signatures.id, request.params.id));
      const allowed =
        !!s &&
        (user.accountType === 'OPER' ||
          (user.companyId !== null && s.s.companyId === user.companyId) ||
          (s.s.dealDocumentId !== null &&
            user.companyId !== null &&
            ((s.s.party === 'CLIENT' && user.accountType === 'PARTNER' && s.dPartner === user.companyId) ||
              (s.s.party === 'AGENT' &&
                user.accountType === 'CLIENT' &&
                s.orderCompany === user.companyId &&
                CLIENT_DOC_STATUSES.includes(s.dStatus ?? '')))));
      if (!allowed) throw AppError.notFound('Подпись не найдена');
      const cms = Buffer.from(s.s.cms);
      return reply
        .header('content-type', 'application/pkcs7-signature')
        .header('content-length', String(cms.length))
        .header('content-disposition', contentDisposition(`${s.vName ?? s.dName ?? 'document'}.sig`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(cms);
    },
  );
}
