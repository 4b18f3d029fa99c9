/**
 * The referral partner's commission of an executed deal (issue 11; docs/rest-api.md "Referral partner commission";
 * the rule itself: `@platform/domain/referral/commission`). Stored in `referral_commissions` when the order becomes
 * EXECUTED, in the transaction of that transition (deal/repository.ts runTransition), once per order (unique
 * order_id; a second call is a no-op).
 */
import { and, asc, eq } from 'drizzle-orm';
import { commissionTotals, referralCommission } from '@platform/domain/referral/commission';
import type { DbOrTx } from '../db/client.js';
import { referralPartnerProfiles } from '../db/schema/admin.js';
import { partnerOrderOffers } from '../db/schema/deal.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import { referralClients, referralCommissions } from '../db/schema/referral.js';

/**
 * Records the commission of the executed order `orderId` when its client company has an ACTIVE referral link: base =
 * the executed offer's service fee in its currency, percent = the partner's commission_percent now (0 without a
 * profile). Returns the stored row's amount, or null when nothing was recorded (no link, no offer details, or already
 * recorded).
 */
export async function recordReferralCommission(
  tx: DbOrTx,
  args: { orderId: number; partnerOrderId: number | null; now: Date },
): Promise<{ amount: string; currency: string } | null> {
  const [order] = await tx.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, args.orderId));
  if (!order) return null;
  const [link] = await tx
    .select({ partnerCompanyId: referralClients.partnerCompanyId })
    .from(referralClients)
    .where(and(eq(referralClients.clientCompanyId, order.companyId), eq(referralClients.status, 'ACTIVE')));
  if (!link) return null;
  const [offer] = await tx
    .select({
      partnerOrderId: partnerOrders.id,
      serviceFee: partnerOrderOffers.serviceFee,
      currency: partnerOrderOffers.paymentCurrency,
    })
    .from(partnerOrders)
    .innerJoin(partnerOrderOffers, eq(partnerOrderOffers.partnerOrderId, partnerOrders.id))
    .where(
      and(
        eq(partnerOrders.orderId, args.orderId),
        args.partnerOrderId !== null ? eq(partnerOrders.id, args.partnerOrderId) : eq(partnerOrders.status, 'EXECUTED'),
      ),
    )
    .orderBy(asc(partnerOrders.id))
    .limit(1);
  if (!offer) return null;
  const [profile] = await tx
    .select({ percent: referralPartnerProfiles.commissionPercent })
    .from(referralPartnerProfiles)
    .where(eq(referralPartnerProfiles.companyId, link.partnerCompanyId));
  const c = referralCommission({
    serviceFee: offer.serviceFee,
    currency: offer.currency,
    percent: profile?.percent ?? null,
  });
  if (!c) return null;
  const inserted = await tx
    .insert(referralCommissions)
    .values({
      orderId: args.orderId,
      partnerOrderId: offer.partnerOrderId,
      partnerCompanyId: link.partnerCompanyId,
      clientCompanyId: order.companyId,
      baseAmount: c.baseAmount,
      baseCurrency: c.baseCurrency,
      percent: c.percent,
      amount: c.amount,
      currency: c.currency,
      createdAt: args.now,
    })
    .onConflictDoNothing({ target: referralCommissions.orderId })
    .returning({ amount: referralCommissions.amount, currency: referralCommissions.currency });
  return inserted[0] ?? null;
}

/**
 * Sums of a partner company's commissions per currency (decimal strings with 2 decimals), currencies A→Z — exact
 * decimal sums of `@platform/domain/referral/commission` commissionTotals.
 */
export async function commissionTotalsOf(
  db: DbOrTx,
  partnerCompanyId: number,
): Promise<{ amount: string; currency: string }[]> {
  const rows = await db
    .select({ currency: referralCommissions.currency, amount: referralCommissions.amount })
    .from(referralCommissions)
    .where(eq(referralCommissions.partnerCompanyId, partnerCompanyId));
  return commissionTotals(rows).map((t) => ({ amount: t.amount, currency: t.currency }));
}
