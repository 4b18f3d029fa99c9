/**
 * The gateway over a real backend, over real HTTP (issue "Foundation", gateway integration):
 * sign in, viewer, reference data (spec core §7 reference calls), create and list a request (§4 client tabs and
 * display status), node(id:) refusing another company's request, §8 session failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderInput } from '../support/deal.js';
import { GqlClient, startStack, type Stack } from '../support/stack.js';

const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) {
    __typename
    ... on LoginSuccess { viewer { id email accountType verified rights canCreateOrders company { __typename } } }
    ... on UserError { code message }
  }
}`;

const CREATE = `mutation Create($input: OrderInput!) {
  createOrder(input: $input) {
    __typename
    ... on CreateOrderSuccess { order { id number status clientDisplayStatus { code label } clientTab amount { amount currency } files { name size } counterparty { countryCode } tnvedCode } }
    ... on UserError { code message fieldErrors { field code message } }
  }
}`;

const ORDERS = `query Orders($tab: OrderTab, $first: Int, $after: String, $number: String) {
  viewer { orders(tab: $tab, first: $first, after: $after, number: $number) { totalCount edges { cursor node { id number status clientDisplayStatus { code label } } } pageInfo { hasNextPage endCursor } }
           orderTabCounts { current completed cancelled } }
}`;

/** A minimal valid PDF: the type is checked by content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(c: GqlClient, name: string, content: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return c.fetch('/files/orders', { method: 'POST', body: form as never });
}

describe('gateway over the real backend', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers health through to the backend', async () => {
    const res = await fetch(`${stack.url}/health`);
    expect(res.status).toBe(200);
  });

  it('has no viewer before sign-in and refuses the orders of nobody', async () => {
    const c = new GqlClient(stack.url);
    const r = await c.gql('{ viewer { id } }');
    expect(r.data.viewer).toBeNull();
  });

  it('signs in, relays the session cookie and answers the viewer', async () => {
    const c = new GqlClient(stack.url);
    const r = await c.gql(LOGIN, {
      input: { email: 'client@example.com', password: 'Demo-2026!', userType: 'CLIENT' },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data.login.__typename).toBe('LoginSuccess');
    expect(r.data.login.viewer).toMatchObject({
      email: 'client@example.com',
      accountType: 'CLIENT',
      verified: true,
      canCreateOrders: true,
    });
    expect(r.data.login.viewer.rights).toContain('VERIFIED_CLIENT');
    expect(c.cookies.has('SESSION')).toBe(true);
    expect(c.cookies.get('USER_TYPE')).toBe('CLIENT');
    const again = await c.gql('{ viewer { email } }');
    expect(again.data.viewer.email).toBe('client@example.com');
  });

  it('returns a wrong password as a typed result, not an error', async () => {
    const c = new GqlClient(stack.url);
    const r = await c.gql(LOGIN, {
      input: { email: 'agent@example.com', password: 'Wrong-pass1!', userType: 'AGENT' },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data.login).toMatchObject({ __typename: 'UserError', code: 'BAD_CREDENTIALS' });
  });

  it('serves reference data from the real directories', async () => {
    const c = new GqlClient(stack.url);
    const r = await c.gql(`{
      countries(prefix: "Кит") { countryCode countryName }
      currencies { currencyCode popular }
      bankByBik(bik: "044525225") { bankName corrAccount }
      swiftInstitutions(prefix: "BKCHCNBJ") { swift institutionName country }
      tnvedSuggestions(query: "847130") { tnvedCode tnvedName level }
      tnvedTree { tnvedCode level children { tnvedCode } }
    }`);
    expect(r.errors).toBeUndefined();
    expect(r.data.countries).toContainEqual({ countryCode: 'CN', countryName: 'Китай' });
    expect(r.data.currencies.slice(0, 4).map((x: { currencyCode: string }) => x.currencyCode)).toEqual([
      'USD',
      'EUR',
      'CNY',
      'AED',
    ]);
    expect(r.data.bankByBik).toEqual({ bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225' });
    expect(r.data.swiftInstitutions[0]).toMatchObject({ swift: 'BKCHCNBJ', country: 'CN' });
    expect(r.data.tnvedSuggestions.map((n: { tnvedCode: string }) => n.tnvedCode)).toContain('8471300000');
    expect(r.data.tnvedTree).toHaveLength(21);
    const xvi = r.data.tnvedTree.find((s: { tnvedCode: string }) => s.tnvedCode === 'XVI');
    expect(xvi.children.map((g: { tnvedCode: string }) => g.tnvedCode)).toEqual(['84', '85']);
  });

  it('uploads a file through the proxy, creates a request and lists it under current with its display status', async () => {
    const c = new GqlClient(stack.url);
    await c.gql(LOGIN, { input: { email: 'client@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    const before = await c.gql(ORDERS, { tab: 'CURRENT', first: 10 });
    const up = await upload(c, 'Инвойс 15.pdf', PDF);
    expect(up.status).toBe(201);
    const file = (await up.json()) as { id: string; name: string; size: number };
    expect(file.size).toBe(PDF.length);

    const created = await c.gql(CREATE, { input: orderInput({ fileIds: [file.id] }) });
    expect(created.errors).toBeUndefined();
    expect(created.data.createOrder.__typename).toBe('CreateOrderSuccess');
    const order = created.data.createOrder.order;
    expect(order).toMatchObject({
      status: 'VALIDATION',
      clientTab: 'CURRENT',
      clientDisplayStatus: { code: 'CHECK', label: 'Проверка' },
      amount: { amount: '12500.50', currency: 'USD' },
      tnvedCode: '8471300000',
      counterparty: { countryCode: 'CN' },
    });
    expect(order.files).toEqual([{ name: 'Инвойс 15.pdf', size: PDF.length }]);

    const after = await c.gql(ORDERS, { tab: 'CURRENT', first: 10 });
    expect(after.data.viewer.orders.totalCount).toBe(before.data.viewer.orders.totalCount + 1);
    expect(after.data.viewer.orderTabCounts.current).toBe(before.data.viewer.orderTabCounts.current + 1);
    expect(after.data.viewer.orders.edges[0].node).toMatchObject({
      id: order.id,
      clientDisplayStatus: { label: 'Проверка' },
    });
    const completed = await c.gql(ORDERS, { tab: 'COMPLETED', first: 10 });
    expect(completed.data.viewer.orders.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(order.id);
    const byNumber = await c.gql(ORDERS, { tab: 'CURRENT', first: 10, number: order.number });
    expect(byNumber.data.viewer.orders.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([order.id]);

    const mine = await c.gql('query($id: ID!) { node(id: $id) { __typename ... on Order { number } } }', {
      id: order.id,
    });
    expect(mine.data.node).toEqual({ __typename: 'Order', number: order.number });

    // Another company's client cannot see it: node(id:) is null, nothing reveals its existence.
    const other = new GqlClient(stack.url);
    await other.gql(LOGIN, { input: { email: 'newclient@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    const theirs = await other.gql('query($id: ID!) { node(id: $id) { id } }', { id: order.id });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data.node).toBeNull();
  });

  it('pages the list ten at a time', async () => {
    const c = new GqlClient(stack.url);
    await c.gql(LOGIN, { input: { email: 'client@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    const start = await c.gql(ORDERS, { tab: 'CURRENT', first: 10 });
    for (let i = start.data.viewer.orders.totalCount; i < 11; i++) {
      const r = await c.gql(CREATE, { input: orderInput() });
      expect(r.data.createOrder.__typename).toBe('CreateOrderSuccess');
    }
    const page1 = await c.gql(ORDERS, { tab: 'CURRENT', first: 10 });
    expect(page1.data.viewer.orders.edges).toHaveLength(10);
    expect(page1.data.viewer.orders.pageInfo.hasNextPage).toBe(true);
    const page2 = await c.gql(ORDERS, {
      tab: 'CURRENT',
      first: 10,
      after: page1.data.viewer.orders.pageInfo.endCursor,
    });
    expect(page2.data.viewer.orders.edges.length).toBeGreaterThanOrEqual(1);
    const ids1 = new Set(page1.data.viewer.orders.edges.map((e: { node: { id: string } }) => e.node.id));
    for (const e of page2.data.viewer.orders.edges) expect(ids1.has(e.node.id)).toBe(false);
  });

  it('refuses a request from a client whose company is not verified, as a typed result', async () => {
    const c = new GqlClient(stack.url);
    await c.gql(LOGIN, { input: { email: 'newclient@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    const r = await c.gql(CREATE, { input: orderInput() });
    expect(r.errors).toBeUndefined();
    expect(r.data.createOrder).toMatchObject({ __typename: 'UserError', code: 'COMPANY_NOT_VERIFIED' });
  });

  it('returns field errors for bad order input as a typed result', async () => {
    const c = new GqlClient(stack.url);
    await c.gql(LOGIN, { input: { email: 'client@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    const bad = {
      ...orderInput(),
      tnvedCode: '0000000000',
      paymentDateFrom: '2030-01-10',
      paymentDateTo: '2030-01-01',
    };
    const r = await c.gql(CREATE, { input: bad });
    expect(r.data.createOrder.__typename).toBe('UserError');
    const fields = r.data.createOrder.fieldErrors.map((e: { field: string }) => e.field);
    expect(fields).toContain('tnvedCode');
  });

  it('turns a lost session into UNAUTHENTICATED for secured fields, without upstream details', async () => {
    const c = new GqlClient(stack.url);
    await c.gql(LOGIN, { input: { email: 'client@example.com', password: 'Demo-2026!', userType: 'CLIENT' } });
    c.cookies.set('SESSION', 'forged-session-id');
    const r = await c.gql(CREATE, { input: orderInput() });
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(r.errors)).not.toMatch(/127\.0\.0\.1|\/api\/secured|statusCode/);
  });
});
