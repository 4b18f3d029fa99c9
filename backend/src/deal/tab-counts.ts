/**
 * Tab counts of the order lists in ONE grouped query (issue 15): the client's tabs (spec core §4 "Client tabs") are
 * groups of order statuses, so one `GROUP BY status` over the company's orders answers every tab at once instead of one
 * `count(*)` per tab.
 */
import { count, eq } from 'drizzle-orm';
import { CLIENT_TAB_STATUSES, clientTabOf, type ClientTab } from '@platform/domain/deal/display';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema/orders.js';

/** Number of orders per client tab (spec core §4), every tab present (0 when empty). */
export type ClientTabCounts = Record<ClientTab, number>;

/**
 * The counts of the client tabs of company `companyId`'s orders: one `SELECT status, count(*) … GROUP BY status`
 * (index orders_company_status_idx), summed per tab with the domain's tab groups (`clientTabOf`).
 */
export async function clientTabCounts(db: DbOrTx, companyId: number): Promise<ClientTabCounts> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .groupBy(orders.status);
  const counts = Object.fromEntries(Object.keys(CLIENT_TAB_STATUSES).map((tab) => [tab, 0])) as ClientTabCounts;
  for (const r of rows) counts[clientTabOf(r.status as OrderStatus)] += Number(r.n);
  return counts;
}
