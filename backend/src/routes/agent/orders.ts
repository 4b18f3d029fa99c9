/**
 * Referral partner area (issue 11; docs/rest-api.md "Re-login, requests and commissions"): the requests of the
 * partner's clients (read-only; he creates and manages them by re-login) and his commissions. Scope and queries:
 * backend/src/referral/relogin-orders.ts; the commission rule: @platform/domain/referral/commission.
 *
 *   POST /api/secured/agent/order/exch/filter?page&size   page of his clients' requests
 *   POST /api/secured/agent/order/exch/filter/count       their number
 *   GET  /api/secured/agent/order/exch/{id}               one request with its documents (names, statuses)
 *   GET  /api/secured/agent/commissions?page&size         his commissions, newest first
 *   GET  /api/secured/agent/commissions/total             their sums per currency
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { CLIENT_DISPLAY_STATUSES } from '@platform/domain/deal/display';
import { AppError } from '../../errors.js';
import { commissionTotalsOf } from '../../referral/commissions.js';
import {
  agentOrderDocuments,
  countAgentOrders,
  countCommissions,
  loadAgentOrders,
  pageAgentOrders,
  pageCommissions,
  type AgentOrderFilter,
} from '../../referral/relogin-orders.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, ROLE_ERRORS } from '../schemas.js';
import { OrderStatusSchema } from '../orders/schemas.js';
import { countAnswerSchema, idParams, pageAnswer, pageAnswerSchema, pageOf, pageQuery } from '../admin/shared.js';

const TAGS = ['agent'];
const BASE = '/api/secured/agent/order/exch';
const PAGE_SIZE = 10;
/** 404 of an order outside the partner's scope. */
export const ORDER_NOT_FOUND = { code: 'NOT_FOUND', message: 'Заявка не найдена' } as const;

const MoneyOut = Type.Object(
  {
    amount: Type.String({ description: 'Decimal string, 2 decimals' }),
    currency: Type.String({ description: 'ISO 4217' }),
  },
  { description: 'Money' },
);

const AgentOrderSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Order id' }),
    number: Type.Integer({ description: 'Display number (= id)' }),
    createdAt: Type.String({ description: 'UTC ISO 8601' }),
    status: OrderStatusSchema,
    displayStatus: Type.Object(
      {
        code: literalUnion(CLIENT_DISPLAY_STATUSES, { description: 'The client display status (spec core §4)' }),
        label: Type.String({ description: 'Its Russian label' }),
      },
      { description: 'The status as the client sees it (@platform/domain/deal/display)' },
    ),
    paymentType: Type.String({ description: 'SENDING or RECEIVING' }),
    amount: Type.String({ description: 'Decimal string, 2 decimals' }),
    currency: Type.String({ description: 'ISO 4217' }),
    client: Type.Object({
      companyId: Type.Integer(),
      shortName: Type.String(),
      inn: Type.String(),
    }),
    documentsCount: Type.Integer({ description: 'Documents the payment agent sent to the client (SENT or CONFIRMED)' }),
    commission: Type.Union(
      [
        Type.Object({
          amount: Type.String({ description: 'Decimal string, 2 decimals' }),
          currency: Type.String({ description: 'ISO 4217' }),
          percent: Type.String({ description: "The partner's rate applied, percent, trimmed ('10', '12.5')" }),
        }),
        Type.Null(),
      ],
      { description: "The partner's commission of the executed deal; null until EXECUTED (or without a link)" },
    ),
  },
  { description: "A request of the partner's client" },
);

const AgentOrderCardSchema = Type.Intersect([
  AgentOrderSchema,
  Type.Object({
    documents: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        kind: Type.Union([Type.Literal('OFFER_DOCS'), Type.Literal('FINAL_DOCS')], {
          description: 'Offer documents or closing documents',
        }),
        status: Type.Union([Type.Literal('SENT'), Type.Literal('CONFIRMED')]),
        createdAt: Type.String({ description: 'UTC ISO 8601' }),
      }),
    ),
  }),
]);

const FilterBody = Type.Object({
  statuses: Type.Optional(
    Type.Array(OrderStatusSchema, { maxItems: 20, description: 'Only these statuses; empty: all' }),
  ),
  id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })], {
      description: 'Order number; applied only when numeric (spec core §5)',
    }),
  ),
  clientCompanyId: Type.Optional(Type.Integer({ minimum: 1, description: "Only this client company's requests" })),
});

const CommissionSchema = Type.Object(
  {
    id: Type.Integer(),
    orderId: Type.Integer(),
    client: Type.Object({ companyId: Type.Integer(), shortName: Type.String() }),
    baseAmount: Type.String({ description: "The executed offer's service fee, decimal" }),
    baseCurrency: Type.String({ description: 'ISO 4217' }),
    percent: Type.String({ description: "The partner's rate at execution, percent, trimmed" }),
    amount: Type.String({ description: 'round_half_up(base × percent / 100, 2)' }),
    currency: Type.String({ description: 'ISO 4217 (= baseCurrency)' }),
    createdAt: Type.String({ description: 'When the order became EXECUTED, UTC ISO 8601' }),
  },
  { description: 'The partner\'s commission of one executed deal (docs/rest-api.md "Referral partner commission")' },
);

function partnerCompany(request: FastifyRequest): number {
  const id = request.user?.companyId;
  if (!id) throw AppError.forbidden();
  return id;
}

function filterOf(partnerCompanyId: number, body: Static<typeof FilterBody> | undefined): AgentOrderFilter {
  const raw = body?.id;
  const number =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim())
        ? Number(raw.trim())
        : undefined;
  return { partnerCompanyId, statuses: body?.statuses, number, clientCompanyId: body?.clientCompanyId };
}

export default async function agentOrdersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const agent = app.requireRole('AGENT');

  app.post(
    `${BASE}/filter`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "Page of the requests of the partner's clients (issue 11)",
        description:
          'Query `page` (0-based), `size` (default 10, at most 100). Body `{ statuses?, id?, clientCompanyId? }` (id applied ' +
          'only when numeric). Scope: the orders of the companies with an ACTIVE link to the partner and the orders whose ' +
          "consultant is one of the partner's users; newest first. Each row: client, status, the client display status, " +
          'amount, currency, documents count, the commission when executed. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; ' +
          '403 FORBIDDEN (not a referral partner in his own session) / CSRF_INVALID.',
        querystring: pageQuery({ defaultSize: PAGE_SIZE }),
        body: Type.Optional(FilterBody),
        response: {
          200: pageAnswerSchema(AgentOrderSchema, "Requests of the partner's clients under the filter"),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const f = filterOf(partnerCompany(request), request.body);
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const total = await countAgentOrders(db, f);
      return pageAnswer(await pageAgentOrders(db, f, page, size), total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "Number of the requests of the partner's clients (issue 11)",
        description:
          'Body as .../filter → `{ count }`. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN / CSRF_INVALID.',
        body: Type.Optional(FilterBody),
        response: {
          200: countAnswerSchema("Requests of the partner's clients under the filter"),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countAgentOrders(db, filterOf(partnerCompany(request), request.body)) }),
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "One request of the partner's client, read-only, with its documents (issue 11)",
        description:
          'The row of .../filter and `documents` (those the payment agent sent to the client: names, kinds, statuses). ' +
          "Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN; 404 NOT_FOUND 'Заявка не найдена' (not in the " +
          "partner's scope — another partner's request is never shown).",
        params: idParams('Order id', Number.MAX_SAFE_INTEGER),
        response: {
          200: AgentOrderCardSchema,
          ...errorResponses(ROLE_ERRORS, INPUT_ERRORS, { 404: [ORDER_NOT_FOUND.code] }),
        },
      },
    },
    async (request) => {
      const [row] = await loadAgentOrders(db, partnerCompany(request), [request.params.id]);
      if (!row) throw AppError.notFound(ORDER_NOT_FOUND.message, ORDER_NOT_FOUND.code);
      return { ...row, documents: await agentOrderDocuments(db, row.id) };
    },
  );

  app.get(
    '/api/secured/agent/commissions',
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "The partner's commissions per executed deal, newest first (issue 11)",
        description:
          'Query `page` (0-based), `size` (default 10, at most 100). Rule: docs/rest-api.md "Referral partner commission". ' +
          'Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN.',
        querystring: pageQuery({ defaultSize: PAGE_SIZE }),
        response: {
          200: pageAnswerSchema(CommissionSchema, "The partner's commissions"),
          ...errorResponses(ROLE_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const partnerCompanyId = partnerCompany(request);
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const total = await countCommissions(db, partnerCompanyId);
      return pageAnswer(await pageCommissions(db, partnerCompanyId, page, size), total, page, size);
    },
  );

  app.get(
    '/api/secured/agent/commissions/total',
    {
      preHandler: agent,
      schema: {
        tags: TAGS,
        summary: "The sums of the partner's commissions per currency (issue 11)",
        description:
          '→ `[{ amount, currency }]`, currencies A→Z, amounts decimal with 2 decimals; empty without commissions. Errors: ' +
          '401 UNAUTHORIZED; 403 FORBIDDEN.',
        response: { 200: Type.Array(MoneyOut), ...errorResponses(ROLE_ERRORS) },
      },
    },
    async (request) => commissionTotalsOf(db, partnerCompany(request)),
  );
}
