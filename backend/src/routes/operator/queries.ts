/**
 * Operator-side reads of orders (spec core §3 "Operator-side order row"; §7 Operator "Orders: exch filter, count, GET").
 *
 * Operator tabs (spec core §4 names the operator's tabs in issue 3 — new, in work, in deals, in results, all — but not
 * their statuses; defined here by the order status, mirroring the payment agent's tabs and transitions.ts decision 8):
 *   new      VALIDATION                                  — waiting for an operator to take the check
 *   work     IN_VALIDATION, ACTIVE                       — being checked, or with the payment agents (scoring, offers)
 *   deals    OFFER_ACCEPTED, PAYMENT_CHECKING, EXECUTING — an offer was accepted: documents, payment, execution
 *   results  EXECUTED, REJECTED, CANCELED                — ended
 *   all      no filter
 * Filters: `id` = order number (only when numeric, §5); `client` = INN prefix when numeric, else words of the
 * company name (§5 "client search text that is numeric is treated as INN, otherwise as name"); `employee` = the
 * validator operator's user id; `partner` = company id of a payment agent the order was sent to.
 * Every value is a bound parameter; LIKE patterns escape % and _.
 */
import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared-statements.js';
import { companies, users } from '../../db/schema/core.js';
import { operatorComments } from '../../db/schema/deal.js';
import {
  orderAgentStatusCounts,
  orders,
  orderStatusCounts,
  orderValidatorStatusCounts,
  partnerOrders,
} from '../../db/schema/orders.js';
import { operatorDisplayStatus } from '@platform/domain/deal/display';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import type { PartnerOrderView } from '../../deal/views.js';
import { loadOrders, type OrderDto } from '../orders/queries.js';

export const OPER_TABS = ['new', 'work', 'deals', 'results', 'all'] as const;
export type OperTab = (typeof OPER_TABS)[number];

/** Order statuses per operator tab (module header); 'all' has none (no filter). */
export const OPER_TAB_STATUSES: Readonly<Record<Exclude<OperTab, 'all'>, readonly OrderStatus[]>> = {
  new: ['VALIDATION'],
  work: ['IN_VALIDATION', 'ACTIVE'],
  deals: ['OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING'],
  results: ['EXECUTED', 'REJECTED', 'CANCELED'],
};

export interface OperFilter {
  tab?: OperTab;
  statuses?: OrderStatus[];
  number?: number;
  client?: string;
  employee?: number;
  partner?: number;
}

export const OPER_SORT_FIELDS = ['created', 'number', 'amount', 'status', 'statusDate'] as const;
export type OperSortField = (typeof OPER_SORT_FIELDS)[number];
const SORT_COLUMNS = {
  created: orders.createdAt,
  number: orders.number,
  amount: orders.amount,
  status: orders.status,
  statusDate: orders.statusDate,
} as const;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The client filter (module header) as the shape of its condition — '' none, 'i' an INN prefix, 'w<k>' k name words —
 * and the placeholder values of {@link clientCond}.
 */
function clientFilter(client: string | undefined): { shape: string; params: Record<string, string> } {
  const c = client?.trim();
  if (!c) return { shape: '', params: {} };
  if (/^\d+$/.test(c)) return { shape: 'i', params: { inn: `${escapeLike(c)}%` } };
  const words = c.split(/\s+/);
  return {
    shape: `w${words.length}`,
    params: Object.fromEntries(words.map((w, i) => [`w${i}`, `%${escapeLike(w)}%`])),
  };
}

/** The client filter's condition on `companies` for a {@link clientFilter} shape (placeholders), or undefined. */
function clientCond(shape: string): SQL | undefined {
  if (!shape) return undefined;
  return shape === 'i'
    ? like(companies.inn, sql.placeholder('inn'))
    : // each word in the short or the full name, case-insensitively: `ilike` on either, as one `like` on the generated
      // lower-cased names (companies.name_search; ilike lower-cases both sides the same way in a UTF-8 database)
      and(
        ...Array.from(
          { length: Number(shape.slice(1)) },
          (_, i) => sql`${companies.nameSearch} like lower(${sql.placeholder(`w${i}`)})`,
        ),
      );
}

/**
 * The shape of `f`'s conditions other than the tab and statuses (which filters; the client filter's kind and words)
 * and their placeholder values: a statement is prepared once per database handle and shape (db/prepared-statements.ts;
 * issue 15: no query building per list call). `cached` is false for a name of more than 4 words (shapes not kept).
 */
function otherShape(f: OperFilter): { shape: string; params: Record<string, unknown>; cached: boolean } {
  const client = clientFilter(f.client);
  return {
    shape: `${f.number !== undefined ? 'n' : ''}${f.employee !== undefined ? 'e' : ''}${client.shape}${f.partner !== undefined ? 'a' : ''}`,
    params: { number: f.number, employee: f.employee, partner: f.partner, ...client.params },
    cached: !/^w/.test(client.shape) || Number(client.shape.slice(1)) <= 4,
  };
}

/** The conditions of `f` other than the tab and statuses, as placeholders of {@link otherShape}. */
function otherConds(f: OperFilter): SQL[] {
  const conds: SQL[] = [];
  // `number` is generated as `id` (db/schema/orders.ts): the primary key finds it
  if (f.number !== undefined) conds.push(eq(orders.id, sql.placeholder('number')));
  if (f.employee !== undefined) conds.push(eq(orders.validatorUserId, sql.placeholder('employee')));
  const client = clientCond(clientFilter(f.client).shape);
  if (client) conds.push(sql`${orders.companyId} in (select ${companies.id} from ${companies} where ${client})`);
  if (f.partner !== undefined) {
    conds.push(
      sql`exists (select 1 from ${partnerOrders} where ${partnerOrders.orderId} = ${orders.id} and ${partnerOrders.partnerCompanyId} = ${sql.placeholder('partner')})`,
    );
  }
  return conds;
}

/**
 * The order statuses `f` allows: its tab's intersected with `statuses`; undefined when any status (tab 'all', no
 * statuses), empty when none (a tab and statuses that do not meet).
 */
export function operStatusesOf(f: Pick<OperFilter, 'tab' | 'statuses'>): readonly OrderStatus[] | undefined {
  let statuses: readonly OrderStatus[] | undefined = f.tab && f.tab !== 'all' ? OPER_TAB_STATUSES[f.tab] : undefined;
  if (f.statuses?.length)
    statuses = statuses ? statuses.filter((s) => f.statuses!.includes(s)) : [...new Set(f.statuses)];
  return statuses;
}

/**
 * Number of orders per order status among those matching `f` with status one of `statuses` (any when undefined), in
 * ONE statement (issue 15; `f.tab` and `f.statuses` are not read — pass {@link operStatusesOf}). A filter of at most one
 * of client, employee and payment agent (and no number) reads status counters — a few rows per key however many
 * orders: every order by (validator, status) (`order_validator_status_counts`, whose sum over validators is every
 * order), the employee's, the agent's by ORDER status (`order_agent_status_counts`; an order has at most one partner
 * order per agent), the matching client companies' (`order_status_counts`); any other filter groups the rows.
 * Statuses without orders are absent. Exact in the caller's transaction.
 */
export async function countOperOrdersByStatus(
  db: DbOrTx,
  f: OperFilter,
  statuses?: readonly OrderStatus[],
): Promise<Map<OrderStatus, number>> {
  const out = new Map<OrderStatus, number>();
  if (statuses && !statuses.length) return out;
  const other = otherShape(f);
  const client = clientFilter(f.client).shape;
  const given = [f.number !== undefined, f.employee !== undefined, !!client, f.partner !== undefined].filter(Boolean);
  const inStatuses = (col: AnyPgColumn) =>
    statuses ? sql`${col} = any(${sql.placeholder('statuses')}::text[])` : undefined;
  const params = { ...other.params, statuses: statuses ? [...new Set(statuses)] : undefined };
  const st = statuses ? '_s' : '';
  let rows: Array<{ status: string; n: string | number | null }>;
  // counter sums: named statements (the plan does not depend on the values); a count of rows: unnamed (it does)
  if (given.length === 0 || (given.length === 1 && f.employee !== undefined)) {
    const name = `oper_count_v${other.shape}${st}`;
    rows = await preparedFor(db, name, (d) => {
      const c = orderValidatorStatusCounts;
      return d
        .select({ status: c.status, n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(
          and(
            f.employee !== undefined ? eq(c.validatorUserId, sql.placeholder('employee')) : undefined,
            inStatuses(c.status),
          ),
        )
        .groupBy(c.status)
        .prepare(name);
    }).execute(params);
  } else if (given.length === 1 && f.partner !== undefined) {
    const name = `oper_count_a${st}`;
    rows = await preparedFor(db, name, (d) => {
      const c = orderAgentStatusCounts;
      return d
        .select({ status: c.status, n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(and(eq(c.partnerCompanyId, sql.placeholder('partner')), inStatuses(c.status)))
        .groupBy(c.status)
        .prepare(name);
    }).execute(params);
  } else if (given.length === 1 && client) {
    const name = other.cached ? `oper_count_c${other.shape}${st}` : null;
    rows = await preparedFor(db, name, (d) => {
      const c = orderStatusCounts;
      return d
        .select({ status: c.status, n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(
          and(
            sql`${c.companyId} in (select ${companies.id} from ${companies} where ${clientCond(client)})`,
            inStatuses(c.status),
          ),
        )
        .groupBy(c.status)
        .prepare('');
    }).execute(params);
  } else {
    const name = other.cached ? `oper_count_rows_${other.shape}${st}` : null;
    rows = await preparedFor(db, name, (d) =>
      d
        .select({ status: orders.status, n: sql<string>`count(*)` })
        .from(orders)
        .where(and(inStatuses(orders.status), ...otherConds(f)))
        .groupBy(orders.status)
        .prepare(''),
    ).execute(params);
  }
  for (const r of rows) {
    const n = Number(r.n ?? 0);
    if (n) out.set(r.status as OrderStatus, n);
  }
  return out;
}

/**
 * Number of orders matching `f` (any company: operators see all, spec core §6): the sum of
 * {@link countOperOrdersByStatus} over the statuses of the tab and `statuses` — one statement, from the status
 * counters unless several of number, client, employee and payment agent filter (issue 15).
 */
export async function countOperOrders(db: DbOrTx, f: OperFilter): Promise<number> {
  let n = 0;
  for (const v of (await countOperOrdersByStatus(db, f, operStatusesOf(f))).values()) n += v;
  return n;
}

/** Number of orders per operator tab (module header) and in all, every tab present (0 when empty). */
export type OperTabCounts = Record<OperTab, number>;

/**
 * The count of every operator tab for the filter `f` (its `tab` is not read; `statuses` further restricts every tab
 * as in .../filter/count): one {@link countOperOrdersByStatus} statement, summed per tab (issue 15).
 */
export async function operTabCounts(db: DbOrTx, f: OperFilter): Promise<OperTabCounts> {
  const byStatus = await countOperOrdersByStatus(db, f, operStatusesOf({ statuses: f.statuses }));
  const counts = Object.fromEntries(OPER_TABS.map((t) => [t, 0])) as OperTabCounts;
  for (const [status, n] of byStatus) {
    counts.all += n;
    for (const tab of OPER_TABS) if (tab !== 'all' && OPER_TAB_STATUSES[tab].includes(status)) counts[tab] += n;
  }
  return counts;
}

/**
 * Ids of one page (0-based), default created DESC, ties by id. In that default order with several statuses (the
 * work, deals and results tabs) the page is merged from one index range per status (issue 15: `status in (…) order by
 * created_at` cannot be read in order from one range; walking every order by created_at skipped up to 52 000 rows of
 * other statuses): `(… where status = s order by created_at desc, id desc limit k) union all …`, then the top rows.
 * `byStatus`, when given, is {@link countOperOrdersByStatus} of the same filter: statuses it does not list are left out.
 */
export async function pageOperOrderIds(
  db: DbOrTx,
  f: OperFilter,
  sort: Array<{ field: OperSortField; direction: 'ASC' | 'DESC' }>,
  page: number,
  pageSize: number,
  byStatus?: Map<OrderStatus, number>,
): Promise<number[]> {
  const keys = sort.length ? sort : [{ field: 'created' as const, direction: 'DESC' as const }];
  let statuses = operStatusesOf(f);
  // statuses without a matching order need no walk (e.g. the agent's orders in VALIDATION: none, among 20 000)
  if (statuses && byStatus) statuses = statuses.filter((s) => byStatus.has(s));
  if (statuses && !statuses.length) return [];
  const newestFirst = keys.length === 1 && keys[0].field === 'created' && keys[0].direction === 'DESC';
  const other = otherShape(f);
  const params: Record<string, unknown> = {
    ...other.params,
    statuses,
    limit: pageSize,
    offset: page * pageSize,
    perStatus: (page + 1) * pageSize,
  };
  statuses?.forEach((s, i) => (params[`s${i}`] = s));
  // Each shape is built once per database handle and sent unnamed (db/prepared-statements.ts): no query building per
  // call, and PostgreSQL plans each call for its values.
  if (statuses && statuses.length > 1 && newestFirst) {
    const name = other.cached ? `oper_page_merged_${statuses.length}_${other.shape}` : null;
    const rows = await preparedFor(db, name, (d) => {
      const branch = (i: number) =>
        d
          .select({ id: orders.id, createdAt: orders.createdAt })
          .from(orders)
          .where(and(eq(orders.status, sql.placeholder(`s${i}`)), ...otherConds(f)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(sql.placeholder('perStatus'));
      const [a, b, ...more] = statuses.map((_, i) => branch(i));
      return unionAll(a, b, ...more)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    }).execute(params);
    return rows.map((r) => r.id);
  }
  const st = !statuses ? '' : statuses.length === 1 ? 's' : 'm';
  const name =
    other.cached && keys.length <= 2
      ? `oper_page_${st}_${other.shape}_${keys.map((k) => `${k.field}_${k.direction}`).join('_')}`
      : null;
  const rows = await preparedFor(db, name, (d) => {
    const order = keys.map((k) => (k.direction === 'ASC' ? asc(SORT_COLUMNS[k.field]) : desc(SORT_COLUMNS[k.field])));
    order.push(keys[0].direction === 'ASC' ? asc(orders.id) : desc(orders.id));
    const rest = otherConds(f);
    // one status as an equality, so that the (status, created_at, id) index gives the order without a sort
    if (st === 's') rest.unshift(eq(orders.status, sql.placeholder('s0')));
    else if (st === 'm') rest.unshift(sql`${orders.status} = any(${sql.placeholder('statuses')}::text[])`);
    return d
      .select({ id: orders.id })
      .from(orders)
      .where(rest.length ? and(...rest) : undefined)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
  }).execute(params);
  return rows.map((r) => r.id);
}

/** The operator-side order (spec core §3 "Operator-side order row") with the request data and derived status. */
export interface OperOrderDto {
  orderId: number;
  clientId: number;
  clientName: string;
  inn: string;
  dateTimeCreate: string;
  lastOperComment: { name: string; dateTimeCreate: string; comment: string } | null;
  partnerOrders: PartnerOrderView[];
  status: OrderStatus;
  statusDate: string;
  validator: { userId: number; name: string; surname: string; patronymic: string | null; email: string } | null;
  displayStatus: { code: string; label: string };
  order: OrderDto;
}

/** One operator comment (spec core §3 operator-side row "lastOperComment" shape): author "Surname Name", UTC ISO time. */
export interface OperCommentDto {
  id: number;
  name: string;
  dateTimeCreate: string;
  comment: string;
}

/**
 * Every operator comment of an order, newest first (ties by id): plain comments (POST {id}/comment) and the reasons
 * of reject / close, which are stored as comments too (deal/repository.ts).
 */
export async function loadOperatorComments(db: DbOrTx, orderId: number): Promise<OperCommentDto[]> {
  const rows = await db
    .select({
      id: operatorComments.id,
      text: operatorComments.text,
      at: operatorComments.createdAt,
      name: users.name,
      surname: users.surname,
    })
    .from(operatorComments)
    .innerJoin(users, eq(users.id, operatorComments.authorUserId))
    .where(eq(operatorComments.orderId, orderId))
    .orderBy(desc(operatorComments.createdAt), desc(operatorComments.id));
  return rows.map((c) => ({
    id: c.id,
    name: [c.surname, c.name].filter(Boolean).join(' '),
    dateTimeCreate: c.at.toISOString(),
    comment: c.text,
  }));
}

/** Active operators (data role OPER, status ACTIVE), by surname, name and id (spec core §7 Operator "GET /users"). */
export async function loadActiveOperators(
  db: DbOrTx,
): Promise<Array<{ id: number; name: string; surname: string; patronymic: string | null; email: string }>> {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      patronymic: users.patronymic,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.accountType, 'OPER'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
}

/**
 * Loads operator-side orders by id, in the order of `ids` (absent ids left out). Three independent reads at once
 * (issue 15: a page costs the longest chain of round trips, not their sum), each prepared once per database handle
 * (db/prepared-statements.ts): the orders with their partner orders (routes/orders/queries.ts loadOrders: two
 * statements, also at once), the validators, the operator comments.
 */
export async function loadOperOrders(db: DbOrTx, ids: number[]): Promise<OperOrderDto[]> {
  if (!ids.length) return [];
  const [base, validators, comments] = await Promise.all([
    loadOrders(db, ids, null),
    preparedFor(db, 'oper_order_validators', (d) =>
      d
        .select({
          orderId: orders.id,
          id: users.id,
          name: users.name,
          surname: users.surname,
          patronymic: users.patronymic,
          email: users.email,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.validatorUserId))
        .where(sql`${orders.id} = any(${sql.placeholder('ids')}::bigint[])`)
        .prepare('oper_order_validators'),
    ).execute({ ids }),
    preparedFor(db, 'oper_order_comments', (d) =>
      d
        .select({
          orderId: operatorComments.orderId,
          text: operatorComments.text,
          at: operatorComments.createdAt,
          name: users.name,
          surname: users.surname,
          id: operatorComments.id,
        })
        .from(operatorComments)
        .innerJoin(users, eq(users.id, operatorComments.authorUserId))
        .where(sql`${operatorComments.orderId} = any(${sql.placeholder('ids')}::bigint[])`)
        .orderBy(desc(operatorComments.createdAt), desc(operatorComments.id))
        .prepare('oper_order_comments'),
    ).execute({ ids }),
  ]);
  return base.map((o) => {
    const v = validators.find((x) => x.orderId === o.id);
    const c = comments.find((x) => x.orderId === o.id);
    const mine = o.partnerOrders;
    const shown = operatorDisplayStatus(o.status, mine);
    return {
      orderId: o.id,
      clientId: o.client.companyId,
      clientName: o.client.name,
      inn: o.client.inn,
      dateTimeCreate: o.created,
      lastOperComment: c
        ? { name: [c.surname, c.name].filter(Boolean).join(' '), dateTimeCreate: c.at.toISOString(), comment: c.text }
        : null,
      partnerOrders: mine,
      status: o.status,
      statusDate: o.statusDate,
      validator: v
        ? { userId: v.id, name: v.name, surname: v.surname, patronymic: v.patronymic, email: v.email }
        : null,
      displayStatus: { code: shown.code, label: shown.label },
      order: o,
    };
  });
}
