/**
 * The scheduled job of spec core §4 exits: "an offer expires if the client does not accept in time". An offer in
 * SEND_OFFER of an ACTIVE order whose payment term (partner_order_offers.payment_date_to, a Moscow calendar day) is
 * over becomes REFUSE_OPER with the system comment (src/domain/deal/expiry.ts, transitions.ts decision 7); the order
 * stays ACTIVE.
 *
 * `runExpiry(db, now)` takes the clock as a parameter so tests call it with the app clock. Each expired offer is
 * applied in its own transaction with compare-and-set (deal/repository.ts applyPlan): an offer the client accepts at
 * the same moment either wins (the expiry then loses its compare-and-set and is skipped) or loses (409 for the
 * client). `startExpiryJob` runs it every `intervalMs` (server.ts), never twice at once, and is stopped by the
 * returned function.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { partnerOrderOffers } from '../db/schema/deal.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import { expiredOffers, type ExpiryCandidate } from '../domain/deal/expiry.js';
import { businessToday } from '../domain/orders.js';
import type { OfferStatus, OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../errors.js';
import { applyPlan } from './repository.js';
import { startPeriodicJob } from '../periodic-job.js';

/** Default period of the job: one minute (the term ends at a day boundary; a minute late is fine). */
export const EXPIRY_INTERVAL_MS = 60_000;

/** How many due partner orders one statement of {@link runExpiry} reads (by id) with their offers and orders. */
const EXPIRY_READ_SLICE = 1000;

/** What one run did: the partner order ids expired, and those skipped because they moved meanwhile. */
export interface ExpiryRun {
  expired: number[];
  skipped: number[];
}

/** Expires every offer whose payment term is over at `now` (module header). Never throws for a lost race. */
export async function runExpiry(db: Db, now: Date): Promise<ExpiryRun> {
  const today = businessToday(now);
  // only the offers whose term is over (issue 15: at data scale tens of thousands are in SEND_OFFER, and reading each
  // into the loop below every minute kept the event loop busy for seconds); expiredOffers checks it again. First their
  // ids by one range of partner_orders_send_offer_term_idx (the offer's term copied onto partner_orders, migration
  // 0024; usually none), then those rows — not a join of every SEND_OFFER partner order with its offer and order
  // (the planner cannot tell from the statistics that few SEND_OFFER terms are over, and chose that join).
  const due = await db
    .select({ id: partnerOrders.id })
    .from(partnerOrders)
    .where(and(eq(partnerOrders.status, 'SEND_OFFER'), lt(partnerOrders.offerPaymentDateTo, today)));
  const rows = [];
  // in slices (a backlog of thousands stays far below the bind parameter limit)
  for (let i = 0; i < due.length; i += EXPIRY_READ_SLICE) {
    const ids = due.slice(i, i + EXPIRY_READ_SLICE).map((d) => d.id);
    rows.push(
      ...(await db
        .select({
          orderId: orders.id,
          orderStatus: orders.status,
          orderVersion: orders.version,
          offerId: partnerOrders.id,
          offerStatus: partnerOrders.status,
          offerVersion: partnerOrders.version,
          partnerId: partnerOrders.partnerCompanyId,
          paymentTo: partnerOrderOffers.paymentDateTo,
        })
        .from(partnerOrders)
        .innerJoin(orders, eq(orders.id, partnerOrders.orderId))
        .innerJoin(partnerOrderOffers, eq(partnerOrderOffers.partnerOrderId, partnerOrders.id))
        .where(
          and(
            inArray(partnerOrders.id, ids),
            eq(partnerOrders.status, 'SEND_OFFER'),
            eq(orders.status, 'ACTIVE'),
            lt(partnerOrderOffers.paymentDateTo, today),
          ),
        )),
    );
  }
  const candidates: ExpiryCandidate[] = rows.map((r) => ({
    order: { id: r.orderId, status: r.orderStatus as OrderStatus, version: r.orderVersion },
    offer: {
      id: r.offerId,
      status: r.offerStatus as OfferStatus,
      version: r.offerVersion,
      partnerId: r.partnerId,
      paymentTo: r.paymentTo,
    },
  }));
  const out: ExpiryRun = { expired: [], skipped: [] };
  for (const { orderId, offerId, plan } of expiredOffers(candidates, now)) {
    try {
      await db.transaction((tx) =>
        applyPlan(tx, plan, { orderId, actorId: null, actorRole: 'SYSTEM', now, targetOfferId: offerId }),
      );
      out.expired.push(offerId);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 409) out.skipped.push(offerId);
      else throw e;
    }
  }
  return out;
}

/**
 * Starts the job: runs `runExpiry(db, clock.now())` every `intervalMs`, skipping a tick while the previous run is
 * still going; errors are reported to `log` and do not stop the job. Returns `stop()`.
 */
export function startExpiryJob(
  db: Db,
  clock: { now(): Date },
  opts: { intervalMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): () => void {
  return startPeriodicJob(
    async () => {
      const r = await runExpiry(db, clock.now());
      return r.expired.length ? `offers expired: ${r.expired.join(', ')}` : null;
    },
    { intervalMs: opts.intervalMs ?? EXPIRY_INTERVAL_MS, failure: 'offer expiry failed', log: opts.log },
  );
}
