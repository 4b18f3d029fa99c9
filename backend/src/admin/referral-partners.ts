/**
 * Referral partners (data role AGENT) as the operator administers them (issue 10; spec core §3 "Referral partner",
 * §4 "Other states", §5): the checks of the create / update input, the card and list views, the bank requisites
 * (table `bank_requisites` with the partner's company id, the same BIK / control-key checks as the client's
 * requisites) and the documents and acts (table `referral_partner_documents`). The routes are
 * routes/admin/referral-partners.ts.
 *
 * A referral partner is a company of kind AGENT (a legal entity with a 13-digit OGRN or a sole proprietor with a
 * 15-digit OGRNIP), its one user of account type AGENT (the login e-mail and the main phone), and its
 * `referral_partner_profiles` row (extra phones and e-mails, comment, representative, agency contract and
 * commission %). Status: company VERIFIED = ACTIVE, SUSPENDED = BLOCKED.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { referralPartnerDocuments, referralPartnerProfiles } from '../db/schema/admin.js';
import { companies, users } from '../db/schema/core.js';
import { storedFiles } from '../db/schema/orders.js';
import { bankRequisites, signatures } from '../db/schema/verification.js';
import {
  BANK_ACCOUNT_MESSAGES,
  checkBik,
  checkCorrAccount,
  checkSettlementAccount,
  isAccountFormat,
} from '../domain/bank-account.js';
import { findBankByBik } from '../reference/queries.js';
import { signatureView } from '../verification/signatures.js';
import { referralDocumentStatus } from '@platform/domain/referral/documents';
import {
  checkEmail,
  checkInn,
  checkOgrn,
  checkPhone,
  issue,
  normalizeEmail,
  type FieldIssue,
} from '@platform/domain/validation/rules';

/** Partner kind by the OGRN length: 13 digits → LEGAL_ENTITY, 15 → SOLE_PROPRIETOR (spec core §3, §9). */
export type ReferralPartnerKind = 'LEGAL_ENTITY' | 'SOLE_PROPRIETOR';
/** ACTIVE (company VERIFIED) or BLOCKED (company SUSPENDED). */
export type ReferralPartnerStatus = 'ACTIVE' | 'BLOCKED';
export const REFERRAL_PARTNER_STATUSES: readonly ReferralPartnerStatus[] = ['ACTIVE', 'BLOCKED'];
export const DOCUMENT_TYPES = ['ACT', 'DOCUMENT'] as const;
export type ReferralPartnerDocumentType = (typeof DOCUMENT_TYPES)[number];

/** Designed limits of the free-text fields (characters). */
export const PARTNER_LIMITS = {
  name: 500,
  address: 500,
  comment: 2000,
  representative: 300,
  contractNumber: 100,
  extraContacts: 10,
  requisites: 10,
  documentName: 255,
  documentNumber: 100,
  documentDescription: 2000,
} as const;

export const PARTNER_MESSAGES = {
  notFound: 'Партнёр не найден',
  documentNotFound: 'Документ не найден',
  documentSigned: 'Подписанный документ нельзя удалить',
  duplicateOgrn: 'Партнёр с таким ОГРН уже добавлен',
  ogrnUnknown: 'Компания с таким ОГРН не найдена: укажите наименование и юридический адрес',
  percent: 'Процент — число от 0 до 99,9999',
  date: 'Дата в формате ГГГГ-ММ-ДД',
  tooLong: 'Превышен лимит символов',
  tooMany: 'Слишком много значений',
  duplicateRequisite: 'Такие реквизиты уже указаны',
  innMismatch: 'ИНН не соответствует ОГРН по данным ФНС',
} as const;

/** The body of POST /agents and PUT /agents/{id} (all strings as typed; trimmed here). */
export interface ReferralPartnerInput {
  ogrn: string;
  inn: string;
  kpp?: string | null;
  fullName?: string | null;
  shortName?: string | null;
  legalAddress?: string | null;
  actualAddress?: string | null;
  email: string;
  phone?: string | null;
  extraPhones?: string[];
  extraEmails?: string[];
  comment?: string | null;
  representative?: string | null;
  contractNumber?: string | null;
  contractDate?: string | null;
  commissionPercent?: string | null;
  bankRequisites?: { bankBik: string; checkAccount: string }[];
}

/** The checked input, ready to store. Company names and address may still be null (filled from the registry). */
export interface CheckedPartnerInput {
  ogrn: string;
  inn: string;
  kpp: string | null;
  fullName: string | null;
  shortName: string | null;
  legalAddress: string | null;
  actualAddress: string | null;
  email: string;
  phone: string | null;
  extraPhones: string[];
  extraEmails: string[];
  comment: string | null;
  representative: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  commissionPercent: string;
  bankRequisites: { bankBik: string; checkAccount: string; bankName: string; corrAccount: string }[];
}

const blank = (s: string | null | undefined): string | null => {
  const t = (s ?? '').trim();
  return t ? t : null;
};

/** A `YYYY-MM-DD` calendar date that exists. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Normalises a percent '12,5' → '12.5'; null when it is not a decimal 0 ≤ p < 100 with ≤ 4 decimals. */
export function parsePercent(raw: string): string | null {
  const t = raw.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(t)) return null;
  return String(Number(t));
}

/**
 * Checks the partner input (spec core §5: e-mail, phone 10 digits, INN, OGRN 13 / OGRNIP 15 with check digits;
 * BIK in the directory and the account's control key). Returns the checked values and every failed field.
 */
export async function checkPartnerInput(
  db: DbOrTx,
  body: ReferralPartnerInput,
): Promise<{ value: CheckedPartnerInput; issues: FieldIssue[] }> {
  const issues: FieldIssue[] = [];
  const push = (field: string, i: { code: string; message: string } | null) => {
    if (i) issues.push({ field, ...i });
  };
  const tooLong = (field: string, v: string | null, max: number) => {
    if (v && v.length > max) issues.push({ field, code: 'TOO_LONG', message: PARTNER_MESSAGES.tooLong });
  };
  const ogrn = body.ogrn.trim();
  const inn = body.inn.trim();
  push('ogrn', checkOgrn(ogrn));
  push('inn', checkInn(inn));
  if (!checkOgrn(ogrn) && !checkInn(inn) && (ogrn.length === 13) !== (inn.length === 10))
    issues.push({ field: 'inn', code: 'INN_INVALID', message: 'ИНН организации — 10 цифр, ИП — 12 цифр' });
  const kpp = blank(body.kpp);
  if (kpp && !/^\d{9}$/.test(kpp)) issues.push({ field: 'kpp', code: 'KPP_INVALID', message: 'КПП — 9 цифр' });
  const email = normalizeEmail(body.email);
  push('email', checkEmail(email));
  const phone = blank(body.phone);
  if (phone) push('phone', checkPhone(phone));
  const extraPhones = (body.extraPhones ?? []).map((p) => p.trim()).filter(Boolean);
  extraPhones.forEach((p, i) => push(`extraPhones.${i}`, checkPhone(p)));
  if (extraPhones.length > PARTNER_LIMITS.extraContacts)
    issues.push({ field: 'extraPhones', code: 'TOO_MANY', message: PARTNER_MESSAGES.tooMany });
  const extraEmails = (body.extraEmails ?? []).map(normalizeEmail).filter(Boolean);
  extraEmails.forEach((e, i) => push(`extraEmails.${i}`, checkEmail(e)));
  if (extraEmails.length > PARTNER_LIMITS.extraContacts)
    issues.push({ field: 'extraEmails', code: 'TOO_MANY', message: PARTNER_MESSAGES.tooMany });
  const fullName = blank(body.fullName);
  const shortName = blank(body.shortName);
  const legalAddress = blank(body.legalAddress);
  const actualAddress = blank(body.actualAddress);
  const comment = blank(body.comment);
  const representative = blank(body.representative);
  const contractNumber = blank(body.contractNumber);
  tooLong('fullName', fullName, PARTNER_LIMITS.name);
  tooLong('shortName', shortName, PARTNER_LIMITS.name);
  tooLong('legalAddress', legalAddress, PARTNER_LIMITS.address);
  tooLong('actualAddress', actualAddress, PARTNER_LIMITS.address);
  tooLong('comment', comment, PARTNER_LIMITS.comment);
  tooLong('representative', representative, PARTNER_LIMITS.representative);
  tooLong('contractNumber', contractNumber, PARTNER_LIMITS.contractNumber);
  const contractDate = blank(body.contractDate);
  if (contractDate && !isCalendarDate(contractDate))
    issues.push({ field: 'contractDate', code: 'DATE_INVALID', message: PARTNER_MESSAGES.date });
  const rawPercent = blank(body.commissionPercent);
  const commissionPercent = rawPercent === null ? '0' : parsePercent(rawPercent);
  if (commissionPercent === null)
    issues.push({ field: 'commissionPercent', code: 'PERCENT_INVALID', message: PARTNER_MESSAGES.percent });

  const requisites: CheckedPartnerInput['bankRequisites'] = [];
  const typed = body.bankRequisites ?? [];
  if (typed.length > PARTNER_LIMITS.requisites)
    issues.push({ field: 'bankRequisites', code: 'TOO_MANY', message: PARTNER_MESSAGES.tooMany });
  for (const [i, r] of typed.entries()) {
    const bankBik = r.bankBik.trim();
    const checkAccount = r.checkAccount.trim();
    const at = `bankRequisites.${i}`;
    const bikIssue = checkBik(bankBik);
    push(`${at}.bankBik`, bikIssue);
    const bank = bikIssue ? null : await findBankByBik(db, bankBik);
    if (!bikIssue && !bank)
      issues.push({ field: `${at}.bankBik`, code: 'BIK_NOT_FOUND', message: BANK_ACCOUNT_MESSAGES.BIK_NOT_FOUND });
    if (bank) push(`${at}.bankBik`, checkCorrAccount(bankBik, bank.corrAccount ?? ''));
    const accountIssue = bank
      ? checkSettlementAccount(bankBik, checkAccount)
      : isAccountFormat(checkAccount)
        ? null
        : { code: 'ACCOUNT_INVALID', message: BANK_ACCOUNT_MESSAGES.ACCOUNT_INVALID };
    push(`${at}.checkAccount`, accountIssue);
    if (requisites.some((x) => x.bankBik === bankBik && x.checkAccount === checkAccount))
      issues.push({
        field: `${at}.checkAccount`,
        code: 'REQUISITE_DUPLICATE',
        message: PARTNER_MESSAGES.duplicateRequisite,
      });
    else if (bank)
      requisites.push({ bankBik, checkAccount, bankName: bank.bankName, corrAccount: bank.corrAccount ?? '' });
  }
  return {
    value: {
      ogrn,
      inn,
      kpp,
      fullName,
      shortName,
      legalAddress,
      actualAddress,
      email,
      phone,
      extraPhones,
      extraEmails,
      comment,
      representative,
      contractNumber,
      contractDate,
      commissionPercent: commissionPercent ?? '0',
      bankRequisites: requisites,
    },
    issues,
  };
}

/** `REQUIRED` issues for the company fields the registry did not fill either. */
export function missingCompanyFields(
  v: Pick<CheckedPartnerInput, 'fullName' | 'shortName' | 'legalAddress'>,
): FieldIssue[] {
  return (['fullName', 'shortName', 'legalAddress'] as const)
    .filter((f) => !v[f])
    .map((field) => ({ field, ...issue('REQUIRED') }));
}

export const kindOf = (ogrn: string): ReferralPartnerKind => (ogrn.length === 15 ? 'SOLE_PROPRIETOR' : 'LEGAL_ENTITY');
export const statusOf = (companyStatus: string): ReferralPartnerStatus =>
  companyStatus === 'SUSPENDED' ? 'BLOCKED' : 'ACTIVE';

/** The partner's company, user and profile, or null when `id` is not a referral partner's company. */
export async function loadPartner(db: DbOrTx, id: number): Promise<LoadedPartner | null> {
  const [row] = await db
    .select({ c: companies, p: referralPartnerProfiles })
    .from(companies)
    .leftJoin(referralPartnerProfiles, eq(referralPartnerProfiles.companyId, companies.id))
    .where(and(eq(companies.id, id), eq(companies.kind, 'AGENT')));
  if (!row) return null;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, id), eq(users.accountType, 'AGENT')))
    .orderBy(asc(users.id))
    .limit(1);
  return { company: row.c, profile: row.p, user: user ?? null };
}

/** A partner's company, profile (null before one was saved) and first AGENT user (null when it has none). */
export interface LoadedPartner {
  company: typeof companies.$inferSelect;
  profile: typeof referralPartnerProfiles.$inferSelect | null;
  user: typeof users.$inferSelect | null;
}

/**
 * A page of partners matching `where` (conditions on `companies`), newest first, each with its profile and its first
 * AGENT user — in one query (no call per row).
 */
export async function listPartners(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  const firstUser = sql`(select min(u2.id) from users u2 where u2.company_id = ${companies.id} and u2.account_type = 'AGENT')`;
  const rows = await db
    .select({ c: companies, p: referralPartnerProfiles, u: users })
    .from(companies)
    .leftJoin(referralPartnerProfiles, eq(referralPartnerProfiles.companyId, companies.id))
    .leftJoin(users, eq(users.id, firstUser))
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r): LoadedPartner => ({ company: r.c, profile: r.p, user: r.u }));
}

/** The flat fields of a partner that the update audit compares (`changedFields`). */
export function auditedFields(p: LoadedPartner, requisites: { bankBik: string; checkAccount: string }[]) {
  return {
    ogrn: p.company.ogrn,
    inn: p.company.inn,
    kpp: p.company.kpp,
    fullName: p.company.fullName,
    shortName: p.company.shortName,
    legalAddress: p.company.legalAddress,
    actualAddress: p.company.actualAddress,
    email: p.user?.email ?? null,
    phone: p.user?.phone ?? null,
    extraPhones: p.profile?.extraPhones ?? [],
    extraEmails: p.profile?.extraEmails ?? [],
    comment: p.profile?.comment ?? null,
    representative: p.profile?.representative ?? null,
    contractNumber: p.profile?.contractNumber ?? null,
    contractDate: p.profile?.contractDate ?? null,
    commissionPercent: p.profile ? String(Number(p.profile.commissionPercent)) : '0',
    bankRequisites: requisites.map((r) => ({ bankBik: r.bankBik, checkAccount: r.checkAccount })),
  };
}

/** The partner's bank requisites by display number (spec core §3 "Bank requisite"). */
export async function partnerRequisites(db: DbOrTx, companyId: number) {
  const rows = await db
    .select()
    .from(bankRequisites)
    .where(eq(bankRequisites.companyId, companyId))
    .orderBy(asc(bankRequisites.position), asc(bankRequisites.id));
  return rows.map((r) => ({
    id: r.id,
    bankBik: r.bankBik,
    bankName: r.bankName,
    checkAccount: r.checkAccount,
    corrAccount: r.corrAccount,
    index: r.position,
  }));
}

/** The card (GET /agents/{id}). */
export async function partnerCard(db: DbOrTx, p: LoadedPartner) {
  const requisites = await partnerRequisites(db, p.company.id);
  return {
    ...listItem(p),
    kpp: p.company.kpp,
    legalAddress: p.company.legalAddress,
    actualAddress: p.company.actualAddress,
    extraPhones: p.profile?.extraPhones ?? [],
    extraEmails: p.profile?.extraEmails ?? [],
    comment: p.profile?.comment ?? null,
    representative: p.profile?.representative ?? null,
    contractDate: p.profile?.contractDate ?? null,
    userId: p.user?.id ?? null,
    invitationAccepted: !!p.user?.lastLoginAt,
    bankRequisites: requisites,
  };
}

/** A list row (POST /agents/filter). */
export function listItem(p: LoadedPartner) {
  return {
    id: p.company.id,
    kind: kindOf(p.company.ogrn),
    ogrn: p.company.ogrn,
    inn: p.company.inn,
    fullName: p.company.fullName,
    shortName: p.company.shortName,
    email: p.user?.email ?? null,
    phone: p.user?.phone ?? null,
    status: statusOf(p.company.status),
    contractNumber: p.profile?.contractNumber ?? null,
    commissionPercent: p.profile ? String(Number(p.profile.commissionPercent)) : '0',
    createdAt: p.company.createdAt.toISOString(),
  };
}

type SignatureRow = typeof signatures.$inferSelect;
/** The Signature object (verification/signatures.ts `signatureView`: signer, signedAt, certificate, hash, …). */
const sigView = (s: SignatureRow | undefined) =>
  s
    ? {
        ...signatureView(s),
        signer: s.signerName,
        signedAt: s.signedAt.toISOString(),
        certificateValidUntil: s.certificateValidTo.toISOString(),
        documentHash: s.documentSha256,
      }
    : null;

/** The partner's live (not deleted) documents and acts, newest first; or one of them with `docId`. */
export async function partnerDocuments(db: DbOrTx, companyId: number, docId?: number) {
  const rows = await db
    .select({
      d: referralPartnerDocuments,
      f: storedFiles,
      u: { email: users.email, name: users.name, surname: users.surname, accountType: users.accountType },
    })
    .from(referralPartnerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, referralPartnerDocuments.fileId))
    .innerJoin(users, eq(users.id, referralPartnerDocuments.createdBy))
    .where(
      and(
        eq(referralPartnerDocuments.companyId, companyId),
        isNull(referralPartnerDocuments.deletedAt),
        ...(docId === undefined ? [] : [eq(referralPartnerDocuments.id, docId)]),
      ),
    )
    .orderBy(asc(referralPartnerDocuments.createdAt), asc(referralPartnerDocuments.id));
  const sigIds = rows.flatMap((r) => [r.d.agentSignatureId, r.d.operatorSignatureId]).filter((x): x is number => !!x);
  const sigs = sigIds.length ? await db.select().from(signatures).where(inArray(signatures.id, sigIds)) : [];
  const sig = (id: number | null) => sigView(id ? sigs.find((s) => s.id === id) : undefined);
  return rows.reverse().map(({ d, f, u }) => ({
    id: d.id,
    type: d.type as ReferralPartnerDocumentType,
    name: d.name,
    number: d.number,
    description: d.description,
    file: { name: f.originalName, size: f.size, mime: f.contentType },
    agentSignature: sig(d.agentSignatureId),
    operatorSignature: sig(d.operatorSignatureId),
    /** Issue 11: the status both sides see (`@platform/domain` referralDocumentStatus). */
    status: referralDocumentStatus({ agent: !!d.agentSignatureId, operator: !!d.operatorSignatureId }),
    createdAt: d.createdAt.toISOString(),
    createdBy: {
      id: d.createdBy,
      email: u.email,
      name: [u.surname, u.name].filter(Boolean).join(' ') || u.email,
      /** Issue 11: which side uploaded it. */
      side: (u.accountType === 'AGENT' ? 'REFERRAL_PARTNER' : 'OPERATOR') as 'REFERRAL_PARTNER' | 'OPERATOR',
    },
    sha256: f.sha256,
    fileId: d.fileId,
  }));
}
