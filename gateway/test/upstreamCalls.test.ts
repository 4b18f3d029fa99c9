/**
 * Upstream cost and error mapping of the deal graph (issue 3 gateway: "a page of 10 orders with their offers costs a
 * bounded number of upstream calls, not one per row"). Queries run in-process against the executable schema with a
 * fresh per-operation context, and the REST client's own counter (`UpstreamSession.calls`) is read afterwards.
 */
import { graphql } from 'graphql/index.js';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContext } from '../src/context.js';
import { buildGatewaySchema } from '../src/schema.js';
import { startDealStub, type DealStub, type Role } from './dealStub.js';

let stub: DealStub;
const schema = buildGatewaySchema();

beforeAll(async () => {
  stub = await startDealStub(30);
});
afterAll(async () => {
  await stub?.close();
});

/** Runs one operation as `role`; answers the result and the number of upstream calls it cost. */
async function run(role: Role, source: string, variableValues: Record<string, unknown> = {}) {
  const ctx = createContext({ backendUrl: stub.url, cookieHeader: `SESSION=${role}`, csrfToken: 't' });
  const result = await graphql({ schema, source, variableValues, contextValue: ctx });
  return { result, calls: ctx.session.calls };
}

const OPERATOR_PAGE = `query ($first: Int) { viewer { operatorOrders(first: $first) { totalCount edges { node {
  id number status operatorDisplayStatus { code label } lastOperatorComment { comment } validator { email }
  leadingOffer { id status offer { totalFee { amount currency } } }
  partnerOrders { id partnerOrderId status tab displayStatus { code label } offerDetailsHidden
    offer { dealMethod paymentSum { amount currency } clientFeePercent totalFee { amount } exchangeRate { course } additionalExpenses { amount { amount currency } rate } }
    payCheck { id } }
} } } } }`;

describe('a page of orders with their offers costs a bounded number of upstream calls', () => {
  it('operator: viewer + one filter call, whatever the page size (the rows carry the offers)', async () => {
    const small = await run('OPER', OPERATOR_PAGE, { first: 3 });
    const page = await run('OPER', OPERATOR_PAGE, { first: 10 });
    expect(page.result.errors).toBeUndefined();
    const edges = (page.result.data as any).viewer.operatorOrders.edges;
    expect(edges).toHaveLength(10);
    expect(edges[0].node.operatorDisplayStatus).toEqual({ code: 'OFFER', label: 'Предложение' });
    expect(edges[0].node.partnerOrders[0].offer.totalFee.amount).toBe('187.50');
    // IN_PROGRESS: details hidden (spec core §4)
    expect(edges[0].node.partnerOrders[1]).toMatchObject({ offerDetailsHidden: true, offer: null, tab: 'WORKING' });
    expect(page.calls).toBeLessThanOrEqual(2);
    expect(page.calls).toBe(small.calls);
  });

  it('operator: the five tab counts are ONE upstream call (POST …/tab-counts, issue 15), per filter', async () => {
    const q = `query { viewer { operatorOrderTabCounts(partner: 3) { new inWork inDeals inResults all }
      again: operatorOrderTabCounts(partner: 3) { all inWork } other: operatorOrderTabCounts { all } } }`;
    const before = stub.calls.length;
    const r = await run('OPER', q);
    expect(r.result.errors).toBeUndefined();
    expect((r.result.data as any).viewer.operatorOrderTabCounts).toEqual({
      new: 0,
      inWork: 30,
      inDeals: 0,
      inResults: 0,
      all: 30,
    });
    const counts = stub.calls.slice(before).filter((c) => c.startsWith('POST /api/secured/oper/order/exch/tab-counts'));
    // the same filter once, the unfiltered counts once more; no filter/count call
    expect(counts).toHaveLength(2);
    expect(stub.calls.slice(before).some((c) => c.includes('filter/count'))).toBe(false);
    expect(r.calls).toBe(3); // viewer + two tab-counts calls
  });

  it('operator: node(id:) of a listed order in the same operation costs nothing more', async () => {
    const id = toGlobalId('Order', '30');
    const q = `query { viewer { operatorOrders(first: 10) { edges { node { id } } } } node(id: "${id}") { ... on Order { partnerOrders { offer { clientFeePercent } } } } }`;
    const r = await run('OPER', q);
    expect(r.result.errors).toBeUndefined();
    expect(r.calls).toBeLessThanOrEqual(3); // viewer, filter, and at most the node's own read when it resolves first
  });

  it('client: a page WITH offer details costs viewer + filter, the same for pages of 3 and 10 (the rows carry the offers)', async () => {
    const light = await run(
      'CLIENT',
      `{ viewer { orders(first: 10) { edges { node { clientDisplayStatus { code } leadingOffer { id status } viewerCanCancel } } } } }`,
    );
    expect(light.result.errors).toBeUndefined();
    expect(light.calls).toBe(2);
    const q = `query ($first: Int) { viewer { orders(first: $first) { edges { node {
      leadingOffer { partnerOrderId offer { totalFee { amount } agentFeePercent serviceFeePercent exchangeRate { source } sampleContractDownloadUrl } }
      partnerOrders { id partnerOrderId brand status partnerSignRequired offerDetailsHidden
        offer { dealMethod clientFeePercent paymentDateTo totalCommission { percent } } payCheck { id } } } } } } }`;
    const small = await run('CLIENT', q, { first: 3 });
    const page = await run('CLIENT', q, { first: 10 });
    expect(page.result.errors).toBeUndefined();
    const edges = (page.result.data as any).viewer.orders.edges;
    expect(edges).toHaveLength(10);
    expect(edges[0].node.leadingOffer).toEqual({
      partnerOrderId: 301,
      offer: {
        totalFee: { amount: '187.50' },
        agentFeePercent: '0.8',
        serviceFeePercent: '0.7',
        exchangeRate: { source: 'ЦБ РФ' },
        sampleContractDownloadUrl: '/files/client/orders/30/offers/301/sample-contract',
      },
    });
    expect(edges[0].node.partnerOrders[0]).toMatchObject({
      partnerOrderId: 301,
      brand: 'Альфа',
      offer: { clientFeePercent: '1.5', totalCommission: { percent: '1.5' } },
    });
    expect(edges[0].node.partnerOrders[1]).toMatchObject({
      partnerOrderId: 302,
      offerDetailsHidden: true,
      offer: null,
      payCheck: null,
    });
    expect(page.calls).toBe(2); // viewer + filter: no offers call per row
    expect(small.calls).toBe(page.calls);
    expect(stub.calls.filter((c) => c.endsWith('/offers'))).toEqual([]);
  });

  it('payment agent: a page WITH its offers and the order fields costs viewer + filter, the same for pages of 3 and 10', async () => {
    const light = await run(
      'PARTNER',
      `{ viewer { partnerOrders(first: 10, tab: WORKING) { totalCount edges { node {
      id tab displayStatus { code label } viewerCanSendOffer order { number amount { amount currency } paymentDateFrom status } } } } } }`,
    );
    expect(light.result.errors).toBeUndefined();
    expect(light.calls).toBe(2);
    const node = (light.result.data as any).viewer.partnerOrders.edges[0].node;
    expect(node).toMatchObject({
      tab: 'WORKING',
      displayStatus: { code: 'OFFER', label: 'Предложение' },
      viewerCanSendOffer: false,
    });
    const q = `query ($first: Int) { viewer { partnerOrders(first: $first) { edges { node {
      partnerOrderId statusDate offer { clientFeePercent agentFeePercent totalFee { amount } exchangeRate { course source } } payCheck { id } rejectReason
      order { counterparty { city bankName countryName } tnvedCode tnvedName goodsLocation comment client { companyId } files { id downloadUrl }
        partnerOrders { partnerOrderId } leadingOffer { partnerOrderId } } } } } } }`;
    const small = await run('PARTNER', q, { first: 3 });
    const deep = await run('PARTNER', q, { first: 10 });
    expect(deep.result.errors).toBeUndefined();
    const edges = (deep.result.data as any).viewer.partnerOrders.edges;
    expect(edges).toHaveLength(10);
    expect(edges[0].node).toMatchObject({
      partnerOrderId: 301,
      offer: {
        clientFeePercent: '1.5',
        agentFeePercent: '0.8',
        totalFee: { amount: '187.50' },
        exchangeRate: { source: 'ЦБ РФ' },
      },
      order: {
        counterparty: { city: 'Shanghai', bankName: 'Bank of China' },
        tnvedCode: '8471300000',
        client: { companyId: 7 },
        files: [{ id: 'f-1', downloadUrl: '/files/partner/orders/30/files/f-1' }],
      },
    });
    expect(deep.calls).toBe(2); // viewer + filter: no detail call per row
    expect(small.calls).toBe(deep.calls);
  });

  it('payment agent: the five tab counts are ONE upstream call (POST …/tab-counts, issue 15), per filter', async () => {
    const q = `query { viewer { partnerOrderTabCounts(countryCode: "cn") { all new working deals results }
      again: partnerOrderTabCounts(countryCode: "CN") { all results } other: partnerOrderTabCounts { all } } }`;
    const before = stub.calls.length;
    const r = await run('PARTNER', q);
    expect(r.result.errors).toBeUndefined();
    expect((r.result.data as any).viewer.partnerOrderTabCounts).toEqual({
      all: 30,
      new: 0,
      working: 30,
      deals: 0,
      results: 0,
    });
    const counts = stub.calls
      .slice(before)
      .filter((c) => c.startsWith('POST /api/secured/partner/order/exch/tab-counts'));
    // the same filter (the country is upper-cased first) once; the unfiltered counts once more; no filter/count call
    expect(counts).toHaveLength(2);
    expect(stub.calls.slice(before).some((c) => c.includes('filter/count'))).toBe(false);
    expect(r.calls).toBe(3); // viewer + two tab-counts calls
  });

  it('payment agent: node(id:) of a listed side in the same operation is served from the primed loader', async () => {
    const q = `query { viewer { partnerOrders(first: 10) { edges { node { id } } } } node(id: "${toGlobalId('PartnerOrder', '30:21')}") { ... on PartnerOrder { offer { clientFeePercent } } } }`;
    const r = await run('PARTNER', q);
    expect(r.result.errors).toBeUndefined();
    expect(r.calls).toBeLessThanOrEqual(3); // viewer, filter, and at most the node's own read when it resolves first
  });
});

describe("the viewer's look-ahead (issue 15 gateway overhead: the page's upstream calls run in parallel)", () => {
  const PAGE = `query ($tab: OrderTab) { viewer { id ... on Viewer { orders(first: 10, tab: $tab) { totalCount edges { node { id } } } }
    ...Counts } } fragment Counts on Viewer { orderTabCounts { current completed cancelled } }`;
  const LIST = 'POST /api/secured/client/order/exch/filter';
  const COUNTS = 'GET /api/secured/client/order/exch/tab-counts';
  const USER = 'GET /api/secured/common/current/user';

  /** Starts PAGE with the current-user answer held; answers the calls seen while held, then the released result. */
  async function runHeld(
    cookieHeader: string,
    settle: (seen: () => string[]) => Promise<unknown>,
    source = PAGE,
    variableValues: Record<string, unknown> = { tab: 'CURRENT' },
  ) {
    const release = stub.holdCurrentUser();
    const before = stub.calls.length;
    const ctx = createContext({ backendUrl: stub.url, cookieHeader, csrfToken: 't' });
    const pending = graphql({ schema, source, variableValues, contextValue: ctx });
    try {
      await settle(() => stub.calls.slice(before));
      return { whileHeld: stub.calls.slice(before), ...(await (release(), pending)), calls: ctx.session.calls };
    } finally {
      release();
    }
  }

  it('a browser last signed in as a client: list and tab counts start while GET current user is still pending', async () => {
    const r = await runHeld('SESSION=CLIENT; USER_TYPE=CLIENT', (seen) =>
      vi.waitFor(() => expect(seen()).toHaveLength(3)),
    );
    // all three were received by the backend before the first answer was allowed
    expect(r.whileHeld.filter((c) => c !== USER).sort()).toEqual([COUNTS, LIST].sort());
    expect(r.errors).toBeUndefined();
    expect((r.data as any).viewer.orders.totalCount).toBe(30);
    expect((r.data as any).viewer.orders.edges).toHaveLength(10);
    expect((r.data as any).viewer.orderTabCounts).toEqual({ current: 30, completed: 0, cancelled: 0 });
    expect(r.calls).toBe(3); // the resolvers took the started calls: nothing read twice
  });

  it('without the USER_TYPE hint the list waits for the current user (no call is guessed)', async () => {
    const r = await runHeld('SESSION=CLIENT', async (seen) => {
      await vi.waitFor(() => expect(seen()).toEqual([USER]));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(r.whileHeld).toEqual([USER]);
    expect(r.errors).toBeUndefined();
    expect((r.data as any).viewer.orders.totalCount).toBe(30);
    expect(r.calls).toBe(3);
  });

  it.each([
    {
      role: 'PARTNER',
      page: `{ viewer { partnerOrders(first: 10, tab: NEW) { totalCount edges { node { id } } }
        partnerOrderTabCounts(countryCode: "us") { all new working deals results } } }`,
      list: 'POST /api/secured/partner/order/exch/filter',
      counts: 'POST /api/secured/partner/order/exch/tab-counts',
      field: 'partnerOrders',
    },
    {
      role: 'OPER',
      page: `{ viewer { operatorOrders(first: 10, tab: IN_WORK) { totalCount edges { node { id } } }
        operatorOrderTabCounts(client: "ВЭД") { new inWork inDeals inResults all } } }`,
      list: 'POST /api/secured/oper/order/exch/filter',
      counts: 'POST /api/secured/oper/order/exch/tab-counts',
      field: 'operatorOrders',
    },
  ])('$role: its list and tab counts start while GET current user is pending; one call each', async (c) => {
    const r = await runHeld(
      `SESSION=${c.role}; USER_TYPE=${c.role}`,
      (seen) => vi.waitFor(() => expect(seen()).toHaveLength(3)),
      c.page,
      {},
    );
    expect(r.whileHeld.sort()).toEqual([USER, c.list, c.counts].sort());
    expect(r.errors).toBeUndefined();
    expect((r.data as any).viewer[c.field].edges.length).toBeGreaterThan(0);
    expect(r.calls).toBe(3);
  });

  it("a wrong hint (a payment agent's session with USER_TYPE=CLIENT) changes no answer: the client's fields stay null", async () => {
    const r = await runHeld('SESSION=PARTNER; USER_TYPE=CLIENT', (seen) =>
      vi.waitFor(() => expect(seen()).toContain(LIST)),
    );
    expect(r.errors).toBeUndefined();
    expect((r.data as any).viewer.orders).toBeNull();
    expect((r.data as any).viewer.orderTabCounts).toBeNull();
  });
});

describe('deal reads added later (issue 3 gaps)', () => {
  it("convertAmount: the payment agent's amount-convert as a query; field errors are a typed UserError", async () => {
    const id = toGlobalId('PartnerOrder', '5:21');
    const ok = await run(
      'PARTNER',
      `query ($id: ID!) { convertAmount(partnerOrderId: $id, amount: { amount: "100.00", currency: "USD" }, targetCurrency: "RUB") {
      __typename ... on AmountConversion { amount { amount currency } converted { amount currency } rate } } }`,
      { id },
    );
    expect(ok.result.errors).toBeUndefined();
    expect((ok.result.data as any).convertAmount).toEqual({
      __typename: 'AmountConversion',
      amount: { amount: '100.00', currency: 'USD' },
      converted: { amount: '9245.12', currency: 'RUB' },
      rate: '92.4512',
    });
    const bad = await run(
      'PARTNER',
      `query ($id: ID!) { convertAmount(partnerOrderId: $id, amount: { amount: "1.001", currency: "USD" }, targetCurrency: "RUB") {
      __typename ... on UserError { code fieldErrors { field } } } }`,
      { id },
    );
    expect((bad.result.data as any).convertAmount).toEqual({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      fieldErrors: [{ field: 'amount.amount' }],
    });
  });

  it('payment agent: Order.history through its own history call; operator: PayCheck.paymentCompany through its call; operator file URLs', async () => {
    const h = await run(
      'PARTNER',
      `{ node(id: "${toGlobalId('Order', '5')}") { ... on Order { history { entity to actorName } } } }`,
    );
    expect(h.result.errors).toBeUndefined();
    expect((h.result.data as any).node.history).toEqual([
      { entity: 'ORDER', to: 'ACTIVE', actorName: null },
      { entity: 'OFFER', to: 'SEND_OFFER', actorName: 'Петров Иван' },
    ]);
    const o = await run(
      'OPER',
      `{ node(id: "${toGlobalId('Order', '7')}") { ... on Order { files { downloadUrl } partnerOrders { payCheck { paymentCompany { name } } } } } }`,
    );
    expect(o.result.errors).toBeUndefined();
    expect((o.result.data as any).node).toEqual({
      files: [{ downloadUrl: '/files/oper/orders/7/files/f-1' }],
      partnerOrders: [{ payCheck: { paymentCompany: { name: 'ООО «Альфа Платежи»' } } }, { payCheck: null }],
    });
  });
});

describe('operator comments, operators and document file ids (issue 3 gaps, web engineers)', () => {
  it('operator: Order.operatorComments lists every comment newest first through GET {id} (once per order), list rows included', async () => {
    const one = await run(
      'OPER',
      `{ node(id: "${toGlobalId('Order', '7')}") { ... on Order { operatorComments { authorName created comment } history { to } } } }`,
    );
    expect(one.result.errors).toBeUndefined();
    expect((one.result.data as any).node.operatorComments).toEqual([
      { authorName: 'Волкова Ольга', created: '2026-11-21T11:00:00.000Z', comment: 'Проверено' },
      { authorName: 'Андреев Пётр', created: '2026-11-21T10:30:00.000Z', comment: 'Запросить контракт' },
    ]);
    expect(one.calls).toBe(2); // viewer + GET {id}, shared by operatorComments and history
    const page = await run(
      'OPER',
      '{ viewer { operatorOrders(first: 2) { edges { node { operatorComments { comment } } } } } }',
    );
    expect(page.result.errors).toBeUndefined();
    expect(
      (page.result.data as any).viewer.operatorOrders.edges.map((e: any) => e.node.operatorComments.length),
    ).toEqual([2, 2]);
  });

  it('operatorComments and viewer.operators are null for clients and payment agents, without an upstream call for them', async () => {
    const before = stub.calls.length;
    for (const role of ['CLIENT', 'PARTNER'] as const) {
      const r = await run(
        role,
        `{ viewer { operators { userId } } node(id: "${toGlobalId('Order', '7')}") { ... on Order { operatorComments { comment } } } }`,
      );
      expect(r.result.errors).toBeUndefined();
      expect((r.result.data as any).viewer.operators).toBeNull();
      expect((r.result.data as any).node.operatorComments).toBeNull();
    }
    expect(stub.calls.slice(before).filter((c) => c.includes('/api/secured/oper/'))).toEqual([]);
  });

  it('operator: viewer.operators answers the active operators of GET /users as OperatorRef (userId = employee filter)', async () => {
    const before = stub.calls.length;
    const r = await run(
      'OPER',
      '{ viewer { operators { userId name surname patronymic email } again: operators { userId } } }',
    );
    expect(r.result.errors).toBeUndefined();
    expect((r.result.data as any).viewer.operators).toEqual([
      { userId: 3, name: 'Ольга', surname: 'Волкова', patronymic: null, email: 'operator@example.com' },
      { userId: 4, name: 'Пётр', surname: 'Андреев', patronymic: 'Ильич', email: 'oper2@example.com' },
    ]);
    expect(stub.calls.slice(before).filter((c) => c === 'GET /api/secured/oper/users')).toHaveLength(1);
  });

  it('Document.fileId: the stored file id for payment agents (sample contract after a reload), null for clients', async () => {
    const id = toGlobalId('PartnerOrder', '5:21');
    const p = await run(
      'PARTNER',
      `{ node(id: "${id}") { ... on PartnerOrder { documentExamples { documentId fileId name } } } }`,
    );
    expect(p.result.errors).toBeUndefined();
    expect((p.result.data as any).node.documentExamples).toEqual([
      { documentId: 11, fileId: '0b7c1c9e-4a0d-4f3e-9a43-2f2b7d1e5c11', name: 'doc-11.pdf' },
    ]);
    const c = await run(
      'CLIENT',
      `{ node(id: "${toGlobalId('Order', '5')}") { ... on Order { partnerOrders { offerDocuments { documentId fileId } } } } }`,
    );
    expect(c.result.errors).toBeUndefined();
    expect((c.result.data as any).node.partnerOrders[0].offerDocuments).toEqual([{ documentId: 12, fileId: null }]);
  });
});

describe('transitions: conflicts are typed results (rest/errors.ts)', () => {
  it('409 CONFLICT of acceptOffer → UserError CONFLICT with the backend message', async () => {
    const r = await run(
      'CLIENT',
      `mutation ($id: ID!) { acceptOffer(input: { partnerOrderId: $id }) { __typename ... on UserError { code message } } }`,
      { id: toGlobalId('PartnerOrder', '5:21') },
    );
    expect(r.result.errors).toBeUndefined();
    expect((r.result.data as any).acceptOffer).toEqual({
      __typename: 'UserError',
      code: 'CONFLICT',
      message: 'Статус заявки уже изменился, обновите страницу',
    });
  });

  it('a malformed id is BAD_USER_INPUT, not a backend call', async () => {
    const r = await run('CLIENT', `mutation { acceptOffer(input: { partnerOrderId: "nope" }) { __typename } }`);
    expect(r.result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.calls).toBe(0);
  });
});

describe('node(id:) scoping of partner orders', () => {
  it("a payment agent resolves only its own side; another agent's side or an order not sent to it is null", async () => {
    const own = await run(
      'PARTNER',
      `{ node(id: "${toGlobalId('PartnerOrder', '5:21')}") { ... on PartnerOrder { status partnerId } } }`,
    );
    expect((own.result.data as any).node).toEqual({ status: 'SEND_OFFER', partnerId: 21 });
    const other = await run('PARTNER', `{ node(id: "${toGlobalId('PartnerOrder', '5:22')}") { id } }`);
    expect((other.result.data as any).node).toBeNull();
    expect(other.calls).toBe(1); // the viewer only: refused before any order read
    const notSent = await run('PARTNER', `{ node(id: "${toGlobalId('Order', '5000')}") { id } }`);
    expect(notSent.result.errors).toBeUndefined();
    expect((notSent.result.data as any).node).toBeNull();
  });
});
