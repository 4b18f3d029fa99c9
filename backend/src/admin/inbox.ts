/**
 * The operators' inbox (issue 11; docs/rest-api.md "Recommendations and the operators' inbox"): callback requests of
 * the public site (`callback_requests`, POST /api/public/common/user/callback, /callback/{type}, /callback/agent),
 * clients' recommendations (`client_recommendations`, POST /api/secured/client/recommendations/new-client) and the
 * card leads of the public site (`card_leads`, POST /api/public/lead/card/debit; issue 13), read as one list, newest first, and marked HANDLED (or back to NEW) by operators with the CLIENTS right, each change with
 * its audit entry in the same transaction. Also the recommendation itself: validation, the per-company daily limit
 * and the insert.
 */
import {
  normalizeRecommendation,
  recommendationIssues,
  RECOMMENDATIONS_PER_DAY,
  type InboxKind,
  type InboxStatus,
  type RecommendationInput,
} from '@platform/domain/operator/inbox';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { callbackRequests, cardLeads } from '../db/schema/accounts.js';
import { companies } from '../db/schema/core.js';
import { clientRecommendations } from '../db/schema/referral.js';
import { AppError, type ErrorBody } from '../errors.js';
import { recordAudit } from './audit.js';

/** The inbox filter (every field optional; given ones must all match). */
export interface InboxFilter {
  kind?: InboxKind;
  status?: InboxStatus;
  /** A callback type (GENERAL, AGENT, …), a lead type (CARD_DEBIT) or RECOMMENDATION. */
  type?: string;
}

/** One inbox item as the REST answer lists it. */
export interface InboxItem {
  kind: InboxKind;
  id: number;
  /** The callback type (GENERAL, AGENT, the upper-cased `{type}`), the lead type (CARD_DEBIT), or RECOMMENDATION. */
  type: string;
  /** Who to call: the caller's name, or the recommended company's contact. */
  name: string;
  /** The recommended company's name; null for a callback. */
  companyName: string | null;
  /** The recommended company's INN when given; null for a callback. */
  inn: string | null;
  phone: string;
  email: string | null;
  comment: string | null;
  /** A lead: whether the card is to be issued by a power of attorney; null for a callback or a recommendation. */
  powerOfAttorney: boolean | null;
  /** A lead: the city given; null otherwise. */
  city: string | null;
  createdAt: string;
  status: InboxStatus;
  handledBy: { userId: number; name: string; surname: string; email: string } | null;
  handledAt: string | null;
  /** The client company that recommended; null for a callback. */
  recommender: { companyId: number; shortName: string; inn: string; userId: number } | null;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** The three tables as one relation with the columns of an item (a subquery, so the filter and paging apply to both). */
const UNION = sql`(
  select 'CALLBACK' as kind, c.id, c.type, c.name, null::text as company_name, null::text as inn, c.phone, c.email,
         c.comment, null::boolean as power_of_attorney, null::text as city, c.created_at, c.status,
         c.handled_by_user_id, c.handled_at, null::integer as recommender_company_id, null::integer as recommender_user_id
    from callback_requests c
  union all
  select 'RECOMMENDATION', r.id, 'RECOMMENDATION', r.contact_name, r.company_name, r.inn, r.phone, r.email,
         r.comment, null::boolean, null::text, r.created_at, r.status, r.handled_by_user_id, r.handled_at,
         r.recommender_company_id, r.recommender_user_id
    from client_recommendations r
  union all
  select 'LEAD', l.id, l.type, l.name, null::text, null::text, l.phone, l.email,
         l.comment, l.power_of_attorney, l.city, l.created_at, l.status, l.handled_by_user_id, l.handled_at,
         null::integer, null::integer
    from card_leads l
) i`;

function where(f: InboxFilter): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.kind) conds.push(sql`i.kind = ${f.kind}`);
  if (f.status) conds.push(sql`i.status = ${f.status}`);
  if (f.type) conds.push(sql`i.type = ${f.type}`);
  return sql.join(conds, sql` and `);
}

/** Number of inbox items matching `f`. */
export async function countInbox(db: DbOrTx, f: InboxFilter): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from ${UNION} where ${where(f)}`),
  );
  return Number(row.n);
}

interface RawItem {
  kind: InboxKind;
  id: number;
  type: string;
  name: string;
  company_name: string | null;
  inn: string | null;
  phone: string;
  email: string | null;
  comment: string | null;
  power_of_attorney: boolean | null;
  city: string | null;
  created_at: unknown;
  status: InboxStatus;
  handled_by_user_id: number | null;
  handled_at: unknown;
  recommender_company_id: number | null;
  recommender_user_id: number | null;
  h_name: string | null;
  h_surname: string | null;
  h_email: string | null;
  rc_short_name: string | null;
  rc_inn: string | null;
}

function toItem(r: RawItem): InboxItem {
  return {
    kind: r.kind,
    id: Number(r.id),
    type: r.type,
    name: r.name,
    companyName: r.company_name,
    inn: r.inn,
    phone: r.phone,
    email: r.email,
    comment: r.comment,
    powerOfAttorney: r.power_of_attorney === null ? null : Boolean(r.power_of_attorney),
    city: r.city,
    createdAt: iso(r.created_at),
    status: r.status,
    handledBy:
      r.handled_by_user_id === null
        ? null
        : {
            userId: Number(r.handled_by_user_id),
            name: r.h_name ?? '',
            surname: r.h_surname ?? '',
            email: r.h_email ?? '',
          },
    handledAt: isoOrNull(r.handled_at),
    recommender:
      r.recommender_company_id === null
        ? null
        : {
            companyId: Number(r.recommender_company_id),
            shortName: r.rc_short_name ?? '',
            inn: r.rc_inn ?? '',
            userId: Number(r.recommender_user_id),
          },
  };
}

const SELECT_ITEMS = sql`select i.*, h.name as h_name, h.surname as h_surname, h.email as h_email,
       rc.short_name as rc_short_name, rc.inn as rc_inn
  from ${UNION}
  left join users h on h.id = i.handled_by_user_id
  left join companies rc on rc.id = i.recommender_company_id`;

/** One page (0-based) of inbox items matching `f`, newest first (ties: by kind, RECOMMENDATION, LEAD, CALLBACK; then higher id). */
export async function pageInbox(db: DbOrTx, f: InboxFilter, page: number, size: number): Promise<InboxItem[]> {
  const rows = rowsOf<RawItem>(
    await db.execute(
      sql`${SELECT_ITEMS} where ${where(f)} order by i.created_at desc, i.kind desc, i.id desc limit ${size} offset ${page * size}`,
    ),
  );
  return rows.map(toItem);
}

/** One inbox item, or null when there is none of that kind and id. */
export async function loadInboxItem(db: DbOrTx, kind: InboxKind, id: number): Promise<InboxItem | null> {
  const [row] = rowsOf<RawItem>(await db.execute(sql`${SELECT_ITEMS} where i.kind = ${kind} and i.id = ${id}`));
  return row ? toItem(row) : null;
}

/** 404 INBOX_ITEM_NOT_FOUND 'Обращение не найдено'. */
export function inboxItemNotFound(): AppError {
  return AppError.notFound('Обращение не найдено', 'INBOX_ITEM_NOT_FOUND');
}

/** Table and audit names of each inbox kind. */
const KIND_TABLES = {
  CALLBACK: { table: callbackRequests, action: 'CALLBACK_STATUS_CHANGE', entityType: 'CALLBACK_REQUEST' },
  RECOMMENDATION: {
    table: clientRecommendations,
    action: 'RECOMMENDATION_STATUS_CHANGE',
    entityType: 'CLIENT_RECOMMENDATION',
  },
  LEAD: { table: cardLeads, action: 'LEAD_STATUS_CHANGE', entityType: 'CARD_LEAD' },
} as const;

/**
 * Sets the status of one inbox item (HANDLED: with the operator and the time; NEW: both cleared) with the audit entry
 * CALLBACK_STATUS_CHANGE, RECOMMENDATION_STATUS_CHANGE or LEAD_STATUS_CHANGE, in `tx`. 404 INBOX_ITEM_NOT_FOUND; 409 STATUS_UNCHANGED
 * 'Обращение уже в этом статусе' when it already has that status (also the loser of two concurrent changes).
 */
export async function setInboxStatus(
  tx: DbOrTx,
  change: { kind: InboxKind; id: number; status: InboxStatus; actorUserId: number },
  now: Date,
): Promise<void> {
  const { table, action, entityType } = KIND_TABLES[change.kind];
  const handled = change.status === 'HANDLED';
  const [prev] = await tx
    .select({ status: table.status, handledByUserId: table.handledByUserId, handledAt: table.handledAt })
    .from(table)
    .where(eq(table.id, change.id))
    .for('update');
  if (!prev) throw inboxItemNotFound();
  if (prev.status === change.status) throw new AppError(409, 'STATUS_UNCHANGED', 'Обращение уже в этом статусе');
  const next = {
    status: change.status,
    handledByUserId: handled ? change.actorUserId : null,
    handledAt: handled ? now : null,
  };
  await tx.update(table).set(next).where(eq(table.id, change.id));
  await recordAudit(
    tx,
    {
      actorUserId: change.actorUserId,
      action,
      entityType,
      entityId: change.id,
      before: {
        status: prev.status,
        handledByUserId: prev.handledByUserId,
        handledAt: prev.handledAt ? prev.handledAt.toISOString() : null,
      },
      after: {
        status: next.status,
        handledByUserId: next.handledByUserId,
        handledAt: handled ? now.toISOString() : null,
      },
    },
    now,
  );
}

const DAY_MS = 86_400_000;

/** 429 RECOMMENDATION_LIMIT with `retryAfterSeconds`: the company sent {@link RECOMMENDATIONS_PER_DAY} in 24 hours. */
export function recommendationLimit(retryAfterSeconds: number): AppError {
  const extra: Partial<ErrorBody> & { retryAfterSeconds: number } = { retryAfterSeconds };
  return new AppError(
    429,
    'RECOMMENDATION_LIMIT',
    `Не более ${RECOMMENDATIONS_PER_DAY} рекомендаций в сутки. Повторите попытку позже`,
    undefined,
    extra,
  );
}

/**
 * Stores a recommendation of client company `companyId` by `userId` (status NEW): 400 VALIDATION_ERROR with the
 * field issues of `recommendationIssues`; 429 RECOMMENDATION_LIMIT when the company already sent
 * {@link RECOMMENDATIONS_PER_DAY} in the last 24 hours (the company row is locked, so concurrent calls count in turn).
 * @returns the new id
 */
export async function createRecommendation(
  db: Db,
  who: { companyId: number; userId: number },
  input: RecommendationInput,
  now: Date,
): Promise<number> {
  const issues = recommendationIssues(input);
  if (issues.length) throw AppError.validation(issues);
  const v = normalizeRecommendation(input);
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, who.companyId)).for('update');
    const since = new Date(now.getTime() - DAY_MS);
    const recent = await tx
      .select({ createdAt: clientRecommendations.createdAt })
      .from(clientRecommendations)
      .where(
        and(eq(clientRecommendations.recommenderCompanyId, who.companyId), gt(clientRecommendations.createdAt, since)),
      )
      .orderBy(asc(clientRecommendations.createdAt));
    if (recent.length >= RECOMMENDATIONS_PER_DAY) {
      const freeAt = recent[recent.length - RECOMMENDATIONS_PER_DAY].createdAt.getTime() + DAY_MS;
      throw recommendationLimit(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }
    const [row] = await tx
      .insert(clientRecommendations)
      .values({
        recommenderCompanyId: who.companyId,
        recommenderUserId: who.userId,
        ...v,
        status: 'NEW',
        createdAt: now,
      })
      .returning({ id: clientRecommendations.id });
    return row.id;
  });
}
