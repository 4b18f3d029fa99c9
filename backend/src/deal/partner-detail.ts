/**
 * The request as the payment agent sees it (spec core §7 partner GET order/exch/{id}): the order (docs/rest-api.md
 * "Order"), only the caller's own partner order, its offer with details hidden for the statuses of spec core §4
 * (domain/deal/display.ts offerDetailsHidden), the current bill, and the actions the caller may take now.
 * Also the bill queries of the partner routes.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { payChecks, type PayCheckRow } from '../db/schema/deal.js';
import { partnerOrders } from '../db/schema/orders.js';
import { availableActions } from '../domain/deal/apply.js';
import { offerDetailsHidden, partnerOfferLabel, partnerTabOf } from '@platform/domain/deal/display';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../errors.js';
import { loadOrders } from '../routes/orders/queries.js';
import { loadPartnerOrderViews } from './views.js';

/** Bills of a partner order, newest first. */
export async function payChecksOf(db: DbOrTx, partnerOrderId: number): Promise<PayCheckRow[]> {
  return db.select().from(payChecks).where(eq(payChecks.partnerOrderId, partnerOrderId)).orderBy(desc(payChecks.id));
}

/** The current bill: the newest one that is not ARCHIVED. */
export async function currentPayCheck(db: DbOrTx, partnerOrderId: number): Promise<PayCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(payChecks)
    .where(and(eq(payChecks.partnerOrderId, partnerOrderId), ne(payChecks.status, 'ARCHIVED')))
    .orderBy(desc(payChecks.id))
    .limit(1);
  return row;
}

/**
 * The detail answer (routes/partner/schemas.ts PartnerOrderDetailSchema); 404 when the order was not sent to the caller.
 * The caller's partner order is the shared read model of src/deal/views.ts (the same Offer, PayCheck shapes the client
 * and the operator get), with its offer details hidden for the statuses of spec core §4, plus the agent's label, tab
 * and refusal reason.
 */
export async function loadPartnerDetail(db: DbOrTx, partnerCompanyId: number, orderId: number) {
  const [po] = await db
    .select({ id: partnerOrders.id, rejectReason: partnerOrders.rejectReason })
    .from(partnerOrders)
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerCompanyId)));
  if (!po) throw AppError.notFound('Заявка не найдена');
  const own = await loadPartnerOrderViews(db, [orderId], { audience: 'PARTNER', partnerCompanyId });
  const [order] = await loadOrders(db, [orderId], null, own);
  const [view] = own;
  if (!order || !view) throw AppError.notFound('Заявка не найдена');
  const hidden = offerDetailsHidden(view.status);
  return {
    ...order,
    partnerOrders: [
      {
        ...view,
        offer: hidden ? null : view.offer,
        paycheck: hidden ? null : view.paycheck,
        statusLabel: partnerOfferLabel(view.status, order.status),
        tab: partnerTabOf(view.status),
        rejectReason: po.rejectReason,
      },
    ],
    // PARTNER_SAVE_OFFER (a draft) has no call in spec core §7, so it is not offered.
    actions: availableActions('PARTNER', { status: order.status as OrderStatus }, { status: view.status }).filter(
      (a) => a !== 'PARTNER_SAVE_OFFER',
    ),
  };
}
