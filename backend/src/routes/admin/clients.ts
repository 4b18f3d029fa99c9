/**
 * Operator administration (issue 10): clients of the operator area (spec core §3 "Client status", "Operator client
 * filter"; §4 "Other states"; §5; §7 Operator client/*, nalog/fns). Right CLIENTS on every client route; the company
 * registry lookup (nalog/fns) also admits PAYMENT_AGENTS and REFERRAL_PARTNERS (their create forms use it).
 * Queries and the status change: admin/clients.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ChecklistAnswerSchema, readChecklist } from '../../accounts/checklists.js';
import {
  allowedStatusChanges,
  changeClientStatus,
  CLIENT_STATUSES,
  clientNotFound,
  companyFields,
  companyUsers,
  countClients,
  filterIssues,
  findClientCompany,
  loadClientRow,
  loadClientRowByOgrn,
  orderCountsByTab,
  pageClients,
  type ClientFilter,
} from '../../admin/clients.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { documentViews, listDocuments, VerificationDocumentSchema } from '../../verification/repository.js';
import { BankRequisiteSchema, listRequisites } from '../company/index.js';
import { assertNoIssues } from '../accounts/common.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../schemas.js';
import { countAnswerSchema, idParams, Nullable, pageAnswer, pageAnswerSchema, pageOf, pageQuery } from './shared.js';

const BASE = '/api/secured/oper/client';
const TAGS = ['operator-clients'];

const StatusSchema = literalUnion(CLIENT_STATUSES, {
  description: 'Client status (spec core §3): NEW, VERIFIED, SUSPENDED',
});

const DayField = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC day, inclusive)' });

/** Body of the client filter (spec core §3 "Operator client filter"). */
const FilterBody = Type.Object(
  {
    clientStatus: Type.Optional(StatusSchema),
    nameInn: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Digits: INN prefix; other text: words of the full or short name, case-insensitive (spec core §5)',
      }),
    ),
    regDateRange: Type.Optional(
      Type.Object(
        { from: Type.Optional(DayField), to: Type.Optional(DayField) },
        { description: 'Days the company joined the platform, inclusive, UTC' },
      ),
    ),
  },
  { description: 'Operator client filter (spec core §3)', additionalProperties: false },
);

/** Spec core §9: client lists page by 10. */
const PAGE_SIZE = 10;
const PageQuery = pageQuery({ defaultSize: PAGE_SIZE });
const IdParams = idParams('Client company id');

const OgrnQuery = Type.Object({
  ogrn: Type.String({ pattern: '^(\\d{13}|\\d{15})$', description: 'OGRN (13 digits) or OGRNIP (15 digits)' }),
});

/** One row of the operator's client list. */
export const ClientRowSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Client company id' }),
    shortName: Type.String(),
    fullName: Type.String(),
    inn: Type.String(),
    ogrn: Type.String({ description: '13 digits: OGRN; 15 digits: OGRNIP' }),
    status: StatusSchema,
    verified: Type.Boolean({ description: 'Verified: status VERIFIED and signature-confirmed flag (spec core §6)' }),
    registeredAt: Type.String({ description: 'When the company joined the platform, UTC ISO 8601' }),
    verifiedAt: Nullable(Type.String(), 'When the company became VERIFIED, UTC ISO 8601; null while it is not'),
    contact: Nullable(
      Type.Object({
        userId: Type.Integer(),
        name: Type.String(),
        surname: Type.String(),
        patronymic: Nullable(Type.String()),
        email: Type.String(),
        phone: Nullable(Type.String(), '10 digits'),
      }),
      'The contact person: the first client user of the company',
    ),
    orderCount: Type.Integer({ description: 'Number of requests of the company' }),
  },
  { description: 'A client company as the operator lists it (spec core §3 "Company", "Client status")' },
);

/** The company's registry fields (admin/clients.ts `companyFields`; also the referral partner's client card, issue 11). */
export function companyFieldsSchema(description: string) {
  return Type.Object(
    {
      fullName: Type.String(),
      shortName: Type.String(),
      registrationAuthority: Nullable(Type.String()),
      registrationAuthorityAddress: Nullable(Type.String()),
      registrationDate: Nullable(Type.String(), 'YYYY-MM-DD'),
      okved: Nullable(Type.String()),
      inn: Type.String(),
      kpp: Nullable(Type.String()),
      ogrn: Type.String(),
      legalAddress: Nullable(Type.String()),
      actualAddress: Nullable(Type.String()),
      ceo: Type.Object({
        firstName: Nullable(Type.String()),
        middleName: Nullable(Type.String()),
        lastName: Nullable(Type.String()),
      }),
      liquidated: Type.Boolean(),
      signatureConfirmed: Type.Boolean({ description: 'Electronic-signature-confirmed flag' }),
    },
    { description },
  );
}

const CardSchema = Type.Object(
  {
    client: ClientRowSchema,
    company: companyFieldsSchema('Registry fields (spec core §3 "Company")'),
    users: Type.Array(
      Type.Object({
        id: Type.Integer(),
        email: Type.String(),
        name: Type.String(),
        surname: Type.String(),
        patronymic: Nullable(Type.String()),
        phone: Nullable(Type.String()),
        additionalPhone: Nullable(Type.String()),
        position: Nullable(Type.String()),
        status: literalUnion(['ACTIVE', 'USER_SUSPENDED'] as const),
        createdAt: Type.String({ description: 'UTC ISO 8601' }),
        lastLoginAt: Nullable(Type.String(), 'UTC ISO 8601'),
      }),
      { description: 'Every user of the company, oldest first' },
    ),
    checklist: Nullable(ChecklistAnswerSchema, 'The checklist; null when not filled'),
    requisites: Type.Array(BankRequisiteSchema),
    verification: Type.Object(
      {
        status: StatusSchema,
        verified: Type.Boolean(),
        signatureConfirmed: Type.Boolean(),
        verifiedAt: Nullable(Type.String(), 'UTC ISO 8601'),
        documents: Type.Array(VerificationDocumentSchema, {
          description: 'Applications for joining the platform, newest first, with signature details (no content)',
        }),
      },
      { description: 'Verification state (issue 8)' },
    ),
    orders: Type.Object(
      {
        current: Type.Integer(),
        completed: Type.Integer(),
        cancelled: Type.Integer(),
        total: Type.Integer(),
      },
      { description: 'Requests by client tab (spec core §4 "Client tab groups")' },
    ),
    allowedStatusChanges: Type.Array(StatusSchema, { description: 'Statuses the operator may set' }),
  },
  { description: "The operator's client card" },
);

const RegistryRecordSchema = Type.Object(
  {
    ogrn: Type.String({ description: '13 digits (OGRN) or 15 (OGRNIP)' }),
    inn: Type.String(),
    kpp: Nullable(Type.String()),
    shortName: Type.String(),
    fullName: Type.String(),
    legalAddress: Type.String(),
    actualAddress: Nullable(Type.String()),
    registrationAuthority: Nullable(Type.String()),
    registrationAuthorityAddress: Nullable(Type.String()),
    registrationDate: Nullable(Type.String(), 'YYYY-MM-DD'),
    okved: Nullable(Type.String()),
    ceo: Nullable(
      Type.Object({ firstName: Type.String(), middleName: Nullable(Type.String()), lastName: Type.String() }),
    ),
    liquidated: Type.Boolean(),
  },
  { description: 'Company data from the registry (spec core §3 "Company")' },
);

const StatusChangeBody = Type.Object(
  {
    status: StatusSchema,
    comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }), 'Reason, at most 1000 characters')),
  },
  { additionalProperties: false },
);

const NOT_FOUND = { 404: ['CLIENT_NOT_FOUND'] } as const;

export default async function adminClientsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;
  const clients = app.requireRight('CLIENTS');

  const filterOf = (body: ClientFilter): ClientFilter => {
    assertNoIssues(filterIssues(body));
    return body;
  };

  app.post(
    `${BASE}/filter`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Page of client companies (spec core §7 Operator "client/filter"; §3 "Operator client filter")',
        description:
          'Query `page` (0-based), `size` (default 10, at most 100). Body `{ clientStatus?, nameInn?, regDateRange?: { from?, to? } }`: ' +
          'nameInn of digits is an INN prefix, other text words of the full or short name (case-insensitive, spec core §5); ' +
          'regDateRange: the UTC days the company joined the platform, inclusive. Only client companies, newest first. ' +
          '→ `{ content: [row], totalElements, page, pageSize, last }`. Errors: 400 VALIDATION_ERROR (bad page/size, status, date, ' +
          'from after to); 401 UNAUTHORIZED; 403 FORBIDDEN / RIGHT_REQUIRED (right CLIENTS) / CSRF_INVALID.',
        querystring: PageQuery,
        body: FilterBody,
        response: {
          200: pageAnswerSchema(ClientRowSchema, 'Client companies under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const f = filterOf(request.body);
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const total = await countClients(db, f);
      return pageAnswer(await pageClients(db, f, page, size), total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Number of client companies (spec core §7 Operator "client/filter/count")',
        description:
          'Body as .../client/filter → `{ count }`. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: countAnswerSchema('Client companies under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countClients(db, filterOf(request.body)) }),
  );

  app.get(
    `${BASE}/info`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'The client company with an OGRN (spec core §7 Operator "GET /client/info?ogrn")',
        description:
          '→ the client row. Errors: 400 VALIDATION_ERROR (ogrn not 13 or 15 digits); 401 UNAUTHORIZED; 403 FORBIDDEN / ' +
          'RIGHT_REQUIRED; 404 CLIENT_NOT_FOUND (no client company with that OGRN on the platform).',
        querystring: OgrnQuery,
        response: { 200: ClientRowSchema, ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, NOT_FOUND) },
      },
    },
    async (request) => loadClientRowByOgrn(db, request.query.ogrn),
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'A client company (spec core §7 Operator "GET /client/{id}")',
        description:
          '→ the client row (with contact and verifiedAt). Errors: 400 VALIDATION_ERROR (id not a positive integer); 401; 403 FORBIDDEN / ' +
          'RIGHT_REQUIRED; 404 CLIENT_NOT_FOUND (also a payment agent or referral partner company).',
        params: IdParams,
        response: { 200: ClientRowSchema, ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, NOT_FOUND) },
      },
    },
    async (request) => loadClientRow(db, request.params.id),
  );

  app.get(
    `${BASE}/:id/checklist`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'A client company\'s checklist (spec core §7 Operator "GET /client/{id}/checklist"; §3 "Checklist")',
        description:
          '→ `{ countryCodes, currencyCodes, paymentsNumber, monthlyCurrencyPayment, comment }`. Errors: 400 VALIDATION_ERROR; 401; ' +
          '403 FORBIDDEN / RIGHT_REQUIRED; 404 CLIENT_NOT_FOUND; 404 CHECKLIST_NOT_FOUND (not filled).',
        params: IdParams,
        response: {
          200: ChecklistAnswerSchema,
          ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, { 404: ['CLIENT_NOT_FOUND', 'CHECKLIST_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const c = await findClientCompany(db, request.params.id);
      if (!c) throw clientNotFound();
      const checklist = await readChecklist(db, c.id);
      if (!checklist) throw AppError.notFound('Чек-лист компании не заполнен', 'CHECKLIST_NOT_FOUND');
      return checklist;
    },
  );

  app.get(
    `${BASE}/:id/card`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'The operator\'s client card (spec core §7 Operator "GET /client/{id}/card")',
        description:
          '→ `{ client (row), company (spec core §3 "Company"), users (every user with status), checklist|null, requisites, ' +
          'verification { status, verified, signatureConfirmed, verifiedAt, documents (with signature details) }, orders { current, ' +
          'completed, cancelled, total }, allowedStatusChanges }`. Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN / RIGHT_REQUIRED; ' +
          '404 CLIENT_NOT_FOUND.',
        params: IdParams,
        response: { 200: CardSchema, ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, NOT_FOUND) },
      },
    },
    async (request) => {
      const c = await findClientCompany(db, request.params.id);
      if (!c) throw clientNotFound();
      const [client, members, checklist, requisites, docs, counts] = await Promise.all([
        loadClientRow(db, c.id),
        companyUsers(db, c.id),
        readChecklist(db, c.id),
        listRequisites(db, c.id),
        listDocuments(db, c.id),
        orderCountsByTab(db, c.id),
      ]);
      return {
        client,
        company: companyFields(c),
        users: members,
        checklist,
        requisites,
        verification: {
          status: client.status,
          verified: client.verified,
          signatureConfirmed: c.signatureConfirmed,
          verifiedAt: client.verifiedAt,
          documents: await documentViews(app, db, docs, { signature: true }),
        },
        orders: counts,
        allowedStatusChanges: allowedStatusChanges(c.status),
      };
    },
  );

  app.post(
    `${BASE}/:id/status-change`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Change a client status (spec core §7 Operator "client/{id}/status-change"; §4 "Other states")',
        description:
          'Body `{ status: NEW|VERIFIED|SUSPENDED, comment? (≤ 1000) }`. VERIFIED has the effect of a signed verification ' +
          '(accounts/company-verification.ts markCompanyVerified; from SUSPENDED the suspension is lifted): the client can create ' +
          'requests at once. SUSPENDED blocks the sign-in of every user of the company (403 ACCOUNT_SUSPENDED) and ends their ' +
          'sessions at once (next request 401). NEW: back to unverified. Audit entry CLIENT_STATUS_CHANGE in the same transaction. ' +
          '→ the new client row. Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID; 404 ' +
          'CLIENT_NOT_FOUND; 409 STATUS_UNCHANGED (already in that status), CONFLICT (a concurrent change).',
        params: IdParams,
        body: StatusChangeBody,
        response: {
          200: ClientRowSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, NOT_FOUND, {
            409: ['STATUS_UNCHANGED', 'CONFLICT'],
          }),
        },
      },
    },
    async (request) => {
      const comment = request.body.comment?.trim() || null;
      await db.transaction((tx) =>
        changeClientStatus(
          tx,
          { id: request.params.id, status: request.body.status, comment, actorUserId: request.user!.id },
          app.clock.now(),
        ),
      );
      return loadClientRow(db, request.params.id);
    },
  );

  app.get(
    '/api/secured/oper/nalog/fns',
    {
      preHandler: app.requireRight('CLIENTS', 'PAYMENT_AGENTS', 'REFERRAL_PARTNERS'),
      schema: {
        tags: TAGS,
        summary: 'Company data by OGRN from the registry (spec core §7 Operator "GET /nalog/fns?ogrn")',
        description:
          'Through the company registry adapter (accounts/company-registry.ts). Right CLIENTS, PAYMENT_AGENTS or REFERRAL_PARTNERS. ' +
          '→ `{ ogrn, inn, kpp, shortName, fullName, legalAddress, actualAddress, registrationAuthority, registrationAuthorityAddress, ' +
          'registrationDate, okved, ceo, liquidated }`. Errors: 400 VALIDATION_ERROR (ogrn not 13 or 15 digits); 401; 403 FORBIDDEN / ' +
          'RIGHT_REQUIRED; 404 REGISTRY_COMPANY_NOT_FOUND; 502 REGISTRY_UNAVAILABLE (the registry failed).',
        querystring: OgrnQuery,
        response: {
          200: RegistryRecordSchema,
          ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, {
            404: ['REGISTRY_COMPANY_NOT_FOUND'],
            502: ['REGISTRY_UNAVAILABLE'],
          }),
        },
      },
    },
    async (request) => {
      let record;
      try {
        record = await app.companyRegistry.byOgrn(request.query.ogrn);
      } catch {
        throw new AppError(
          502,
          'REGISTRY_UNAVAILABLE',
          'Сервис поиска компаний временно недоступен. Повторите попытку позже',
        );
      }
      if (!record) throw AppError.notFound('Компания с таким ОГРН не найдена в реестре', 'REGISTRY_COMPANY_NOT_FOUND');
      return {
        ogrn: record.ogrn,
        inn: record.inn,
        kpp: record.kpp,
        shortName: record.shortName,
        fullName: record.fullName,
        legalAddress: record.legalAddress,
        actualAddress: record.actualAddress,
        registrationAuthority: record.registrationAuthority,
        registrationAuthorityAddress: record.registrationAuthorityAddress,
        registrationDate: record.registrationDate,
        okved: record.okved,
        ceo: record.ceo,
        liquidated: record.liquidated,
      };
    },
  );
}
