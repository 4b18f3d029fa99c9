/** The client's offers: list (details hidden per spec core §4), accept one (§4 step 4), its sample contract. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { dealDocuments, partnerOrderOffers } from '../../db/schema/deal.js';
import { partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { runTransition } from '../../deal/repository.js';
import { offerDetailsHidden } from '@platform/domain/deal/display';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { sendStoredFile } from '../../files/storage.js';
import { BASE, TAGS, IdParams, OptionalComment, ClientDealSchema, ownOrder, clientDeal } from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

export default async function clientOfferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  app.get(
    `${BASE}/:id/offers`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Offers of the client\'s order (designed, spec core §7 Client style; §3 "Offer"; §4 hidden details)',
        description:
          "Every payment agent's side of the order with its status; `offer` details (fee, percent, dates, protection) and the bill " +
          'are null for offers in ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER and SIGNED_ANOTHER_OFFER (spec core §4). ' +
          'Answers the ClientDeal (display status, leading offer). Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (not a client), ' +
          "404 NOT_FOUND (no such order in the caller's company).",
        params: IdParams,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => clientDeal(db, request, request.params.id),
  );

  app.post(
    `${BASE}/:id/offers/:partnerOrderId/accept`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Accept one offer (spec core §4 "Deal flow" step 4): order → OFFER_ACCEPTED, that offer ACCEPTED, the others SIGNED_ANOTHER_OFFER',
        description:
          "Only an offer in SEND_OFFER of an ACTIVE order. Every other open offer of the order becomes 'Принято другое предложение'. " +
          'Compare-and-set: of two accepts at the same moment exactly one succeeds, the other gets 409 CONFLICT with nothing changed. ' +
          "Body `{ comment? }`. Errors: 400, 401, 403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND (order not the caller's, or no such offer of it), " +
          "409 INVALID_STATE (offer not sent, or an offer already accepted) / CONFLICT 'Статус заявки уже изменился, обновите страницу'.",
        params: Type.Object({
          id: IdParams.properties.id,
          partnerOrderId: Type.Integer({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Partner order (offer) id',
          }),
        }),
        body: OptionalComment,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const { id, partnerOrderId } = request.params;
      await ownOrder(db, request, id);
      const comment = request.body?.comment ?? null;
      await runTransition(db, {
        action: 'CLIENT_ACCEPT_OFFER',
        actor: request.user as AuthUser,
        orderId: id,
        partnerOrderId,
        comment,
        now: app.clock.now(),
      });
      return clientDeal(db, request, id);
    },
  );

  app.get(
    `${BASE}/:id/offers/:partnerOrderId/sample-contract`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Download the sample contract of an offer (designed, spec core §7 Client style; §3 "Offer": sample contract file)',
        description:
          "The file of `offer.sampleContractFileId` of one offer of the caller's company's order, only while the offer's details are " +
          'visible to the client (not ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, spec core §4). ' +
          "Stored type, `Content-Disposition: attachment` with the document's name, `X-Content-Type-Options: nosniff`. " +
          "Errors: 400 VALIDATION_ERROR (ids not numeric), 401 UNAUTHORIZED, 403 FORBIDDEN (not a client), 404 NOT_FOUND 'Заявка не найдена' " +
          "(no such order in the caller's company) or 'Файл не найден' (no such offer of the order, details hidden, or no sample contract).",
        params: Type.Object({
          id: IdParams.properties.id,
          partnerOrderId: Type.Integer({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Partner order (offer) id',
          }),
        }),
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id, partnerOrderId } = request.params;
      await ownOrder(db, request, id);
      const [row] = await db
        .select({
          status: partnerOrders.status,
          sha256: storedFiles.sha256,
          contentType: storedFiles.contentType,
          fileName: storedFiles.originalName,
          fileId: storedFiles.id,
        })
        .from(partnerOrders)
        .innerJoin(partnerOrderOffers, eq(partnerOrderOffers.partnerOrderId, partnerOrders.id))
        .innerJoin(storedFiles, eq(storedFiles.id, partnerOrderOffers.sampleContractFileId))
        .where(and(eq(partnerOrders.id, partnerOrderId), eq(partnerOrders.orderId, id)));
      if (!row || offerDetailsHidden(row.status as OfferStatus)) throw AppError.notFound('Файл не найден');
      const [doc] = await db
        .select({ name: dealDocuments.name })
        .from(dealDocuments)
        .where(
          and(
            eq(dealDocuments.partnerOrderId, partnerOrderId),
            eq(dealDocuments.kind, 'DOC_EXAMPLE'),
            eq(dealDocuments.fileId, row.fileId),
          ),
        )
        .limit(1);
      return sendStoredFile(app, request, reply, {
        sha256: row.sha256,
        contentType: row.contentType,
        name: doc?.name ?? row.fileName,
      });
    },
  );
}
