/**
 * Reports in the graph (issue 12 "Reporting"; schema.graphql region "Integrators: reporting"; REST
 * docs/rest-api.md "Reports", backend/src/routes/reports):
 *
 *   Query.reports              {} — the fields below call the backend in the caller's session (cookie or bearer)
 *   Reports.orders             GET /api/secured/reports/orders             → ReportOrderConnection
 *   Reports.aggregates         GET /api/secured/reports/orders/aggregates  → [ReportAggregate]
 *   Reports.csvUrl             the gateway path /reports/orders.csv?… (http/reports.ts streams the backend's CSV)
 *
 * Errors: UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT with `extensions.reason` (REPORT_FILTER_INVALID,
 * REPORT_CURSOR_INVALID, VALIDATION_ERROR) through the one mapping of rest/errors.ts.
 */
import type { GatewayContext } from '../../context.js';
import type { ReportFilter, Reports, Resolvers } from '../../generated/resolvers-types.js';
import { toGraphQLError } from '../../rest/errors.js';
import type { AnswerOf } from '../../rest/openapi.js';

type PageDto = AnswerOf<'GET', '/api/secured/reports/orders'>;
type ItemDto = PageDto['items'][number];

/** The REST query parameters of a filter (lists repeat the parameter). */
export function filterQuery(f: ReportFilter | null | undefined): Record<string, string | readonly (string | number)[]> {
  const q: Record<string, string | readonly (string | number)[]> = {};
  if (!f) return q;
  for (const k of ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const) {
    const v = f[k];
    if (v) q[k] = String(v);
  }
  if (f.status?.length) q.status = f.status;
  if (f.displayStatus?.length) q.displayStatus = f.displayStatus;
  if (f.currency?.length) q.currency = f.currency;
  if (f.paymentType) q.paymentType = f.paymentType;
  if (f.countryCode?.length) q.countryCode = f.countryCode;
  if (f.paymentAgentIds?.length) q.paymentAgentId = f.paymentAgentIds;
  return q;
}

/** `/reports/orders.csv` with the filter as a query string. */
export function csvUrl(f: ReportFilter | null | undefined): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filterQuery(f)))
    for (const x of typeof v === 'string' ? [v] : v) p.append(k, String(x));
  const s = p.toString();
  return `/reports/orders.csv${s ? `?${s}` : ''}`;
}

function toNode(i: ItemDto) {
  return {
    orderId: i.id,
    number: i.number,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    status: i.status as never,
    displayStatus: i.displayStatus,
    partnerOrderStatus: (i.partnerOrderStatus ?? null) as never,
    paymentType: i.paymentType as never,
    amount: i.amount,
    currency: i.currency,
    countryCode: i.countryCode,
    city: i.city,
    bankName: i.bankName,
    companyId: i.companyId,
    companyName: i.companyName,
    paymentAgents: i.paymentAgents.map((a) => ({ companyId: a.id, name: a.name, status: a.status as never })),
    acceptedPaymentAgentId: i.acceptedPaymentAgentId,
    fee: i.fee,
    serviceFee: i.serviceFee,
    referralCommission: i.referralCommission,
  };
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toGraphQLError(err);
  }
}

export const resolvers: Resolvers<GatewayContext> = {
  Query: {
    // Reports has no state of its own: each field calls the backend (the parent is an empty marker object).
    reports: () => ({}) as Reports,
  },
  Reports: {
    orders: async (_r, { filter, first, after }, ctx) => {
      const page = await call(() =>
        ctx.api.session.call('GET', '/api/secured/reports/orders', {
          query: { ...filterQuery(filter), first: first ?? 100, ...(after ? { after } : {}) },
        }),
      );
      const edges = page.items.map((i) => ({ cursor: i.cursor, node: toNode(i) }));
      return {
        edges,
        pageInfo: {
          hasNextPage: page.pageInfo.hasNextPage,
          hasPreviousPage: Boolean(after),
          startCursor: page.items[0]?.cursor ?? null,
          endCursor: page.pageInfo.endCursor,
        },
        totalCount: page.totalCount,
      };
    },
    aggregates: async (_r, { filter, groupBy }, ctx) =>
      call(() =>
        ctx.api.session.call('GET', '/api/secured/reports/orders/aggregates', {
          query: { ...filterQuery(filter), groupBy },
        }),
      ),
    csvUrl: (_r, { filter }) => csvUrl(filter),
  },
};
