/**
 * Offer expiry (spec core §4 exits: "an offer expires if the client does not accept in time"), without I/O: a
 * scheduled job reads the offers in SEND_OFFER with their orders, calls expiredOffers with its clock, and applies each
 * plan with compare-and-set like any other transition (apply.ts). An offer the client accepts at the same moment
 * either wins (then the expiry plan's expected version no longer matches and is dropped) or loses.
 *
 * The payment term is a range of calendar days (spec core §3 "payment term", partnerOrders offer paymentFrom /
 * paymentTo, 'YYYY-MM-DD'). It ends with its last day in the platform's business time zone (Moscow, as
 * domain/orders.ts businessToday): the offer has expired once that business day is over, i.e. when today in Moscow
 * is after `paymentTo`.
 */
import { businessToday } from '../orders.js';
import { planTransition, type OfferSnapshot, type Plan } from './apply.js';
import type { OrderStatus } from '@platform/domain/deal/statuses';

/** An offer the job looked at, with its order. `paymentTo`: last day of the offer's payment term, 'YYYY-MM-DD'. */
export interface ExpiryCandidate {
  order: { id: number; status: OrderStatus; version: number };
  offer: OfferSnapshot & { paymentTo: string };
}

/** True when the payment term that ends on day `paymentTo` ('YYYY-MM-DD') is over at instant `now` (Moscow days). */
export function paymentTermEnded(paymentTo: string, now: Date, timeZone = 'Europe/Moscow'): boolean {
  return businessToday(now, timeZone) > paymentTo;
}

/**
 * The OFFER_EXPIRE plans for the candidates that have expired at `now` (the clock is a parameter, so tests set it):
 * offers in SEND_OFFER of an ACTIVE order whose payment term ended before `now`. Each plan moves the offer to
 * REFUSE_OPER (transitions.ts decision 7) with the system comment, actor SYSTEM, `at` = now (UTC ISO 8601), and
 * does not lock the order, so several offers of one order expire independently. Candidates in any other state
 * are skipped (nothing to expire). Returns them in input order.
 */
export function expiredOffers(
  candidates: readonly ExpiryCandidate[],
  now: Date,
): { orderId: number; offerId: number; plan: Plan }[] {
  const out: { orderId: number; offerId: number; plan: Plan }[] = [];
  for (const c of candidates) {
    if (c.offer.status !== 'SEND_OFFER' || !paymentTermEnded(c.offer.paymentTo, now)) continue;
    const { paymentTo: _paymentTo, ...offer } = c.offer;
    const plan = planTransition('OFFER_EXPIRE', {
      actorRole: 'SYSTEM',
      actorId: null,
      order: c.order,
      offer,
      otherOffers: [],
      now,
    });
    if (plan.ok) out.push({ orderId: c.order.id, offerId: c.offer.id, plan });
  }
  return out;
}
