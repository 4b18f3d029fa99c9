/**
 * The client's company data and checklist (spec core §2 client "my company"; §3 "Company", "Client info /
 * contact", "Checklist"; §7 Client "GET /api/secured/client/info", "GET and PUT /api/secured/client/checklist",
 * Secured common "GET /api/secured/common/partners/checklist/{id}"; docs/rest-api.md "Client").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  ChecklistAnswerSchema,
  ChecklistSchema,
  checklistIssues,
  normalizeChecklist,
  readChecklist,
  writeChecklist,
} from '../../accounts/checklists.js';
import { supersedeVerificationDocuments } from '../../accounts/company-verification.js';
import { companyFields } from '../../admin/clients.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { companies, users } from '../../db/schema/core.js';
import { checkWebsite } from '../../domain/validation.js';
import { checkPhone, checkRussianName, type FieldIssue } from '@platform/domain/validation/rules';
import { AppError } from '../../errors.js';
import { companyIdOf, companyVerified } from '../../plugins/auth.js';
import { literalUnion, errorResponses, CSRF_ERRORS, INPUT_ERRORS, RIGHT_ERRORS, ROLE_ERRORS } from '../schemas.js';
import { assertNoIssues } from './common.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);
/** Client statuses of a company (spec core §3). */
const COMPANY_STATUSES = ['NEW', 'VERIFIED', 'SUSPENDED'] as const;
type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Company (spec core §3 "Company"). */
export const CompanySchema = Type.Object(
  {
    id: Type.Integer(),
    fullName: Type.String(),
    shortName: Type.String(),
    registrationAuthority: NullableString,
    registrationAuthorityAddress: NullableString,
    registrationDate: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]),
    okved: NullableString,
    inn: Type.String(),
    kpp: NullableString,
    ogrn: Type.String({ description: '13 digits: OGRN; 15 digits: OGRNIP' }),
    legalAddress: NullableString,
    actualAddress: NullableString,
    ceo: Type.Object({ firstName: NullableString, middleName: NullableString, lastName: NullableString }),
    liquidated: Type.Boolean(),
    signatureConfirmed: Type.Boolean({ description: 'Electronic-signature-confirmed flag' }),
    status: literalUnion(COMPANY_STATUSES, { description: 'NEW, VERIFIED or SUSPENDED' }),
    verified: Type.Boolean({ description: 'Verified by qualified electronic signature (spec core §6)' }),
    verifiedAt: Type.Union([Type.String({ description: 'UTC ISO 8601' }), Type.Null()], {
      description: 'When the company became VERIFIED; null while it is not',
    }),
  },
  { description: 'Company (spec core §3)' },
);

export const ClientInfoSchema = Type.Object(
  {
    company: CompanySchema,
    contact: Type.Object({
      name: Type.String(),
      surname: Type.String(),
      patronymic: NullableString,
      phone: NullableString,
      additionalPhone: NullableString,
      companyWebsite: NullableString,
      email: Type.String(),
      position: NullableString,
    }),
    status: literalUnion(COMPANY_STATUSES, {
      description: 'Client status of the company: NEW, VERIFIED or SUSPENDED (spec core §3)',
    }),
  },
  { description: 'Client info (spec core §3 "Client info / contact")' },
);

const CHECKLIST_MISSING = 'Чек-лист компании не заполнен';

/** Registration data of the client (spec core §7 Client "Registration-data update": name … companyWebsite). */
const RegDataSchema = Type.Object(
  {
    name: Type.String({ maxLength: 50, description: 'First name: Russian letters and hyphen' }),
    surname: Type.String({ maxLength: 50, description: 'Last name: Russian letters and hyphen' }),
    patronymic: Type.Optional(
      Type.Union([Type.String({ maxLength: 50 }), Type.Null()], { description: 'Middle name; empty or null for none' }),
    ),
    phone: Type.String({ maxLength: 20, description: '10 digits' }),
    additionalPhone: Type.Optional(
      Type.Union([Type.String({ maxLength: 20 }), Type.Null()], { description: '10 digits; empty or null for none' }),
    ),
    companyWebsite: Type.Optional(
      Type.Union([Type.String({ maxLength: 300 }), Type.Null()], {
        description: 'http/https address or a domain; empty or null for none',
      }),
    ),
  },
  { description: 'Registration data (spec core §3 "Client info / contact")' },
);

/** `value` trimmed, or null when absent or blank. */
const optional = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * Registration-data issues (spec core §5): RUSSIAN_LETTERS on name, surname, patronymic; PHONE_INVALID on phone and
 * additionalPhone; SITE_INVALID 'Некорректный адрес сайта' on companyWebsite. [] when valid.
 */
export function regDataIssues(v: {
  name: string;
  surname: string;
  patronymic: string | null;
  phone: string;
  additionalPhone: string | null;
  companyWebsite: string | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, i: { code: string; message: string } | null) => {
    if (i) issues.push({ field, ...i });
  };
  add('name', checkRussianName(v.name));
  add('surname', checkRussianName(v.surname));
  if (v.patronymic) add('patronymic', checkRussianName(v.patronymic));
  add('phone', checkPhone(v.phone));
  if (v.additionalPhone) add('additionalPhone', checkPhone(v.additionalPhone));
  const site = v.companyWebsite ? checkWebsite(v.companyWebsite) : null;
  if (site) add('companyWebsite', { code: 'SITE_INVALID', message: site.message });
  return issues;
}

/** The Company object of a `companies` row (spec core §3 "Company"; also the referral partner's, issue 11). */
export function companyView(c: typeof companies.$inferSelect) {
  return {
    id: c.id,
    ...companyFields(c),
    status: c.status as CompanyStatus,
    verified: companyVerified(c),
    verifiedAt: c.verifiedAt ? c.verifiedAt.toISOString() : null,
  };
}

/** The client info of `userId` in company `companyId` (GET /api/secured/client/info); 404 COMPANY_NOT_FOUND. */
async function clientInfo(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select({ u: users, c: companies })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  if (!row || row.c.id !== companyId) throw AppError.notFound('Компания не найдена', 'COMPANY_NOT_FOUND');
  const { u, c } = row;
  return {
    company: companyView(c),
    contact: {
      name: u.name,
      surname: u.surname,
      patronymic: u.patronymic,
      phone: u.phone,
      additionalPhone: u.additionalPhone,
      companyWebsite: u.companyWebsite,
      email: u.email,
      position: u.position,
    },
    status: c.status as CompanyStatus,
  };
}

export default async function clientRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.get(
    '/api/secured/client/info',
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client'],
        summary: 'The client\'s company and contact data (spec core §7 Client; §3 "Company", "Client info / contact")',
        description:
          'CLIENT only. → `{ company, contact, status }`: company has every §3 field plus `verified` and `verifiedAt`. Errors: 401 UNAUTHORIZED; 403 FORBIDDEN (other roles); 404 COMPANY_NOT_FOUND.',
        security: [{ session: [] }],
        response: {
          200: ClientInfoSchema,
          ...errorResponses(ROLE_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      return clientInfo(db, request.user!.id, companyIdOf(request));
    },
  );

  app.put(
    '/api/secured/client/regdata',
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client'],
        summary:
          'Update the registration data (designed path; spec core §7 Client "Registration-data update"; §3 "Client info / contact"; §5)',
        description:
          'CLIENT only. Body `{ name, surname, patronymic?, phone, additionalPhone?, companyWebsite? }` (blank optional fields are stored as null) ' +
          "→ ClientInfo. Supersedes the unsigned verification application (it lists the contact). Errors: 400 VALIDATION_ERROR 'Ошибка валидации' " +
          "(nothing written) with items RUSSIAN_LETTERS 'Используйте русские буквы и дефис' (name, surname, patronymic), PHONE_INVALID " +
          "'Номер телефона — 10 цифр' (phone, additionalPhone), SITE_INVALID 'Некорректный адрес сайта' (companyWebsite), REQUIRED (missing field); " +
          '401 UNAUTHORIZED; 403 FORBIDDEN (not a client); 403 CSRF_INVALID; 404 COMPANY_NOT_FOUND.',
        security: [{ session: [] }],
        body: RegDataSchema,
        response: {
          200: ClientInfoSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['PHONE_INVALID', 'RUSSIAN_LETTERS', 'SITE_INVALID'],
            404: ['COMPANY_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const b = request.body;
      const value = {
        name: b.name.trim(),
        surname: b.surname.trim(),
        patronymic: optional(b.patronymic),
        phone: b.phone.trim(),
        additionalPhone: optional(b.additionalPhone),
        companyWebsite: optional(b.companyWebsite),
      };
      assertNoIssues(regDataIssues(value));
      const userId = request.user!.id;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...value, updatedAt: app.clock.now() })
          .where(eq(users.id, userId));
        await supersedeVerificationDocuments(tx, companyId);
      });
      return clientInfo(db, userId, companyId);
    },
  );

  app.get(
    '/api/secured/client/checklist',
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client'],
        summary: 'The checklist of the client\'s company (spec core §7 Client; §3 "Checklist")',
        description:
          'CLIENT only. Errors: 401 UNAUTHORIZED; 403 FORBIDDEN; 404 CHECKLIST_NOT_FOUND (never filled in) or COMPANY_NOT_FOUND.',
        security: [{ session: [] }],
        response: {
          200: ChecklistAnswerSchema,
          ...errorResponses(ROLE_ERRORS, { 404: ['CHECKLIST_NOT_FOUND', 'COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const checklist = await readChecklist(db, companyIdOf(request));
      if (!checklist) throw AppError.notFound(CHECKLIST_MISSING, 'CHECKLIST_NOT_FOUND');
      return checklist;
    },
  );

  app.put(
    '/api/secured/client/checklist',
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client'],
        summary: 'Fill in or replace the checklist (spec core §7 Client; §3 "Checklist")',
        description:
          'CLIENT only. Body Checklist (numbers as numbers; monthly total in USD) → the stored checklist (duplicate codes removed, cents rounded). ' +
          'Errors: 400 VALIDATION_ERROR (schema items, COUNTRY_INVALID, CURRENCY_INVALID); 401 UNAUTHORIZED; 403 FORBIDDEN; 403 CSRF_INVALID; 404 COMPANY_NOT_FOUND.',
        security: [{ session: [] }],
        body: ChecklistSchema,
        response: {
          200: ChecklistAnswerSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      assertNoIssues(checklistIssues(request.body));
      const value = normalizeChecklist(request.body);
      await writeChecklist(db, companyId, value, app.clock.now());
      return value;
    },
  );

  // Referral partners will see the checklists of THEIR clients once the partner–client list exists (agent
  // issue); until then only operators may read any client's checklist, so nothing leaks across partners.
  app.get(
    '/api/secured/common/partners/checklist/:id',
    {
      preHandler: app.requireRight('ORDERS_VIEW', 'CLIENTS'),
      schema: {
        tags: ['secured-common'],
        summary: 'Checklist of a client company (spec core §7 Secured common)',
        description:
          "`id` is the client company id. Operators with ORDERS_VIEW or CLIENTS only for now (else 403 RIGHT_REQUIRED): referral partners get access to their own clients' checklists with the partner–client list. Errors: 400 VALIDATION_ERROR (id not a positive integer); 401 UNAUTHORIZED; " +
          '403 FORBIDDEN; 404 COMPANY_NOT_FOUND (no such client company) or CHECKLIST_NOT_FOUND.',
        security: [{ session: [] }],
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: {
          200: ChecklistAnswerSchema,
          ...errorResponses(RIGHT_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['CHECKLIST_NOT_FOUND', 'COMPANY_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) => {
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, request.params.id), eq(companies.kind, 'CLIENT')));
      if (!company) throw AppError.notFound('Компания не найдена', 'COMPANY_NOT_FOUND');
      const checklist = await readChecklist(db, company.id);
      if (!checklist) throw AppError.notFound(CHECKLIST_MISSING, 'CHECKLIST_NOT_FOUND');
      return checklist;
    },
  );
}
