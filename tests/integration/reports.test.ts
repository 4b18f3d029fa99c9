/**
 * Reports through the gateway (issue 12 "Reporting"): the graph's connection with cursors and totalCount, the
 * aggregates, csvUrl and the CSV export streamed by the gateway route /reports/orders.csv — with a cookie session and
 * with an API token — and the example script examples/monthly-report.ts run against the stack with a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../examples/monthly-report.js';
import { orderInput, signIn } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const CREATE_ORDER = `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id } } } }`;
const ORDERS = `query ($filter: ReportFilter, $first: Int, $after: String) { reports {
  orders(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor startCursor }
    edges { cursor node { orderId number status displayStatus amount currency paymentAgents { companyId } fee } } }
  csvUrl(filter: $filter) } }`;
const AGGREGATES = `query ($filter: ReportFilter, $groupBy: ReportGroupBy!) { reports {
  aggregates(filter: $filter, groupBy: $groupBy) { key currency count amountSum commissionSum feeSum } } }`;

describe('reports through the gateway', () => {
  let stack: Stack;
  let client: GqlClient;
  let since: string;
  let token: string;
  beforeAll(async () => {
    stack = await startStack();
    ({ c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
    since = new Date(Date.now() - 1000).toISOString();
    for (const amount of ['100.25', '200.50', '300.75'])
      expect(
        (await ok(client, CREATE_ORDER, { input: orderInput({ amount: { amount, currency: 'EUR' } }) })).createOrder
          .__typename,
      ).toBe('CreateOrderSuccess');
    const created = await ok(
      client,
      `mutation { createApiToken(input: { name: "Отчёты" }) { __typename ... on CreateApiTokenSuccess { token } } }`,
    );
    token = created.createApiToken.token;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('pages the connection with stable cursors and totalCount, and aggregates the same set', async () => {
    const filter = { createdFrom: since, currency: ['EUR'] };
    const first = (await ok(client, ORDERS, { filter, first: 2 })).reports;
    expect(first.orders.totalCount).toBe(3);
    expect(first.orders.edges).toHaveLength(2);
    expect(first.orders.pageInfo.hasNextPage).toBe(true);
    expect(first.orders.pageInfo.endCursor).toBe(first.orders.edges[1].cursor);
    expect(first.orders.edges[0].node).toMatchObject({
      status: 'VALIDATION',
      displayStatus: 'CHECK',
      amount: '100.25',
    });
    const second = (await ok(client, ORDERS, { filter, first: 2, after: first.orders.pageInfo.endCursor })).reports;
    expect(second.orders.edges.map((e: { node: { amount: string } }) => e.node.amount)).toEqual(['300.75']);
    expect(second.orders.pageInfo.hasNextPage).toBe(false);
    expect(first.csvUrl).toBe(`/reports/orders.csv?createdFrom=${encodeURIComponent(since)}&currency=EUR`);

    const agg = (await ok(client, AGGREGATES, { filter, groupBy: 'CURRENCY' })).reports.aggregates;
    expect(agg).toEqual([
      { key: 'EUR', currency: 'EUR', count: 3, amountSum: '601.50', commissionSum: '0', feeSum: '0' },
    ]);

    const bad = await client.gql(ORDERS, { filter, after: 'garbage' });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'REPORT_CURSOR_INVALID' });
  });

  it('streams the CSV through the gateway with the cookie and with a bearer token; errors as { message, code }', async () => {
    const { csvUrl } = (await ok(client, ORDERS, { filter: { createdFrom: since, currency: ['EUR'] } })).reports;
    for (const headers of [client.headers(), { authorization: `Bearer ${token}` }]) {
      const res = await fetch(`${stack.url}${csvUrl}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lines[0].startsWith('ID заявки;Номер;')).toBe(true);
      expect(lines.filter((l) => l.includes(';EUR;'))).toHaveLength(3);
      expect(lines.some((l) => l.includes(';200,50;EUR;'))).toBe(true);
    }
    const guest = await fetch(`${stack.url}/reports/orders.csv`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bad = await fetch(`${stack.url}/reports/orders.csv?createdFrom=nope`, { headers: client.headers() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'REPORT_FILTER_INVALID', message: expect.any(String) });
  });

  it('runs examples/monthly-report.ts with the token', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const report = await main({ url: stack.url, token, month, pageSize: 2 });
    expect(report.totalCount).toBe(report.orders.length);
    const eur = report.orders.filter((o) => o.currency === 'EUR' && ['100.25', '200.50', '300.75'].includes(o.amount));
    expect(eur).toHaveLength(3);
    const byCurrency = Object.fromEntries(report.aggregates.map((a) => [a.currency, a.count]));
    for (const c of Object.keys(byCurrency))
      expect(byCurrency[c]).toBe(report.orders.filter((o) => o.currency === c).length);
  });
});
