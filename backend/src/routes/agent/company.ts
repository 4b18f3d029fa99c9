/**
 * Referral partner area (issue 11; docs/rest-api.md "Company, requisites, documents and acts"): the partner's company
 * and bank requisites (spec core §2 "Screens by role: Referral partner — my company"; §3 "Company", "Referral partner",
 * "Bank requisite"; §5). A signed-in referral partner (data role AGENT) in his own session only.
 *
 *   GET    /api/secured/agent/company            company, profile (contract and commission %: the operator's), login, status
 *   PUT    /api/secured/agent/company/contacts   the partner's own extra phones, extra e-mails and actual address
 *   GET    /api/secured/agent/requisites         the company's bank requisites by display number
 *   POST   /api/secured/agent/requisites         add one   } the client's rules and code (routes/company/index.ts):
 *   PUT    /api/secured/agent/requisites/{id}    change one } BIK from the ED807 directory, control key, duplicates,
 *   DELETE /api/secured/agent/requisites/{id}    remove one } limit, renumbering; another company's → 404
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { checkEmail, checkPhone, normalizeEmail, type FieldIssue } from '@platform/domain/validation/rules';
import { changedFields, recordAudit } from '../../admin/audit.js';
import { kindOf, PARTNER_LIMITS, PARTNER_MESSAGES, statusOf } from '../../admin/referral-partners.js';
import type { DbOrTx } from '../../db/client.js';
import { referralPartnerProfiles } from '../../db/schema/admin.js';
import { companies, users } from '../../db/schema/core.js';
import { AppError } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { assertNoIssues } from '../accounts/common.js';
import { CompanySchema, companyView } from '../accounts/client.js';
import {
  BankRequisiteSchema,
  createRequisite,
  deleteRequisite,
  listRequisites,
  REQUISITE_CHECKS,
  RequisiteBodySchema,
  RequisiteIdParams,
  REQUISITES_LIMIT,
  updateRequisite,
} from '../company/index.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, ROLE_ERRORS } from '../schemas.js';

const TAGS = ['agent'];
const REQ_BASE = '/api/secured/agent/requisites';
const AUTH =
  '401 UNAUTHORIZED; 403 FORBIDDEN (not a referral partner, or a partner acting as a client); 404 COMPANY_NOT_FOUND';

/** GET /api/secured/agent/company. */
const AgentCompanySchema = Type.Object(
  {
    company: CompanySchema,
    kind: literalUnion(['LEGAL_ENTITY', 'SOLE_PROPRIETOR'], {
      description: 'LEGAL_ENTITY (13-digit OGRN) or SOLE_PROPRIETOR (15-digit OGRNIP)',
    }),
    status: literalUnion(['ACTIVE', 'BLOCKED'], { description: 'ACTIVE, or BLOCKED by the operator' }),
    loginEmail: Type.String({ description: "The partner's login e-mail (lower case)" }),
    phone: Type.Union([Type.String({ description: 'Main phone, 10 digits' }), Type.Null()]),
    extraPhones: Type.Array(Type.String(), { description: 'Extra phones, 10 digits each (the partner edits them)' }),
    extraEmails: Type.Array(Type.String(), { description: 'Extra e-mails, lower case (the partner edits them)' }),
    representative: Type.Union([Type.String(), Type.Null()], {
      description: "The partner's representative: full name and position (set by the operator)",
    }),
    contractNumber: Type.Union([Type.String(), Type.Null()], {
      description: 'License (agency) contract number (the operator’s, read-only)',
    }),
    contractDate: Type.Union([Type.String(), Type.Null()], { description: 'Contract date, YYYY-MM-DD (read-only)' }),
    commissionPercent: Type.String({
      description:
        "The partner's commission, % of the service fee of executed deals, decimal string such as '12.5' (read-only)",
    }),
  },
  { description: 'The referral partner\'s company and profile (spec core §3 "Company", "Referral partner")' },
);

const ContactsSchema = Type.Object(
  {
    extraPhones: Type.Array(Type.String({ maxLength: 20 }), {
      maxItems: 20,
      description: `Extra phones, 10 digits each, at most ${PARTNER_LIMITS.extraContacts}; empty entries are dropped`,
    }),
    extraEmails: Type.Array(Type.String({ maxLength: 254 }), {
      maxItems: 20,
      description: `Extra e-mails, at most ${PARTNER_LIMITS.extraContacts}; stored lower case`,
    }),
    actualAddress: Type.Optional(
      Type.Union([Type.String({ maxLength: 1000 }), Type.Null()], {
        description: `Actual address, at most ${PARTNER_LIMITS.address} characters; empty or null clears it`,
      }),
    ),
  },
  { description: "The partner's own contacts (the rest of the profile is the operator's)" },
);

/** The partner's company answer; 404 COMPANY_NOT_FOUND when the account has none. */
async function agentCompany(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select({ c: companies, p: referralPartnerProfiles, u: users })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(referralPartnerProfiles, eq(referralPartnerProfiles.companyId, companies.id))
    .where(and(eq(users.id, userId), eq(companies.id, companyId)));
  if (!row) throw AppError.notFound('Компания не найдена', 'COMPANY_NOT_FOUND');
  const { c, p, u } = row;
  return {
    company: companyView(c),
    kind: kindOf(c.ogrn),
    status: statusOf(c.status),
    loginEmail: u.email,
    phone: u.phone,
    extraPhones: p?.extraPhones ?? [],
    extraEmails: p?.extraEmails ?? [],
    representative: p?.representative ?? null,
    contractNumber: p?.contractNumber ?? null,
    contractDate: p?.contractDate ?? null,
    commissionPercent: p ? String(Number(p.commissionPercent)) : '0',
  };
}

/** Checks the contacts (spec core §5: phone 10 digits, e-mail); every failed field of a 400 VALIDATION_ERROR. */
function checkContacts(body: { extraPhones: string[]; extraEmails: string[]; actualAddress?: string | null }) {
  const issues: FieldIssue[] = [];
  const extraPhones = body.extraPhones.map((x) => x.trim()).filter(Boolean);
  const extraEmails = body.extraEmails.map(normalizeEmail).filter(Boolean);
  extraPhones.forEach((x, i) => {
    const e = checkPhone(x);
    if (e) issues.push({ field: `extraPhones.${i}`, ...e });
  });
  extraEmails.forEach((x, i) => {
    const e = checkEmail(x);
    if (e) issues.push({ field: `extraEmails.${i}`, ...e });
  });
  for (const [field, list] of [
    ['extraPhones', extraPhones],
    ['extraEmails', extraEmails],
  ] as const) {
    if (list.length > PARTNER_LIMITS.extraContacts)
      issues.push({ field, code: 'TOO_MANY', message: PARTNER_MESSAGES.tooMany });
    if (new Set(list).size !== list.length)
      issues.push({ field, code: 'DUPLICATE', message: 'Значения не должны повторяться' });
  }
  const actualAddress = (body.actualAddress ?? '').trim() || null;
  if (actualAddress && actualAddress.length > PARTNER_LIMITS.address)
    issues.push({ field: 'actualAddress', code: 'TOO_LONG', message: PARTNER_MESSAGES.tooLong });
  assertNoIssues(issues);
  return { extraPhones, extraEmails, actualAddress };
}

export default async function agentCompanyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const guard = app.requireRole('AGENT');

  app.get(
    '/api/secured/agent/company',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: "The referral partner's company and profile ('Моя компания'; issue 11; spec core §3)",
        description:
          'The company (§3 "Company" fields), the partner kind, status, login e-mail and main phone, the extra phones and e-mails, the representative, ' +
          `and the operator's license contract (number, date, commission %), read-only here. Errors: ${AUTH}.`,
        security: [{ session: [] }],
        response: { 200: AgentCompanySchema, ...errorResponses(ROLE_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }) },
      },
    },
    async (request) => agentCompany(db, request.user!.id, companyIdOf(request)),
  );

  app.put(
    '/api/secured/agent/company/contacts',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'The partner edits his extra phones, extra e-mails and actual address (issue 11; spec core §5)',
        description:
          'Body `{ extraPhones, extraEmails, actualAddress? }`: each list replaces the stored one (blank entries dropped, e-mails lower-cased); actualAddress ' +
          'absent keeps the stored one, empty or null clears it. One transaction with the audit entry REFERRAL_PARTNER_CONTACTS (changed fields). → the company answer. ' +
          "Errors: 400 VALIDATION_ERROR (nothing written) with items extraPhones.N PHONE_INVALID 'Номер телефона — 10 цифр', extraEmails.N EMAIL_INVALID " +
          `'Проверьте корректность данных', extraPhones / extraEmails TOO_MANY (over ${PARTNER_LIMITS.extraContacts}) or DUPLICATE, actualAddress TOO_LONG; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        body: ContactsSchema,
        response: {
          200: AgentCompanySchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const userId = request.user!.id;
      const v = checkContacts(request.body);
      const keepAddress = request.body.actualAddress === undefined;
      const now = app.clock.now();
      await db.transaction(async (tx) => {
        const [c] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
        if (!c) throw AppError.notFound('Компания не найдена', 'COMPANY_NOT_FOUND');
        const [p] = await tx
          .select()
          .from(referralPartnerProfiles)
          .where(eq(referralPartnerProfiles.companyId, companyId));
        const next = {
          extraPhones: v.extraPhones,
          extraEmails: v.extraEmails,
          actualAddress: keepAddress ? c.actualAddress : v.actualAddress,
        };
        const diff = changedFields(
          { extraPhones: p?.extraPhones ?? [], extraEmails: p?.extraEmails ?? [], actualAddress: c.actualAddress },
          next,
        );
        if (!diff) return;
        await tx
          .insert(referralPartnerProfiles)
          .values({ companyId, extraPhones: next.extraPhones, extraEmails: next.extraEmails, updatedAt: now })
          .onConflictDoUpdate({
            target: referralPartnerProfiles.companyId,
            set: { extraPhones: next.extraPhones, extraEmails: next.extraEmails, updatedAt: now },
          });
        if (next.actualAddress !== c.actualAddress)
          await tx.update(companies).set({ actualAddress: next.actualAddress }).where(eq(companies.id, companyId));
        await recordAudit(
          tx,
          {
            actorUserId: userId,
            action: 'REFERRAL_PARTNER_CONTACTS',
            entityType: 'REFERRAL_PARTNER',
            entityId: companyId,
            entityName: c.shortName,
            ...diff,
          },
          now,
        );
      });
      return agentCompany(db, userId, companyId);
    },
  );

  app.get(
    REQ_BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'The partner company\'s bank requisites (issue 11; spec core §3 "Bank requisite")',
        description: `→ [BankRequisite] by display number \`index\` (1, 2, …). Errors: ${AUTH}.`,
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
    REQ_BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary:
          'Add a bank requisite of the partner company (issue 11; the rules of the client\'s "requisites/create")',
        description:
          'Body `{ bankBik, checkAccount }` → the new BankRequisite (bankName and corrAccount from the ED807 directory, index = the next number). ' +
          `Errors: ${REQUISITE_CHECKS}; 409 REQUISITES_LIMIT (${REQUISITES_LIMIT} per company); 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        body: RequisiteBodySchema,
        response: {
          200: BankRequisiteSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['COMPANY_NOT_FOUND'],
            409: ['REQUISITES_LIMIT', 'REQUISITE_DUPLICATE'],
          }),
        },
      },
    },
    async (request) => createRequisite(db, companyIdOf(request), request.body, app.clock.now()),
  );

  app.put(
    `${REQ_BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Change a bank requisite of the partner company (issue 11)',
        description:
          'Body `{ bankBik, checkAccount }` → the changed BankRequisite (same `index`). ' +
          `Errors: ${REQUISITE_CHECKS}; 404 REQUISITE_NOT_FOUND (no such requisite, or another company's); 400 VALIDATION_ERROR for a non-numeric id; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: RequisiteIdParams,
        body: RequisiteBodySchema,
        response: {
          200: BankRequisiteSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['COMPANY_NOT_FOUND', 'REQUISITE_NOT_FOUND'],
            409: ['REQUISITE_DUPLICATE'],
          }),
        },
      },
    },
    async (request) => updateRequisite(db, companyIdOf(request), request.params.id, request.body, app.clock.now()),
  );

  app.delete(
    `${REQ_BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Remove a bank requisite of the partner company (issue 11)',
        description:
          '→ the remaining [BankRequisite] renumbered 1, 2, … in their order. ' +
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
    async (request) => deleteRequisite(db, companyIdOf(request), request.params.id, app.clock.now()),
  );
}
