/**
 * The gateway in-process (buildGateway on port 0) over a stub backend: session forwarding (DESIGN
 * "Sessions"), the §8 anti-forgery refresh and single retry, error mapping, Relay paging and node scoping,
 * persisted queries, proxies, health, the web app and graphql-ws.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildGateway, type Gateway } from '../src/app.js';
import type { OrderStatusDto } from '../src/rest/contract.js';
import { startStubBackend, type Stub } from './stubBackend.js';

let stub: Stub;
let gw: Gateway;
const webDist = mkdtempSync(join(tmpdir(), 'gw-web-'));
const pqPath = join(mkdtempSync(join(tmpdir(), 'gw-pq-')), 'persisted-queries.json');

interface GqlAnswer {
  status: number;
  body: {
    data?: Record<string, any> | null;
    errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
  };
  text: string;
  setCookie: string[];
}

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  target: Gateway = gw,
): Promise<GqlAnswer> {
  const res = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text, setCookie: res.headers.getSetCookie() };
}

const SIGNED_IN = { cookie: 'SESSION=sess-1; XSRF-TOKEN=browser-token', 'x-xsrf-token': 'browser-token' };
const upstreamPaths = () => stub.calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Платформа</title><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  writeFileSync(pqPath, JSON.stringify({ 'q-countries': 'query Countries { countries { countryCode countryName } }' }));
  stub = await startStubBackend();
  gw = await buildGateway({
    backendUrl: stub.url,
    port: 0,
    webDist,
    persistedQueriesPath: pqPath,
    publicUrl: 'https://valuta.example',
  });
});
afterAll(async () => {
  await gw?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.calls.length = 0;
  stub.state.forceCsrfFailures = 0;
});

describe('viewer and session forwarding', () => {
  it('is null when signed out, without any upstream call', async () => {
    const r = await gql('{ viewer { id } }');
    expect(r.body).toEqual({ data: { viewer: null } });
    expect(stub.calls).toHaveLength(0);
  });

  it('forwards the browser cookies and derives account fields', async () => {
    const r = await gql(
      '{ viewer { id userId email accountType verified canCreateOrders rights company { id shortName status } } }',
      {},
      SIGNED_IN,
    );
    expect(r.body.data?.viewer).toMatchObject({
      id: toGlobalId('User', '1'),
      email: 'client@example.ru',
      accountType: 'CLIENT',
      verified: true,
      canCreateOrders: true,
      company: { id: toGlobalId('Company', '7'), status: 'VERIFIED' },
    });
    expect(stub.calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/secured/common/current/user',
      cookie: 'SESSION=sess-1; XSRF-TOKEN=browser-token',
    });
  });

  it('a stale session makes viewer null after one token refresh and one retry', async () => {
    const r = await gql('{ viewer { id } }', {}, { cookie: 'SESSION=gone' });
    expect(r.body).toEqual({ data: { viewer: null } });
    expect(upstreamPaths()).toEqual([
      'GET /api/secured/common/current/user',
      'GET /api/public/csrf',
      'GET /api/secured/common/current/user',
    ]);
  });

  it('login then a secured call in one operation: the fetched token and the rotated SESSION are used and relayed', async () => {
    const r = await gql(`mutation {
      login(input: { email: "client@example.ru", password: "Secret#1", userType: CLIENT }) {
        __typename ... on LoginSuccess { viewer { email accountType } }
      }
      logout { __typename }
    }`);
    expect(r.body.data).toEqual({
      login: { __typename: 'LoginSuccess', viewer: { email: 'client@example.ru', accountType: 'CLIENT' } },
      logout: { __typename: 'LogoutSuccess' },
    });
    expect(upstreamPaths()).toEqual([
      'GET /api/public/csrf',
      'POST /api/public/common/login',
      'POST /api/secured/common/logout',
    ]);
    const [, login, logout] = stub.calls;
    expect(login.xsrf).toBe('tok-' + stub.state.csrfIssued);
    expect(login.authorization).toBe(`Basic ${Buffer.from('client@example.ru:Secret#1').toString('base64')}`);
    expect(logout.cookie).toMatch(/SESSION=sess-new-\d+/);
    expect(logout.xsrf).toBe(login.xsrf);
    // each upstream cookie reaches the browser once, its latest line (issue 14: not one line per upstream call)
    expect(r.setCookie.map((c) => c.split(';')[0])).toEqual([
      '_csrf=secret',
      `XSRF-TOKEN=${login.xsrf}`,
      'USER_TYPE=CLIENT',
      'SESSION=',
    ]);
  });

  it('wrong credentials are a LoginError-style UserError, not a session failure (no retry)', async () => {
    const r = await gql(
      'mutation { login(input: { email: "a@b.ru", password: "nope" }) { __typename ... on UserError { code message field fieldErrors { field } } } }',
      {},
      SIGNED_IN,
    );
    expect(r.body.data?.login).toEqual({
      __typename: 'UserError',
      code: 'BAD_CREDENTIALS',
      message: 'Неверный адрес электронной почты или пароль',
      field: null,
      fieldErrors: [],
    });
    expect(upstreamPaths()).toEqual(['POST /api/public/common/login']);
  });

  it('403 retryCsrf: refreshes the token, retries once and succeeds', async () => {
    stub.state.forceCsrfFailures = 1;
    const r = await gql(
      'mutation { checkEmail(input: { email: "new@example.ru" }) { __typename ... on CheckEmailSuccess { available } } }',
      {},
      SIGNED_IN,
    );
    expect(r.body.data?.checkEmail).toEqual({ __typename: 'CheckEmailSuccess', available: true });
    expect(upstreamPaths()).toEqual([
      'POST /api/public/common/email/check',
      'GET /api/public/csrf',
      'POST /api/public/common/email/check',
    ]);
    expect(r.setCookie.some((c) => c.startsWith('XSRF-TOKEN=tok-'))).toBe(true);
  });

  it('a session failure that survives the retry is UNAUTHENTICATED (spec core §8)', async () => {
    const r = await gql(
      'mutation { updateCurrentUser(input: { name: "И", surname: "П", phone: "9001234567" }) { __typename } }',
      {},
      { ...SIGNED_IN, cookie: 'SESSION=gone' },
    );
    expect(r.body.errors?.[0]).toMatchObject({
      message: 'Требуется вход в систему',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(upstreamPaths()).toEqual([
      'PUT /api/secured/common/current/user',
      'GET /api/public/csrf',
      'PUT /api/secured/common/current/user',
    ]);
  });
});

describe('error mapping over HTTP', () => {
  it('business failures are typed results with codes and retry hints', async () => {
    const r = await gql(
      `mutation {
      checkEmail(input: { email: "taken@example.ru" }) { __typename ... on UserError { code message } }
      sendEmailConfirmation(input: { email: "x@example.ru" }) { __typename ... on UserError { code retryAfterSeconds } }
    }`,
      {},
      SIGNED_IN,
    );
    expect(r.body.data).toEqual({
      checkEmail: {
        __typename: 'UserError',
        code: 'EMAIL_TAKEN',
        message: 'Этот адрес электронной почты уже используется',
      },
      sendEmailConfirmation: { __typename: 'UserError', code: 'RESEND_TOO_EARLY', retryAfterSeconds: 90 },
    });
  });

  it('a wrong role is FORBIDDEN', async () => {
    const r = await gql('{ viewer { email clientInfo { status } } }', {}, SIGNED_IN);
    expect(r.body.errors?.[0]).toMatchObject({ path: ['viewer', 'clientInfo'], extensions: { code: 'FORBIDDEN' } });
    expect(r.body.data?.viewer).toEqual({ email: 'client@example.ru', clientInfo: null });
  });

  it('an upstream 500 is masked: no status, URL or body reaches the client', async () => {
    const r = await gql('{ countries(prefix: "boom") { countryCode } }');
    expect(r.body.errors?.[0]).toEqual({
      message: 'Что-то пошло не так',
      locations: [{ line: 1, column: 3 }],
      path: ['countries'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(r.text).not.toMatch(/10\.0\.0\.5|\/api\/|500|SELECT/);
  });

  it('bankByBik: unknown → null, malformed → BAD_USER_INPUT', async () => {
    expect((await gql('{ bankByBik(bik: "000000000") { bankName } }')).body).toEqual({ data: { bankByBik: null } });
    const bad = await gql('{ bankByBik(bik: "12") { bankName } }');
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'БИК — 9 цифр', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('orders (spec core §4)', () => {
  beforeAll(() => {
    const statuses: OrderStatusDto[] = [
      'VALIDATION',
      'ACTIVE',
      'ACTIVE',
      'OFFER_ACCEPTED',
      'EXECUTING',
      'EXECUTED',
      'CANCELED',
      'REJECTED',
      'IN_VALIDATION',
      'PAYMENT_CHECKING',
      'VALIDATION',
      'EXECUTED',
    ];
    statuses.forEach((status, i) =>
      stub.orders.push({
        id: i + 1,
        status,
        companyId: 7,
        partnerOrders:
          status === 'ACTIVE' && i === 2
            ? [{ status: 'SEND_OFFER', partnerSignRequired: true }]
            : status === 'OFFER_ACCEPTED'
              ? [
                  { status: 'SEND_PAYCHECK', partnerSignRequired: true },
                  { status: 'SIGNED_ANOTHER_OFFER', partnerSignRequired: false },
                ]
              : status === 'EXECUTING'
                ? [{ status: 'SEND_EXECUTING_DOCS', partnerSignRequired: false }]
                : [],
      }),
    );
    stub.orders.push({ id: 99, status: 'ACTIVE', companyId: 8 });
  });

  const PAGE = `query Orders($first: Int, $after: String, $tab: OrderTab) {
    viewer { orders(first: $first, after: $after, tab: $tab) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor node { id orderId number status clientTab clientDisplayStatus { code label } amount { amount currency } files { name size downloadUrl } } }
    } orderTabCounts { current completed cancelled } }
  }`;

  it('pages the current tab with totalCount, display statuses and tab counts', async () => {
    const first = await gql(PAGE, { first: 4, tab: 'CURRENT' }, SIGNED_IN);
    const orders = first.body.data?.viewer.orders;
    expect(orders.totalCount).toBe(8);
    expect(orders.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(orders.edges.map((e: any) => e.node.orderId)).toEqual([11, 10, 9, 5]);
    expect(orders.edges.map((e: any) => e.node.clientDisplayStatus.label)).toEqual([
      'Проверка',
      'Проверка оплаты',
      'Проверка',
      'Требует подтверждения',
    ]);
    expect(orders.edges[0].node).toMatchObject({
      amount: { amount: '12500.00', currency: 'USD' },
      clientTab: 'CURRENT',
      files: [{ downloadUrl: '/files/orders/11/f1', size: 1234 }],
    });
    expect(first.body.data?.viewer.orderTabCounts).toEqual({ current: 8, completed: 2, cancelled: 2 });
    // bounded cost: viewer + one page + one call for the three tab counts (issue 15)
    expect(stub.calls).toHaveLength(3);

    const second = await gql(PAGE, { first: 4, tab: 'CURRENT', after: orders.pageInfo.endCursor }, SIGNED_IN);
    const labels = second.body.data?.viewer.orders.edges.map((e: any) => [
      e.node.orderId,
      e.node.clientDisplayStatus.code,
    ]);
    expect(labels).toEqual([
      [4, 'PAYMENT'],
      [3, 'HAS_OFFERS'],
      [2, 'WAITING_FOR_OFFERS'],
      [1, 'CHECK'],
    ]);
    expect(second.body.data?.viewer.orders.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('filters the cancelled tab and by numeric number only', async () => {
    const r = await gql(
      '{ viewer { orders(tab: CANCELLED) { totalCount edges { node { clientDisplayStatus { code label } } } } byNumber: orders(number: "6") { totalCount } ignored: orders(number: "abc") { totalCount } } }',
      {},
      SIGNED_IN,
    );
    expect(r.body.data?.viewer.orders.edges.map((e: any) => e.node.clientDisplayStatus.label)).toEqual([
      'Отклонена сервисом',
      'Отменена',
    ]);
    expect(r.body.data?.viewer.byNumber.totalCount).toBe(1);
    expect(r.body.data?.viewer.ignored.totalCount).toBe(12);
  });

  it("node(): own order, another company's order → null, garbage → null; repeated ids cost one call", async () => {
    const own = toGlobalId('Order', '3');
    const r = await gql(
      `query($own: ID!, $other: ID!) {
      own: node(id: $own) { id ... on Order { orderId clientDisplayStatus { code } } }
      again: node(id: $own) { id }
      many: nodes(ids: [$own, $other]) { id }
      other: node(id: $other) { id }
      junk: node(id: "bm9wZQ==") { id }
    }`,
      { own, other: toGlobalId('Order', '99') },
      SIGNED_IN,
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data).toEqual({
      own: { id: own, orderId: 3, clientDisplayStatus: { code: 'HAS_OFFERS' } },
      again: { id: own },
      many: [{ id: own }, null],
      other: null,
      junk: null,
    });
    // Orders are read through the batch read (issue 14 defect 7), each distinct id once in all.
    const orderReads = stub.calls.filter((c) => c.url.startsWith('/api/secured/client/order/exch/'));
    expect(orderReads.every((c) => c.url.startsWith('/api/secured/client/order/exch/batch?'))).toBe(true);
    const requested = orderReads.flatMap((c) => new URL(c.url, 'http://x').searchParams.getAll('ids'));
    expect(requested.sort()).toEqual(['3', '99']);
    expect(upstreamPaths().filter((p) => p === 'GET /api/secured/common/current/user')).toHaveLength(1);
  });

  it('node() when signed out is null', async () => {
    expect((await gql('query($id: ID!) { node(id: $id) { id } }', { id: toGlobalId('Order', '3') })).body).toEqual({
      data: { node: null },
    });
  });

  const INPUT = {
    paymentType: 'SENDING',
    amount: { amount: '12500.00', currency: 'USD' },
    counterparty: { countryCode: 'CN', city: 'Shanghai', bankName: 'Bank of China', swift: null },
    tnvedCode: '8471300000',
    goodsLocation: 'IMPORTED',
    paymentDateFrom: '2026-12-01',
    paymentDateTo: '2026-12-15',
    fileIds: ['file-1'],
  };
  const CREATE = `mutation($input: OrderInput!) { createOrder(input: $input) {
    __typename
    ... on CreateOrderSuccess { order { status clientDisplayStatus { code label } } orderEdge { cursor node { orderId } } }
    ... on UserError { code field fieldErrors { field code message } }
  } }`;

  it('createOrder returns the order and an edge; validation items use GraphQL paths', async () => {
    const ok = await gql(CREATE, { input: INPUT }, SIGNED_IN);
    expect(ok.body.data?.createOrder).toMatchObject({
      __typename: 'CreateOrderSuccess',
      order: { status: 'VALIDATION', clientDisplayStatus: { code: 'CHECK', label: 'Проверка' } },
      orderEdge: { node: { orderId: 500 } },
    });
    const body = stub.calls.find((c) => c.method === 'POST' && c.url === '/api/secured/client/order/exch');
    expect(body?.xsrf).toBe('browser-token');
    const bad = await gql(CREATE, { input: { ...INPUT, amount: { amount: '0', currency: 'USD' } } }, SIGNED_IN);
    expect(bad.body.data?.createOrder).toEqual({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      field: 'amount.amount',
      fieldErrors: [{ field: 'amount.amount', code: 'MIN', message: 'Сумма больше нуля' }],
    });
  });

  it('Date and Decimal inputs are validated before any upstream call', async () => {
    const r = await gql(CREATE, { input: { ...INPUT, paymentDateFrom: '2026-13-45' } }, SIGNED_IN);
    expect(r.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(stub.calls).toHaveLength(0);
  });
});

describe('HTTP surface', () => {
  it('keeps Apollo CSRF prevention: a simple text/plain POST is refused', async () => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"query":"{ viewer { id } }"}',
    });
    expect(res.status).toBe(400);
  });

  it('serves introspection', async () => {
    const r = await gql('{ __type(name: "Money") { fields { name description } } }');
    expect(r.body.data?.__type.fields.map((f: any) => f.name)).toEqual(['amount', 'currency']);
  });

  it('translates persisted query ids (doc_id and id) and rejects unknown ids', async () => {
    for (const key of ['doc_id', 'id']) {
      const res = await fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ [key]: 'q-countries', variables: {} }),
      });
      expect(await res.json()).toEqual({ data: { countries: [{ countryCode: 'CN', countryName: 'Китай' }] } });
    }
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ doc_id: 'nope' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('with PERSISTED_QUERIES_ONLY accepts ids only', async () => {
    const only = await buildGateway({
      backendUrl: stub.url,
      port: 0,
      webDist,
      persistedQueriesPath: pqPath,
      persistedQueriesOnly: true,
    });
    try {
      const plain = await gql('{ viewer { id } }', {}, {}, only);
      expect(plain.status).toBe(400);
      expect(plain.body.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
      const res = await fetch(`${only.url}/graphql?doc_id=q-countries`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(await res.json()).toEqual({ data: { countries: [{ countryCode: 'CN', countryName: 'Китай' }] } });
    } finally {
      await only.close();
    }
  });

  it('proxies uploads with the cookie and anti-forgery header, and relays Set-Cookie', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(2048, 1)], { type: 'application/pdf' }), 'invoice.pdf');
    const res = await fetch(`${gw.url}/files/orders`, { method: 'POST', body: form, headers: SIGNED_IN });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ id: 'file-1', name: 'invoice.pdf' });
    expect(res.headers.getSetCookie()[0]).toMatch(/^SESSION=sess-1/);
    expect(stub.calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/secured/client/order/exch/files',
      cookie: SIGNED_IN.cookie,
      xsrf: 'browser-token',
    });
  });

  it('proxies downloads to the order file path', async () => {
    const res = await fetch(`${gw.url}/files/orders/11/f1`, { headers: { cookie: SIGNED_IN.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="f1.pdf"');
    expect(await res.text()).toBe('file f1 of 11');
    expect((await fetch(`${gw.url}/files/orders/abc/f1`)).status).toBe(404);
  });

  it('proxies the developer outbox and the OpenAPI docs', async () => {
    const outbox = await fetch(`${gw.url}/api/dev/outbox`);
    expect(await outbox.text()).toBe('<h1>Outbox</h1>');
    expect(await (await fetch(`${gw.url}/api/docs/json`)).json()).toEqual({ openapi: '3.0.0' });
  });

  it('reports health of the backend', async () => {
    const res = await fetch(`${gw.url}/health`);
    expect(await res.json()).toEqual({ status: 'ok', backend: 'ok' });
  });

  it('serves the web app with SPA fallback, never for API paths', async () => {
    const deep = await fetch(`${gw.url}/client/fea/orders/5`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('Платформа');
    const root = await fetch(`${gw.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Платформа');
    expect(await (await fetch(`${gw.url}/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${gw.url}/api/unknown`)).status).toBe(404);
  });

  it('without a build answers a text page saying to build', async () => {
    const bare = await buildGateway({ backendUrl: stub.url, port: 0, webDist: join(webDist, 'missing') });
    try {
      const res = await fetch(`${bare.url}/client`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('graphql-ws on /graphql', () => {
  function wsClient(headers: Record<string, string>) {
    class HeaderWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    return createClient({
      url: gw.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: HeaderWebSocket,
      retryAttempts: 0,
      lazy: true,
    });
  }

  it("runs operations with the cookie session for the gateway's own origin", async () => {
    const client = wsClient({ origin: gw.url, cookie: 'SESSION=sess-1' });
    try {
      const result = await new Promise((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: '{ viewer { email } }' },
          {
            next: (v) => {
              value = v;
            },
            error: reject,
            complete: () => resolve(value),
          },
        );
      });
      expect(result).toEqual({ data: { viewer: { email: 'client@example.ru' } } });
    } finally {
      await client.dispose();
    }
  });

  it('accepts PUBLIC_URL as origin and refuses a foreign origin', async () => {
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(gw.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', {
          headers: { origin },
        });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        ws.on('error', () => resolve('error'));
      });
    expect(await open('https://valuta.example')).toBe('open');
    expect(await open('https://evil.example')).toBe('403');
  });
});
