/**
 * Schemas and helpers shared by the client's deal calls (./index.ts lists them; spec core §4 "Deal flow", §6 own
 * company only): the deal view, path params, error sets, the own-order check and the accepted-offer step.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { dealDocuments } from '../../db/schema/deal.js';
import { orders, partnerOrders } from '../../db/schema/orders.js';
import { runTransition } from '../../deal/repository.js';
import { loadPartnerOrderViews, PartnerOrderViewSchema } from '../../deal/views.js';
import { clientDisplayStatus, clientLeadingOffer } from '@platform/domain/deal/display';
import type { DealAction } from '@platform/domain/deal/rules';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { signatures } from '../../db/schema/verification.js';
import { OrderStatusSchema } from '../orders/schemas.js';
import type { Db } from '../../db/client.js';

/** Base path of the client's order calls (spec core §7 Client). */
export const BASE = '/api/secured/client/order/exch';
/** OpenAPI tag of these routes. */
export const TAGS = ['client-deal'];
/** Text of the 404 for an order that is not the caller's company's (not distinguished from a missing one). */
export const NOT_FOUND = 'Заявка не найдена';
/** Documents the client sees: those the agent sent, and those the client confirmed. */
export const CLIENT_DOC_STATUSES = ['SENT', 'CONFIRMED'];

/** Path `{ id }`: the order id (positive integer). */
export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Order id' }),
});
/** Body `{ comment? }` of the client steps; may be omitted. */
export const OptionalComment = Type.Object(
  { comment: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])) },
  { description: 'Optional body; may be omitted' },
);

/** The client's deal: order status, the client-facing display status (spec core §4) and the offers. */
export const ClientDealSchema = Type.Object(
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

/** Description sentence on the signatures required before a confirmation (spec core §4 steps 5 and 9). */
export const SIGN_NOTE =
  " Where the agent requires signatures (partnerSignRequired) every SENT document must first carry the client's qualified " +
  "electronic signature (…/{docId}/sign), else 409 SIGNATURE_REQUIRED 'Подпишите документы квалифицированной электронной подписью' with nothing changed.";
/** Spec core §4 steps 5 and 9 with partnerSignRequired: the client signs (issue 8). */
export const SIGNATURE_REQUIRED = {
  code: 'SIGNATURE_REQUIRED',
  message: 'Подпишите документы квалифицированной электронной подписью',
} as const;
/** Description of the 400 answers of a refused qualified signature (spec core §8). */
export const SIGN_ERRORS =
  '400 SIGNATURE_MALFORMED / DOCUMENT_MISMATCH / SIGNATURE_INVALID / CERTIFICATE_UNTRUSTED / CERTIFICATE_EXPIRED / ' +
  'CERTIFICATE_NOT_YET_VALID / COMPANY_MISMATCH / SIGNATURE_ALGORITHM_UNSUPPORTED / INDIVIDUAL_SIGNATURE_UNSUPPORTED (spec core §8; nothing written)';

/** The caller's company's order, or 404 (not distinguished from a missing one). */
export async function ownOrder(
  db: Db,
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

/** The client's deal view of order `id` (ClientDealSchema; spec core §4 client display status, leading offer). */
export async function clientDeal(db: Db, request: FastifyRequest, id: number) {
  const o = await ownOrder(db, request, id);
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
export async function acceptedOffer(db: Db, id: number): Promise<{ id: number; status: OfferStatus }> {
  const rows = await db
    .select({ id: partnerOrders.id, status: partnerOrders.status })
    .from(partnerOrders)
    .where(eq(partnerOrders.orderId, id));
  const lead = clientLeadingOffer(rows.map((r) => ({ ...r, status: r.status as OfferStatus })));
  if (!lead || lead.status === 'SEND_OFFER')
    throw AppError.conflict('Действие недоступно: нет принятого предложения', 'INVALID_STATE');
  return lead;
}

/**
 * Runs a client step (with the optional `comment`) on the accepted offer of order `id` (deal/repository.ts
 * runTransition) — with `docKind`, also
 * checks the client's signatures where the agent requires them (409 SIGNATURE_REQUIRED) and confirms the SENT
 * documents of that kind in the same transaction — and answers the client's deal. 404 / 409 INVALID_STATE.
 */
export async function onAccepted(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  action: DealAction,
  { comment = null, docKind }: { comment?: string | null; docKind?: 'OFFER_DOCS' | 'FINAL_DOCS' } = {},
) {
  const db = app.dbh.db;
  await ownOrder(db, request, id);
  const target = await acceptedOffer(db, id);
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
  return clientDeal(db, request, id);
}
