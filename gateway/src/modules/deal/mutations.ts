/**
 * One mutation per transition of the deal flow (spec core §4 "Deal flow" and its exits; §7 payment agent and
 * operator calls; the client's designed deal calls). Each returns the changed objects — the order with all its
 * partner orders, or the payment agent's side with its order — built from the backend's answer, so Relay updates
 * its store without refetching. Conflicts (409 CONFLICT, INVALID_STATE...) and validation failures are `UserError`
 * (rest/errors.ts mutationResult, the one mapping place).
 */
import { toGlobalId } from 'graphql-relay';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import type { ClientDealDto, OperOrderDto, OrderDto, OrderParent, PartnerOrderParent } from '../../rest/contract.js';
import { mutationResult, UpstreamError } from '../../rest/errors.js';
import type { PartnerDocSetPath } from '../../rest/client.js';
import { toOrderInputDto } from '../orders/resolvers.js';
import {
  fromOper,
  fromPartnerDetail,
  requireOrderId,
  requirePartnerOrderId,
  sideParent,
  withClientDeal,
} from './parents.js';
import { OFFER_FIELD_RENAMES, toSendOfferBody } from './inputs.js';

/** After a client transition: the order re-read (fresh data) merged with the deal answer (offers with details). */
async function clientOrder(ctx: GatewayContext, deal: ClientDealDto): Promise<OrderParent> {
  ctx.loaders.orderById.clear(deal.orderId);
  ctx.loaders.clientDeal.clear(deal.orderId).prime(deal.orderId, deal);
  ctx.loaders.clientHistory.clear(deal.orderId);
  ctx.loaders.clientPayCheck.clear(deal.orderId);
  ctx.loaders.forget(`clientDocs:${deal.orderId}:`);
  const order = await ctx.api.order(deal.orderId);
  ctx.loaders.orderById.prime(order.id, order);
  return withClientDeal(order, deal);
}

/** After a payment agent transition: its side (with the order) from the detail answer; caches refreshed. */
function partnerSide(ctx: GatewayContext, d: OrderDto): PartnerOrderParent {
  ctx.loaders.partnerDetail.clear(d.id).prime(d.id, d);
  ctx.loaders.partnerTerms.clear(d.id);
  ctx.loaders.forget(`partnerDocs:${d.id}:`);
  const order = fromPartnerDetail(d);
  const side = order.partnerOrders?.[0];
  if (!side) throw new Error("partner detail without the caller's side"); // the backend always answers it
  return sideParent(order, side);
}

/** After an operator transition: the order (with every partner order) from the row answer; caches refreshed. */
function operOrder(ctx: GatewayContext, o: OperOrderDto): OrderParent {
  ctx.loaders.operOrder.clear(o.orderId).prime(o.orderId, o);
  ctx.loaders.operOrderDetail.clear(o.orderId);
  ctx.loaders.operCandidates.clear(o.orderId);
  ctx.loaders.operDocuments.clear(o.orderId);
  return fromOper(o);
}

/** The backend's partner order id of a client's offer (the global id carries order and agent). */
async function clientPartnerOrderId(ctx: GatewayContext, orderId: number, partnerId: number): Promise<number> {
  const deal = await ctx.loaders.clientDeal.load(orderId);
  const side = deal.offers.find((o) => o.partnerId === partnerId);
  if (!side?.id)
    throw new UpstreamError(404, { code: 'NOT_FOUND', message: 'Предложение не найдено' }, 'GET', 'offers');
  return side.id;
}

const DOC_SET: Record<'DOC_EXAMPLES' | 'OFFER_DOCS' | 'FINAL_DOCS', PartnerDocSetPath> = {
  DOC_EXAMPLES: 'docs-example',
  OFFER_DOCS: 'docs',
  FINAL_DOCS: 'final-docs',
};

type DealMutations =
  | 'acceptOffer'
  | 'confirmOfferDocuments'
  | 'markPaymentMade'
  | 'confirmFinalDocuments'
  | 'cancelOrder'
  | 'takeOrder'
  | 'refuseOrder'
  | 'sendOffer'
  | 'deleteDocument'
  | 'confirmDocuments'
  | 'sendOfferDocuments'
  | 'sendFinalDocuments'
  | 'issuePayCheck'
  | 'confirmPayment'
  | 'takeOrderForReview'
  | 'rejectOrder'
  | 'closeOrder'
  | 'commentOrder'
  | 'updateOrder'
  | 'sendOrderToPartners'
  | 'confirmPayCheck'
  | 'operatorAutologin';

export const Mutation: Pick<MutationResolvers, DealMutations> = {
  // ---- Client (spec core §4 steps 4, 5, 7, 9; exit "the client cancels")
  acceptOffer: (_r, { input }, ctx) => {
    const { orderId, partnerId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => {
      const poId = await clientPartnerOrderId(ctx, orderId, partnerId);
      const order = await clientOrder(ctx, await ctx.api.acceptOffer(orderId, poId, input.comment));
      const side = order.partnerOrders.find((s) => s.partnerId === partnerId);
      if (!side) throw new Error('accept answer without the accepted side'); // the backend always answers it
      return { __typename: 'AcceptOfferSuccess' as const, order, acceptedOffer: sideParent(order, side) };
    });
  },
  confirmOfferDocuments: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'ConfirmOfferDocumentsSuccess' as const,
      order: await clientOrder(ctx, await ctx.api.clientConfirmOfferDocs(id, input.comment)),
    }));
  },
  markPaymentMade: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'MarkPaymentMadeSuccess' as const,
      order: await clientOrder(ctx, await ctx.api.clientMarkPaid(id, input.comment)),
    }));
  },
  confirmFinalDocuments: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'ConfirmFinalDocumentsSuccess' as const,
      order: await clientOrder(ctx, await ctx.api.clientConfirmFinalDocs(id, input.comment)),
    }));
  },
  cancelOrder: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'CancelOrderSuccess' as const,
      order: await clientOrder(ctx, await ctx.api.clientCancel(id, input.comment)),
    }));
  },

  // ---- Payment agent (spec core §4 steps 3, 5, 6, 8; exit "the agent refuses with a required reason")
  takeOrder: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'TakeOrderSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerTake(orderId)),
    }));
  },
  refuseOrder: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'RefuseOrderSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerReject(orderId, input.reason)),
    }));
  },
  sendOffer: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(
      async () => ({
        __typename: 'SendOfferSuccess' as const,
        partnerOrder: partnerSide(ctx, await ctx.api.partnerSendOffer(orderId, toSendOfferBody(input))),
      }),
      OFFER_FIELD_RENAMES,
    );
  },
  deleteDocument: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => {
      await ctx.api.partnerDeleteDocument(orderId, DOC_SET[input.set], input.documentId);
      ctx.loaders.partnerDetail.clear(orderId);
      const partnerOrder = partnerSide(ctx, await ctx.loaders.partnerDetail.load(orderId));
      return {
        __typename: 'DeleteDocumentSuccess' as const,
        partnerOrder,
        deletedDocumentId: toGlobalId('Document', String(input.documentId)),
      };
    });
  },
  confirmDocuments: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    const set = input.set === 'FINAL_DOCS' ? 'final-docs' : 'docs';
    return mutationResult(async () => {
      await ctx.api.partnerConfirmDocuments(orderId, set, input.sign ?? false);
      ctx.loaders.partnerDetail.clear(orderId);
      return {
        __typename: 'ConfirmDocumentsSuccess' as const,
        partnerOrder: partnerSide(ctx, await ctx.loaders.partnerDetail.load(orderId)),
      };
    });
  },
  sendOfferDocuments: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'SendOfferDocumentsSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerSendDocuments(orderId, 'docs')),
    }));
  },
  sendFinalDocuments: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'SendFinalDocumentsSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerSendDocuments(orderId, 'final-docs')),
    }));
  },
  issuePayCheck: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'IssuePayCheckSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerIssuePayCheck(orderId, input.paymentCompanyId)),
    }));
  },
  confirmPayment: (_r, { input }, ctx) => {
    const { orderId } = requirePartnerOrderId(input.partnerOrderId);
    return mutationResult(async () => ({
      __typename: 'ConfirmPaymentSuccess' as const,
      partnerOrder: partnerSide(ctx, await ctx.api.partnerConfirmPayment(orderId)),
    }));
  },

  // ---- Operator (spec core §4 "Operator actions"; exits "the operator rejects or closes with a comment")
  takeOrderForReview: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'TakeOrderForReviewSuccess' as const,
      order: operOrder(ctx, await ctx.api.operTransition(id, 'take', input.comment)),
    }));
  },
  rejectOrder: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'RejectOrderSuccess' as const,
      order: operOrder(ctx, await ctx.api.operTransition(id, 'reject', input.comment)),
    }));
  },
  closeOrder: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'CloseOrderSuccess' as const,
      order: operOrder(ctx, await ctx.api.operTransition(id, 'close', input.comment)),
    }));
  },
  commentOrder: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => {
      const comment = await ctx.api.operComment(id, input.comment);
      ctx.loaders.operOrder.clear(id);
      const order = operOrder(ctx, await ctx.loaders.operOrder.load(id));
      return { __typename: 'CommentOrderSuccess' as const, order, comment };
    });
  },
  updateOrder: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(
      async () => ({
        __typename: 'UpdateOrderSuccess' as const,
        order: operOrder(ctx, await ctx.api.operUpdate(id, toOrderInputDto(input.order))),
      }),
      { 'amount.cost': 'order.amount.amount' },
    );
  },
  sendOrderToPartners: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'SendOrderToPartnersSuccess' as const,
      // With the fit overrides of issue 10 (PartnerFitOverrideInput → the backend's `overrides`).
      order: operOrder(
        ctx,
        await ctx.session.call('POST', '/api/secured/oper/order/exch/{id}/partners/send', {
          params: { id },
          body: {
            partnerIds: [...input.partnerIds],
            comment: input.comment ?? null,
            ...(input.overrides ? { overrides: input.overrides.map((o) => ({ ...o })) } : {}),
          },
        }),
      ),
    }));
  },
  confirmPayCheck: (_r, { input }, ctx) => {
    const id = requireOrderId(input.orderId);
    return mutationResult(async () => ({
      __typename: 'ConfirmPayCheckSuccess' as const,
      order: operOrder(ctx, await ctx.api.operConfirmPayCheck(id, input.comment)),
    }));
  },
  operatorAutologin: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const viewer = await ctx.api.operatorAutologin(input.code);
      ctx.loaders.primeViewer(viewer);
      return { __typename: 'OperatorAutologinSuccess' as const, viewer };
    }),
};
