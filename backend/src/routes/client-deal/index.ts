/**
 * The client's deal calls (issue 3; designed in the style of spec core §7 Client, whose deal paths are "not shown"):
 *
 *   GET    /api/secured/client/order/exch/{id}/offers                              offers (details hidden per §4)
 *   POST   /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/accept      §4 step 4 → order OFFER_ACCEPTED
 *   GET    /api/secured/client/order/exch/{id}/offer/docs | /offer/final-docs      documents the agent SENT (or confirmed)
 *   GET    /api/secured/client/order/exch/{id}/offer/documents/{docId}/content     download one of them
 *   GET    /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/sample-contract  the offer's sample contract
 *   POST   /api/secured/client/order/exch/{id}/offer/{docs|final-docs}/{docId}/sign  qualified signature of one sent document (issue 8)
 *   POST   /api/secured/client/order/exch/{id}/offer/docs/confirm                  §4 step 5 → offer ACCEPTED_OFFER_DOCS
 *   GET    /api/secured/client/order/exch/{id}/pay-checks/active                   the bill to pay (§4 step 6)
 *   POST   /api/secured/client/order/exch/{id}/payment/made                        §4 step 7 → PAYMENT_CHECKING
 *   POST   /api/secured/client/order/exch/{id}/offer/final-docs/confirm            §4 step 9 → EXECUTED
 *   DELETE /api/secured/client/order/exch/{id}                                     §7 "DELETE {id}": cancel → CANCELED
 *   GET    /api/secured/client/order/exch/{id}/history                             the order's history as the client sees it
 *
 * Role CLIENT, own company only: another company's order answers 404 like a missing one (spec core §6). Where the
 * agent requires a signature (partnerSignRequired; spec core §4 steps 5 and 9 "client signs or confirms") every sent
 * document must carry the client's qualified electronic signature (…/{docId}/sign, verified against the client's
 * company: verification/signatures.ts) before the confirmation call (409 SIGNATURE_REQUIRED otherwise); without it the
 * confirmation alone is enough. Transitions go through deal/repository.ts runTransition (compare-and-set, history).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { dealDocuments, partnerOrderOffers, payChecks } from '../../db/schema/deal.js';
import { orders, partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { runTransition } from '../../deal/repository.js';
import {
  DocumentSchema,
  HistoryEntrySchema,
  loadDocuments,
  loadHistory,
  loadPartnerOrderViews,
  loadPaymentCompany,
  PartnerOrderViewSchema,
  PayCheckSchema,
  PaymentCompanySchema,
  payCheckView,
} from '../../deal/views.js';
import {
  clientDisplayStatus,
  clientLeadingOffer,
  HIDDEN_DETAILS_OFFER_STATUSES,
  offerDetailsHidden,
} from '@platform/domain/deal/display';
import type { DealAction } from '@platform/domain/deal/rules';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import type { OrderStatus } from '@platform/domain/deal/statuses';
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
import { OrderStatusSchema } from '../orders/schemas.js';
import { sendStoredFile } from '../orders/storage.js';
import { ErrorSchema } from '../schemas.js';

const BASE = '/api/secured/client/order/exch';
const TAGS = ['client-deal'];
const NOT_FOUND = 'Заявка не найдена';
/** Documents the client sees: those the agent sent, and those the client confirmed. */
const CLIENT_DOC_STATUSES = ['SENT', 'CONFIRMED'];

const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id' }),
});
const OptionalComment = Type.Object(
  { comment: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])) },
  { description: 'Optional body; may be omitted' },
);

/** The client's deal: order status, the client-facing display status (spec core §4) and the offers. */
const ClientDealSchema = Type.Object(
  {
    orderId: Type.Integer(),
    status: OrderStatusSchema,
    statusDate: Type.String(),
    displayStatus: Type.Object(
      { code: Type.String(), label: Type.String() },
      { description: 'Client-facing display status (spec core §4 table)' },
    ),
    leadingOfferId: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'The leading offer (§4: ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER ignored)',
    }),
    offers: Type.Array(PartnerOrderViewSchema),
  },
  {
    description:
      "The client's view of the deal, answered by every client transition so the UI updates without refetching",
  },
);

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const transitionErrors = { ...errors, 409: ErrorSchema };
const SIGN_NOTE =
  " Where the agent requires signatures (partnerSignRequired) every SENT document must first carry the client's qualified " +
  "electronic signature (…/{docId}/sign), else 409 SIGNATURE_REQUIRED 'Подпишите документы квалифицированной электронной подписью' with nothing changed.";
/** Spec core §4 steps 5 and 9 with partnerSignRequired: the client signs (issue 8). */
export const SIGNATURE_REQUIRED = {
  code: 'SIGNATURE_REQUIRED',
  message: 'Подпишите документы квалифицированной электронной подписью',
} as const;
const SIGN_ERRORS =
  '400 SIGNATURE_MALFORMED / DOCUMENT_MISMATCH / SIGNATURE_INVALID / CERTIFICATE_UNTRUSTED / CERTIFICATE_EXPIRED / ' +
  'CERTIFICATE_NOT_YET_VALID / COMPANY_MISMATCH / SIGNATURE_ALGORITHM_UNSUPPORTED / INDIVIDUAL_SIGNATURE_UNSUPPORTED (spec core §8; nothing written)';

export default async function clientDealRoutes(app: FastifyInstance): Promise<void> {
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');
  // Calls whose body is optional (`{ comment? }`) may come without one: validate it as `{}` (this plugin's routes only).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  /** The caller's company's order, or 404 (not distinguished from a missing one). */
  async function ownOrder(
    request: FastifyRequest,
    id: number,
  ): Promise<{ id: number; status: OrderStatus; statusDate: Date }> {
    const user = request.user as AuthUser;
    if (user.companyId === null) throw AppError.notFound(NOT_FOUND);
    const [o] = await db
      .select({ id: orders.id, status: orders.status, statusDate: orders.statusDate })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.companyId, user.companyId)));
    if (!o) throw AppError.notFound(NOT_FOUND);
    return { ...o, status: o.status as OrderStatus };
  }

  async function deal(request: FastifyRequest, id: number) {
    const o = await ownOrder(request, id);
    const offers = await loadPartnerOrderViews(db, [id], { audience: 'CLIENT' });
    const shown = clientDisplayStatus(o.status, offers);
    return {
      orderId: id,
      status: o.status,
      statusDate: o.statusDate.toISOString(),
      displayStatus: { code: shown.code, label: shown.label },
      leadingOfferId: clientLeadingOffer(offers)?.id ?? null,
      offers,
    };
  }

  /** The offer of the accepted deal (the client's leading offer after acceptance), or 409 when there is none. */
  async function acceptedOffer(id: number): Promise<{ id: number; status: OfferStatus }> {
    const rows = await db
      .select({ id: partnerOrders.id, status: partnerOrders.status })
      .from(partnerOrders)
      .where(eq(partnerOrders.orderId, id));
    const lead = clientLeadingOffer(rows.map((r) => ({ ...r, status: r.status as OfferStatus })));
    if (!lead || lead.status === 'SEND_OFFER')
      throw AppError.conflict('Действие недоступно: нет принятого предложения', 'INVALID_STATE');
    return lead;
  }

  async function onAccepted(
    request: FastifyRequest,
    id: number,
    action: DealAction,
    docKind?: 'OFFER_DOCS' | 'FINAL_DOCS',
  ) {
    await ownOrder(request, id);
    const target = await acceptedOffer(id);
    const comment = (request.body as { comment?: string | null } | undefined)?.comment ?? null;
    await runTransition(db, {
      action,
      actor: request.user as AuthUser,
      orderId: id,
      partnerOrderId: target.id,
      comment,
      now: app.clock.now(),
      within: docKind
        ? async (tx, ctx) => {
            const [po] = await tx
              .select({ partnerSignRequired: partnerOrders.partnerSignRequired })
              .from(partnerOrders)
              .where(eq(partnerOrders.id, ctx.targetOfferId!));
            if (po?.partnerSignRequired) {
              // Spec core §4 steps 5 and 9: where the agent requires signatures the client signs every sent document.
              const sent = await tx
                .select({ id: dealDocuments.id })
                .from(dealDocuments)
                .where(
                  and(
                    eq(dealDocuments.partnerOrderId, ctx.targetOfferId!),
                    eq(dealDocuments.kind, docKind),
                    eq(dealDocuments.status, 'SENT'),
                  ),
                );
              const signed = sent.length
                ? await tx
                    .select({ id: signatures.dealDocumentId })
                    .from(signatures)
                    .where(
                      and(
                        inArray(
                          signatures.dealDocumentId,
                          sent.map((d) => d.id),
                        ),
                        eq(signatures.party, 'CLIENT'),
                      ),
                    )
                : [];
              const signedIds = new Set(signed.map((x) => x.id));
              if (sent.some((d) => !signedIds.has(d.id)))
                throw AppError.conflict(SIGNATURE_REQUIRED.message, SIGNATURE_REQUIRED.code);
            }
            // The documents the agent sent are confirmed together with the step (spec core §3 "Documents": confirmed).
            await tx
              .update(dealDocuments)
              .set({ status: 'CONFIRMED' })
              .where(
                and(
                  eq(dealDocuments.partnerOrderId, ctx.targetOfferId!),
                  eq(dealDocuments.kind, docKind),
                  eq(dealDocuments.status, 'SENT'),
                ),
              );
          }
        : undefined,
    });
    return deal(request, id);
  }

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
        response: { 200: ClientDealSchema, ...errors },
      },
    },
    async (request) => deal(request, (request.params as { id: number }).id),
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
        response: { 200: ClientDealSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const { id, partnerOrderId } = request.params as { id: number; partnerOrderId: number };
      await ownOrder(request, id);
      const comment = (request.body as { comment?: string | null } | undefined)?.comment ?? null;
      await runTransition(db, {
        action: 'CLIENT_ACCEPT_OFFER',
        actor: request.user as AuthUser,
        orderId: id,
        partnerOrderId,
        comment,
        now: app.clock.now(),
      });
      return deal(request, id);
    },
  );

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
          response: { 200: Type.Array(DocumentSchema), ...errors },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        await ownOrder(request, id);
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
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params as { id: number; docId: number };
      await ownOrder(request, id);
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
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { id, partnerOrderId } = request.params as { id: number; partnerOrderId: number };
      await ownOrder(request, id);
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
          response: { 200: DocumentSchema, ...transitionErrors },
        },
      },
      async (request) => {
        const { id, docId } = request.params as { id: number; docId: number };
        const user = request.user as AuthUser;
        await ownOrder(request, id);
        const target = await acceptedOffer(id);
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
        const cms = decodeSignature((request.body as { signature: string }).signature);
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
        response: { 200: ClientDealSchema, ...transitionErrors },
      },
    },
    async (request) =>
      onAccepted(request, (request.params as { id: number }).id, 'CLIENT_CONFIRM_OFFER_DOCS', 'OFFER_DOCS'),
  );

  app.get(
    `${BASE}/:id/pay-checks/active`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'The bill to pay (spec core §4 step 6; §3 partnerOrders "paycheck")',
        description:
          "The current bill (ACTIVE, or CHECK_PAYMENT after 'payment made') of the accepted offer, with the payment company and its " +
          'requisites. Errors: 400, 401, 403, 404 NOT_FOUND (no such order, or no bill issued yet: code PAYCHECK_NOT_FOUND).',
        params: IdParams,
        response: {
          200: Type.Intersect([PayCheckSchema, Type.Object({ paymentCompany: PaymentCompanySchema })]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await ownOrder(request, id);
      const [bill] = await db
        .select({ b: payChecks })
        .from(payChecks)
        .innerJoin(partnerOrders, eq(partnerOrders.id, payChecks.partnerOrderId))
        .where(
          and(
            eq(partnerOrders.orderId, id),
            inArray(payChecks.status, ['ACTIVE', 'CHECK_PAYMENT']),
            inArray(partnerOrders.status, ['SEND_PAYCHECK', 'PAYMENT_CHECKING']),
          ),
        );
      if (!bill) throw AppError.notFound('Счёт на оплату ещё не выставлен', 'PAYCHECK_NOT_FOUND');
      return { ...payCheckView(bill.b), paymentCompany: await loadPaymentCompany(db, bill.b.paymentCompanyId) };
    },
  );

  app.post(
    `${BASE}/:id/payment/made`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Mark the payment made (spec core §4 step 7): order and offer → PAYMENT_CHECKING, bill → CHECK_PAYMENT',
        description:
          'Body `{ comment? }`. Errors: 400, 401, 403, 404 NOT_FOUND, 409 INVALID_STATE (no bill issued) / PAYMENT_NOT_FOUND / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: { 200: ClientDealSchema, ...transitionErrors },
      },
    },
    async (request) => onAccepted(request, (request.params as { id: number }).id, 'CLIENT_MARK_PAID'),
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
        response: { 200: ClientDealSchema, ...transitionErrors },
      },
    },
    async (request) =>
      onAccepted(request, (request.params as { id: number }).id, 'CLIENT_CONFIRM_FINAL_DOCS', 'FINAL_DOCS'),
  );

  app.delete(
    `${BASE}/:id`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Cancel the request (spec core §7 Client "DELETE order/exch/{id}"; §4 exits "the client cancels") → CANCELED',
        description:
          'Allowed until the client marks the payment made (VALIDATION, IN_VALIDATION, ACTIVE, OFFER_ACCEPTED); every open offer ' +
          "becomes REFUSE_OPER (the agent sees 'Отказ клиента'), open bills are archived. The order is kept (status CANCELED), not erased. " +
          'Optional body `{ comment }`. Errors: 400, 401, 403 FORBIDDEN / CSRF_INVALID, 404 NOT_FOUND, 409 INVALID_STATE (payment made: only the ' +
          'operator can close it now) / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: { 200: ClientDealSchema, ...transitionErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await ownOrder(request, id);
      const comment = (request.body as { comment?: string | null } | undefined)?.comment ?? null;
      await runTransition(db, {
        action: 'CLIENT_CANCEL',
        actor: request.user as AuthUser,
        orderId: id,
        comment,
        now: app.clock.now(),
      });
      return deal(request, id);
    },
  );

  app.get(
    `${BASE}/:id/history`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'History of the request as the client sees it (designed; issue 3 "recorded in a history")',
        description:
          'Oldest first: every ORDER and PAYMENT row, and OFFER rows whose new status is visible to the client (not ALLOWED, ' +
          'IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, spec core §4). The acting user is not shown (only the role); ' +
          "comments only on ORDER rows (e.g. the operator's rejection reason). Errors: 400, 401, 403, 404 NOT_FOUND.",
        params: IdParams,
        response: { 200: Type.Array(HistoryEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await ownOrder(request, id);
      const all = await loadHistory(db, id);
      return all
        .filter((h) => h.entity !== 'OFFER' || !HIDDEN_DETAILS_OFFER_STATUSES.includes(h.to as OfferStatus))
        .map((h) => ({ ...h, actor: null, comment: h.entity === 'ORDER' ? h.comment : null }));
    },
  );
}
