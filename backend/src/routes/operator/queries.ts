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
import { and, asc, desc, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, users } from '../../db/schema/core.js';
import { operatorComments } from '../../db/schema/deal.js';
import { orders, partnerOrders } from '../../db/schema/orders.js';
import { operatorDisplayStatus } from '@platform/domain/deal/display';
import type { OrderStatus } from '@platform/domain/deal/statuses';
import { loadPartnerOrderViews, type PartnerOrderView } from '../../deal/views.js';
import { countOrdersByStatus, countPartnerOrdersByStatus, loadOrders, type OrderDto } from '../orders/queries.js';

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

function where(f: OperFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.tab && f.tab !== 'all') conds.push(inArray(orders.status, [...OPER_TAB_STATUSES[f.tab]]));
  if (f.statuses?.length) conds.push(inArray(orders.status, f.statuses));
  // `number` is generated as `id` (db/schema/orders.ts): the primary key finds it
  if (f.number !== undefined) conds.push(eq(orders.id, f.number));
  if (f.employee !== undefined) conds.push(eq(orders.validatorUserId, f.employee));
  const client = f.client?.trim();
  if (client) {
    const cond = /^\d+$/.test(client)
      ? like(companies.inn, `${escapeLike(client)}%`)
      : and(
          ...client
            .split(/\s+/)
            .map(
              (w) =>
                sql`(${ilike(companies.shortName, `%${escapeLike(w)}%`)} or ${ilike(companies.fullName, `%${escapeLike(w)}%`)})`,
            ),
        );
    conds.push(sql`${orders.companyId} in (select ${companies.id} from ${companies} where ${cond})`);
  }
  if (f.partner !== undefined) {
    conds.push(
      sql`exists (select 1 from ${partnerOrders} where ${partnerOrders.orderId} = ${orders.id} and ${partnerOrders.partnerCompanyId} = ${f.partner})`,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/**
 * Number of orders matching `f` (any company: operators see all, spec core §6). With only a tab and statuses it is a
 * sum of the status counters, with only a payment agent one of the agent's partner-order counters (issue 15; an order
 * has at most one partner order per agent); any other filter counts the rows.
 */
export async function countOperOrders(db: DbOrTx, f: OperFilter): Promise<number> {
  const other = f.number !== undefined || f.employee !== undefined || !!f.client?.trim();
  if (!other && f.partner === undefined) {
    let statuses: readonly OrderStatus[] | undefined = f.tab && f.tab !== 'all' ? OPER_TAB_STATUSES[f.tab] : undefined;
    if (f.statuses?.length) statuses = statuses ? statuses.filter((s) => f.statuses!.includes(s)) : f.statuses;
    return countOrdersByStatus(db, null, statuses);
  }
  if (!other && f.partner !== undefined && (!f.tab || f.tab === 'all') && !f.statuses?.length)
    return countPartnerOrdersByStatus(db, f.partner);
  return db.$count(orders, where(f));
}

/** Ids of one page (0-based), default created DESC, ties by id. */
export async function pageOperOrderIds(
  db: DbOrTx,
  f: OperFilter,
  sort: Array<{ field: OperSortField; direction: 'ASC' | 'DESC' }>,
  page: number,
  pageSize: number,
): Promise<number[]> {
  const keys = sort.length ? sort : [{ field: 'created' as const, direction: 'DESC' as const }];
  const order = keys.map((k) => (k.direction === 'ASC' ? asc(SORT_COLUMNS[k.field]) : desc(SORT_COLUMNS[k.field])));
  order.push(keys[0].direction === 'ASC' ? asc(orders.id) : desc(orders.id));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where(f))
    .orderBy(...order)
    .limit(pageSize)
    .offset(page * pageSize);
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

/** Loads operator-side orders by id, in the order of `ids` (absent ids left out). */
export async function loadOperOrders(db: DbOrTx, ids: number[]): Promise<OperOrderDto[]> {
  if (!ids.length) return [];
  const pos = await loadPartnerOrderViews(db, ids, { audience: 'OPER' });
  const base = await loadOrders(db, ids, null, pos);
  if (!base.length) return [];
  const found = base.map((o) => o.id);
  const meta = await db
    .select({ id: orders.id, validatorUserId: orders.validatorUserId })
    .from(orders)
    .where(inArray(orders.id, found));
  const validatorIds = [...new Set(meta.flatMap((m) => (m.validatorUserId !== null ? [m.validatorUserId] : [])))];
  const validators = validatorIds.length
    ? await db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          patronymic: users.patronymic,
          email: users.email,
        })
        .from(users)
        .where(inArray(users.id, validatorIds))
    : [];
  const comments = await db
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
    .where(inArray(operatorComments.orderId, found))
    .orderBy(desc(operatorComments.createdAt), desc(operatorComments.id));
  return base.map((o) => {
    const v = validators.find((x) => x.id === meta.find((m) => m.id === o.id)?.validatorUserId);
    const c = comments.find((x) => x.orderId === o.id);
    const mine = pos.filter((p) => p.orderId === o.id);
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
