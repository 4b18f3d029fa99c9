/**
 * Reads of the audit log (issue 10): the filter of POST /api/secured/oper/audit/filter turned into SQL, a page of
 * entries newest first (occurred_at desc, id desc) with their actors, the count and the action codes present.
 */
import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { auditLog } from '../../../db/schema/admin.js';
import { users } from '../../../db/schema/core.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { AuditEntityType } from '../../../admin/audit.js';

/** The filter as the route received it (schema-checked). */
export interface AuditFilterInput {
  entityType?: AuditEntityType;
  entityId?: string;
  actorUserId?: number;
  action?: string;
  period?: { from?: string; to?: string };
}

/** The filter with its period as instants: `from` inclusive, `to` inclusive or `toExclusive` (a whole day). */
export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorUserId?: number;
  action?: string;
  from?: Date;
  to?: Date;
  toExclusive?: Date;
}

/** Moscow is UTC+3 all year (the platform's business time zone, spec core §9). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const PERIOD_MESSAGE = 'Укажите дату в формате ГГГГ-ММ-ДД или дату и время ISO 8601 с часовым поясом';

/**
 * One end of the period: a day `YYYY-MM-DD` (a Moscow calendar day: its start, and for `to` the start of the next
 * day, exclusive) or an ISO 8601 date-time with a zone (an instant, inclusive). Null when the text is neither.
 */
function parseBound(text: string, end: 'from' | 'to'): { at: Date; exclusive: boolean } | null {
  const day = DATE_RE.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const utc = Date.UTC(y, m - 1, d);
    const check = new Date(utc);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
    const start = utc - MOSCOW_OFFSET_MS;
    return end === 'from'
      ? { at: new Date(start), exclusive: false }
      : { at: new Date(start + DAY_MS), exclusive: true };
  }
  if (!DATE_TIME_RE.test(text)) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return null;
  // Date.parse rolls 2026-02-30T… over into March: compare the date part back.
  const datePart = text.slice(0, 10);
  if (!DATE_RE.test(datePart) || parseBound(datePart, 'from') === null) return null;
  return { at, exclusive: false };
}

/** Checks the period (400 VALIDATION_ERROR on a bad date or `from` after `to`) and gives the filter of instants. */
export function auditFilterOf(input: AuditFilterInput): AuditFilter {
  const errors: FieldError[] = [];
  const from = input.period?.from ? parseBound(input.period.from, 'from') : undefined;
  const to = input.period?.to ? parseBound(input.period.to, 'to') : undefined;
  if (from === null) errors.push({ field: 'period.from', code: 'DATE_INVALID', message: PERIOD_MESSAGE });
  if (to === null) errors.push({ field: 'period.to', code: 'DATE_INVALID', message: PERIOD_MESSAGE });
  if (from && to && (to.exclusive ? from.at.getTime() >= to.at.getTime() : from.at.getTime() > to.at.getTime()))
    errors.push({ field: 'period.from', code: 'PERIOD_INVALID', message: 'Начало периода позже его конца' });
  if (errors.length) throw AppError.validation(errors, errors.length === 1 ? errors[0].message : undefined);
  return {
    entityType: input.entityType,
    entityId: input.entityId,
    actorUserId: input.actorUserId,
    action: input.action,
    from: from?.at,
    to: to && !to.exclusive ? to.at : undefined,
    toExclusive: to?.exclusive ? to.at : undefined,
  };
}

function whereOf(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.entityType) parts.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.actorUserId !== undefined) parts.push(eq(auditLog.actorUserId, f.actorUserId));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.from) parts.push(gte(auditLog.occurredAt, f.from));
  if (f.to) parts.push(lte(auditLog.occurredAt, f.to));
  if (f.toExclusive) parts.push(lt(auditLog.occurredAt, f.toExclusive));
  return parts.length ? and(...parts) : undefined;
}

/** One entry as the API gives it. */
export interface AuditEntryDto {
  id: number;
  occurredAt: string;
  actor: { id: number; name: string; surname: string; patronymic: string | null; email: string };
  action: string;
  actionLabel: string;
  entityType: string;
  entityId: string;
  entityName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  comment: string | null;
}

const asObject = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const entryColumns = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  entityName: auditLog.entityName,
  before: auditLog.before,
  after: auditLog.after,
  comment: auditLog.comment,
  actorId: users.id,
  actorName: users.name,
  actorSurname: users.surname,
  actorPatronymic: users.patronymic,
  actorEmail: users.email,
};

type EntryRow = {
  [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['notNull'] extends true
    ? (typeof entryColumns)[K]['_']['data']
    : (typeof entryColumns)[K]['_']['data'] | null;
};

function toDto(r: EntryRow, label: (code: string) => string): AuditEntryDto {
  return {
    id: r.id,
    occurredAt: r.occurredAt.toISOString(),
    actor: {
      id: r.actorId,
      name: r.actorName,
      surname: r.actorSurname,
      patronymic: r.actorPatronymic,
      email: r.actorEmail,
    },
    action: r.action,
    actionLabel: label(r.action),
    entityType: r.entityType,
    entityId: r.entityId,
    entityName: r.entityName,
    before: asObject(r.before),
    after: asObject(r.after),
    comment: r.comment,
  };
}

/** Number of entries under the filter. */
export async function countAuditEntries(db: DbOrTx, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(f));
  return Number(row?.n ?? 0);
}

/** One page of entries under the filter, newest first (occurred_at desc, id desc). */
export async function pageAuditEntries(
  db: DbOrTx,
  f: AuditFilter,
  page: number,
  size: number,
  label: (code: string) => string,
): Promise<AuditEntryDto[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(whereOf(f))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(size)
    .offset(page * size);
  return rows.map((r) => toDto(r, label));
}

/** One entry by id, or null. */
export async function loadAuditEntry(
  db: DbOrTx,
  id: number,
  label: (code: string) => string,
): Promise<AuditEntryDto | null> {
  const [row] = await db
    .select(entryColumns)
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.id, id));
  return row ? toDto(row, label) : null;
}

/** The action codes present in the log with their entry counts, by code. */
export async function presentAuditActions(db: DbOrTx): Promise<Array<{ code: string; entries: number }>> {
  const rows = await db
    .select({ code: auditLog.action, n: sql<number>`count(*)` })
    .from(auditLog)
    .groupBy(auditLog.action)
    .orderBy(auditLog.action);
  return rows.map((r) => ({ code: r.code, entries: Number(r.n) }));
}
