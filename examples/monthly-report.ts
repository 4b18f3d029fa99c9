/**
 * Pulls a monthly report from the platform's GraphQL API with an API token (issue 12; docs/integrators.md):
 * every order created in the month (paged with the connection's cursor) and the aggregates by currency, with types
 * generated from schema.graphql (examples/generated/graphql.ts, `node examples/codegen.mjs`).
 *
 * Run (Node 20+):
 *   PLATFORM_URL=https://platform.example PLATFORM_TOKEN=vpt_… npx tsx examples/monthly-report.ts 2026-11
 * The month defaults to the previous calendar month (UTC). Prints the orders as tab-separated lines and the
 * aggregates; exits 1 with the GraphQL error's message and code on failure.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse, print } from 'graphql';
import type {
  PageInfo,
  ReportAggregate,
  ReportFilter,
  ReportGroupBy,
  ReportOrder,
  ReportOrderConnection,
} from './generated/graphql.js';

export type MonthlyOrder = Pick<
  ReportOrder,
  'orderId' | 'number' | 'createdAt' | 'status' | 'displayStatus' | 'amount' | 'currency' | 'fee' | 'serviceFee'
>;
type OrdersPage = {
  reports: {
    orders: Pick<ReportOrderConnection, 'totalCount'> & {
      pageInfo: Pick<PageInfo, 'hasNextPage' | 'endCursor'>;
      edges: { node: MonthlyOrder }[];
    };
  };
};
type OrdersVars = { filter: ReportFilter; first: number; after?: string | null };
export type MonthlyAggregate = Pick<
  ReportAggregate,
  'key' | 'currency' | 'count' | 'amountSum' | 'commissionSum' | 'feeSum'
>;
type AggregatesResult = { reports: { aggregates: MonthlyAggregate[] } };
type AggregatesVars = { filter: ReportFilter; groupBy: ReportGroupBy };

export const ORDERS: TypedDocumentNode<OrdersPage, OrdersVars> = parse(/* GraphQL */ `
  query MonthlyOrders($filter: ReportFilter, $first: Int, $after: String) {
    reports {
      orders(filter: $filter, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            orderId
            number
            createdAt
            status
            displayStatus
            amount
            currency
            fee
            serviceFee
          }
        }
      }
    }
  }
`);

export const AGGREGATES: TypedDocumentNode<AggregatesResult, AggregatesVars> = parse(/* GraphQL */ `
  query MonthlyAggregates($filter: ReportFilter, $groupBy: ReportGroupBy!) {
    reports {
      aggregates(filter: $filter, groupBy: $groupBy) {
        key
        currency
        count
        amountSum
        commissionSum
        feeSum
      }
    }
  }
`);

/** A GraphQL error answer, with the code of `extensions.code` (and the backend's `extensions.reason`). */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly reason: string | undefined,
  ) {
    super(message);
  }
}

/** Runs one typed operation with the bearer token. */
export async function request<R, V>(
  url: string,
  token: string,
  doc: TypedDocumentNode<R, V>,
  variables: V,
): Promise<R> {
  const res = await fetch(new URL('/graphql', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(doc), variables }),
  });
  const body = (await res.json()) as {
    data?: R;
    errors?: { message: string; extensions?: { code?: string; reason?: string } }[];
  };
  const err = body.errors?.[0];
  if (err || !body.data)
    throw new GraphQLRequestError(err?.message ?? `HTTP ${res.status}`, err?.extensions?.code, err?.extensions?.reason);
  return body.data;
}

/** The UTC bounds of a month `YYYY-MM` as a report filter on the creation time. */
export function monthFilter(month: string): ReportFilter {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new Error(`month must be YYYY-MM, got "${month}"`);
  const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  const to = new Date(Date.UTC(Number(m[1]), Number(m[2]), 1) - 1);
  return { createdFrom: from.toISOString(), createdTo: to.toISOString() };
}

export interface MonthlyReport {
  month: string;
  totalCount: number;
  orders: MonthlyOrder[];
  aggregates: MonthlyAggregate[];
}

/** Pulls the month's orders (every page) and the aggregates by currency. */
export async function main(opts: {
  url: string;
  token: string;
  month: string;
  pageSize?: number;
}): Promise<MonthlyReport> {
  const filter = monthFilter(opts.month);
  const orders: MonthlyOrder[] = [];
  let after: string | null = null;
  let totalCount = 0;
  for (;;) {
    const page: OrdersPage = await request(opts.url, opts.token, ORDERS, {
      filter,
      first: opts.pageSize ?? 500,
      after,
    });
    totalCount = page.reports.orders.totalCount;
    orders.push(...page.reports.orders.edges.map((e) => e.node));
    if (!page.reports.orders.pageInfo.hasNextPage) break;
    after = page.reports.orders.pageInfo.endCursor ?? null;
  }
  const { reports } = await request(opts.url, opts.token, AGGREGATES, { filter, groupBy: 'CURRENCY' });
  return { month: opts.month, totalCount, orders, aggregates: reports.aggregates };
}

function previousMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

async function cli(): Promise<void> {
  const url = process.env.PLATFORM_URL;
  const token = process.env.PLATFORM_TOKEN;
  if (!url || !token) throw new Error('set PLATFORM_URL and PLATFORM_TOKEN');
  const report = await main({ url, token, month: process.argv[2] ?? previousMonth() });
  console.log(`Заявки за ${report.month}: ${report.totalCount}`);
  for (const o of report.orders)
    console.log([o.number, o.createdAt, o.status, o.displayStatus, o.amount, o.currency, o.fee ?? ''].join('\t'));
  for (const a of report.aggregates)
    console.log(`${a.currency}: ${a.count} заявок, сумма ${a.amountSum}, комиссия сервиса ${a.commissionSum}`);
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file://').href) {
  cli().catch((err: unknown) => {
    const e = err as GraphQLRequestError;
    console.error(`${e.message}${e.code ? ` (${e.code}${e.reason ? `, ${e.reason}` : ''})` : ''}`);
    process.exit(1);
  });
}
