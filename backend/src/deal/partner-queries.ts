/**
 * Reads of the payment agent's order calls (spec core §7 "Payment agent (partner)": order/exch/filter, filter/count,
 * GET order/exch/{id}; §3 "Partner-side order row"; §4 "Payment agent tabs").
 *
 * Scoping (spec core §6; issue 3 "a payment agent sees only the orders sent to it"): every query joins
 * `partner_orders` on the caller's company, so an order not sent to the caller does not exist for it (404, never 403).
 * All SQL is built with the Drizzle query builder (parameterised); money stays `numeric` → decimal strings.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/core.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import {
  offerDetailsHidden,
  partnerTabFilter,
  partnerTabOf,
  partnerOfferLabel,
  type PartnerTab,
} from '@platform/domain/deal/display';
import { loadOrders, type OrderDto } from '../routes/orders/queries.js';
import { loadPartnerOrderViews, type OfferDetails, type PayCheckView } from './views.js';
import type { OfferStatus, OrderStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../errors.js';

/** Filters of the agent's list (spec core §2 "filters by number, counterparty country, payment term"; §4 tabs). */
export interface PartnerOrderFilter {
  partnerCompanyId: number;
  /** Offer statuses to list (a tab); absent or empty: all. */
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

const SORT_COLUMNS = {
  created: orders.createdAt,
  number: orders.number,
  amount: orders.amount,
  status: partnerOrders.status,
  paymentDateFrom: orders.paymentDateFrom,
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

function where(f: PartnerOrderFilter): SQL | undefined {
  const conds: SQL[] = [eq(partnerOrders.partnerCompanyId, f.partnerCompanyId)];
  if (f.statuses)
    conds.push(f.statuses.length ? inArray(partnerOrders.status, [...f.statuses]) : eq(partnerOrders.id, -1));
  if (f.number !== undefined) conds.push(eq(orders.number, f.number));
  if (f.countryCode) conds.push(eq(orders.countryCode, f.countryCode));
  // Range overlap: the order's term ends on/after the filter's start and starts on/before the filter's end.
  if (f.termFrom) conds.push(gte(orders.paymentDateTo, f.termFrom));
  if (f.termTo) conds.push(lte(orders.paymentDateFrom, f.termTo));
  return and(...conds);
}

/** Number of the agent's orders matching `f`. */
export async function countPartnerOrders(db: DbOrTx, f: PartnerOrderFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerOrders)
    .innerJoin(orders, eq(orders.id, partnerOrders.orderId))
    .where(where(f));
  return row?.n ?? 0;
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
  const order = keys.map((k) => (k.direction === 'ASC' ? asc(SORT_COLUMNS[k.field]) : desc(SORT_COLUMNS[k.field])));
  order.push(keys[0].direction === 'ASC' ? asc(orders.id) : desc(orders.id));
  const rows = await db
    .select({ o: orders, po: partnerOrders, clientName: companies.shortName, clientInn: companies.inn })
    .from(partnerOrders)
    .innerJoin(orders, eq(orders.id, partnerOrders.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(where(f))
    .orderBy(...order)
    .limit(pageSize)
    .offset(page * pageSize);
  // The caller's sides and the orders of the whole page: a fixed number of queries (views 3, orders 2), not per row.
  const ids = rows.map((r) => r.o.id);
  const views = await loadPartnerOrderViews(db, ids, { audience: 'PARTNER', partnerCompanyId: f.partnerCompanyId });
  const full = new Map((await loadOrders(db, ids, null, views)).map((o) => [o.id, o]));
  return rows.map(({ o, po, clientName, clientInn }) => {
    const status = po.status as OfferStatus;
    const view = views.find((v) => v.id === po.id);
    const hidden = offerDetailsHidden(status);
    const order = full.get(o.id)!;
    return {
      orderId: o.id,
      number: o.number,
      created: o.createdAt.toISOString(),
      amount: o.amount,
      currencyCode: o.currency,
      clientName,
      clientInn,
      countryCode: o.countryCode,
      partnerSignRequired: po.partnerSignRequired,
      paymentDateFrom: o.paymentDateFrom,
      paymentDateTo: o.paymentDateTo,
      paymentType: o.paymentType as PartnerOrderRowDto['paymentType'],
      status,
      statusLabel: partnerOfferLabel(status, o.status as OrderStatus),
      tab: partnerTabOf(status),
      orderStatus: o.status as OrderStatus,
      partnerOrderId: po.id,
      statusDate: po.statusDate?.toISOString() ?? null,
      offer: hidden ? null : (view?.offer ?? null),
      paycheck: hidden ? null : (view?.paycheck ?? null),
      rejectReason: po.rejectReason,
      clientId: o.companyId,
      countryName: order.counterparty.countryName,
      city: o.city,
      bankName: o.bankName,
      swift: o.swift,
      tnvedCode: o.tnvedCode,
      tnvedName: order.tnvedName,
      goodsLocation: o.goodsLocation as PartnerOrderRowDto['goodsLocation'],
      comment: o.comment,
      files: order.files,
      consultant: order.consultant,
      orderStatusDate: o.statusDate.toISOString(),
    };
  });
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
