/**
 * Reports for integrators (issue 12 "Reporting"; docs/integrators.md; docs/rest-api.md "Reports"; service
 * src/reports/). Every route is a GET, so an API token (read-only) may call it.
 *
 *   GET /api/secured/reports/orders              a keyset page of orders: { items, pageInfo, totalCount }
 *   GET /api/secured/reports/orders/aggregates   ?groupBy=CURRENCY|STATUS|MONTH|PAYMENT_AGENT → rows per key × currency
 *   GET /api/secured/reports/orders.csv          the streamed CSV export (no size limit, constant memory)
 *
 * Scope: CLIENT → his company's orders; PARTNER (payment agent) → the orders sent to his company; OPER with right
 * ORDERS_VIEW → all orders (403 RIGHT_REQUIRED without it); other roles (AGENT, the referral partner) → 403 FORBIDDEN;
 * no session → 401.
 */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ORDER_STATUSES } from '@platform/domain/deal/statuses';
import { AppError } from '../../errors.js';
import { RIGHT_REQUIRED_MESSAGE } from '../../plugins/auth.js';
import { csvChunks } from '../../reports/csv.js';
import {
  checkDisplayStatuses,
  checkFilter,
  REPORT_ERRORS,
  REPORT_GROUP_BY,
  reportAggregates,
  reportPage,
  type ReportFilter,
  type ReportScope,
} from '../../reports/orders-report.js';
import { errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../schemas.js';

const TAGS = ['reports'];
const Instant = (what: string) =>
  Type.Optional(Type.String({ maxLength: 40, description: `${what}, UTC ISO 8601 (e.g. 2026-01-31T00:00:00Z)` }));

const FilterProps = {
  createdFrom: Instant('Created at or after'),
  createdTo: Instant('Created at or before'),
  updatedFrom: Instant('Last change at or after (the order status date, its offers’ status dates and edits)'),
  updatedTo: Instant('Last change at or before'),
  status: Type.Optional(
    Type.Array(literalUnion(ORDER_STATUSES), { maxItems: 20, description: 'Order statuses (repeat the parameter)' }),
  ),
  displayStatus: Type.Optional(
    Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 40,
      description:
        'Display statuses of the caller’s role (client display status, operator display status or the payment agent’s display code); 400 REPORT_FILTER_INVALID for a code of another role',
    }),
  ),
  currency: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Z]{3}$' }), { maxItems: 50, description: 'ISO 4217 codes' }),
  ),
  paymentType: Type.Optional(literalUnion(['SENDING', 'RECEIVING'], { description: 'Payment type' })),
  countryCode: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
      maxItems: 50,
      description: 'Counterparty country, ISO 3166-1 alpha-2',
    }),
  ),
  paymentAgentId: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, description: 'Payment agent company ids' }),
  ),
};

const ListQuery = Type.Object(
  {
    ...FilterProps,
    first: Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Page size, 1–500 (default 100)' }),
    after: Type.Optional(Type.String({ maxLength: 200, description: 'endCursor of the previous page (opaque)' })),
  },
  { additionalProperties: false },
);
const AggregateQuery = Type.Object(
  { ...FilterProps, groupBy: literalUnion(REPORT_GROUP_BY, { description: 'Grouping key' }) },
  { additionalProperties: false },
);
const CsvQuery = Type.Object(FilterProps, { additionalProperties: false });

const Money = (d: string) => Type.String({ description: `${d}: decimal string in the order currency` });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const ItemSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Order id' }),
    cursor: Type.String({ description: 'Opaque keyset cursor of this row (pass as `after` to continue after it)' }),
    number: Type.Integer({ description: 'Order number' }),
    createdAt: Type.String({ format: 'date-time', description: 'Created, UTC ISO 8601' }),
    updatedAt: Type.String({ format: 'date-time', description: 'Last change, UTC ISO 8601' }),
    status: Type.String({ description: 'Order status (spec core §4)' }),
    displayStatus: Type.String({ description: 'Display status of the caller’s role (spec core §4)' }),
    partnerOrderStatus: Nullable(Type.String({ description: 'PARTNER only: his partner order (offer) status' })),
    paymentType: Type.String({ description: 'SENDING or RECEIVING' }),
    amount: Money('Amount'),
    currency: Type.String({ description: 'ISO 4217' }),
    countryCode: Type.String({ description: 'Counterparty country, ISO 3166-1 alpha-2' }),
    city: Type.String(),
    bankName: Type.String(),
    companyId: Type.Integer({ description: 'The client company id' }),
    companyName: Type.String({ description: 'The client company short name' }),
    paymentAgents: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'Payment agent company id' }),
        name: Type.String({ description: 'Short name' }),
        status: Type.String({ description: 'His partner order (offer) status' }),
      }),
      {
        description:
          'Payment agents of the order visible to the caller (operator: all; client: those with visible offers; agent: himself)',
      },
    ),
    acceptedPaymentAgentId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Company id of the agent whose offer was accepted; null before acceptance',
    }),
    fee: Nullable(Money('Total client fee of the accepted offer')),
    serviceFee: Nullable(Money('Platform service fee of the accepted offer (the "commission" of the aggregates)')),
    referralCommission: Nullable(
      Money('OPER only: the referral partner commission of the order (null for other roles or without one)'),
    ),
  },
  { description: 'An order of a report' },
);

const PageSchema = Type.Object({
  items: Type.Array(ItemSchema),
  pageInfo: Type.Object({
    hasNextPage: Type.Boolean(),
    endCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page' }),
  }),
  totalCount: Type.Integer({ description: 'Orders matching the filter (all pages)' }),
});

const AggregateSchema = Type.Object({
  key: Type.String({
    description:
      'CURRENCY: ISO 4217; STATUS: order status; MONTH: YYYY-MM (UTC); PAYMENT_AGENT: company id of the accepted offer’s agent, NONE without one',
  }),
  currency: Type.String({ description: 'ISO 4217: sums are per currency only' }),
  count: Type.Integer({ description: 'Orders' }),
  amountSum: Type.String({ description: 'Sum of the amounts, decimal string' }),
  commissionSum: Type.String({ description: 'Sum of the platform service fees of accepted offers, decimal string' }),
  feeSum: Type.String({ description: 'Sum of the total client fees of accepted offers, decimal string' }),
  referralCommissionSum: Type.String({
    description: 'OPER only (else "0"): sum of the referral partner commissions of the orders, decimal string',
  }),
});

const ERRORS = errorResponses(RIGHT_ERRORS, INPUT_ERRORS, { 400: [REPORT_ERRORS.filter, REPORT_ERRORS.cursor] });

/** The report scope of the caller, or 401/403 (module header). */
export function reportScope(request: FastifyRequest): ReportScope {
  const user = request.user;
  if (!user) throw AppError.unauthorized();
  if (user.accountType === 'CLIENT' && user.companyId !== null) return { role: 'CLIENT', companyId: user.companyId };
  if (user.accountType === 'PARTNER' && user.companyId !== null) return { role: 'PARTNER', companyId: user.companyId };
  if (user.accountType === 'OPER') {
    if (!user.rights.includes('ORDERS_VIEW')) throw AppError.forbidden(RIGHT_REQUIRED_MESSAGE, 'RIGHT_REQUIRED');
    return { role: 'OPER' };
  }
  throw AppError.forbidden();
}

function filterOf(q: Static<typeof CsvQuery>, scope: ReportScope): ReportFilter {
  const f: ReportFilter = { ...q };
  checkFilter(f);
  checkDisplayStatuses(scope.role, f.displayStatus);
  return f;
}

export default async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;

  app.get(
    '/api/secured/reports/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'Order report page (issue 12)',
        description:
          'Orders of the caller’s scope matching the filter, ascending by (createdAt, id), keyset-paginated: pass ' +
          '`pageInfo.endCursor` as `after`. Stable over concurrent inserts (no duplicates, no skips).',
        querystring: ListQuery,
        response: { 200: PageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const scope = reportScope(request);
      const { first, after, ...rest } = request.query;
      if (after?.includes('\u0000')) throw new AppError(400, REPORT_ERRORS.cursor, 'Недействительный курсор (after)');
      const page = await reportPage(db, scope, filterOf(rest, scope), first, after);
      return { items: page.items, pageInfo: page.pageInfo, totalCount: page.totalCount };
    },
  );

  app.get(
    '/api/secured/reports/orders/aggregates',
    {
      schema: {
        tags: TAGS,
        summary: 'Order report aggregates (issue 12)',
        description:
          'Count, amount sum and commission sums of the filtered orders grouped by the key and the currency, ' +
          'computed by one grouped SQL query. Commission = the platform service fee of the accepted offer.',
        querystring: AggregateQuery,
        response: { 200: Type.Array(AggregateSchema), ...ERRORS },
      },
    },
    async (request) => {
      const scope = reportScope(request);
      const { groupBy, ...rest } = request.query;
      return reportAggregates(db, scope, filterOf(rest, scope), groupBy);
    },
  );

  app.get(
    '/api/secured/reports/orders.csv',
    {
      schema: {
        tags: TAGS,
        summary: 'Order report CSV export (issue 12)',
        description:
          'The filtered orders as CSV: UTF-8 with BOM, `;` separator, CRLF, Russian header row, decimal comma, RFC 4180 ' +
          "quoting, formula guard (a text cell starting with = + - @ gets a leading '). Streamed in keyset pages of " +
          '1000 rows with back-pressure: no size limit, constant memory.',
        querystring: CsvQuery,
        produces: ['text/csv'],
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv; charset=utf-8 (streamed)' }),
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const scope = reportScope(request);
      const filter = filterOf(request.query, scope);
      const day = app.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
      const stream = Readable.from(csvChunks(db, scope, filter), { objectMode: false, highWaterMark: 1 });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}
