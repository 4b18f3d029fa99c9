/**
 * The referral partner's clients (issue 11; spec core §3 "Client added by a partner", §5 "Adding a client as a partner
 * needs confirmation that the client approved the registration", §6 "Referral partner: adds and removes clients, edits
 * extra contacts, … sees verification share"). Table `referral_clients` (db/schema/referral.ts); routes in
 * routes/agent/clients.ts; rules in `@platform/domain/referral/clients`.
 *
 * A client company has at most one live link (INVITED, CONSENT_REQUESTED, ACTIVE; a partial unique index holds it):
 * - a company new to the platform is created by the partner (status NEW) with its contact user (unusable password),
 *   its checklist prefilled from the partner's estimates and the link INVITED, in one transaction; the contact's
 *   invitation mail goes after the commit; when he sets his password the link becomes ACTIVE ({@link activateInvitedLinks});
 * - a company already on the platform gets the link CONSENT_REQUESTED and its users a mail; only its own users accept
 *   (ACTIVE) or decline (DECLINED): the partner never takes a company over.
 * Every change by the partner writes an audit entry (REFERRAL_CLIENT_*) in its transaction, actor = the partner's user.
 */
import { companyQuery } from '@platform/domain/search';
import {
  LIVE_REFERRAL_STATUSES,
  verificationShare,
  type LiveReferralStatus,
  type VerificationShare,
} from '@platform/domain/referral/clients';
import { and, asc, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companies, users } from '../db/schema/core.js';
import { orders } from '../db/schema/orders.js';
import { referralClients, type ReferralClientRow } from '../db/schema/referral.js';
import { AppError } from '../errors.js';
import { companyVerified } from '../plugins/auth.js';
import { recordAudit } from '../admin/audit.js';
import { companyNameConditions } from '../admin/clients.js';
import { escapeLike } from '../reference/text.js';

type CompanyRow = typeof companies.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** 404 REFERRAL_CLIENT_NOT_FOUND: no live client of this partner (another partner's clients answer the same). */
export function referralClientNotFound(): AppError {
  return AppError.notFound('Клиент не найден', 'REFERRAL_CLIENT_NOT_FOUND');
}

/** 409 CLIENT_ALREADY_ADDED: the company is already this partner's live client. */
export const CLIENT_ALREADY_ADDED = 'Эта компания уже есть в вашем списке клиентов';
/** 409 CLIENT_HAS_PARTNER: the company is another partner's live client. */
export const CLIENT_HAS_PARTNER = 'Эту компанию уже обслуживает другой партнёр';

/** The contact person of a client (spec core §3 "Client info / contact"). */
export interface ReferralContact {
  userId: number;
  name: string;
  surname: string;
  patronymic: string | null;
  email: string;
  phone: string | null;
  position: string | null;
}

/** One client of the partner's list (spec core §3 "Client added by a partner"). */
export interface ReferralClientView {
  /** The link id (referral_clients.id). */
  id: number;
  /** Live links only (the lists and the card never show ended ones). */
  status: LiveReferralStatus;
  company: { id: number; shortName: string; fullName: string; inn: string; ogrn: string };
  /** The company is verified (status VERIFIED with the signature-confirmed flag, spec core §6). */
  verified: boolean;
  countryCodes: string[];
  currencyCodes: string[];
  /** Approximate monthly volume, USD, decimal string with 2 places; null when not given. */
  monthlyVolume: string | null;
  monthlyPayments: number | null;
  /** UTC ISO 8601. */
  addedAt: string;
  activatedAt: string | null;
  contact: ReferralContact | null;
  extraPhones: string[];
  extraEmails: string[];
}

const LIVE = [...LIVE_REFERRAL_STATUSES] as string[];

function contactOf(u: UserRow | undefined): ReferralContact | null {
  if (!u) return null;
  return {
    userId: u.id,
    name: u.name,
    surname: u.surname,
    patronymic: u.patronymic,
    email: u.email,
    phone: u.phone,
    position: u.position,
  };
}

function volumeOf(v: string | null): string | null {
  return v === null ? null : Number(v).toFixed(2);
}

/** The views of `rows` (link + company), with their contacts (one query for the list). */
async function views(db: DbOrTx, rows: Array<{ l: ReferralClientRow; c: CompanyRow }>): Promise<ReferralClientView[]> {
  const ids = rows.map((r) => r.l.contactUserId).filter((x): x is number => x !== null);
  const contacts = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(contacts.map((u) => [u.id, u]));
  return rows.map(({ l, c }) => ({
    id: l.id,
    status: l.status as LiveReferralStatus,
    company: { id: c.id, shortName: c.shortName, fullName: c.fullName, inn: c.inn, ogrn: c.ogrn },
    verified: companyVerified(c),
    countryCodes: l.countryCodes,
    currencyCodes: l.currencyCodes,
    monthlyVolume: volumeOf(l.monthlyVolume),
    monthlyPayments: l.monthlyPayments,
    addedAt: l.addedAt.toISOString(),
    activatedAt: l.activatedAt ? l.activatedAt.toISOString() : null,
    contact: contactOf(l.contactUserId === null ? undefined : byId.get(l.contactUserId)),
    extraPhones: l.extraPhones,
    extraEmails: l.extraEmails,
  }));
}

/**
 * The filter of a partner's live clients: `search` of digits matches the INN or OGRN prefix, other text the words of
 * the short or full name, case-insensitive (spec core §5 "client search text that is numeric is treated as INN").
 */
function liveWhere(partnerCompanyId: number, search?: string): SQL {
  const conds: SQL[] = [eq(referralClients.partnerCompanyId, partnerCompanyId), inArray(referralClients.status, LIVE)];
  const q = companyQuery(search ?? '');
  if (q && 'inn' in q && q.inn) {
    const p = `${escapeLike(q.inn)}%`;
    conds.push(or(like(companies.inn, p), like(companies.ogrn, p))!);
  } else if (q && 'name' in q && q.name) conds.push(...companyNameConditions(q.name));
  return and(...conds)!;
}

/** Number of the partner's live clients under `search`. */
export async function countReferralClients(db: DbOrTx, partnerCompanyId: number, search?: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(referralClients)
    .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
    .where(liveWhere(partnerCompanyId, search));
  return Number(r.n);
}

/** One page (0-based) of the partner's live clients under `search`, newest first (added), ties by id. */
export async function pageReferralClients(
  db: DbOrTx,
  partnerCompanyId: number,
  search: string | undefined,
  page: number,
  size: number,
): Promise<ReferralClientView[]> {
  const rows = await db
    .select({ l: referralClients, c: companies })
    .from(referralClients)
    .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
    .where(liveWhere(partnerCompanyId, search))
    .orderBy(desc(referralClients.addedAt), desc(referralClients.id))
    .limit(size)
    .offset(page * size);
  return views(db, rows);
}

/** The partner's verification share over his live clients (`@platform/domain/referral/clients`). */
export async function referralVerificationShare(db: DbOrTx, partnerCompanyId: number): Promise<VerificationShare> {
  const rows = await db
    .select({ status: companies.status, signatureConfirmed: companies.signatureConfirmed })
    .from(referralClients)
    .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
    .where(liveWhere(partnerCompanyId));
  return verificationShare(rows.length, rows.filter((c) => companyVerified(c)).length);
}

/** The partner's live link `id` with its company, or 404 REFERRAL_CLIENT_NOT_FOUND. */
export async function liveLink(
  db: DbOrTx,
  partnerCompanyId: number,
  where: { id: number } | { ogrn: string },
): Promise<{ l: ReferralClientRow; c: CompanyRow }> {
  const [row] = await db
    .select({ l: referralClients, c: companies })
    .from(referralClients)
    .innerJoin(companies, eq(companies.id, referralClients.clientCompanyId))
    .where(
      and(
        liveWhere(partnerCompanyId),
        'id' in where ? eq(referralClients.id, where.id) : eq(companies.ogrn, where.ogrn),
      ),
    );
  if (!row) throw referralClientNotFound();
  return row;
}

/** The view of the partner's live client `id`; 404 REFERRAL_CLIENT_NOT_FOUND. */
export async function loadReferralClient(db: DbOrTx, partnerCompanyId: number, id: number) {
  return (await views(db, [await liveLink(db, partnerCompanyId, { id })]))[0];
}

/** The client company with this OGRN (kind CLIENT) and its live link (any partner), or nulls. */
export async function platformCompany(
  db: DbOrTx,
  ogrn: string,
): Promise<{ company: CompanyRow | null; live: ReferralClientRow | null }> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.ogrn, ogrn), eq(companies.kind, 'CLIENT')));
  if (!company) return { company: null, live: null };
  const [live] = await db
    .select()
    .from(referralClients)
    .where(and(eq(referralClients.clientCompanyId, company.id), inArray(referralClients.status, LIVE)));
  return { company, live: live ?? null };
}

/** 409 of a company that already has a live link: CLIENT_ALREADY_ADDED (this partner) or CLIENT_HAS_PARTNER. */
export function liveLinkConflict(live: ReferralClientRow, partnerCompanyId: number): AppError {
  return live.partnerCompanyId === partnerCompanyId
    ? AppError.conflict(CLIENT_ALREADY_ADDED, 'CLIENT_ALREADY_ADDED')
    : AppError.conflict(CLIENT_HAS_PARTNER, 'CLIENT_HAS_PARTNER');
}

/**
 * Removes the partner's live client `id` (link REMOVED, endedAt now; the company and its users stay), with the audit
 * entry REFERRAL_CLIENT_REMOVE. 404 REFERRAL_CLIENT_NOT_FOUND.
 */
export async function removeReferralClient(
  tx: DbOrTx,
  input: { partnerCompanyId: number; id: number; actorUserId: number },
  now: Date,
): Promise<void> {
  const { l, c } = await liveLink(tx, input.partnerCompanyId, { id: input.id });
  const done = await tx
    .update(referralClients)
    .set({ status: 'REMOVED', endedAt: now })
    .where(and(eq(referralClients.id, l.id), eq(referralClients.status, l.status)))
    .returning({ id: referralClients.id });
  if (!done.length) throw referralClientNotFound();
  await recordAudit(
    tx,
    {
      actorUserId: input.actorUserId,
      action: 'REFERRAL_CLIENT_REMOVE',
      entityType: 'CLIENT',
      entityId: c.id,
      entityName: c.shortName,
      before: { referralStatus: l.status },
      after: { referralStatus: 'REMOVED' },
    },
    now,
  );
}

/** Replaces the extra contacts of the partner's live client `id` (already normalised), with its audit entry. */
export async function updateReferralClientContacts(
  tx: DbOrTx,
  input: { partnerCompanyId: number; id: number; actorUserId: number; extraPhones: string[]; extraEmails: string[] },
  now: Date,
): Promise<void> {
  const { l, c } = await liveLink(tx, input.partnerCompanyId, { id: input.id });
  await tx
    .update(referralClients)
    .set({ extraPhones: input.extraPhones, extraEmails: input.extraEmails })
    .where(eq(referralClients.id, l.id));
  await recordAudit(
    tx,
    {
      actorUserId: input.actorUserId,
      action: 'REFERRAL_CLIENT_CONTACTS',
      entityType: 'CLIENT',
      entityId: c.id,
      entityName: c.shortName,
      before: { extraPhones: l.extraPhones, extraEmails: l.extraEmails },
      after: { extraPhones: input.extraPhones, extraEmails: input.extraEmails },
    },
    now,
  );
}

/** Number of requests (orders) of the company. */
export async function orderCountOf(db: DbOrTx, companyId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(orders).where(eq(orders.companyId, companyId));
  return Number(r.n);
}

/** A consent request as the client company sees it (GET /api/secured/client/referral/requests). */
export interface ReferralRequestView {
  /** The link id. */
  id: number;
  partner: { companyId: number; name: string; inn: string; ogrn: string };
  /** The partner's user who asked: name and e-mail. */
  requestedBy: { name: string; surname: string; email: string } | null;
  /** UTC ISO 8601. */
  requestedAt: string;
}

/** The consent requests (links CONSENT_REQUESTED) of client company `companyId`, oldest first. */
export async function referralRequestsOf(db: DbOrTx, companyId: number): Promise<ReferralRequestView[]> {
  const rows = await db
    .select({ l: referralClients, p: companies, u: users })
    .from(referralClients)
    .innerJoin(companies, eq(companies.id, referralClients.partnerCompanyId))
    .leftJoin(users, eq(users.id, referralClients.addedByUserId))
    .where(and(eq(referralClients.clientCompanyId, companyId), eq(referralClients.status, 'CONSENT_REQUESTED')))
    .orderBy(asc(referralClients.addedAt), asc(referralClients.id));
  return rows.map(({ l, p, u }) => ({
    id: l.id,
    partner: { companyId: p.id, name: p.shortName, inn: p.inn, ogrn: p.ogrn },
    requestedBy: u ? { name: u.name, surname: u.surname, email: u.email } : null,
    requestedAt: l.addedAt.toISOString(),
  }));
}

/**
 * The client company's answer to consent request `id`: accept → ACTIVE (activatedAt now), decline → DECLINED (endedAt
 * now); audit REFERRAL_CLIENT_CONSENT with actor = the client's user. 404 REFERRAL_REQUEST_NOT_FOUND when the company
 * has no such pending request (answered already, another company's, removed by the partner).
 */
export async function answerReferralRequest(
  tx: DbOrTx,
  input: { companyId: number; id: number; accept: boolean; actorUserId: number },
  now: Date,
): Promise<void> {
  const status = input.accept ? 'ACTIVE' : 'DECLINED';
  const [done] = await tx
    .update(referralClients)
    .set(input.accept ? { status, activatedAt: now } : { status, endedAt: now })
    .where(
      and(
        eq(referralClients.id, input.id),
        eq(referralClients.clientCompanyId, input.companyId),
        eq(referralClients.status, 'CONSENT_REQUESTED'),
      ),
    )
    .returning({ id: referralClients.id, partnerCompanyId: referralClients.partnerCompanyId });
  if (!done) throw AppError.notFound('Запрос партнёра не найден', 'REFERRAL_REQUEST_NOT_FOUND');
  await recordAudit(
    tx,
    {
      actorUserId: input.actorUserId,
      action: 'REFERRAL_CLIENT_CONSENT',
      entityType: 'CLIENT',
      entityId: input.companyId,
      before: { referralStatus: 'CONSENT_REQUESTED', partnerCompanyId: done.partnerCompanyId },
      after: { referralStatus: status, partnerCompanyId: done.partnerCompanyId },
    },
    now,
  );
}

/**
 * The invited contact `userId` set his password through the invitation: his company's link INVITED becomes ACTIVE
 * (activatedAt now). Called in the transaction of POST /api/public/common/password/reset; nothing when there is none.
 */
export async function activateInvitedLinks(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(referralClients)
    .set({ status: 'ACTIVE', activatedAt: now })
    .where(and(eq(referralClients.contactUserId, userId), eq(referralClients.status, 'INVITED')));
}
