/**
 * Reading orders for the API (docs/rest-api.md "Order"; spec core §3 "Request (order)", §7 Client order calls).
 * Every query is scoped by the caller's company id and built with the Drizzle query builder (parameterised).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared-statements.js';
import { companies, users } from '../../db/schema/core.js';
import { orders, orderStatusCounts, partnerOrderStatusCounts, storedFiles } from '../../db/schema/orders.js';
import { refTnved } from '../../db/schema/reference.js';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import { countryNameRu } from '../../reference/countries.js';
import { loadPartnerOrderViews, type PartnerOrderView } from '../../deal/views.js';
import type { OrderSortField } from './schemas.js';

/** Order as answered by the API (docs/rest-api.md "Order"). Money: decimal string + ISO 4217; times UTC ISO 8601. */
export interface OrderDto {
  id: number;
  number: number;
  created: string;
  paymentType: 'SENDING' | 'RECEIVING';
  amount: { cost: string; currency: string };
  counterparty: { countryCode: string; countryName: string; city: string; bankName: string; swift: string | null };
  tnvedCode: string;
  tnvedName: string | null;
  goodsLocation: 'IMPORTED' | 'NOT_IMPORTED';
  paymentDateFrom: string;
  paymentDateTo: string;
  comment: string | null;
  files: Array<{ id: string; name: string; size: number; contentType: string }>;
  client: { companyId: number; name: string; inn: string };
  consultant: { name: string; phone: string | null; email: string } | null;
  status: OrderStatus;
  statusDate: string;
  /** The payment agents' sides with offer details (hidden per spec core §4 for the client) and the active bill (deal/views.ts). */
  partnerOrders: PartnerOrderView[];
}

/** Filters of the client's list (spec core §7 "statuses, id"). */
export interface OrderFilter {
  companyId: number;
  /** Empty or absent: all statuses. */
  statuses?: OrderStatus[];
  /** Order number; absent: any. */
  number?: number;
}

/** A sort key of the list with its direction. */
export interface OrderSort {
  field: OrderSortField;
  direction: 'ASC' | 'DESC';
}

const SORT_COLUMNS = {
  created: orders.createdAt,
  number: orders.number,
  amount: orders.amount,
  status: orders.status,
} as const;

/**
 * Sort keys with an index per (company, status, key, id) (db/schema/orders.ts): a page of several statuses sorted by
 * one of them is merged from one index range per status.
 */
const MERGED_SORT_COLUMNS = { created: orders.createdAt, amount: orders.amount } as const;

function where(f: OrderFilter): SQL | undefined {
  const conds: SQL[] = [eq(orders.companyId, f.companyId)];
  if (f.statuses?.length) conds.push(inArray(orders.status, f.statuses));
  // `number` is generated as `id` (db/schema/orders.ts): the primary key finds it
  if (f.number !== undefined) conds.push(eq(orders.id, f.number));
  return and(...conds);
}

/**
 * Number of orders of company `companyId` (every company when null) whose status is one of `statuses` (any status
 * when undefined), read from the status counters (order_status_counts, kept by triggers; issue 15): a sum over at
 * most a few rows per status instead of a count over up to 1 000 000 orders. Exact in the caller's transaction.
 */
export async function countOrdersByStatus(
  db: DbOrTx,
  companyId: number | null,
  statuses?: readonly string[],
): Promise<number> {
  if (statuses && !statuses.length) return 0;
  // prepared once per database handle and shape (db/prepared-statements.ts): a list call builds no query for it
  const name = `order_status_sum${companyId !== null ? '_company' : ''}${statuses ? '_statuses' : ''}`;
  const [row] = await preparedFor(db, name, (d) => {
    const c = orderStatusCounts;
    const conds: SQL[] = [];
    if (companyId !== null) conds.push(eq(c.companyId, sql.placeholder('companyId')));
    if (statuses) conds.push(sql`${c.status} = any(${sql.placeholder('statuses')}::text[])`);
    return d
      .select({ n: sql<string | null>`sum(${c.n})` })
      .from(c)
      .where(conds.length ? and(...conds) : undefined)
      .prepare(name);
  }).execute({ companyId, statuses });
  return Number(row?.n ?? 0);
}

/**
 * Number of partner orders of the payment agent company `partnerCompanyId` whose offer status is one of `statuses`
 * (any when undefined), from the counters partner_order_status_counts (issue 15; as {@link countOrdersByStatus}).
 * An order has at most one partner order per agent, so with no statuses it is also the number of orders sent to it.
 */
export async function countPartnerOrdersByStatus(
  db: DbOrTx,
  partnerCompanyId: number,
  statuses?: readonly string[],
): Promise<number> {
  if (statuses && !statuses.length) return 0;
  const conds: SQL[] = [eq(partnerOrderStatusCounts.partnerCompanyId, partnerCompanyId)];
  if (statuses) conds.push(inArray(partnerOrderStatusCounts.status, [...statuses]));
  const [row] = await db
    .select({ n: sql<string | null>`sum(${partnerOrderStatusCounts.n})` })
    .from(partnerOrderStatusCounts)
    .where(and(...conds));
  return Number(row?.n ?? 0);
}

/** Number of orders matching `f` (the status counters when only statuses filter, else a count of the rows). */
export async function countOrders(db: DbOrTx, f: OrderFilter): Promise<number> {
  if (f.number === undefined) return countOrdersByStatus(db, f.companyId, f.statuses?.length ? f.statuses : undefined);
  return db.$count(orders, where(f));
}

/**
 * Ids of one page of orders matching `f`, sorted by `sort` (default created DESC) with id as the tie-breaker in the
 * direction of the first key. `page` is 0-based; `pageSize` rows.
 */
export async function pageOrderIds(
  db: DbOrTx,
  f: OrderFilter,
  sort: OrderSort[],
  page: number,
  pageSize: number,
): Promise<number[]> {
  const keys = sort.length ? sort : [{ field: 'created', direction: 'DESC' } as OrderSort];
  const statuses = [...new Set(f.statuses ?? [])];
  const merged = keys.length === 1 ? MERGED_SORT_COLUMNS[keys[0].field as keyof typeof MERGED_SORT_COLUMNS] : undefined;
  const params = {
    companyId: f.companyId,
    statuses,
    status: statuses[0],
    number: f.number,
    limit: pageSize,
    offset: page * pageSize,
    perStatus: (page + 1) * pageSize,
  };
  // Each shape of the query (sort keys, which filters) is built once per database handle and sent unnamed
  // (db/prepared-statements.ts): no query building per call, and PostgreSQL plans each call for its values (a
  // company's 50 000 orders or a few).
  if (merged && statuses.length > 1 && f.number === undefined) {
    // One index range per status ((company, status, key, id) indexes), each cut at (page + 1) × pageSize, merged and
    // cut in SQL (issue 15: a tab of several statuses sorted the company's thousands of rows).
    const name = `order_page_merged_${keys[0].field}_${keys[0].direction}`;
    const rows = await preparedFor(db, name, (d) => {
      const dir = sql.raw(keys[0].direction === 'ASC' ? 'asc' : 'desc');
      const x = sql.raw('x');
      return d
        .select({ id: sql<number>`${x}.id`.mapWith(Number) })
        .from(
          sql`unnest(${sql.placeholder('statuses')}::text[]) as s(status) cross join lateral (
            select ${orders.id} as id, ${merged} as k from ${orders}
            where ${orders.companyId} = ${sql.placeholder('companyId')} and ${orders.status} = s.status
            order by ${merged} ${dir}, ${orders.id} ${dir} limit ${sql.placeholder('perStatus')}
          ) ${x}`,
        )
        .orderBy(sql`${x}.k ${dir}`, sql`${x}.id ${dir}`)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    }).execute(params);
    return rows.map((r) => r.id);
  }
  const shape = `${statuses.length > 1 ? 'n' : statuses.length}${f.number === undefined ? '' : '#'}`;
  // up to two sort keys remembered (8 + 64 shapes of each filter shape); more are built for the call
  const name = keys.length > 2 ? null : `order_page_${shape}_${keys.map((k) => `${k.field}_${k.direction}`).join('_')}`;
  const rows = await preparedFor(db, name, (d) => {
    const conds: SQL[] = [eq(orders.companyId, sql.placeholder('companyId'))];
    // one status as an equality: (company, status, key, id) then gives the order without a sort
    if (statuses.length === 1) conds.push(eq(orders.status, sql.placeholder('status')));
    else if (statuses.length) conds.push(sql`${orders.status} = any(${sql.placeholder('statuses')}::text[])`);
    // `number` is generated as `id` (db/schema/orders.ts): the primary key finds it
    if (f.number !== undefined) conds.push(eq(orders.id, sql.placeholder('number')));
    const order = keys.map((k) => (k.direction === 'ASC' ? asc(SORT_COLUMNS[k.field]) : desc(SORT_COLUMNS[k.field])));
    order.push(keys[0].direction === 'ASC' ? asc(orders.id) : desc(orders.id));
    return d
      .select({ id: orders.id })
      .from(orders)
      .where(and(...conds))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
  }).execute(params);
  return rows.map((r) => r.id);
}

/**
 * Loads orders by id as API answers, in the order of `ids`; ids of other companies than `companyId` are left out
 * (pass null only for callers that checked access otherwise). `partnerOrders` of each order come from
 * deal/views.ts loadPartnerOrderViews for the whole page at once (one query per kind, never per row): as the client
 * sees them (offer details and bill hidden per spec core §4) when `companyId` is given, else as the operator sees
 * them; callers that already hold the views of these orders pass them as `views` (e.g. only an agent's own side; []
 * when the caller does not read `partnerOrders`). Statements per call: orders with their files, and the views (2,
 * both prepared once per database handle and run at once — the views of ids of another company are read but never
 * answered) — whatever the number of ids.
 */
export async function loadOrders(
  db: DbOrTx,
  ids: number[],
  companyId: number | null,
  views?: PartnerOrderView[],
): Promise<OrderDto[]> {
  if (!ids.length) return [];
  // Prepared once per database handle (db/prepared-statements.ts): the ids as one array parameter.
  const name = companyId === null ? 'orders_by_ids' : 'orders_by_ids_of_company';
  const reading = preparedFor(db, name, (d) =>
    d
      .select({
        o: orders,
        company: { id: companies.id, shortName: companies.shortName, inn: companies.inn },
        tnvedName: refTnved.name,
        consultant: {
          name: users.name,
          surname: users.surname,
          patronymic: users.patronymic,
          phone: users.phone,
          email: users.email,
        },
        // The order's files in the same statement (issue 15: one statement fewer per list page), oldest first.
        files: sql<OrderDto['files']>`coalesce((select json_agg(json_build_object('id', ${storedFiles.id}, 'name',
          ${storedFiles.originalName}, 'size', ${storedFiles.size}, 'contentType', ${storedFiles.contentType})
          order by ${storedFiles.createdAt}, ${storedFiles.originalName})
          from ${storedFiles} where ${storedFiles.orderId} = ${orders.id}), '[]'::json)`,
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(refTnved, eq(refTnved.code, orders.tnvedCode))
      .leftJoin(users, eq(users.id, orders.consultantUserId))
      .where(
        companyId === null
          ? sql`${orders.id} = any(${sql.placeholder('ids')}::bigint[])`
          : and(
              sql`${orders.id} = any(${sql.placeholder('ids')}::bigint[])`,
              eq(orders.companyId, sql.placeholder('companyId')),
            ),
      )
      .prepare(name),
  ).execute({ ids, companyId });
  // the partner orders beside the orders (separate pool connections): one round trip less in a page's chain
  const [rows, partners] = await Promise.all([
    reading,
    views ?? loadPartnerOrderViews(db, ids, { audience: companyId === null ? 'OPER' : 'CLIENT' }),
  ]);
  if (!rows.length) return [];

  const byId = new Map<number, OrderDto>();
  for (const { o, company, tnvedName, consultant, files } of rows) {
    byId.set(o.id, {
      id: o.id,
      number: o.number,
      created: o.createdAt.toISOString(),
      paymentType: o.paymentType as OrderDto['paymentType'],
      amount: { cost: o.amount, currency: o.currency },
      counterparty: {
        countryCode: o.countryCode,
        countryName: countryNameRu(o.countryCode),
        city: o.city,
        bankName: o.bankName,
        swift: o.swift,
      },
      tnvedCode: o.tnvedCode,
      tnvedName: tnvedName ?? null,
      goodsLocation: o.goodsLocation as OrderDto['goodsLocation'],
      paymentDateFrom: o.paymentDateFrom,
      paymentDateTo: o.paymentDateTo,
      comment: o.comment,
      files: typeof files === 'string' ? (JSON.parse(files) as OrderDto['files']) : files,
      client: { companyId: company.id, name: company.shortName, inn: company.inn },
      consultant:
        consultant && o.consultantUserId !== null
          ? {
              name: [consultant.surname, consultant.name, consultant.patronymic].filter(Boolean).join(' '),
              phone: consultant.phone,
              email: consultant.email,
            }
          : null,
      status: o.status as OrderStatus,
      statusDate: o.statusDate.toISOString(),
      partnerOrders: partners.filter((p) => p.orderId === o.id),
    });
  }
  return ids.map((id) => byId.get(id)).filter((x): x is OrderDto => !!x);
}
