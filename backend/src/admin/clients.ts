/**
 * Operator administration of clients (issue 10; spec core §3 "Client status", "Operator client filter", §4 "Other
 * states", §5 "client search text that is numeric is treated as INN, otherwise as name", §7 Operator client/*).
 *
 * Reads: the filtered page and count of client companies (kind CLIENT), the summary row, the card. Writes: the client
 * status change NEW / VERIFIED / SUSPENDED with its effects, in one transaction with its audit entry:
 * - VERIFIED: `markCompanyVerified` (the one rule shared with the signed verification); from SUSPENDED the suspension
 *   is lifted first.
 * - SUSPENDED: the company is blocked and every session of its users ends at once (`endCompanySessions`).
 * - NEW: back to unverified (signature-confirmed flag off, verification time cleared).
 */
import { companyQuery } from '@platform/domain/search';
import { CLIENT_TAB_STATUSES } from '@platform/domain/deal/display';
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { orders } from '../db/schema/orders.js';
import { AppError } from '../errors.js';
import { escapeLike } from '../reference/text.js';
import { companyVerified } from '../plugins/auth.js';
import { endCompanySessions } from '../accounts/account-access.js';
import { markCompanyVerified } from '../accounts/company-verification.js';
import { recordAudit } from './audit.js';

/** Client statuses (spec core §3 "Client status"). */
export const CLIENT_STATUSES = ['NEW', 'VERIFIED', 'SUSPENDED'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** The operator client filter (spec core §3): dates are `YYYY-MM-DD`, inclusive, UTC days of joining the platform. */
export interface ClientFilter {
  clientStatus?: ClientStatus;
  nameInn?: string;
  regDateRange?: { from?: string; to?: string };
}

/** The contact person of a client company: its first client user. */
export interface ClientContact {
  userId: number;
  name: string;
  surname: string;
  patronymic: string | null;
  email: string;
  phone: string | null;
}

/** One row of the operator's client list (and the summary of GET /client/{id}). */
export interface ClientRow {
  id: number;
  shortName: string;
  fullName: string;
  inn: string;
  ogrn: string;
  status: ClientStatus;
  verified: boolean;
  registeredAt: string;
  verifiedAt: string | null;
  contact: ClientContact | null;
  orderCount: number;
}

export const CLIENT_NOT_FOUND = 'Клиент не найден';

/** 404 CLIENT_NOT_FOUND 'Клиент не найден'. */
export function clientNotFound(): AppError {
  return AppError.notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
}

/**
 * Conditions of a company name search (spec core §5: text that is not an INN is words of the name): every word of
 * `name` in the short or the full name, case-insensitive, matched literally. The operator's client list and the
 * referral partner's (issue 11).
 */
export function companyNameConditions(name: string): SQL[] {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map(
      (w) =>
        sql`(${ilike(companies.shortName, `%${escapeLike(w)}%`)} or ${ilike(companies.fullName, `%${escapeLike(w)}%`)})`,
    );
}

/** A valid calendar date `YYYY-MM-DD` → its UTC midnight; null otherwise. */
export function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? null : d;
}

/** Field issues of a filter the schema cannot see: impossible dates, `from` after `to`. [] when valid. */
export function filterIssues(f: ClientFilter): Array<{ field: string; code: string; message: string }> {
  const issues: Array<{ field: string; code: string; message: string }> = [];
  const from = f.regDateRange?.from ? parseDay(f.regDateRange.from) : undefined;
  const to = f.regDateRange?.to ? parseDay(f.regDateRange.to) : undefined;
  if (from === null) issues.push({ field: 'regDateRange.from', code: 'DATE_INVALID', message: 'Некорректная дата' });
  if (to === null) issues.push({ field: 'regDateRange.to', code: 'DATE_INVALID', message: 'Некорректная дата' });
  if (from && to && from > to)
    issues.push({
      field: 'regDateRange.to',
      code: 'DATE_RANGE_INVALID',
      message: 'Дата окончания периода раньше даты начала',
    });
  return issues;
}

function where(f: ClientFilter): SQL {
  const conds: SQL[] = [eq(companies.kind, 'CLIENT')];
  if (f.clientStatus) conds.push(eq(companies.status, f.clientStatus));
  const q = companyQuery(f.nameInn ?? '');
  if (q && 'inn' in q && q.inn) conds.push(like(companies.inn, `${escapeLike(q.inn)}%`));
  else if (q && 'name' in q && q.name) conds.push(...companyNameConditions(q.name));
  const from = f.regDateRange?.from ? parseDay(f.regDateRange.from) : null;
  const to = f.regDateRange?.to ? parseDay(f.regDateRange.to) : null;
  if (from) conds.push(gte(companies.createdAt, from));
  if (to) conds.push(lt(companies.createdAt, new Date(to.getTime() + 86_400_000)));
  return and(...conds)!;
}

/** Number of client companies matching `f`. */
export async function countClients(db: DbOrTx, f: ClientFilter): Promise<number> {
  return db.$count(companies, where(f));
}

/** One page (0-based) of client rows matching `f`, newest first (joined the platform), ties by id. */
export async function pageClients(db: DbOrTx, f: ClientFilter, page: number, size: number): Promise<ClientRow[]> {
  const rows = await db
    .select()
    .from(companies)
    .where(where(f))
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(size)
    .offset(page * size);
  return clientRows(db, rows);
}

type CompanyRow = typeof companies.$inferSelect;

/** The rows of `list` with their contacts and order counts (two queries for the whole list). */
export async function clientRows(db: DbOrTx, list: CompanyRow[]): Promise<ClientRow[]> {
  if (list.length === 0) return [];
  const ids = list.map((c) => c.id);
  const members = await db
    .select()
    .from(users)
    .where(and(inArray(users.companyId, ids), eq(users.accountType, 'CLIENT')))
    .orderBy(asc(users.id));
  const contacts = new Map<number, ClientContact>();
  for (const u of members)
    if (u.companyId !== null && !contacts.has(u.companyId))
      contacts.set(u.companyId, {
        userId: u.id,
        name: u.name,
        surname: u.surname,
        patronymic: u.patronymic,
        email: u.email,
        phone: u.phone,
      });
  const counts = await db
    .select({ companyId: orders.companyId, n: count() })
    .from(orders)
    .where(inArray(orders.companyId, ids))
    .groupBy(orders.companyId);
  const orderCounts = new Map(counts.map((r) => [r.companyId, Number(r.n)]));
  return list.map((c) => ({
    id: c.id,
    shortName: c.shortName,
    fullName: c.fullName,
    inn: c.inn,
    ogrn: c.ogrn,
    status: c.status as ClientStatus,
    verified: companyVerified(c),
    registeredAt: c.createdAt.toISOString(),
    verifiedAt: c.verifiedAt ? c.verifiedAt.toISOString() : null,
    contact: contacts.get(c.id) ?? null,
    orderCount: orderCounts.get(c.id) ?? 0,
  }));
}

/** The client company `id` (kind CLIENT), or null. */
export async function findClientCompany(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [c] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.kind, 'CLIENT')));
  return c ?? null;
}

/** The client company `id` as a row; 404 CLIENT_NOT_FOUND. */
export async function loadClientRow(db: DbOrTx, id: number): Promise<ClientRow> {
  const c = await findClientCompany(db, id);
  if (!c) throw clientNotFound();
  return (await clientRows(db, [c]))[0];
}

/** The client company with this OGRN/OGRNIP as a row; 404 CLIENT_NOT_FOUND. */
export async function loadClientRowByOgrn(db: DbOrTx, ogrn: string): Promise<ClientRow> {
  const [c] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.ogrn, ogrn), eq(companies.kind, 'CLIENT')));
  if (!c) throw clientNotFound();
  return (await clientRows(db, [c]))[0];
}

/** The company's registry fields (spec core §3 "Company"). */
export function companyFields(c: CompanyRow) {
  return {
    fullName: c.fullName,
    shortName: c.shortName,
    registrationAuthority: c.registrationAuthority,
    registrationAuthorityAddress: c.registrationAuthorityAddress,
    registrationDate: c.registrationDate,
    okved: c.okved,
    inn: c.inn,
    kpp: c.kpp,
    ogrn: c.ogrn,
    legalAddress: c.legalAddress,
    actualAddress: c.actualAddress,
    ceo: { firstName: c.ceoFirstName, middleName: c.ceoMiddleName, lastName: c.ceoLastName },
    liquidated: c.liquidated,
    signatureConfirmed: c.signatureConfirmed,
  };
}

/** The users of the company, oldest first, as the card lists them. */
export async function companyUsers(db: DbOrTx, companyId: number) {
  const rows = await db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    surname: u.surname,
    patronymic: u.patronymic,
    phone: u.phone,
    additionalPhone: u.additionalPhone,
    position: u.position,
    status: u.status === 'USER_SUSPENDED' ? ('USER_SUSPENDED' as const) : ('ACTIVE' as const),
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  }));
}

/** The company's order counts by client tab (spec core §4 "Client tab groups") and in total. */
export async function orderCountsByTab(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .groupBy(orders.status);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const sum = (statuses: readonly string[]) => statuses.reduce((s, st) => s + (by.get(st) ?? 0), 0);
  return {
    current: sum(CLIENT_TAB_STATUSES.current),
    completed: sum(CLIENT_TAB_STATUSES.completed),
    cancelled: sum(CLIENT_TAB_STATUSES.cancelled),
    total: rows.reduce((s, r) => s + Number(r.n), 0),
  };
}

/** Status changes an operator may make from `status`: every other client status (spec core §4). */
export function allowedStatusChanges(status: string): ClientStatus[] {
  return CLIENT_STATUSES.filter((s) => s !== status);
}

/**
 * Changes the client status of company `id` to `next` with its effects and the audit entry CLIENT_STATUS_CHANGE
 * (before/after status, comment), all in one transaction. 404 CLIENT_NOT_FOUND; 409 STATUS_UNCHANGED when the company
 * already has that status (nothing written).
 */
export async function changeClientStatus(
  tx: DbOrTx,
  input: { id: number; status: ClientStatus; comment: string | null; actorUserId: number },
  now: Date,
): Promise<void> {
  const [c] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, input.id), eq(companies.kind, 'CLIENT')))
    .for('update');
  if (!c) throw clientNotFound();
  if (c.status === input.status) throw AppError.conflict('Клиент уже находится в этом статусе', 'STATUS_UNCHANGED');
  if (input.status === 'VERIFIED') {
    if (!(await markCompanyVerified(tx, c.id, now, { liftSuspension: true })))
      throw AppError.conflict('Не удалось верифицировать клиента, повторите попытку', 'CONFLICT');
  } else if (input.status === 'SUSPENDED') {
    await tx.update(companies).set({ status: 'SUSPENDED' }).where(eq(companies.id, c.id));
    await endCompanySessions(tx, c.id);
  } else {
    await tx
      .update(companies)
      .set({ status: 'NEW', signatureConfirmed: false, verifiedAt: null })
      .where(eq(companies.id, c.id));
  }
  await recordAudit(
    tx,
    {
      actorUserId: input.actorUserId,
      action: 'CLIENT_STATUS_CHANGE',
      entityType: 'CLIENT',
      entityId: c.id,
      entityName: c.shortName,
      before: { status: c.status },
      after: { status: input.status },
      comment: input.comment,
    },
    now,
  );
}
