/**
 * The referral partner's read view of his clients' requests and his commissions (issue 11; docs/rest-api.md
 * "Re-login, requests and commissions"). Scope: the orders of the client companies with an ACTIVE link to the
 * partner's company, plus the orders whose consultant is one of the partner company's users (created by him for a
 * client, kept after the link ended). Never another partner's.
 */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { clientDisplayStatus, type Shown, type ClientDisplayStatus } from '@platform/domain/deal/display';
import { formatPercent } from '@platform/domain/deal/money';
import type { OfferStatus, OrderStatus } from '@platform/domain/deal/statuses';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { dealDocuments } from '../db/schema/deal.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import { referralClients, referralCommissions } from '../db/schema/referral.js';

/** Filter of the partner's order list. */
export interface AgentOrderFilter {
  partnerCompanyId: number;
  statuses?: readonly OrderStatus[];
  /** Order number (applied only when numeric). */
  number?: number;
  clientCompanyId?: number;
}

/** One order as the partner sees it. */
export interface AgentOrderRow {
  id: number;
  number: number;
  createdAt: string;
  status: OrderStatus;
  displayStatus: Shown<ClientDisplayStatus>;
  paymentType: string;
  amount: string;
  currency: string;
  client: { companyId: number; shortName: string; inn: string };
  documentsCount: number;
  commission: { amount: string; currency: string; percent: string } | null;
}

/** Documents the partner sees: those the payment agent sent to the client (SENT, CONFIRMED), no samples. */
const VISIBLE_DOC_STATUSES = ['SENT', 'CONFIRMED'];

/** The SQL condition of the partner's scope (module header). */
export function agentScope(partnerCompanyId: number): SQL {
  const linked = sql`${orders.companyId} in (select ${referralClients.clientCompanyId} from ${referralClients} where ${referralClients.partnerCompanyId} = ${partnerCompanyId} and ${referralClients.status} = 'ACTIVE')`;
  const consulted = sql`${orders.consultantUserId} in (select ${users.id} from ${users} where ${users.companyId} = ${partnerCompanyId})`;
  return or(linked, consulted)!;
}

function where(f: AgentOrderFilter): SQL {
  const parts: SQL[] = [agentScope(f.partnerCompanyId)];
  if (f.statuses?.length) parts.push(inArray(orders.status, [...f.statuses]));
  if (f.number !== undefined) parts.push(eq(orders.id, f.number));
  if (f.clientCompanyId !== undefined) parts.push(eq(orders.companyId, f.clientCompanyId));
  return and(...parts)!;
}

/** Number of orders under the filter. */
export async function countAgentOrders(db: DbOrTx, f: AgentOrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where(f));
  return Number(row?.n ?? 0);
}

/** A page of orders under the filter, newest first. */
export async function pageAgentOrders(
  db: DbOrTx,
  f: AgentOrderFilter,
  page: number,
  size: number,
): Promise<AgentOrderRow[]> {
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where(f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset(page * size);
  return loadAgentOrders(
    db,
    f.partnerCompanyId,
    ids.map((r) => r.id),
  );
}

/** The orders `ids` in the partner's scope, in the order of `ids` (those outside the scope are left out). */
export async function loadAgentOrders(
  db: DbOrTx,
  partnerCompanyId: number,
  ids: readonly number[],
): Promise<AgentOrderRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      o: orders,
      shortName: companies.shortName,
      inn: companies.inn,
      cAmount: referralCommissions.amount,
      cCurrency: referralCommissions.currency,
      cPercent: referralCommissions.percent,
      cPartner: referralCommissions.partnerCompanyId,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(referralCommissions, eq(referralCommissions.orderId, orders.id))
    .where(and(inArray(orders.id, [...ids]), agentScope(partnerCompanyId)));
  const offers = await db
    .select({
      orderId: partnerOrders.orderId,
      status: partnerOrders.status,
      partnerSignRequired: partnerOrders.partnerSignRequired,
    })
    .from(partnerOrders)
    .where(inArray(partnerOrders.orderId, [...ids]));
  const docs = await db
    .select({ orderId: dealDocuments.orderId, n: count() })
    .from(dealDocuments)
    .where(
      and(
        inArray(dealDocuments.orderId, [...ids]),
        inArray(dealDocuments.status, VISIBLE_DOC_STATUSES),
        inArray(dealDocuments.kind, ['OFFER_DOCS', 'FINAL_DOCS']),
      ),
    )
    .groupBy(dealDocuments.orderId);
  const docCount = new Map(docs.map((d) => [d.orderId, Number(d.n)]));
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const own = offers
      .filter((x) => x.orderId === id)
      .map((x) => ({ status: x.status as OfferStatus, partnerSignRequired: x.partnerSignRequired }));
    return [
      {
        id: r.o.id,
        number: r.o.number,
        createdAt: r.o.createdAt.toISOString(),
        status: r.o.status as OrderStatus,
        displayStatus: clientDisplayStatus(r.o.status as OrderStatus, own),
        paymentType: r.o.paymentType,
        amount: r.o.amount,
        currency: r.o.currency,
        client: { companyId: r.o.companyId, shortName: r.shortName, inn: r.inn },
        documentsCount: docCount.get(id) ?? 0,
        commission:
          r.cAmount !== null && r.cPartner === partnerCompanyId
            ? { amount: r.cAmount, currency: r.cCurrency!, percent: formatPercent(r.cPercent!) }
            : null,
      },
    ];
  });
}

/** The documents of an order the partner sees (names and statuses), oldest first. */
export async function agentOrderDocuments(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({
      id: dealDocuments.id,
      name: dealDocuments.name,
      kind: dealDocuments.kind,
      status: dealDocuments.status,
      createdAt: dealDocuments.createdAt,
    })
    .from(dealDocuments)
    .where(
      and(
        eq(dealDocuments.orderId, orderId),
        inArray(dealDocuments.status, VISIBLE_DOC_STATUSES),
        inArray(dealDocuments.kind, ['OFFER_DOCS', 'FINAL_DOCS']),
      ),
    )
    .orderBy(dealDocuments.id);
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    kind: d.kind as 'OFFER_DOCS' | 'FINAL_DOCS',
    status: d.status as 'SENT' | 'CONFIRMED',
    createdAt: d.createdAt.toISOString(),
  }));
}

/** One commission row of the partner. */
export interface AgentCommissionRow {
  id: number;
  orderId: number;
  client: { companyId: number; shortName: string };
  baseAmount: string;
  baseCurrency: string;
  percent: string;
  amount: string;
  currency: string;
  createdAt: string;
}

/** Number of the partner company's commissions. */
export async function countCommissions(db: DbOrTx, partnerCompanyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referralCommissions)
    .where(eq(referralCommissions.partnerCompanyId, partnerCompanyId));
  return Number(row?.n ?? 0);
}

/** A page of the partner company's commissions, newest first. */
export async function pageCommissions(
  db: DbOrTx,
  partnerCompanyId: number,
  page: number,
  size: number,
): Promise<AgentCommissionRow[]> {
  const rows = await db
    .select({ c: referralCommissions, shortName: companies.shortName })
    .from(referralCommissions)
    .innerJoin(companies, eq(companies.id, referralCommissions.clientCompanyId))
    .where(eq(referralCommissions.partnerCompanyId, partnerCompanyId))
    .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
    .limit(size)
    .offset(page * size);
  return rows.map(({ c, shortName }) => ({
    id: c.id,
    orderId: c.orderId,
    client: { companyId: c.clientCompanyId, shortName },
    baseAmount: c.baseAmount,
    baseCurrency: c.baseCurrency,
    percent: formatPercent(c.percent),
    amount: c.amount,
    currency: c.currency,
    createdAt: c.createdAt.toISOString(),
  }));
}
