/**
 * The client company's bank requisites (issue 8; spec core §2 Client "my company" tab "bank requisites", §3 "Bank
 * requisite": id, bankBik, bankName, checkAccount, corrAccount, index; §7 Client "GET /api/secured/client/requisites;
 * POST .../requisites/create; PUT and DELETE .../requisites/{id}"; docs/rest-api.md "Company, bank requisites…"):
 *
 *   GET    /api/secured/client/requisites          the company's requisites by display number
 *   POST   /api/secured/client/requisites/create   add one (BIK from the ED807 directory, control key checked)
 *   PUT    /api/secured/client/requisites/{id}     change one (same checks)
 *   DELETE /api/secured/client/requisites/{id}     remove one; the rest are renumbered 1, 2, …
 *
 * CLIENT only; a client reaches only its own company's requisites (another company's id answers 404
 * REQUISITE_NOT_FOUND, exactly like a missing one). Every change runs in one transaction that locks the company row
 * (so display numbers and the limit hold under concurrent calls) and supersedes the company's unsigned verification
 * application (accounts/company-verification.ts `supersedeVerificationDocuments`): the application lists the requisites.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { supersedeVerificationDocuments } from '../../accounts/company-verification.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { companies } from '../../db/schema/core.js';
import { bankRequisites } from '../../db/schema/verification.js';
import {
  BANK_ACCOUNT_MESSAGES,
  checkBik,
  checkCorrAccount,
  checkSettlementAccount,
  isAccountFormat,
} from '../../domain/bank-account.js';
import type { FieldIssue } from '@platform/domain/validation/rules';
import { AppError } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { findBankByBik } from '../../reference/queries.js';
import { assertNoIssues } from '../accounts/common.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';
import { isUniqueViolation } from '../admin/shared.js';

const BASE = '/api/secured/client/requisites';
const TAGS = ['client'];

/** At most this many requisites per company (designed limit, docs/rest-api.md: 409 REQUISITES_LIMIT). */
export const REQUISITES_LIMIT = 20;

const NOT_FOUND = 'Реквизиты не найдены';
const DUPLICATE = 'Такие реквизиты уже добавлены';
const LIMIT = `Можно добавить не более ${REQUISITES_LIMIT} банковских реквизитов`;

/** Bank requisite (spec core §3 "Bank requisite"). */
export const BankRequisiteSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Requisite id' }),
    bankBik: Type.String({ description: 'BIK, 9 digits (Bank of Russia directory ED807)' }),
    bankName: Type.String({ description: 'Bank name from the directory at the time of saving' }),
    checkAccount: Type.String({ description: 'Settlement account, 20 digits; control key valid for the BIK' }),
    corrAccount: Type.String({
      description: 'Correspondent account of the bank from the directory, 20 digits; empty for banks without one',
    }),
    index: Type.Integer({ description: 'Display number 1, 2, … in the order of adding; renumbered after a delete' }),
  },
  { description: 'Bank requisite (spec core §3)' },
);

export const RequisiteBodySchema = Type.Object(
  {
    bankBik: Type.String({ maxLength: 20, description: '9 digits; must be in the ED807 directory' }),
    checkAccount: Type.String({ maxLength: 40, description: 'Settlement account, 20 digits' }),
  },
  { description: 'A bank requisite as typed: bankName and corrAccount come from the directory' },
);

export const RequisiteIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Requisite id' }),
});

export const REQUISITE_CHECKS =
  "400 VALIDATION_ERROR (nothing written) with items: bankBik BIK_INVALID 'БИК — 9 цифр', BIK_NOT_FOUND 'Банк с таким БИК не найден', " +
  "CORR_ACCOUNT_INVALID (the directory's correspondent account fails its control key: the bank cannot be used); checkAccount ACCOUNT_INVALID " +
  "'Расчётный счёт — 20 цифр', ACCOUNT_CONTROL_KEY 'Номер счёта не соответствует БИК банка' (Bank of Russia control key, weights 7-1-3 over " +
  "the last 3 BIK digits + the account); 409 REQUISITE_DUPLICATE 'Такие реквизиты уже добавлены' (same BIK and account in the company)";
const AUTH = '401 UNAUTHORIZED; 403 FORBIDDEN (not a client); 404 COMPANY_NOT_FOUND (client without a company)';

type Row = typeof bankRequisites.$inferSelect;
const view = (r: Row) => ({
  id: r.id,
  bankBik: r.bankBik,
  bankName: r.bankName,
  checkAccount: r.checkAccount,
  corrAccount: r.corrAccount,
  index: r.position,
});

/** The company's requisites by display number. */
export async function listRequisites(db: DbOrTx, companyId: number) {
  const rows = await db
    .select()
    .from(bankRequisites)
    .where(eq(bankRequisites.companyId, companyId))
    .orderBy(asc(bankRequisites.position), asc(bankRequisites.id));
  return rows.map(view);
}

/**
 * Checks a typed requisite: the formats, the bank in the directory (which gives bankName and corrAccount), the
 * directory's correspondent account and the settlement account's control key. Throws 400 VALIDATION_ERROR with every
 * failed field, else returns the values to store.
 */
export async function checkedRequisite(db: DbOrTx, body: { bankBik: string; checkAccount: string }) {
  const bankBik = body.bankBik.trim();
  const checkAccount = body.checkAccount.trim();
  const issues: FieldIssue[] = [];
  const bikIssue = checkBik(bankBik);
  if (bikIssue) issues.push({ field: 'bankBik', ...bikIssue });
  const bank = bikIssue ? null : await findBankByBik(db, bankBik);
  if (!bikIssue && !bank)
    issues.push({ field: 'bankBik', code: 'BIK_NOT_FOUND', message: BANK_ACCOUNT_MESSAGES.BIK_NOT_FOUND });
  const corrIssue = bank ? checkCorrAccount(bankBik, bank.corrAccount ?? '') : null;
  if (corrIssue) issues.push({ field: 'bankBik', ...corrIssue });
  // The control key needs a known bank; without one only the account's format is judged.
  const accountIssue = bank
    ? checkSettlementAccount(bankBik, checkAccount)
    : isAccountFormat(checkAccount)
      ? null
      : { code: 'ACCOUNT_INVALID', message: BANK_ACCOUNT_MESSAGES.ACCOUNT_INVALID };
  if (accountIssue) issues.push({ field: 'checkAccount', ...accountIssue });
  assertNoIssues(issues);
  return { bankBik, checkAccount, bankName: bank!.bankName, corrAccount: bank!.corrAccount ?? '' };
}

/** A change hook run inside the requisite's transaction (the client's: supersede the unsigned application). */
export type RequisiteChangeHook = (tx: DbOrTx, companyId: number) => Promise<void>;

/** Locks the company row for the transaction: serialises requisite changes of one company. */
async function lockCompany(tx: DbOrTx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Runs `fn` in a transaction; a unique violation (a concurrent duplicate) becomes 409 REQUISITE_DUPLICATE. */
async function writeRequisites<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(DUPLICATE, 'REQUISITE_DUPLICATE');
    throw err;
  }
}

/**
 * Adds a requisite to `companyId` (the core of POST …/requisites/create, shared with the referral partner's
 * POST /api/secured/agent/requisites): checks, then in one transaction the duplicate and limit checks, the row with
 * the next display number and `onChange`. Throws 400 VALIDATION_ERROR, 409 REQUISITE_DUPLICATE / REQUISITES_LIMIT.
 */
export async function createRequisite(
  db: Db,
  companyId: number,
  body: { bankBik: string; checkAccount: string },
  now: Date,
  onChange?: RequisiteChangeHook,
) {
  const value = await checkedRequisite(db, body);
  return writeRequisites(db, async (tx) => {
    await lockCompany(tx, companyId);
    const existing = await tx
      .select({
        position: bankRequisites.position,
        bankBik: bankRequisites.bankBik,
        checkAccount: bankRequisites.checkAccount,
      })
      .from(bankRequisites)
      .where(eq(bankRequisites.companyId, companyId));
    if (existing.some((r) => r.bankBik === value.bankBik && r.checkAccount === value.checkAccount))
      throw AppError.conflict(DUPLICATE, 'REQUISITE_DUPLICATE');
    if (existing.length >= REQUISITES_LIMIT) throw AppError.conflict(LIMIT, 'REQUISITES_LIMIT');
    const position = existing.reduce((m, r) => Math.max(m, r.position), 0) + 1;
    const [row] = await tx
      .insert(bankRequisites)
      .values({ companyId, ...value, position, createdAt: now, updatedAt: now })
      .returning();
    await onChange?.(tx, companyId);
    return view(row);
  });
}

/**
 * Changes requisite `id` of `companyId` (the core of PUT …/requisites/{id}). Throws 404 REQUISITE_NOT_FOUND (missing
 * or another company's), 400 VALIDATION_ERROR, 409 REQUISITE_DUPLICATE.
 */
export async function updateRequisite(
  db: Db,
  companyId: number,
  id: number,
  body: { bankBik: string; checkAccount: string },
  now: Date,
  onChange?: RequisiteChangeHook,
) {
  const mine = and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, companyId));
  const [found] = await db.select({ id: bankRequisites.id }).from(bankRequisites).where(mine);
  if (!found) throw AppError.notFound(NOT_FOUND, 'REQUISITE_NOT_FOUND');
  const value = await checkedRequisite(db, body);
  return writeRequisites(db, async (tx) => {
    await lockCompany(tx, companyId);
    const [current] = await tx.select().from(bankRequisites).where(mine);
    if (!current) throw AppError.notFound(NOT_FOUND, 'REQUISITE_NOT_FOUND');
    const [dup] = await tx
      .select({ id: bankRequisites.id })
      .from(bankRequisites)
      .where(
        and(
          eq(bankRequisites.companyId, companyId),
          eq(bankRequisites.bankBik, value.bankBik),
          eq(bankRequisites.checkAccount, value.checkAccount),
          ne(bankRequisites.id, id),
        ),
      );
    if (dup) throw AppError.conflict(DUPLICATE, 'REQUISITE_DUPLICATE');
    const [row] = await tx
      .update(bankRequisites)
      .set({ ...value, updatedAt: now })
      .where(mine)
      .returning();
    await onChange?.(tx, companyId);
    return view(row);
  });
}

/**
 * Removes requisite `id` of `companyId` and renumbers the rest 1, 2, … (the core of DELETE …/requisites/{id}); the
 * remaining requisites. Throws 404 REQUISITE_NOT_FOUND.
 */
export async function deleteRequisite(
  db: Db,
  companyId: number,
  id: number,
  now: Date,
  onChange?: RequisiteChangeHook,
) {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [deleted] = await tx
      .delete(bankRequisites)
      .where(and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, companyId)))
      .returning({ id: bankRequisites.id });
    if (!deleted) throw AppError.notFound(NOT_FOUND, 'REQUISITE_NOT_FOUND');
    const rest = await tx
      .select({ id: bankRequisites.id, position: bankRequisites.position })
      .from(bankRequisites)
      .where(eq(bankRequisites.companyId, companyId))
      .orderBy(asc(bankRequisites.position), asc(bankRequisites.id));
    for (const [i, r] of rest.entries()) {
      if (r.position !== i + 1)
        await tx
          .update(bankRequisites)
          .set({ position: i + 1, updatedAt: now })
          .where(eq(bankRequisites.id, r.id));
    }
    await onChange?.(tx, companyId);
    return listRequisites(tx, companyId);
  });
}

export default async function companyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  const supersede: RequisiteChangeHook = (tx, companyId) => supersedeVerificationDocuments(tx, companyId);

  app.get(
    BASE,
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: TAGS,
        summary:
          'The company\'s bank requisites (spec core §7 Client "GET /api/secured/client/requisites"; §3 "Bank requisite")',
        description: `CLIENT only. → [BankRequisite] by display number \`index\` (1, 2, …). Errors: ${AUTH}.`,
        security: [{ session: [] }],
        response: {
          200: Type.Array(BankRequisiteSchema),
          ...errorResponses(ROLE_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => listRequisites(db, companyIdOf(request)),
  );

  app.post(
    `${BASE}/create`,
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: TAGS,
        summary: 'Add a bank requisite (spec core §7 Client "POST .../requisites/create"; §3 "Bank requisite")',
        description:
          'CLIENT only. Body `{ bankBik, checkAccount }` → the new BankRequisite (bankName and corrAccount from the ED807 directory, ' +
          `index = the next number). Supersedes the unsigned verification application. Errors: ${REQUISITE_CHECKS}; 409 REQUISITES_LIMIT (${REQUISITES_LIMIT} per company); ` +
          `403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        body: RequisiteBodySchema,
        response: {
          200: BankRequisiteSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['BIK_INVALID', 'BIK_NOT_FOUND', 'CORR_ACCOUNT_INVALID'],
            404: ['NOT_FOUND'],
            409: ['REQUISITES_LIMIT', 'REQUISITE_DUPLICATE'],
          }),
        },
      },
    },
    async (request) => createRequisite(db, companyIdOf(request), request.body, app.clock.now(), supersede),
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: TAGS,
        summary: 'Change a bank requisite (spec core §7 Client "PUT .../requisites/{id}"; §3 "Bank requisite")',
        description:
          'CLIENT only. Body `{ bankBik, checkAccount }` → the changed BankRequisite (same `index`; bankName and corrAccount from the directory). ' +
          `Supersedes the unsigned verification application. Errors: ${REQUISITE_CHECKS}; 404 REQUISITE_NOT_FOUND (no such requisite, or another company's); ` +
          `400 VALIDATION_ERROR for a non-numeric id; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: RequisiteIdParams,
        body: RequisiteBodySchema,
        response: {
          200: BankRequisiteSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['BIK_INVALID', 'BIK_NOT_FOUND', 'CORR_ACCOUNT_INVALID'],
            404: ['COMPANY_NOT_FOUND', 'REQUISITE_NOT_FOUND'],
            409: ['REQUISITE_DUPLICATE'],
          }),
        },
      },
    },
    async (request) =>
      updateRequisite(db, companyIdOf(request), request.params.id, request.body, app.clock.now(), supersede),
  );

  app.delete(
    `${BASE}/:id`,
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: TAGS,
        summary: 'Remove a bank requisite (spec core §7 Client "DELETE .../requisites/{id}")',
        description:
          'CLIENT only. → the remaining [BankRequisite] renumbered 1, 2, … in their order. Supersedes the unsigned verification application. ' +
          `Errors: 404 REQUISITE_NOT_FOUND (no such requisite, or another company's); 400 VALIDATION_ERROR for a non-numeric id; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: RequisiteIdParams,
        response: {
          200: Type.Array(BankRequisiteSchema),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['COMPANY_NOT_FOUND', 'REQUISITE_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => deleteRequisite(db, companyIdOf(request), request.params.id, app.clock.now(), supersede),
  );
}
