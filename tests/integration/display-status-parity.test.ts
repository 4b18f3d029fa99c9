/**
 * The REST answer and the GraphQL field say the same for every order and role (issue 9; spec core §4 "Client-facing
 * display status", "Operator-facing display status", "Payment agent tabs … In display terms"). One order walks every
 * state of the deal flow (§4 "Deal flow" steps 1–9) and, at each step, for the client, the operator and each payment
 * agent that was sent the order, the backend's own answer is compared with the gateway's field for the same order:
 *   client    GET client/order/exch/{id}/offers `displayStatus`  = Order.clientDisplayStatus (node and list row)
 *   operator  GET oper/order/exch/{id} `displayStatus`            = Order.operatorDisplayStatus { code label }
 *   agent     GET partner/order/exch/{id} side `status`, `statusLabel` = PartnerOrder.status, displayStatus.label,
 *             and displayStatus.code is the §4 display code of that status (the agent's REST side has no code).
 * The exits: REFUSE_OPER after the client cancels ('Отказ клиента'), an agent's refusal and the operator closing an
 * order with an open offer (REFUSE_OPER 'Отклонена сервисом', the client's REJECTED_BY_SERVICE). The REQUIRES_SIGNATURE
 * branch: the accepted agent's side carries partnerSignRequired (set on the side, as sending the order to an agent
 * whose profile requires signatures does) while documents wait for the client, so both §4 "requires signature (or
 * confirmation)" codes are compared.
 */
import { and, eq } from 'drizzle-orm';
import { toGlobalId } from 'graphql-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerDisplayStatus } from '@platform/domain/deal/display';
import type { OfferStatus, OrderStatus } from '@platform/domain/deal/statuses';
import { partnerOrders } from '../../backend/src/db/schema/orders.js';
import { day, orderInput, pdf, signInDealActors, uploadFile } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let client: GqlClient;
let oper: GqlClient;
let p1: GqlClient;
let p2: GqlClient;
let p1Id: number;
let p2Id: number;

beforeAll(async () => {
  stack = await startStack();
  ({ client, p1, p2, p1Id, p2Id, oper } = await signInDealActors(stack.url));
});
afterAll(async () => {
  await stack?.close();
});

/** Runs a mutation with its input type and expects the success `__typename` (`${Name}Success`). */
async function mutate(c: GqlClient, name: string, inputType: string, input: Record<string, unknown>): Promise<void> {
  const success = `${name[0].toUpperCase()}${name.slice(1)}Success`;
  const d = await ok(
    c,
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { __typename ... on UserError { code message } } }`,
    { input },
  );
  expect(d[name].__typename, JSON.stringify(d[name])).toBe(success);
}

/** The backend's own answer (GET) for the session of `c` (sessions live at the backend). */
async function rest(c: GqlClient, path: string): Promise<any> {
  const res = await fetch(`${stack.backendUrl}${path}`, { headers: { cookie: c.headers().cookie ?? '' } });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

const sideId = (orderId: number, partnerId: number) => toGlobalId('PartnerOrder', `${orderId}:${partnerId}`);

interface Seen {
  client: string;
  oper: string;
  agents: Record<number, string>;
}

/**
 * Compares REST and GraphQL for every role on order `orderId` (global id `id`); `agents`: the agents the order was
 * sent to, with their clients. Returns the codes seen, so each step can also state where the flow is.
 */
async function compare(id: string, orderId: number, agents: Array<[GqlClient, number]>): Promise<Seen> {
  const restClient = await rest(client, `/api/secured/client/order/exch/${orderId}/offers`);
  const gClient = await ok(
    client,
    `query ($id: ID!, $number: String) { node(id: $id) { ... on Order { clientDisplayStatus { code label } } }
      viewer { orders(number: $number) { edges { node { id clientDisplayStatus { code label } } } } } }`,
    { id, number: String(orderId) },
  );
  expect(gClient.node.clientDisplayStatus, 'client: GraphQL node = REST').toEqual(restClient.displayStatus);
  const row = gClient.viewer.orders.edges.find((e: any) => e.node.id === id);
  expect(row.node.clientDisplayStatus, 'client: GraphQL list row = REST').toEqual(restClient.displayStatus);

  const restOper = await rest(oper, `/api/secured/oper/order/exch/${orderId}`);
  const gOper = await ok(
    oper,
    `query ($id: ID!) { node(id: $id) { ... on Order { operatorDisplayStatus { code label } } } }`,
    { id },
  );
  expect(gOper.node.operatorDisplayStatus, 'operator: GraphQL = REST').toEqual(restOper.displayStatus);

  const seenAgents: Record<number, string> = {};
  for (const [c, partnerId] of agents) {
    const restAgent = await rest(c, `/api/secured/partner/order/exch/${orderId}`);
    const side = restAgent.partnerOrders[0] as { status: OfferStatus; statusLabel: string };
    const gAgent = await ok(
      c,
      `query ($id: ID!) { node(id: $id) { ... on PartnerOrder { status displayStatus { code label } } } }`,
      { id: sideId(orderId, partnerId) },
    );
    const expected = partnerDisplayStatus(side.status, restAgent.status as OrderStatus);
    expect(gAgent.node, `agent ${partnerId}: GraphQL = REST`).toEqual({
      status: side.status,
      displayStatus: { code: expected.code, label: side.statusLabel },
    });
    seenAgents[partnerId] = gAgent.node.displayStatus.code;
  }
  return { client: restClient.displayStatus.code, oper: restOper.displayStatus.code, agents: seenAgents };
}

async function createOrder(): Promise<{ id: string; orderId: number }> {
  const d = await ok(
    client,
    `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } ... on UserError { code message } } }`,
    { input: orderInput() },
  );
  expect(d.createOrder.__typename, JSON.stringify(d.createOrder)).toBe('CreateOrderSuccess');
  return d.createOrder.order;
}

async function sendToAgents(id: string, partnerIds: number[]): Promise<void> {
  await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId: id });
  await mutate(oper, 'sendOrderToPartners', 'SendOrderToPartnersInput', { orderId: id, partnerIds });
}

function offerInput(partnerOrderId: string, clientFeePercent: string) {
  return {
    partnerOrderId,
    dealMethod: 'PROTECTED',
    paymentDateFrom: day(2),
    paymentDateTo: day(10),
    fees: { clientFeePercent, additionalExpenses: [] },
    exchangeRate: { course: '92.5' },
    transactionType: 'SWIFT',
  };
}

/** Sets partnerSignRequired of one agent's side (the agent requires qualified signatures, issue 8). */
async function setSignRequired(orderId: number, partnerId: number, value: boolean): Promise<void> {
  await stack.backend.db
    .update(partnerOrders)
    .set({ partnerSignRequired: value })
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerId)));
}

describe('REST and GraphQL show one display status per order and role (spec core §4)', () => {
  it('agree at every state of the deal flow, both "requires signature" and "requires confirmation" included', async () => {
    const { id, orderId } = await createOrder();
    const both: Array<[GqlClient, number]> = [
      [p1, p1Id],
      [p2, p2Id],
    ];
    const s1 = sideId(orderId, p1Id);
    const s2 = sideId(orderId, p2Id);

    // 1–2. New, then taken by the operator: the client sees 'check', the operator the order status.
    expect(await compare(id, orderId, [])).toMatchObject({ client: 'CHECK', oper: 'VALIDATION' });
    await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId: id });
    expect(await compare(id, orderId, [])).toMatchObject({ client: 'CHECK', oper: 'IN_VALIDATION' });

    // 2–3. With the agents: new, taken into work, an offer.
    await mutate(oper, 'sendOrderToPartners', 'SendOrderToPartnersInput', { orderId: id, partnerIds: [p1Id, p2Id] });
    expect(await compare(id, orderId, both)).toEqual({
      client: 'WAITING_FOR_OFFERS',
      oper: 'ON_REVIEW',
      agents: { [p1Id]: 'NEW', [p2Id]: 'NEW' },
    });
    await mutate(p1, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: s1 });
    await mutate(p2, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: s2 });
    expect(await compare(id, orderId, both)).toMatchObject({ client: 'WAITING_FOR_OFFERS', oper: 'ON_REVIEW' });
    await mutate(p1, 'sendOffer', 'SendOfferInput', offerInput(s1, '1.5'));
    expect(await compare(id, orderId, both)).toEqual({
      client: 'HAS_OFFERS',
      oper: 'OFFER',
      agents: { [p1Id]: 'OFFER', [p2Id]: 'CHECK' },
    });

    // 4. The client accepts partner1's offer; partner2's becomes 'another offer accepted'.
    await mutate(client, 'acceptOffer', 'AcceptOfferInput', { partnerOrderId: s1 });
    expect(await compare(id, orderId, both)).toEqual({
      client: 'OFFER_ACCEPTED',
      oper: 'OFFER',
      agents: { [p1Id]: 'OFFER_ACCEPTED', [p2Id]: 'ANOTHER_OFFER_ACCEPTED' },
    });

    // 5. Offer documents sent for signature or confirmation: both branches.
    expect(
      (await uploadFile(p1, `/files/partner/orders/${orderId}/offer/docs`, 'Договор.pdf', pdf('offer docs'))).status,
    ).toBe(201);
    await mutate(p1, 'sendOfferDocuments', 'PartnerOrderActionInput', { partnerOrderId: s1 });
    expect(await compare(id, orderId, both)).toMatchObject({ client: 'REQUIRES_CONFIRMATION', oper: 'OFFER' });
    await setSignRequired(orderId, p1Id, true);
    expect(await compare(id, orderId, both)).toMatchObject({ client: 'REQUIRES_SIGNATURE', oper: 'OFFER' });
    await setSignRequired(orderId, p1Id, false);
    await mutate(client, 'confirmOfferDocuments', 'OrderActionInput', { orderId: id });
    expect(await compare(id, orderId, both)).toMatchObject({
      client: 'WAITING_FOR_PAYMENT_ORDER',
      oper: 'ACCEPTED_OFFER_DOCS',
      agents: { [p1Id]: 'BILLING' },
    });

    // 6–7. The bill, then the payment.
    const settings = await ok(p1, '{ viewer { partnerSettings { paymentCompanies { paymentCompanyId } } } }');
    const paymentCompanyId = settings.viewer.partnerSettings.paymentCompanies[0].paymentCompanyId;
    await mutate(p1, 'issuePayCheck', 'IssuePayCheckInput', { partnerOrderId: s1, paymentCompanyId });
    expect(await compare(id, orderId, both)).toMatchObject({
      client: 'PAYMENT',
      oper: 'SEND_PAYCHECK',
      agents: { [p1Id]: 'PAYMENT' },
    });
    await mutate(client, 'markPaymentMade', 'OrderActionInput', { orderId: id });
    expect(await compare(id, orderId, both)).toMatchObject({
      client: 'PAYMENT_CHECKING',
      oper: 'PAYMENT_CHECKING',
      agents: { [p1Id]: 'PAYMENT_CHECKING' },
    });

    // 8. Receipt confirmed: executing; closing documents for signature or confirmation.
    await mutate(p1, 'confirmPayment', 'PartnerOrderActionInput', { partnerOrderId: s1 });
    expect(await compare(id, orderId, both)).toMatchObject({
      client: 'EXECUTING',
      oper: 'EXECUTING',
      agents: { [p1Id]: 'EXECUTING' },
    });
    expect(
      (await uploadFile(p1, `/files/partner/orders/${orderId}/offer/final-docs`, 'Акт.pdf', pdf('final'))).status,
    ).toBe(201);
    await mutate(p1, 'sendFinalDocuments', 'PartnerOrderActionInput', { partnerOrderId: s1 });
    expect(await compare(id, orderId, both)).toMatchObject({
      client: 'REQUIRES_CONFIRMATION',
      oper: 'SEND_EXECUTING_DOCS',
      agents: { [p1Id]: 'REQUIRES_CONFIRMATION' },
    });
    await setSignRequired(orderId, p1Id, true);
    expect(await compare(id, orderId, both)).toMatchObject({ client: 'REQUIRES_SIGNATURE' });
    await setSignRequired(orderId, p1Id, false);

    // 9. The client confirms: executed for everyone.
    await mutate(client, 'confirmFinalDocuments', 'OrderActionInput', { orderId: id });
    expect(await compare(id, orderId, both)).toEqual({
      client: 'EXECUTED',
      oper: 'EXECUTED',
      agents: { [p1Id]: 'EXECUTED', [p2Id]: 'ANOTHER_OFFER_ACCEPTED' },
    });
  });

  it('agree after the client cancels: the agent reads REFUSE_OPER as "client refusal"', async () => {
    const { id, orderId } = await createOrder();
    await sendToAgents(id, [p1Id]);
    await mutate(p1, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: sideId(orderId, p1Id) });
    await mutate(client, 'cancelOrder', 'OrderActionInput', { orderId: id, comment: 'Передумали' });
    expect(await compare(id, orderId, [[p1, p1Id]])).toEqual({
      client: 'CANCELED',
      oper: 'CANCELED',
      agents: { [p1Id]: 'CLIENT_REFUSAL' },
    });
  });

  it("agree on an agent's refusal and on the operator closing the order (rejected by service)", async () => {
    const { id, orderId } = await createOrder();
    const both: Array<[GqlClient, number]> = [
      [p1, p1Id],
      [p2, p2Id],
    ];
    await sendToAgents(id, [p1Id, p2Id]);
    await mutate(p2, 'refuseOrder', 'RefuseOrderInput', {
      partnerOrderId: sideId(orderId, p2Id),
      reason: 'Не работаем с этим банком',
    });
    expect(await compare(id, orderId, both)).toEqual({
      client: 'WAITING_FOR_OFFERS',
      oper: 'ON_REVIEW',
      agents: { [p1Id]: 'NEW', [p2Id]: 'AGENT_REFUSAL' },
    });
    await mutate(p1, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: sideId(orderId, p1Id) });
    await mutate(p1, 'sendOffer', 'SendOfferInput', offerInput(sideId(orderId, p1Id), '2'));
    await mutate(oper, 'closeOrder', 'OrderCommentInput', { orderId: id, comment: 'Клиент не отвечает' });
    expect(await compare(id, orderId, both)).toEqual({
      client: 'REJECTED_BY_SERVICE',
      oper: 'REJECTED',
      agents: { [p1Id]: 'REJECTED_BY_SERVICE', [p2Id]: 'AGENT_REFUSAL' },
    });
  });
});
