/**
 * Order reports for integrators (issue 12 "Reporting"; docs/integrators.md; routes/reports): role-scoped, filtered
 * order lists with keyset pagination over (created_at, id), grouped aggregates computed by ONE SQL query, and the
 * page source of the streamed CSV export.
 *
 * Scope: CLIENT → his company's orders; PARTNER (payment agent) → the orders sent to his company, with his partner
 * order's status and display code; OPER (right ORDERS_VIEW, checked by the route) → all orders.
 *
 * Definitions (documented in docs/integrators.md):
 * - "updated" = the order's last change: greatest(order status date, every partner order's status date or creation,
 *   every offer's last edit).
 * - The accepted offer = the client's leading offer once it reached ACCEPTED (ACCEPTED … EXECUTED); for a payment
 *   agent only his own partner order's offer. `fee` = its total client fee, `serviceFee` = the platform's share
 *   (both in the order currency). "Commission" (aggregates `commissionSum`) = the platform's service fee of the
 *   accepted offer.
 * - Operators also get the referral partner's commission of the order (referral_commissions, written when the deal
 *   is executed, in the order currency) and its sum (`referralCommissionSum`).
 * - Display status: the caller's role's display status (reports/display-sql.ts, from @platform/domain/deal/display).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_DISPLAY_STATUSES,
  HIDDEN_DETAILS_OFFER_STATUSES,
  PARTNER_DISPLAY_CODES,
} from '@platform/domain/deal/display';
import { OFFER_STATUSES, ORDER_STATUSES } from '@platform/domain/deal/statuses';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import {
  ACCEPTED_OFFER_STATUSES,
  CLIENT_DISPLAY_SQL,
  CLIENT_LEAD_JOIN,
  OPERATOR_DISPLAY_SQL,
  OPERATOR_LEAD_JOIN,
  PARTNER_DISPLAY_SQL,
} from './display-sql.js';

export type ReportScope =
  { role: 'CLIENT'; companyId: number } | { role: 'PARTNER'; companyId: number } | { role: 'OPER' };

export interface ReportFilter {
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  status?: string[];
  displayStatus?: string[];
  currency?: string[];
  paymentType?: string;
  countryCode?: string[];
  paymentAgentId?: number[];
}

export const REPORT_GROUP_BY = ['CURRENCY', 'STATUS', 'MONTH', 'PAYMENT_AGENT'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BY)[number];

/** Stable error codes of the reports (400). */
export const REPORT_ERRORS = {
  filter: 'REPORT_FILTER_INVALID',
  cursor: 'REPORT_CURSOR_INVALID',
} as const;

export interface ReportPaymentAgent {
  id: number;
  name: string;
  /** The agent's partner order (offer) status, spec core §4. */
  status: string;
}

export interface ReportOrderItem {
  id: number;
  /** Opaque keyset cursor of this row (pass as `after` to continue after it). */
  cursor: string;
  number: number;
  createdAt: string;
  updatedAt: string;
  status: string;
  displayStatus: string;
  partnerOrderStatus: string | null;
  paymentType: string;
  amount: string;
  currency: string;
  countryCode: string;
  city: string;
  bankName: string;
  companyId: number;
  companyName: string;
  paymentAgents: ReportPaymentAgent[];
  acceptedPaymentAgentId: number | null;
  fee: string | null;
  serviceFee: string | null;
  /** OPER only: the referral partner's commission of the order (referral_commissions), in the order currency. */
  referralCommission: string | null;
}

export interface ReportPage {
  items: ReportOrderItem[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export interface ReportAggregateRow {
  key: string;
  currency: string;
  count: number;
  amountSum: string;
  commissionSum: string;
  feeSum: string;
  /** OPER only (else '0'): sum of the referral partners' commissions (referral_commissions). */
  referralCommissionSum: string;
}

const lit = (values: readonly string[]): SQL => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function bad(message: string, code: string = REPORT_ERRORS.filter): AppError {
  return new AppError(400, code, message);
}

/** Parses a UTC ISO 8601 instant of a filter; 400 REPORT_FILTER_INVALID otherwise. */
function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value);
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!ok || Number.isNaN(d.getTime()))
    throw bad(`Параметр ${name}: ожидается дата и время UTC в формате ISO 8601, например 2026-01-31T00:00:00Z`);
  return d;
}

/** Checks the filter (dates, ranges, NUL bytes); the schema has checked the enumerations already. */
export function checkFilter(f: ReportFilter): void {
  for (const [k, v] of Object.entries(f))
    for (const s of Array.isArray(v) ? v : [v])
      if (typeof s === 'string' && s.includes('\u0000')) throw bad(`Параметр ${k} содержит недопустимый символ`);
  for (const [from, to] of [
    ['createdFrom', 'createdTo'],
    ['updatedFrom', 'updatedTo'],
  ] as const) {
    const a = instant(f[from], from);
    const b = instant(f[to], to);
    if (a && b && a > b) throw bad(`Начало периода (${from}) позже его конца (${to})`);
  }
}

/** The display status codes the scope's role may filter by. */
export function displayCodesOf(role: ReportScope['role']): readonly string[] {
  return DISPLAY_CODES[role];
}

const DISPLAY_CODES: Record<ReportScope['role'], readonly string[]> = {
  CLIENT: CLIENT_DISPLAY_STATUSES,
  OPER: [...new Set<string>(['ON_REVIEW', 'OFFER', ...ORDER_STATUSES, ...OFFER_STATUSES])],
  PARTNER: [...new Set<string>([...Object.values(PARTNER_DISPLAY_CODES), 'CLIENT_REFUSAL'])],
};

/** 400 REPORT_FILTER_INVALID when a display status is not one of the caller's role. */
export function checkDisplayStatuses(role: ReportScope['role'], codes: readonly string[] | undefined): void {
  const known = DISPLAY_CODES[role];
  const wrong = (codes ?? []).filter((c) => !known.includes(c));
  if (wrong.length)
    throw bad(`Неизвестный статус отображения для вашей роли: ${wrong.join(', ')}. Допустимы: ${known.join(', ')}`);
}

/** Opaque cursor: base64url of `[createdAt with microseconds, id]`. */
export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v[0]) &&
      Number.isSafeInteger(v[1])
    )
      return { at: v[0], id: v[1] as number };
  } catch {
    // fall through
  }
  throw bad('Недействительный курсор (after): передайте endCursor предыдущей страницы', REPORT_ERRORS.cursor);
}

/** The filtered rows of the scope as a subquery `r` (one row per order). */
function filtered(scope: ReportScope, f: ReportFilter): SQL {
  const conds: SQL[] = [sql`true`];
  let scopeJoin = sql``;
  let display: SQL;
  let partnerStatus = sql`null::text`;
  let accJoinOn: SQL;
  let agents: SQL;
  const agentsOf = (where: SQL) =>
    sql`coalesce((select json_agg(json_build_object('id', ac.id, 'name', ac.short_name, 'status', apo.status) order by apo.id)
      from partner_orders apo join companies ac on ac.id = apo.partner_company_id where apo.order_id = o.id and ${where}), '[]'::json)`;
  if (scope.role === 'PARTNER') {
    scopeJoin = sql`join partner_orders mpo on mpo.order_id = o.id and mpo.partner_company_id = ${scope.companyId}`;
    display = PARTNER_DISPLAY_SQL;
    partnerStatus = sql`mpo.status`;
    accJoinOn = sql`acc.partner_order_id = mpo.id and mpo.status in (${lit(ACCEPTED_OFFER_STATUSES)})`;
    agents = agentsOf(sql`apo.id = mpo.id`);
  } else {
    if (scope.role === 'CLIENT') {
      conds.push(sql`o.company_id = ${scope.companyId}`);
      display = CLIENT_DISPLAY_SQL;
      agents = agentsOf(sql`apo.status not in (${lit(HIDDEN_DETAILS_OFFER_STATUSES)})`);
    } else {
      scopeJoin = OPERATOR_LEAD_JOIN;
      display = OPERATOR_DISPLAY_SQL;
      agents = agentsOf(sql`true`);
    }
    accJoinOn = sql`acc.partner_order_id = cl.partner_order_id and cl.status in (${lit(ACCEPTED_OFFER_STATUSES)})`;
  }
  const createdFrom = instant(f.createdFrom, 'createdFrom');
  const createdTo = instant(f.createdTo, 'createdTo');
  if (createdFrom) conds.push(sql`o.created_at >= ${createdFrom.toISOString()}::timestamptz`);
  if (createdTo) conds.push(sql`o.created_at <= ${createdTo.toISOString()}::timestamptz`);
  if (f.status?.length) conds.push(sql`o.status in (${list(f.status)})`);
  if (f.currency?.length) conds.push(sql`o.currency in (${list(f.currency)})`);
  if (f.paymentType) conds.push(sql`o.payment_type = ${f.paymentType}`);
  if (f.countryCode?.length) conds.push(sql`o.country_code in (${list(f.countryCode)})`);
  if (f.paymentAgentId?.length)
    conds.push(
      scope.role === 'PARTNER'
        ? sql`mpo.partner_company_id in (${list(f.paymentAgentId)})`
        : sql`exists (select 1 from partner_orders fpo where fpo.order_id = o.id and fpo.partner_company_id in (${list(f.paymentAgentId)}))`,
    );
  const outer: SQL[] = [sql`true`];
  const updatedFrom = instant(f.updatedFrom, 'updatedFrom');
  const updatedTo = instant(f.updatedTo, 'updatedTo');
  if (updatedFrom) outer.push(sql`r.updated_at >= ${updatedFrom.toISOString()}::timestamptz`);
  if (updatedTo) outer.push(sql`r.updated_at <= ${updatedTo.toISOString()}::timestamptz`);
  if (f.displayStatus?.length) outer.push(sql`r.display_status in (${list(f.displayStatus)})`);
  return sql`(select * from (select o.id, o.number, o.created_at,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      greatest(o.status_date, upd.at) as updated_at,
      o.status, ${display} as display_status, ${partnerStatus} as partner_order_status,
      o.payment_type, o.amount, o.currency, o.country_code, o.city, o.bank_name, o.company_id, c.short_name as company_name,
      ${agents} as payment_agents,
      case when acc.id is null then null else ${scope.role === 'PARTNER' ? sql`mpo.partner_company_id` : sql`cl.partner_company_id`} end as accepted_agent_id,
      acc.total_fee as fee, acc.service_fee,
      ${scope.role === 'OPER' ? sql`(select rc.amount from referral_commissions rc where rc.order_id = o.id)` : sql`null::numeric`} as referral_commission
    from orders o
    join companies c on c.id = o.company_id
    ${scopeJoin}
    ${CLIENT_LEAD_JOIN}
    left join partner_order_offers acc on ${accJoinOn}
    left join lateral (select max(greatest(coalesce(upo.status_date, upo.created_at), uoo.updated_at)) as at
      from partner_orders upo left join partner_order_offers uoo on uoo.partner_order_id = upo.id
      where upo.order_id = o.id) upd on true
    where ${sql.join(conds, sql` and `)}) r where ${sql.join(outer, sql` and `)})`;
}

interface RawRow extends Record<string, unknown> {
  id: string | number;
  number: string | number;
  created_at: string | Date;
  cursor_at: string;
  updated_at: string | Date;
  status: string;
  display_status: string;
  partner_order_status: string | null;
  payment_type: string;
  amount: string;
  currency: string;
  country_code: string;
  city: string;
  bank_name: string;
  company_id: number;
  company_name: string;
  payment_agents: ReportPaymentAgent[] | string;
  accepted_agent_id: number | null;
  fee: string | null;
  service_fee: string | null;
  referral_commission: string | null;
}

const iso = (v: string | Date): string => new Date(v).toISOString();

function rowsOf(res: unknown): RawRow[] {
  return ((res as { rows?: RawRow[] }).rows ?? (res as RawRow[])) as RawRow[];
}

function toItem(r: RawRow): ReportOrderItem {
  return {
    id: Number(r.id),
    cursor: encodeCursor(r.cursor_at, Number(r.id)),
    number: Number(r.number),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    status: r.status,
    displayStatus: r.display_status,
    partnerOrderStatus: r.partner_order_status,
    paymentType: r.payment_type,
    amount: String(r.amount),
    currency: r.currency,
    countryCode: r.country_code,
    city: r.city,
    bankName: r.bank_name,
    companyId: Number(r.company_id),
    companyName: r.company_name,
    paymentAgents: (typeof r.payment_agents === 'string'
      ? (JSON.parse(r.payment_agents) as ReportPaymentAgent[])
      : r.payment_agents
    ).map((a) => ({ id: Number(a.id), name: a.name, status: a.status })),
    acceptedPaymentAgentId: r.accepted_agent_id === null ? null : Number(r.accepted_agent_id),
    fee: r.fee === null ? null : String(r.fee),
    serviceFee: r.service_fee === null ? null : String(r.service_fee),
    referralCommission: r.referral_commission === null ? null : String(r.referral_commission),
  };
}

/** One keyset page (ascending created_at, id) plus the cursor of its last row. */
export async function reportPage(
  db: Db,
  scope: ReportScope,
  f: ReportFilter,
  first: number,
  after?: string,
  withTotal = true,
): Promise<ReportPage & { endCursorAt: string | null }> {
  const cur = after === undefined ? undefined : decodeCursor(after);
  const keyset = cur ? sql`where (r.created_at, r.id) > (${cur.at}::timestamptz, ${cur.id})` : sql``;
  const rows = rowsOf(
    await db.execute(
      sql`select * from ${filtered(scope, f)} r ${keyset} order by r.created_at, r.id limit ${first + 1}`,
    ),
  );
  const hasNextPage = rows.length > first;
  const page = rows.slice(0, first);
  const last = page.at(-1);
  let totalCount = -1;
  if (withTotal) {
    const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from ${filtered(scope, f)} r`)) as unknown as {
      n: number;
    }[];
    totalCount = Number(c.n);
  }
  return {
    items: page.map(toItem),
    pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last.cursor_at, Number(last.id)) : null },
    totalCount,
    endCursorAt: last?.cursor_at ?? null,
  };
}

/** Aggregates of the filtered set by one grouping, each row per (key, currency), by ONE grouped SQL query. */
export async function reportAggregates(
  db: Db,
  scope: ReportScope,
  f: ReportFilter,
  groupBy: ReportGroupBy,
): Promise<ReportAggregateRow[]> {
  const key = {
    CURRENCY: sql`r.currency`,
    STATUS: sql`r.status`,
    MONTH: sql`to_char(r.created_at at time zone 'UTC', 'YYYY-MM')`,
    PAYMENT_AGENT: sql`coalesce(r.accepted_agent_id::text, 'NONE')`,
  }[groupBy];
  const rows = rowsOf(
    await db.execute(sql`select ${key} as key, r.currency, count(*)::int as count, sum(r.amount)::text as amount_sum,
      coalesce(sum(r.service_fee), 0)::text as commission_sum, coalesce(sum(r.fee), 0)::text as fee_sum,
      coalesce(sum(r.referral_commission), 0)::text as referral_commission_sum
      from ${filtered(scope, f)} r group by 1, 2 order by 1, 2`),
  ) as unknown as Array<{
    key: string;
    currency: string;
    count: number;
    amount_sum: string;
    commission_sum: string;
    fee_sum: string;
    referral_commission_sum: string;
  }>;
  return rows.map((r) => ({
    key: String(r.key),
    currency: r.currency,
    count: Number(r.count),
    amountSum: r.amount_sum,
    commissionSum: r.commission_sum,
    feeSum: r.fee_sum,
    referralCommissionSum: r.referral_commission_sum,
  }));
}
