/**
 * Documents of the accepted offer for the client (spec core §3 "Documents", §4 steps 5 and 9): lists, download, the
 * qualified signature of one sent document (issue 8), confirm the offer documents and the closing documents.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { dealDocuments } from '../../db/schema/deal.js';
import { partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { DocumentSchema, loadDocuments } from '../../deal/views.js';
import { HIDDEN_DETAILS_OFFER_STATUSES } from '@platform/domain/deal/display';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { companies } from '../../db/schema/core.js';
import { signatures } from '../../db/schema/verification.js';
import {
  decodeSignature,
  insertSignature,
  readStoredBytes,
  SignBodySchema,
  verifyOrRefuse,
} from '../../verification/signatures.js';
import { sendStoredFile } from '../../files/storage.js';
import {
  BASE,
  TAGS,
  CLIENT_DOC_STATUSES,
  IdParams,
  OptionalComment,
  ClientDealSchema,
  SIGN_NOTE,
  SIGN_ERRORS,
  ownOrder,
  acceptedOffer,
  onAccepted,
} from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS, SIGNATURE_ERRORS } from '../schemas.js';

export default async function clientDocumentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  for (const [path, kind, label] of [
    ['offer/docs', 'OFFER_DOCS', 'offer documents (§4 step 5)'],
    ['offer/final-docs', 'FINAL_DOCS', 'closing documents (§4 step 8)'],
  ] as const) {
    app.get(
      `${BASE}/:id/${path}`,
      {
        preHandler: client,
        schema: {
          tags: TAGS,
          summary: `The ${label} of the accepted offer (designed; spec core §3 "Documents")`,
          description:
            'Documents the agent SENT to the client (and those the client CONFIRMED), oldest first, with the signature placeholders. ' +
            'Empty before the agent sends them. Download with .../offer/documents/{docId}/content. Errors: 400, 401, 403, 404 NOT_FOUND.',
          params: IdParams,
          response: {
            200: Type.Array(DocumentSchema),
            ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND', 'PAYCHECK_NOT_FOUND'] }),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        await ownOrder(db, request, id);
        const pos = await db
          .select({ id: partnerOrders.id, status: partnerOrders.status })
          .from(partnerOrders)
          .where(eq(partnerOrders.orderId, id));
        const visible = pos
          .filter((p) => !HIDDEN_DETAILS_OFFER_STATUSES.includes(p.status as OfferStatus) && p.status !== 'SEND_OFFER')
          .map((p) => p.id);
        return loadDocuments(db, {
          orderId: id,
          partnerOrderIds: visible,
          kinds: [kind],
          statuses: CLIENT_DOC_STATUSES,
        });
      },
    );
  }

  app.get(
    `${BASE}/:id/offer/documents/:docId/content`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Download an offer or closing document (designed; spec core §3 "Documents")',
        description:
          "Only a document the agent sent (SENT or CONFIRMED) of the accepted offer of the caller's order; `Content-Disposition: attachment`, " +
          '`X-Content-Type-Options: nosniff`. Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: Type.Object({
          id: IdParams.properties.id,
          docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
        }),
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      await ownOrder(db, request, id);
      const [doc] = await db
        .select({
          name: dealDocuments.name,
          sha256: storedFiles.sha256,
          contentType: storedFiles.contentType,
          poStatus: partnerOrders.status,
        })
        .from(dealDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
        .innerJoin(partnerOrders, eq(partnerOrders.id, dealDocuments.partnerOrderId))
        .where(
          and(
            eq(dealDocuments.id, docId),
            eq(dealDocuments.orderId, id),
            inArray(dealDocuments.kind, ['OFFER_DOCS', 'FINAL_DOCS']),
            inArray(dealDocuments.status, CLIENT_DOC_STATUSES),
          ),
        );
      if (!doc || HIDDEN_DETAILS_OFFER_STATUSES.includes(doc.poStatus as OfferStatus))
        throw AppError.notFound('Документ не найден');
      return sendStoredFile(app, request, reply, doc);
    },
  );

  for (const [path, kind, stage] of [
    ['docs', 'OFFER_DOCS', 'SEND_OFFER_DOCS'],
    ['final-docs', 'FINAL_DOCS', 'SEND_EXECUTING_DOCS'],
  ] as const) {
    app.post(
      `${BASE}/:id/offer/${path}/:docId/sign`,
      {
        preHandler: client,
        schema: {
          tags: TAGS,
          summary: `Sign one ${kind === 'OFFER_DOCS' ? 'offer' : 'closing'} document with a qualified electronic signature (spec core §4 step ${kind === 'OFFER_DOCS' ? 5 : 9}; issue 8)`,
          description:
            "Body `{ signature }`: base64 DER CMS SignedData (CAdES-BES, detached, ≤ 64 KiB) over the document's exact bytes, verified " +
            "against the client's company (OGRN/OGRNIP and INN) and the trust store. Only a SENT document of the accepted offer while it is " +
            `${stage}, once. On success the signature row and the document's client signature (signer, time, certificate valid until, hash) are ` +
            'written in one transaction; the document stays SENT until the confirmation call. Answers the Document with `clientSignature` ' +
            `(qualified). Errors: ${SIGN_ERRORS}; 401; 403 FORBIDDEN / CSRF_INVALID; 404 NOT_FOUND (order or document); ` +
            '409 INVALID_STATE (not sent, offer not at this step, already signed).',
          params: Type.Object({
            id: IdParams.properties.id,
            docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Deal document id' }),
          }),
          body: SignBodySchema,
          response: {
            200: DocumentSchema,
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, SIGNATURE_ERRORS, INPUT_ERRORS, {
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'INVALID_STATE'],
            }),
          },
        },
      },
      async (request) => {
        const { id, docId } = request.params;
        const user = request.user as AuthUser;
        await ownOrder(db, request, id);
        const target = await acceptedOffer(db, id);
        const [doc] = await db
          .select({ status: dealDocuments.status, sha256: storedFiles.sha256 })
          .from(dealDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
          .where(
            and(
              eq(dealDocuments.id, docId),
              eq(dealDocuments.orderId, id),
              eq(dealDocuments.partnerOrderId, target.id),
              eq(dealDocuments.kind, kind),
              inArray(dealDocuments.status, CLIENT_DOC_STATUSES),
            ),
          );
        if (!doc) throw AppError.notFound('Документ не найден');
        const notNow = () => AppError.conflict('Документ нельзя подписать на этом шаге сделки', 'INVALID_STATE');
        if (target.status !== stage || doc.status !== 'SENT') throw notNow();
        const cms = decodeSignature(request.body.signature);
        const [company] = await db
          .select({ ogrn: companies.ogrn, inn: companies.inn })
          .from(companies)
          .where(eq(companies.id, user.companyId!));
        const verified = await verifyOrRefuse(app, {
          cms,
          content: await readStoredBytes(app, doc.sha256),
          expected: company,
        });
        const now = app.clock.now();
        await db.transaction(async (tx) => {
          const [po] = await tx
            .select({ status: partnerOrders.status })
            .from(partnerOrders)
            .where(eq(partnerOrders.id, target.id))
            .for('update');
          if (po.status !== stage) throw notNow();
          const [again] = await tx
            .select({ status: dealDocuments.status })
            .from(dealDocuments)
            .where(eq(dealDocuments.id, docId));
          const [already] = await tx
            .select({ id: signatures.id })
            .from(signatures)
            .where(and(eq(signatures.dealDocumentId, docId), eq(signatures.party, 'CLIENT')))
            .limit(1);
          if (again?.status !== 'SENT') throw notNow();
          if (already) throw AppError.conflict('Документ уже подписан', 'INVALID_STATE');
          const { signedAt } = await insertSignature(tx, {
            target: { dealDocumentId: docId },
            party: 'CLIENT',
            companyId: user.companyId!,
            userId: user.id,
            cms,
            verified,
            now,
          });
          await tx
            .update(dealDocuments)
            .set({
              clientSignerName: verified.signerName,
              clientSignedAt: signedAt,
              clientCertValidUntil: new Date(verified.certificate.validTo),
              clientDocumentHash: verified.documentSha256,
            })
            .where(eq(dealDocuments.id, docId));
        });
        const [view] = (await loadDocuments(db, { orderId: id, partnerOrderIds: [target.id], kinds: [kind] })).filter(
          (d) => d.id === docId,
        );
        return view;
      },
    );
  }

  app.post(
    `${BASE}/:id/offer/docs/confirm`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Confirm the offer documents (spec core §4 step 5): offer SEND_OFFER_DOCS → ACCEPTED_OFFER_DOCS',
        description:
          'The sent OFFER_DOCS documents become CONFIRMED in the same transaction. Body `{ comment? }`.' +
          SIGN_NOTE +
          ' Errors: 400, 401, 403, 404 NOT_FOUND, 409 INVALID_STATE (no documents sent yet) / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'SIGNATURE_REQUIRED'],
          }),
        },
      },
    },
    async (request) =>
      onAccepted(app, request, request.params.id, 'CLIENT_CONFIRM_OFFER_DOCS', {
        comment: request.body?.comment,
        docKind: 'OFFER_DOCS',
      }),
  );

  app.post(
    `${BASE}/:id/offer/final-docs/confirm`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Confirm the closing documents (spec core §4 step 9): order and offer → EXECUTED',
        description:
          'The sent FINAL_DOCS documents become CONFIRMED in the same transaction; the deal closes. Body `{ comment? }`.' +
          SIGN_NOTE +
          ' Errors: 400, 401, 403, 404 NOT_FOUND, 409 INVALID_STATE (closing documents not sent yet) / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'SIGNATURE_REQUIRED'],
          }),
        },
      },
    },
    async (request) =>
      onAccepted(app, request, request.params.id, 'CLIENT_CONFIRM_FINAL_DOCS', {
        comment: request.body?.comment,
        docKind: 'FINAL_DOCS',
      }),
  );
}
