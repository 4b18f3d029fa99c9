/**
 * Upstream cost and error mapping of the deal graph (issue 3 gateway: "a page of 10 orders with their offers costs a
 * bounded number of upstream calls, not one per row"). Queries run in-process against the executable schema with a
 * fresh per-operation context, and the REST client's own counter (`UpstreamSession.calls`) is read afterwards.
 */
import { graphql } from 'graphql/index.js';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context.js';
import { buildGatewaySchema } from '../src/schema.js';
import { startDealStub, type DealStub, type Role } from './dealStub.js';

let stub: DealStub;
const schema = buildGatewaySchema();

beforeAll(async () => { stub = await startDealStub(30); });
afterAll(async () => { await stub?.close(); });

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

  it('operator: node(id:) of a listed order in the same operation costs nothing more', async () => {
    const id = toGlobalId('Order', '30');
    const q = `query { viewer { operatorOrders(first: 10) { edges { node { id } } } } node(id: "${id}") { ... on Order { partnerOrders { offer { clientFeePercent } } } } }`;
    const r = await run('OPER', q);
    expect(r.result.errors).toBeUndefined();
    expect(r.calls).toBeLessThanOrEqual(3); // viewer, filter, and at most the node's own read when it resolves first
  });

  it('client: display status and leading offer from the list itself; offers load once per order, deduplicated', async () => {
    const light = await run('CLIENT', `{ viewer { orders(first: 10) { edges { node { clientDisplayStatus { code } leadingOffer { id status } viewerCanCancel } } } } }`);
    expect(light.result.errors).toBeUndefined();
    expect(light.calls).toBe(2);
    const withOffers = await run('CLIENT', `{ viewer { orders(first: 10) { edges { node {
      leadingOffer { offer { totalFee { amount } } } partnerOrders { offer { clientFeePercent } payCheck { id } } } } } } }`);
    expect(withOffers.result.errors).toBeUndefined();
    // viewer + filter + one offers call per order, however many fields and sides ask for them
    expect(withOffers.calls).toBe(2 + 10);
  });

  it('payment agent: the rows give the list; the detail loads once per order however many fields ask', async () => {
    const light = await run('PARTNER', `{ viewer { partnerOrders(first: 10, tab: WORKING) { totalCount edges { node {
      id tab displayStatus { code label } viewerCanSendOffer order { number amount { amount currency } paymentDateFrom status } } } } } }`);
    expect(light.result.errors).toBeUndefined();
    expect(light.calls).toBe(2);
    const node = (light.result.data as any).viewer.partnerOrders.edges[0].node;
    expect(node).toMatchObject({ tab: 'WORKING', displayStatus: { code: 'OFFER', label: 'Предложение' }, viewerCanSendOffer: false });
    const deep = await run('PARTNER', `{ viewer { partnerOrders(first: 3) { edges { node {
      offer { clientFeePercent } rejectReason order { counterparty { city } tnvedCode files { id } } } } } } }`);
    expect(deep.result.errors).toBeUndefined();
    expect(deep.calls).toBe(2 + 3);
  });
});

describe('transitions: conflicts are typed results (rest/errors.ts)', () => {
  it('409 CONFLICT of acceptOffer → UserError CONFLICT with the backend message', async () => {
    const r = await run('CLIENT', `mutation ($id: ID!) { acceptOffer(input: { partnerOrderId: $id }) { __typename ... on UserError { code message } } }`,
      { id: toGlobalId('PartnerOrder', '5:21') });
    expect(r.result.errors).toBeUndefined();
    expect((r.result.data as any).acceptOffer).toEqual({ __typename: 'UserError', code: 'CONFLICT', message: 'Статус заявки уже изменился, обновите страницу' });
  });

  it('a malformed id is BAD_USER_INPUT, not a backend call', async () => {
    const r = await run('CLIENT', `mutation { acceptOffer(input: { partnerOrderId: "nope" }) { __typename } }`);
    expect(r.result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.calls).toBe(0);
  });
});

describe('node(id:) scoping of partner orders', () => {
  it('a payment agent resolves only its own side; another agent\'s side or an order not sent to it is null', async () => {
    const own = await run('PARTNER', `{ node(id: "${toGlobalId('PartnerOrder', '5:21')}") { ... on PartnerOrder { status partnerId } } }`);
    expect((own.result.data as any).node).toEqual({ status: 'SEND_OFFER', partnerId: 21 });
    const other = await run('PARTNER', `{ node(id: "${toGlobalId('PartnerOrder', '5:22')}") { id } }`);
    expect((other.result.data as any).node).toBeNull();
    expect(other.calls).toBe(1); // the viewer only: refused before any order read
    const notSent = await run('PARTNER', `{ node(id: "${toGlobalId('Order', '5000')}") { id } }`);
    expect(notSent.result.errors).toBeUndefined();
    expect((notSent.result.data as any).node).toBeNull();
  });
});
