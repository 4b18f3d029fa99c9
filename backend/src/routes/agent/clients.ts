/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area" → "Clients"): the partner's clients: list,
 * verification share, registry lookup, add by OGRN/OGRNIP with the client's approval (spec core §5), remove, extra
 * contacts, card by OGRN; and the client company's side of a partner's consent request (a company already on the
 * platform is added only with its consent, never taken over). Logic: referral/clients*.ts.
 *
 * Partner routes: role AGENT (requireRole; a referral partner signed in as himself). Client routes: role CLIENT.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { normalizeExtraContacts, MAX_EXTRA_CONTACTS } from '@platform/domain/referral/clients';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ChecklistAnswerSchema, readChecklist } from '../../accounts/checklists.js';
import { companyFields } from '../../admin/clients.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { addReferralClient } from '../../referral/clients-add.js';
import { assertOriginalClient, ORIGINAL_CLIENT_ERRORS } from '../../referral/relogin-session.js';
import {
  answerReferralRequest,
  countReferralClients,
  liveLink,
  loadReferralClient,
  orderCountOf,
  pageReferralClients,
  platformCompany,
  referralRequestsOf,
  referralVerificationShare,
  removeReferralClient,
  updateReferralClientContacts,
} from '../../referral/clients.js';
import { assertNoIssues } from '../accounts/common.js';
import {
  countAnswerSchema,
  idParams,
  Nullable,
  pageAnswer,
  pageAnswerSchema,
  pageOf,
  pageQuery,
} from '../admin/shared.js';
import { companyFieldsSchema } from '../admin/clients.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, ROLE_ERRORS } from '../schemas.js';

const BASE = '/api/secured/agent/clients';
const TAGS = ['agent-clients'];

/** Spec core §9: lists page by 10. */
const PAGE_SIZE = 10;
const PageQuery = pageQuery({ defaultSize: PAGE_SIZE });
const IdParams = idParams("Link id (referral_clients.id) of the partner's client");

const OgrnQuery = Type.Object({
  ogrn: Type.String({ pattern: '^(\\d{13}|\\d{15})$', description: 'OGRN (13 digits) or OGRNIP (15 digits)' }),
});

const FilterBody = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Digits: INN or OGRN prefix; other text: words of the short or full name, case-insensitive (spec core §5)',
      }),
    ),
  },
  { additionalProperties: false, description: "Filter of the partner's clients" },
);

const LinkStatusSchema = literalUnion(['INVITED', 'CONSENT_REQUESTED', 'ACTIVE'] as const, {
  description:
    'INVITED: a company new to the platform, its contact invited to set the password; CONSENT_REQUESTED: a company ' +
    'already on the platform asked for consent; ACTIVE: registered or agreed',
});

const ContactSchema = Type.Object(
  {
    userId: Type.Integer(),
    name: Type.String(),
    surname: Type.String(),
    patronymic: Nullable(Type.String()),
    email: Type.String(),
    phone: Nullable(Type.String(), '10 digits'),
    position: Nullable(Type.String()),
  },
  { description: 'The client\'s contact person (spec core §3 "Client info / contact")' },
);

/** One client of the partner (spec core §3 "Client added by a partner"). */
const ClientSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Link id' }),
    status: LinkStatusSchema,
    company: Type.Object({
      id: Type.Integer({ description: 'Client company id' }),
      shortName: Type.String(),
      fullName: Type.String(),
      inn: Type.String(),
      ogrn: Type.String({ description: '13 digits: OGRN; 15 digits: OGRNIP' }),
    }),
    verified: Type.Boolean({ description: 'The company is VERIFIED (signature-confirmed, spec core §6)' }),
    countryCodes: Type.Array(Type.String(), { description: 'ISO 3166-1 alpha-2' }),
    currencyCodes: Type.Array(Type.String(), { description: 'ISO 4217' }),
    monthlyVolume: Nullable(Type.String(), 'Approximate monthly volume, USD, decimal string with 2 places'),
    monthlyPayments: Nullable(Type.Integer(), 'Payments per month'),
    addedAt: Type.String({ description: 'UTC ISO 8601' }),
    activatedAt: Nullable(Type.String(), 'When the link became ACTIVE, UTC ISO 8601'),
    contact: Nullable(ContactSchema),
    extraPhones: Type.Array(Type.String(), { description: '10 digits each' }),
    extraEmails: Type.Array(Type.String()),
  },
  { description: 'A client added by a referral partner (spec core §3)' },
);

const ShareSchema = Type.Object(
  {
    total: Type.Integer({ description: 'Live clients' }),
    verified: Type.Integer({ description: 'Verified among them' }),
    percent: Type.Integer({ description: 'floor(100 × verified / total), 0 when there are none' }),
  },
  { description: 'Verification share (spec core §6 "Referral partner … sees verification share")' },
);

const CompanySchema = companyFieldsSchema('Company fields (spec core §3 "Company")');

const RegistrySchema = Type.Object(
  {
    ogrn: Type.String(),
    inn: Type.String(),
    kpp: Nullable(Type.String()),
    shortName: Type.String(),
    fullName: Type.String(),
    legalAddress: Type.String(),
    registrationDate: Nullable(Type.String(), 'YYYY-MM-DD'),
    ceo: Nullable(
      Type.Object({ firstName: Type.String(), middleName: Nullable(Type.String()), lastName: Type.String() }),
    ),
    liquidated: Type.Boolean({ description: 'A liquidated company cannot be added' }),
    onPlatform: Type.Boolean({
      description: 'A client company with this OGRN is on the platform: adding asks its consent',
    }),
    hasPartner: Type.Boolean({
      description: 'It has a live link with a partner (this one or another): it cannot be added',
    }),
    ownClient: Type.Boolean({ description: "It is already this partner's live client" }),
  },
  { description: 'Company data from the registry with its place on the platform' },
);

const PersonName = (description: string) => Type.String({ minLength: 1, maxLength: 50, description });

const AddBody = Type.Object(
  {
    ogrn: Type.String({ minLength: 13, maxLength: 15, description: 'OGRN (13 digits) or OGRNIP (15 digits)' }),
    contact: Type.Object(
      {
        surname: PersonName('Russian letters and hyphen'),
        name: PersonName('Russian letters and hyphen'),
        patronymic: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
        email: Type.String({ minLength: 1, maxLength: 254 }),
        phone: Type.String({ maxLength: 20, description: '10 digits' }),
        position: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      },
      { additionalProperties: false, description: "The client's contact person, who gets the invitation" },
    ),
    countryCodes: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
      minItems: 1,
      maxItems: 250,
      description: 'Expected counterparty countries, ISO 3166-1 alpha-2',
    }),
    currencyCodes: Type.Array(Type.String({ pattern: '^[A-Z]{3}$' }), {
      minItems: 1,
      maxItems: 200,
      description: 'Expected currencies, ISO 4217',
    }),
    monthlyVolume: Type.String({
      pattern: '^\\d{1,12}(\\.\\d{1,2})?$',
      description: 'Approximate monthly volume, USD, decimal string (> 0, up to 2 places)',
    }),
    monthlyPayments: Type.Integer({ minimum: 1, maximum: 100000, description: 'Payments per month' }),
    clientApproved: Type.Boolean({
      description: 'The partner confirms that the client approved the registration (spec core §5); must be true',
    }),
  },
  { additionalProperties: false },
);

const AddAnswer = Type.Object({
  outcome: literalUnion(['INVITED', 'CONSENT_REQUESTED'] as const, {
    description: 'INVITED: created and its contact invited; CONSENT_REQUESTED: on the platform, its users asked',
  }),
  mailSent: Type.Boolean({ description: 'The invitation / consent mail left (false: the client is added anyway)' }),
  client: ClientSchema,
});

const ContactsBody = Type.Object(
  {
    extraPhones: Type.Array(Type.String({ maxLength: 20 }), {
      maxItems: 20,
      description: `10 digits each; at most ${MAX_EXTRA_CONTACTS} after blanks and duplicates are removed`,
    }),
    extraEmails: Type.Array(Type.String({ maxLength: 254 }), {
      maxItems: 20,
      description: `Valid e-mails; at most ${MAX_EXTRA_CONTACTS} after blanks and duplicates are removed`,
    }),
  },
  { additionalProperties: false },
);

const CardSchema = Type.Object(
  {
    client: ClientSchema,
    company: CompanySchema,
    checklist: Nullable(ChecklistAnswerSchema, "The company's checklist; null when not filled"),
    approvalConfirmedAt: Type.String({ description: 'When the partner confirmed the client approved, UTC ISO 8601' }),
    orderCount: Type.Integer({ description: 'Number of requests of the company' }),
  },
  { description: "The partner's client card" },
);

const RequestSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Request (link) id' }),
    partner: Type.Object({
      companyId: Type.Integer(),
      name: Type.String({ description: "The partner's short name" }),
      inn: Type.String(),
      ogrn: Type.String(),
    }),
    requestedBy: Nullable(Type.Object({ name: Type.String(), surname: Type.String(), email: Type.String() })),
    requestedAt: Type.String({ description: 'UTC ISO 8601' }),
  },
  { description: "A referral partner's request to serve the company" },
);

const NOT_FOUND = { 404: ['REFERRAL_CLIENT_NOT_FOUND'] } as const;
const COMPANY_ERRORS = { 404: ['COMPANY_NOT_FOUND'] } as const;

export default async function agentClientsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;
  const agent = app.requireRole('AGENT');
  const client = app.requireRole('CLIENT');
  const partnerOf = (request: { user: { id: number; companyId: number | null } | null }) => ({
    companyId: companyIdOf(request),
    userId: request.user!.id,
  });

  app.post(
    `${BASE}/filter`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: 'Page of the partner\'s clients (spec core §3 "Client added by a partner"; §5 search)',
        description:
          'Query `page` (0-based), `size` (default 10, at most 100). Body `{ search? }`: digits are an INN or OGRN prefix, other text ' +
          'words of the name. Live clients only (INVITED, CONSENT_REQUESTED, ACTIVE), newest first. → `{ content, totalElements, page, ' +
          'pageSize, last }`. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN (not a referral partner) / CSRF_INVALID.',
        querystring: PageQuery,
        body: FilterBody,
        response: {
          200: pageAnswerSchema(ClientSchema, "The partner's live clients under the filter"),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, COMPANY_ERRORS),
        },
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const companyId = companyIdOf(request);
      const [total, content] = await Promise.all([
        countReferralClients(db, companyId, request.body.search),
        pageReferralClients(db, companyId, request.body.search, page, size),
      ]);
      return pageAnswer(content, total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "Number of the partner's clients under the filter",
        description:
          'Body `{ search? }` as in …/filter. → `{ count }`. Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: countAnswerSchema("The partner's live clients under the filter"),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, COMPANY_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countReferralClients(db, companyIdOf(request), request.body.search) }),
  );

  app.get(
    `${BASE}/share`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "The partner's verification share (spec core §6)",
        description:
          '→ `{ total, verified, percent }` over the live clients; percent = floor(100 × verified / total), 0 when none ' +
          '(`@platform/domain/referral/clients`). Errors: 401; 403 FORBIDDEN.',
        response: { 200: ShareSchema, ...errorResponses(ROLE_ERRORS, COMPANY_ERRORS) },
      },
    },
    async (request) => referralVerificationShare(db, companyIdOf(request)),
  );

  app.get(
    `${BASE}/registry`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: 'Company data by OGRN from the registry for the add-client wizard',
        description:
          'Through the company registry adapter (accounts/company-registry.ts), plus `onPlatform` (a client company with this OGRN ' +
          'exists: adding it asks its consent), `hasPartner` (it has a live link: it cannot be added) and `ownClient` (this ' +
          "partner's). A company on the platform but unknown to the registry answers the platform's data. Errors: 400 " +
          'VALIDATION_ERROR (ogrn not 13 or 15 digits); 401; 403 FORBIDDEN; 404 REGISTRY_COMPANY_NOT_FOUND; 502 REGISTRY_UNAVAILABLE.',
        querystring: OgrnQuery,
        response: {
          200: RegistrySchema,
          ...errorResponses(ROLE_ERRORS, INPUT_ERRORS, COMPANY_ERRORS, {
            404: ['REGISTRY_COMPANY_NOT_FOUND'],
            502: ['REGISTRY_UNAVAILABLE'],
          }),
        },
      },
    },
    async (request) => {
      const partnerCompanyId = companyIdOf(request);
      const { ogrn } = request.query;
      const { company, live } = await platformCompany(db, ogrn);
      let record;
      try {
        record = await app.companyRegistry.byOgrn(ogrn);
      } catch {
        if (!company)
          throw new AppError(
            502,
            'REGISTRY_UNAVAILABLE',
            'Сервис поиска компаний временно недоступен. Повторите попытку позже',
          );
      }
      const place = {
        onPlatform: !!company,
        hasPartner: !!live,
        ownClient: !!live && live.partnerCompanyId === partnerCompanyId,
      };
      if (record)
        return {
          ogrn: record.ogrn,
          inn: record.inn,
          kpp: record.kpp,
          shortName: record.shortName,
          fullName: record.fullName,
          legalAddress: record.legalAddress,
          registrationDate: record.registrationDate,
          ceo: record.ceo,
          liquidated: record.liquidated,
          ...place,
        };
      if (!company) throw AppError.notFound('Компания с таким ОГРН не найдена в реестре', 'REGISTRY_COMPANY_NOT_FOUND');
      return {
        ogrn: company.ogrn,
        inn: company.inn,
        kpp: company.kpp,
        shortName: company.shortName,
        fullName: company.fullName,
        legalAddress: company.legalAddress ?? '',
        registrationDate: company.registrationDate,
        ceo:
          company.ceoFirstName && company.ceoLastName
            ? { firstName: company.ceoFirstName, middleName: company.ceoMiddleName, lastName: company.ceoLastName }
            : null,
        liquidated: company.liquidated,
        ...place,
      };
    },
  );

  app.post(
    BASE,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: 'Add a client by OGRN/OGRNIP (spec core §3 "Client added by a partner"; §5 client approval)',
        description:
          'Body `{ ogrn, contact: { surname, name, patronymic?, email, phone, position? }, countryCodes, currencyCodes, monthlyVolume ' +
          '(USD, decimal string), monthlyPayments, clientApproved (must be true) }`. A company new to the platform is created (status NEW, ' +
          'registry data) with its contact (invited by mail to set the password at /client/auth/forgot/pass?token=…&invitation=1; the link ' +
          'becomes ACTIVE when he does), its checklist from the estimates and the link INVITED, in one transaction. A company already on ' +
          'the platform gets the link CONSENT_REQUESTED and its users a mail: they accept or decline in their area. Audit ' +
          'REFERRAL_CLIENT_ADD. → 201 `{ outcome: INVITED|CONSENT_REQUESTED, mailSent, client }`. Errors: 400 VALIDATION_ERROR with items ' +
          "(OGRN_INVALID, RUSSIAN_LETTERS, EMAIL_INVALID, PHONE_INVALID 'Номер телефона — 10 цифр', COUNTRY_INVALID, CURRENCY_INVALID, " +
          "MIN_VALUE, CLIENT_APPROVAL_REQUIRED 'Подтвердите, что клиент согласен на регистрацию'); 400 COMPANY_NOT_FOUND (not in the " +
          'registry), COMPANY_LIQUIDATED; 401; 403 FORBIDDEN / CSRF_INVALID; 409 CLIENT_ALREADY_ADDED (already yours), CLIENT_HAS_PARTNER ' +
          "(another partner's), EMAIL_TAKEN 'Этот адрес электронной почты уже используется', CONFLICT (a concurrent registration); 502 " +
          'REGISTRY_UNAVAILABLE.',
        body: AddBody,
        response: {
          201: AddAnswer,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, COMPANY_ERRORS, {
            400: ['COMPANY_NOT_FOUND', 'COMPANY_LIQUIDATED'],
            409: ['CLIENT_ALREADY_ADDED', 'CLIENT_HAS_PARTNER', 'EMAIL_TAKEN', 'CONFLICT'],
            502: ['REGISTRY_UNAVAILABLE'],
          }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await addReferralClient(app, partnerOf(request), request.body)),
  );

  app.get(
    `${BASE}/card`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "The partner's client card by OGRN (spec core §2 /agent/clients/{ogrn})",
        description:
          '→ `{ client, company (spec core §3 "Company"), checklist|null, approvalConfirmedAt, orderCount }`. Only for the partner\'s own ' +
          "live client. Errors: 400 VALIDATION_ERROR (ogrn not 13 or 15 digits); 401; 403 FORBIDDEN; 404 REFERRAL_CLIENT_NOT_FOUND (also another partner's).",
        querystring: OgrnQuery,
        response: { 200: CardSchema, ...errorResponses(ROLE_ERRORS, INPUT_ERRORS, NOT_FOUND, COMPANY_ERRORS) },
      },
    },
    async (request) => {
      const partnerCompanyId = companyIdOf(request);
      const { l, c } = await liveLink(db, partnerCompanyId, { ogrn: request.query.ogrn });
      const [view, checklist, orderCount] = await Promise.all([
        loadReferralClient(db, partnerCompanyId, l.id),
        readChecklist(db, c.id),
        orderCountOf(db, c.id),
      ]);
      return {
        client: view,
        company: companyFields(c),
        checklist,
        approvalConfirmedAt: l.approvalConfirmedAt.toISOString(),
        orderCount,
      };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "One of the partner's clients by link id (the graph's node(id:) of ReferralClient)",
        description:
          "→ the row. Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN; 404 REFERRAL_CLIENT_NOT_FOUND (also another partner's, or an ended link).",
        params: IdParams,
        response: { 200: ClientSchema, ...errorResponses(ROLE_ERRORS, INPUT_ERRORS, NOT_FOUND, COMPANY_ERRORS) },
      },
    },
    async (request) => loadReferralClient(db, companyIdOf(request), request.params.id),
  );

  app.delete(
    `${BASE}/:id`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: 'Remove a client (spec core §6 "adds and removes clients")',
        description:
          'The link becomes REMOVED; the company and its users stay. Audit REFERRAL_CLIENT_REMOVE. → 204. Errors: 400 VALIDATION_ERROR; ' +
          "401; 403 FORBIDDEN / CSRF_INVALID; 404 REFERRAL_CLIENT_NOT_FOUND (also another partner's).",
        params: IdParams,
        response: {
          204: Type.Null(),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, NOT_FOUND, COMPANY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = partnerOf(request);
      await db.transaction((tx) =>
        removeReferralClient(
          tx,
          { partnerCompanyId: companyId, id: request.params.id, actorUserId: userId },
          app.clock.now(),
        ),
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/contacts`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: 'Edit the extra contacts of a client (spec core §6 "edits extra contacts")',
        description:
          `Body \`{ extraPhones: string[], extraEmails: string[] }\`: phones 10 digits, valid e-mails (lower-cased); blanks and duplicates ` +
          `removed; at most ${MAX_EXTRA_CONTACTS} each. Audit REFERRAL_CLIENT_CONTACTS. → the client. Errors: 400 VALIDATION_ERROR with ` +
          "items (extraPhones.<i> PHONE_INVALID 'Номер телефона — 10 цифр', extraEmails.<i> EMAIL_INVALID 'Проверьте корректность данных', " +
          'extraPhones / extraEmails TOO_MANY); 401; 403 FORBIDDEN / CSRF_INVALID; 404 REFERRAL_CLIENT_NOT_FOUND.',
        params: IdParams,
        body: ContactsBody,
        response: {
          200: ClientSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, NOT_FOUND, COMPANY_ERRORS),
        },
      },
    },
    async (request) => {
      const { companyId, userId } = partnerOf(request);
      const { value, issues } = normalizeExtraContacts(request.body);
      assertNoIssues(issues);
      await db.transaction((tx) =>
        updateReferralClientContacts(
          tx,
          { partnerCompanyId: companyId, id: request.params.id, actorUserId: userId, ...value },
          app.clock.now(),
        ),
      );
      return loadReferralClient(db, companyId, request.params.id);
    },
  );

  // ---- The client company's side: a partner's consent requests (designed; spec core §3 "never taken over")

  app.get(
    '/api/secured/client/referral/requests',
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: "Referral partners' pending requests to serve the client's company",
        description:
          '→ `[{ id, partner { companyId, name, inn, ogrn }, requestedBy { name, surname, email }|null, requestedAt }]`, oldest ' +
          'first (links CONSENT_REQUESTED of the company). Errors: 401; 403 FORBIDDEN (not a client).',
        response: { 200: Type.Array(RequestSchema), ...errorResponses(ROLE_ERRORS, COMPANY_ERRORS) },
      },
    },
    async (request) => referralRequestsOf(db, companyIdOf(request)),
  );

  for (const action of ['accept', 'decline'] as const)
    app.post(
      `/api/secured/client/referral/requests/:id/${action}`,
      {
        preHandler: client,
        schema: {
          tags: TAGS,
          summary:
            action === 'accept'
              ? "Accept a referral partner's request: the partner serves the company (link ACTIVE)"
              : "Decline a referral partner's request (link DECLINED)",
          description:
            'Any client user of the company answers, himself: a referral partner acting for a client (re-login) is refused with 403 ' +
            'ORIGINAL_CLIENT_REQUIRED (spec core §6 original client). Audit REFERRAL_CLIENT_CONSENT (actor: the client user). → 204. ' +
            'Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN / CSRF_INVALID / ORIGINAL_CLIENT_REQUIRED; 404 REFERRAL_REQUEST_NOT_FOUND ' +
            '(no such pending request of the company).',
          params: idParams('Request (link) id'),
          response: {
            204: Type.Null(),
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, COMPANY_ERRORS, ORIGINAL_CLIENT_ERRORS, {
              404: ['REFERRAL_REQUEST_NOT_FOUND'],
            }),
          },
        },
      },
      async (request, reply) => {
        // Consent is the company's own decision: never given by a partner acting for the client.
        assertOriginalClient(request.user);
        const companyId = companyIdOf(request);
        await db.transaction((tx) =>
          answerReferralRequest(
            tx,
            { companyId, id: request.params.id, accept: action === 'accept', actorUserId: request.user!.id },
            app.clock.now(),
          ),
        );
        return reply.status(204).send(null);
      },
    );
}
