/**
 * Tab counts of the order lists in ONE grouped query (issue 15): the client's tabs (spec core §4 "Client tabs") are
 * groups of order statuses, so one `GROUP BY status` answers every tab at once instead of one count per tab. It reads
 * the status counters (`order_status_counts`, kept by triggers on `orders`, migration 0011): a few rows per status of
 * the company, however many orders it has.
 */
import { eq, sql } from 'drizzle-orm';
import { CLIENT_TAB_STATUSES, clientTabOf, type ClientTab } from '@platform/domain/deal/display';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import type { DbOrTx } from '../db/client.js';
import { orderStatusCounts } from '../db/schema/orders.js';

/** Number of orders per client tab (spec core §4), every tab present (0 when empty). */
export type ClientTabCounts = Record<ClientTab, number>;

/**
 * The counts of the client tabs of company `companyId`'s orders: one `SELECT status, sum(n) … GROUP BY status` over the
 * status counters (index order_status_counts_key_idx), summed per tab with the domain's tab groups (`clientTabOf`).
 * Exact in the caller's transaction, like a count of the orders.
 */
export async function clientTabCounts(db: DbOrTx, companyId: number): Promise<ClientTabCounts> {
  const rows = await db
    .select({ status: orderStatusCounts.status, n: sql<string | null>`sum(${orderStatusCounts.n})` })
    .from(orderStatusCounts)
    .where(eq(orderStatusCounts.companyId, companyId))
    .groupBy(orderStatusCounts.status);
  const counts = Object.fromEntries(Object.keys(CLIENT_TAB_STATUSES).map((tab) => [tab, 0])) as ClientTabCounts;
  for (const r of rows) {
    const tab = clientTabOf(r.status as OrderStatus);
    if (tab) counts[tab] += Number(r.n ?? 0);
  }
  return counts;
}
