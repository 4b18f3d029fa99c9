/**
 * Reads of the payment agent's order calls (spec core §7 "Payment agent (partner)": order/exch/filter, filter/count,
 * GET order/exch/{id}; §3 "Partner-side order row"; §4 "Payment agent tabs").
 *
 * Scoping (spec core §6; issue 3 "a payment agent sees only the orders sent to it"): every query joins
 * `partner_orders` on the caller's company, so an order not sent to the caller does not exist for it (404, never 403).
 * All SQL is built with the Drizzle query builder (parameterised); money stays `numeric` → decimal strings.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { preparedFor } from '../db/prepared-statements.js';
import {
  orders,
  partnerOrderCountryCounts,
  partnerOrders,
  partnerOrderStatusCounts,
  partnerOrderTermCounts,
} from '../db/schema/orders.js';
import {
  offerDetailsHidden,
  partnerTabFilter,
  partnerTabOf,
  partnerOfferLabel,
  type PartnerTab,
} from '@platform/domain/deal/display';
import { loadOrders, type OrderDto } from '../routes/orders/queries.js';
import { loadPartnerOrderViews, type OfferDetails, type PartnerOrderView, type PayCheckView } from './views.js';
import type { OfferStatus, OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../errors.js';

/** Filters of the agent's list (spec core §2 "filters by number, counterparty country, payment term"; §4 tabs). */
export interface PartnerOrderFilter {
  partnerCompanyId: number;
  /** Offer statuses to list (a tab); absent: all; empty: none. */
  statuses?: readonly OfferStatus[];
  /** Order number (applied only when numeric, spec core §5). */
  number?: number;
  /** ISO 3166-1 alpha-2 of the counterparty. */
  countryCode?: string;
  /** Payment term filter 'YYYY-MM-DD': orders whose term [from, to] overlaps [termFrom, termTo] (either end open). */
  termFrom?: string;
  termTo?: string;
}

export const PARTNER_SORT_FIELDS = ['created', 'number', 'amount', 'status', 'paymentDateFrom'] as const;
export type PartnerSortField = (typeof PARTNER_SORT_FIELDS)[number];
export interface PartnerSort {
  field: PartnerSortField;
  direction: 'ASC' | 'DESC';
}

/**
 * The sort keys: the order's fields the list sorts by are read from their copies on partner_orders (migration
 * 0015_partner_order_fields), so that a page is one index range of the agent's partner orders; only the amount needs
 * the order row. `number` is the order id (the generated `number` equals `id`).
 */
const SORT_COLUMNS = {
  created: partnerOrders.orderCreatedAt,
  number: partnerOrders.orderId,
  amount: orders.amount,
  status: partnerOrders.status,
  paymentDateFrom: partnerOrders.orderPaymentDateFrom,
} as const;

/** Statuses of a tab name, or the explicit list; `tab` wins when both are given and differ is the caller's problem. */
export function statusesOf(
  tab: PartnerTab | undefined,
  statuses: readonly OfferStatus[] | undefined,
): readonly OfferStatus[] | undefined {
  if (tab && tab !== 'all') {
    const t = partnerTabFilter(tab)!;
    return statuses?.length ? t.filter((s) => statuses.includes(s)) : t;
  }
  return statuses?.length ? statuses : undefined;
}

/**
 * The conditions of `f` on partner_orders alone (no join), as Drizzle placeholders named as in {@link paramsOf}: the
 * order's country and payment term are the copies kept on the partner order by triggers (migration 0015), equal to the
 * order's in every transaction. Without `statuses` when `withStatuses` is false (the per-status page ranges and the
 * grouped counts add their own). The SQL text depends only on {@link shapeOf}`(f, withStatuses)`.
 */
function where(f: PartnerOrderFilter, withStatuses = true): SQL {
  const conds: SQL[] = [eq(partnerOrders.partnerCompanyId, sql.placeholder('agent'))];
  if (withStatuses && f.statuses) {
    // one status as an equality, so that an (agent, status, …) index gives the order without a sort
    if (!f.statuses.length) conds.push(eq(partnerOrders.id, -1));
    else if (f.statuses.length === 1) conds.push(eq(partnerOrders.status, sql.placeholder('status')));
    else conds.push(sql`${partnerOrders.status} = any(${sql.placeholder('statuses')}::text[])`);
  }
  // `number` is generated as the order id
  if (f.number !== undefined) conds.push(eq(partnerOrders.orderId, sql.placeholder('number')));
  if (f.countryCode) conds.push(eq(partnerOrders.orderCountryCode, sql.placeholder('country')));
  // Range overlap: the order's term ends on/after the filter's start and starts on/before the filter's end.
  if (f.termFrom) conds.push(gte(partnerOrders.orderPaymentDateTo, sql.placeholder('termFrom')));
  if (f.termTo) conds.push(lte(partnerOrders.orderPaymentDateFrom, sql.placeholder('termTo')));
  return and(...conds)!;
}

/**
 * Which of `f`'s filters {@link where} writes (statuses: none, empty, one or several; number, country, term ends): the
 * shape of a statement prepared once per database handle (db/prepared-statements.ts; issue 15: no query building per
 * list call).
 */
function shapeOf(f: PartnerOrderFilter, withStatuses = true): string {
  const n = f.statuses?.length;
  const st = !withStatuses || n === undefined ? '' : n === 0 ? 'e' : n === 1 ? 's' : 'm';
  return `${st}${f.number !== undefined ? 'n' : ''}${f.countryCode ? 'c' : ''}${f.termFrom ? 'f' : ''}${f.termTo ? 't' : ''}`;
}

/** The placeholder values of {@link where} and the counters' statements for `f`. */
function paramsOf(f: PartnerOrderFilter) {
  return {
    agent: f.partnerCompanyId,
    status: f.statuses?.[0],
    statuses: f.statuses ? [...new Set(f.statuses)] : undefined,
    number: f.number,
    country: f.countryCode,
    termFrom: f.termFrom,
    termTo: f.termTo,
  };
}

/** True when the counters answer `f`'s count: no number, and a country or a payment term (a ≤ b) but not both. */
function countedByCounters(f: PartnerOrderFilter): boolean {
  if (f.number !== undefined) return false;
  const term = !!(f.termFrom || f.termTo);
  if (term && f.countryCode) return false;
  return !(f.termFrom && f.termTo && f.termFrom > f.termTo);
}

/**
 * Number of the agent's partner orders per offer status matching `f` apart from its `statuses`, in ONE statement
 * (issue 15), from counters kept by triggers (a few rows per key, exact in the caller's transaction) when
 * {@link countedByCounters}: no order filter — partner_order_status_counts; the country — partner_order_country_counts;
 * the payment term [a, b] — partner_order_term_counts, #(term ends on/after a) − #(term starts after b) (an order
 * whose term starts after b ≥ a also ends after a), or without a the total minus the latter. Otherwise a
 * `count(*) … GROUP BY status` over the agent's matching partner orders (an index range: a number, or a country with a
 * term).
 */
async function countByStatus(db: DbOrTx, f: PartnerOrderFilter): Promise<Map<string, number>> {
  let rows: Array<{ status: string; n: string | number | null }>;
  const params = paramsOf(f);
  const agent = sql.placeholder('agent');
  if (!countedByCounters(f)) {
    const name = `po_count_by_status_${shapeOf(f, false)}`;
    rows = await preparedFor(db, name, (d) =>
      d
        .select({ status: partnerOrders.status, n: count() })
        .from(partnerOrders)
        .where(where(f, false))
        .groupBy(partnerOrders.status)
        .prepare(name),
    ).execute(params);
  } else if (f.countryCode) {
    const c = partnerOrderCountryCounts;
    rows = await preparedFor(db, 'po_country_counts', (d) =>
      d
        .select({ status: c.status, n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(and(eq(c.partnerCompanyId, agent), eq(c.countryCode, sql.placeholder('country'))))
        .groupBy(c.status)
        .prepare('po_country_counts'),
    ).execute(params);
  } else if (f.termFrom || f.termTo) {
    const name = `po_term_counts_${f.termFrom ? 'f' : ''}${f.termTo ? 't' : ''}`;
    rows = await preparedFor(db, name, (d) => {
      const t = partnerOrderTermCounts;
      const parts: SQL[] = [];
      if (f.termFrom)
        parts.push(sql`select ${t.status} as status, ${t.n} as n from ${t}
          where ${t.partnerCompanyId} = ${agent} and ${t.bound} = 'TO' and ${t.day} >= ${sql.placeholder('termFrom')}`);
      else
        parts.push(sql`select ${partnerOrderStatusCounts.status} as status, ${partnerOrderStatusCounts.n} as n
          from ${partnerOrderStatusCounts} where ${partnerOrderStatusCounts.partnerCompanyId} = ${agent}`);
      if (f.termTo)
        parts.push(sql`select ${t.status} as status, -${t.n} as n from ${t}
          where ${t.partnerCompanyId} = ${agent} and ${t.bound} = 'FROM' and ${t.day} > ${sql.placeholder('termTo')}`);
      const x = sql.raw('d');
      return d
        .select({ status: sql<string>`${x}.status`, n: sql<string | null>`sum(${x}.n)` })
        .from(sql`(${sql.join(parts, sql` union all `)}) ${x}`)
        .groupBy(sql`${x}.status`)
        .prepare(name);
    }).execute(params);
  } else {
    const c = partnerOrderStatusCounts;
    rows = await preparedFor(db, 'po_status_counts', (d) =>
      d
        .select({ status: c.status, n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(eq(c.partnerCompanyId, agent))
        .groupBy(c.status)
        .prepare('po_status_counts'),
    ).execute(params);
  }
  return new Map(rows.map((r) => [r.status, Number(r.n ?? 0)]));
}

/** Number of the agent's orders matching `f` (an agent has at most one partner order per order). */
export async function countPartnerOrders(db: DbOrTx, f: PartnerOrderFilter): Promise<number> {
  if (f.statuses && !f.statuses.length) return 0;
  if (!countedByCounters(f)) {
    // one number, or a country with a term: a count of the matching rows (one index range)
    const name = `po_count_${shapeOf(f)}`;
    const [row] = await preparedFor(db, name, (d) =>
      d.select({ n: count() }).from(partnerOrders).where(where(f)).prepare(name),
    ).execute(paramsOf(f));
    return row?.n ?? 0;
  }
  let n = 0;
  for (const [status, k] of await countByStatus(db, f))
    if (!f.statuses || f.statuses.includes(status as OfferStatus)) n += k;
  return n;
}

/** Number of the agent's orders in each tab (spec core §4 "Payment agent tabs") and in all of them. */
export type PartnerTabCounts = Record<PartnerTab, number>;

/**
 * The counts of every agent tab for the filter `f` (its `statuses`, if any, narrow each tab as `statusesOf` does) in
 * one statement (issue 15): what POST …/filter/count answers for each tab, summed per tab with the domain's tab groups.
 */
export async function partnerTabCounts(db: DbOrTx, f: PartnerOrderFilter): Promise<PartnerTabCounts> {
  const counts: PartnerTabCounts = { all: 0, new: 0, working: 0, deals: 0, results: 0 };
  if (f.statuses && !f.statuses.length) return counts;
  for (const [status, n] of await countByStatus(db, f)) {
    if (f.statuses && !f.statuses.includes(status as OfferStatus)) continue;
    const tab = partnerTabOf(status as OfferStatus) as Exclude<PartnerTab, 'all'> | undefined;
    if (!tab) continue; // not an offer status of spec core §4 (never written: the routes check the transitions)
    counts[tab] += n;
    counts.all += n;
  }
  return counts;
}

/** A row of the agent's list (spec core §3 "Partner-side order row"), plus number, created, tab and label. */
export interface PartnerOrderRowDto {
  orderId: number;
  number: number;
  created: string;
  amount: string;
  currencyCode: string;
  clientName: string;
  clientInn: string;
  countryCode: string;
  partnerSignRequired: boolean;
  paymentDateFrom: string;
  paymentDateTo: string;
  paymentType: 'SENDING' | 'RECEIVING';
  /** The caller's offer status (spec core §4 "Offer statuses"). */
  status: OfferStatus;
  statusLabel: string;
  tab: Exclude<PartnerTab, 'all'>;
  orderStatus: OrderStatus;
  // ---- The caller's own side in full (deal/views.ts), so a list needs no detail call per row.
  /** The caller's partner order id. */
  partnerOrderId: number;
  /** Time of the last status change of the caller's side. */
  statusDate: string | null;
  /** The caller's offer; null while none was sent or while hidden (ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER). */
  offer: OfferDetails | null;
  /** The active bill of the caller's offer, or null (hidden as `offer`). */
  paycheck: PayCheckView | null;
  /** The caller's refusal reason, or null. */
  rejectReason: string | null;
  // ---- The order fields of GET order/exch/{id} that the row lacked (spec core §3 "Request (order)").
  clientId: number;
  countryName: string;
  city: string;
  bankName: string;
  swift: string | null;
  tnvedCode: string;
  tnvedName: string | null;
  goodsLocation: 'IMPORTED' | 'NOT_IMPORTED';
  comment: string | null;
  files: OrderDto['files'];
  consultant: OrderDto['consultant'];
  orderStatusDate: string;
}

/**
 * The order ids of one page of the agent's partner orders, in the page's order (issue 15: each is one index range of
 * the agent's partner orders, migrations 0015–0016; the order id, not the partner order's, so that the ranges that
 * hold the filtered columns are read index-only). A tab sorted by created with no other filter reads one range per
 * offer status ((agent, status, order created, order id) index, LIMIT (page + 1) × pageSize each), merged and cut in
 * SQL — one IN list cannot be read in created order from one range, and sorting a tab's thousands of rows took up to
 * 86 ms; with a country, term or number filter the planner walks that filter's range instead.
 */
async function pagePartnerOrderIds(
  db: DbOrTx,
  f: PartnerOrderFilter,
  keys: PartnerSort[],
  page: number,
  pageSize: number,
): Promise<number[]> {
  const ascending = keys[0].direction === 'ASC';
  const orderFilter = f.number !== undefined || f.countryCode || f.termFrom || f.termTo;
  const params = { ...paramsOf(f), limit: pageSize, offset: page * pageSize, perStatus: (page + 1) * pageSize };
  // Each shape is built once per database handle and sent unnamed (db/prepared-statements.ts): no query building per
  // call, and PostgreSQL plans each call for its values.
  if (keys.length === 1 && keys[0].field === 'created' && !orderFilter && f.statuses && new Set(f.statuses).size > 1) {
    const name = `po_page_merged_${ascending ? 'asc' : 'desc'}`;
    const rows = await preparedFor(db, name, (d) => {
      const dir = sql.raw(ascending ? 'asc' : 'desc');
      const x = sql.raw('x');
      return d
        .select({ orderId: sql<number>`${x}.order_id`.mapWith(Number) })
        .from(
          sql`unnest(${sql.placeholder('statuses')}::text[]) as s(status) cross join lateral (
            select ${partnerOrders.orderCreatedAt} as created, ${partnerOrders.orderId} as order_id
            from ${partnerOrders} where ${where(f, false)} and ${partnerOrders.status} = s.status
            order by ${partnerOrders.orderCreatedAt} ${dir}, ${partnerOrders.orderId} ${dir}
            limit ${sql.placeholder('perStatus')}
          ) ${x}`,
        )
        .orderBy(sql`${x}.created ${dir}`, sql`${x}.order_id ${dir}`)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    }).execute(params);
    return rows.map((r) => r.orderId);
  }
  // up to two sort keys remembered; more are built for the call
  const name =
    keys.length > 2 ? null : `po_page_${shapeOf(f)}_${keys.map((k) => `${k.field}_${k.direction}`).join('_')}`;
  const rows = await preparedFor(db, name, (d) => {
    const order = keys.map((k) => (k.direction === 'ASC' ? asc(SORT_COLUMNS[k.field]) : desc(SORT_COLUMNS[k.field])));
    order.push(ascending ? asc(partnerOrders.orderId) : desc(partnerOrders.orderId));
    const base = d.select({ orderId: partnerOrders.orderId }).from(partnerOrders).$dynamic();
    // only the amount is not copied onto partner_orders
    const q = keys.some((k) => k.field === 'amount')
      ? base.innerJoin(orders, eq(orders.id, partnerOrders.orderId))
      : base;
    return q
      .where(where(f))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
  }).execute(params);
  return rows.map((r) => r.orderId);
}

/**
 * One page of the agent's rows, sorted by `sort` (default created DESC) with the order id as tie-breaker in the
 * direction of the first key; `page` 0-based.
 */
export async function pagePartnerOrders(
  db: DbOrTx,
  f: PartnerOrderFilter,
  sort: PartnerSort[],
  page: number,
  pageSize: number,
): Promise<PartnerOrderRowDto[]> {
  const keys = sort.length ? sort : [{ field: 'created', direction: 'DESC' } as PartnerSort];
  const pageIds = await pagePartnerOrderIds(db, f, keys, page, pageSize);
  if (!pageIds.length) return [];
  // The caller's sides and the orders of the whole page at once (both need only the ids): two prepared statements
  // (deal/views.ts, routes/orders/queries.ts), never per row, in one round trip; the order's fields of a row are those
  // of GET order/exch/{id}, its side's those of the caller's view (issue 15: the rows were read a second time).
  const [views, orderDtos] = await Promise.all([
    loadPartnerOrderViews(db, pageIds, { audience: 'PARTNER', partnerCompanyId: f.partnerCompanyId }),
    loadOrders(db, pageIds, null, []),
  ]);
  const sideOf = new Map(views.map((v) => [v.orderId, v]));
  const orderOf = new Map(orderDtos.map((o) => [o.id, o]));
  return pageIds.flatMap((id) => {
    const view = sideOf.get(id);
    const order = orderOf.get(id);
    return view && order ? [partnerRow(order, view)] : [];
  });
}

/** A row of the agent's list from its order (as GET order/exch/{id} reads it) and the caller's side of it. */
function partnerRow(order: OrderDto, view: PartnerOrderView): PartnerOrderRowDto {
  const status = view.status;
  const hidden = offerDetailsHidden(status);
  return {
    orderId: order.id,
    number: order.number,
    created: order.created,
    amount: order.amount.cost,
    currencyCode: order.amount.currency,
    clientName: order.client.name,
    clientInn: order.client.inn,
    countryCode: order.counterparty.countryCode,
    partnerSignRequired: view.partnerSignRequired,
    paymentDateFrom: order.paymentDateFrom,
    paymentDateTo: order.paymentDateTo,
    paymentType: order.paymentType,
    status,
    statusLabel: partnerOfferLabel(status, order.status),
    tab: partnerTabOf(status),
    orderStatus: order.status,
    partnerOrderId: view.id,
    statusDate: view.statusDate,
    offer: hidden ? null : view.offer,
    paycheck: hidden ? null : view.paycheck,
    rejectReason: view.rejectReason,
    clientId: order.client.companyId,
    countryName: order.counterparty.countryName,
    city: order.counterparty.city,
    bankName: order.counterparty.bankName,
    swift: order.counterparty.swift,
    tnvedCode: order.tnvedCode,
    tnvedName: order.tnvedName,
    goodsLocation: order.goodsLocation,
    comment: order.comment,
    files: order.files,
    consultant: order.consultant,
    orderStatusDate: order.statusDate,
  };
}

/** The caller's side of an order (its partner_orders row) with the order, or 404 when the order was not sent to it. */
export async function findPartnerOrder(db: DbOrTx, partnerCompanyId: number, orderId: number) {
  const [row] = await db
    .select({ order: orders, offer: partnerOrders })
    .from(partnerOrders)
    .innerJoin(orders, eq(orders.id, partnerOrders.orderId))
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerCompanyId)));
  if (!row) throw AppError.notFound('Заявка не найдена');
  return row;
}
