/**
 * Live order events (issue 12 "Live order events"): the ONE place that appends order and offer changes to the durable,
 * gap-free event log of chat (src/chat/events.ts appendChatEvents, kind ORDER_MSG), inside the writer's transaction —
 * an event exists exactly when its change commits; a refused or rolled-back change appends nothing.
 *
 * Called from the write paths: runTransition (every status change, created offer and bill, operator comment of an
 * exit), the client's new order, the operator's comment, the agent's document upload. Payloads and the audience rule
 * are @platform/domain/deal/events (ids, type, new status and time only; company users, the owning agent, operators).
 * The per-user SSE stream (src/chat/stream) then delivers them like chat events.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  ORDER_EVENT_KIND,
  orderEventRecipients,
  type OrderEventPayload,
  type OrderEventType,
} from '@platform/domain/deal/events';
import { effectiveRights } from '@platform/domain/operator/rights';
import { appendChatEvents, type NewChatEvent } from '../chat/events.js';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema/core.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import type { Plan } from '../domain/deal/apply.js';

/** One change to announce: its type, offer, entity and new status (the order and the time are the call's). */
export interface OrderChange {
  type: OrderEventType;
  partnerOrderId?: number | null;
  entityId?: number | null;
  status?: string | null;
}

/** Active users of the order's company, of each agent with an offer of it (by offer) and operators with ORDERS_VIEW. */
async function loadAudience(tx: DbOrTx, orderId: number) {
  const [order] = await tx.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const active = ne(users.status, 'USER_SUSPENDED');
  const company = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, order.companyId), active));
  const offers = await tx
    .select({ id: partnerOrders.id, partnerId: partnerOrders.partnerCompanyId })
    .from(partnerOrders)
    .where(eq(partnerOrders.orderId, orderId));
  const partnerIds = [...new Set(offers.map((o) => o.partnerId))];
  const agentUsers = partnerIds.length
    ? await tx
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(and(inArray(users.companyId, partnerIds), active))
    : [];
  const operators = await tx
    .select({ id: users.id, roles: users.operatorRoles, rights: users.rights })
    .from(users)
    .where(and(eq(users.accountType, 'OPER'), active));
  return {
    companyUserIds: company.map((u) => u.id),
    agentUserIdsByOffer: new Map(
      offers.map((o) => [o.id, agentUsers.filter((u) => u.companyId === o.partnerId).map((u) => u.id)]),
    ),
    operatorUserIds: operators
      .filter((o) => effectiveRights(o.roles, o.rights).includes('ORDERS_VIEW'))
      .map((o) => o.id),
  };
}

/**
 * Appends one ORDER_MSG event per change of order `orderId`, in `tx` (pass the writer's transaction), each to its
 * audience. A change without any recipient appends nothing.
 * @returns the number of events appended (0 for no changes, no recipients or an unknown order); their ids are
 *   assigned when `tx` commits (src/chat/events.ts).
 */
export async function appendOrderEvents(
  tx: DbOrTx,
  orderId: number,
  changes: readonly OrderChange[],
  now: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  const audience = await loadAudience(tx, orderId);
  if (!audience) return 0;
  const occurredAt = now.toISOString();
  const events = changes
    .map((c): NewChatEvent => {
      const payload: OrderEventPayload = {
        type: c.type,
        orderId,
        partnerOrderId: c.partnerOrderId ?? null,
        entityId: c.entityId ?? null,
        status: c.status ?? null,
        occurredAt,
      };
      return { recipients: orderEventRecipients(payload, audience), kind: ORDER_EVENT_KIND, payload: { ...payload } };
    })
    .filter((e) => e.recipients.length > 0);
  return appendChatEvents(tx, events);
}

/**
 * The changes of an applied deal plan, one per change: the order's status, each offer's status, each created offer
 * and bill, each bill's status, and the operator comment of an exit (OPER_REJECT / OPER_CLOSE with a comment).
 */
export function planChanges(
  plan: Plan,
  created: { createdOfferIds: readonly number[]; createdPayCheckIds: readonly number[] },
  commentId: number | null,
): OrderChange[] {
  const out: OrderChange[] = [];
  const u = plan.orderUpdate;
  if (u && u.from !== u.to) out.push({ type: 'ORDER_STATUS_CHANGED', status: u.to });
  for (const x of [...plan.offerUpdates].sort((a, b) => a.offerId - b.offerId))
    if (x.from !== x.to) out.push({ type: 'OFFER_STATUS_CHANGED', partnerOrderId: x.offerId, status: x.to });
  plan.offerCreates.forEach((c, i) =>
    out.push({ type: 'OFFER_CREATED', partnerOrderId: created.createdOfferIds[i], status: c.status }),
  );
  for (const x of [...plan.paymentUpdates].sort((a, b) => a.paymentId - b.paymentId))
    if (x.from !== x.to)
      out.push({ type: 'PAY_CHECK_STATUS_CHANGED', partnerOrderId: x.offerId, entityId: x.paymentId, status: x.to });
  plan.paymentCreates.forEach((c, i) =>
    out.push({
      type: 'PAY_CHECK_ADDED',
      partnerOrderId: c.offerId,
      entityId: created.createdPayCheckIds[i],
      status: c.status,
    }),
  );
  if (commentId !== null) out.push({ type: 'COMMENT_ADDED', entityId: commentId });
  return out;
}
