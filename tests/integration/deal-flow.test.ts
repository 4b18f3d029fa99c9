/**
 * The deal flow through the GraphQL gateway over the real backend (issue 3 "Integration through the gateway: the
 * whole flow and each exit"; spec core §4 "Deal flow" and its exits, both display-status tables, the payment agent
 * tabs; §6 scoping). Roles: the client, the operator (signed in through the external login page on the gateway
 * origin), two payment agents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from 'graphql-relay';
import { day, orderInput, pdf, signInDealActors, uploadFile } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const ORDER_FIELDS = `id orderId status clientTab clientDisplayStatus { code label } viewerCanCancel viewerCanConfirmOfferDocuments
  viewerCanMarkPaymentMade viewerCanConfirmFinalDocuments
  leadingOffer { id partnerId status }
  partnerOrders { id partnerOrderId partnerId status offerDetailsHidden viewerCanAccept
    offer { dealMethod paymentSum { amount currency } clientFeePercent totalFee { amount currency } exchangeRate { course } totalCommission { amount { amount currency } percent } }
    payCheck { status amount { amount currency } paymentCompany { name } }
    offerDocuments { name status downloadUrl } finalDocuments { name status downloadUrl } }`;
const OPER_FIELDS = `id orderId status operatorDisplayStatus { code label source } lastOperatorComment { comment authorName } validator { email }
  viewerCanTakeForReview viewerCanSendToPartners viewerCanClose viewerCanReject
  partnerOrders { id partnerId status displayStatus { code label } offer { clientFeePercent } }`;
const SIDE_FIELDS = `id partnerOrderId partnerId status tab displayStatus { code label } offerDetailsHidden rejectReason
  viewerCanTake viewerCanRefuse viewerCanSendOffer viewerCanSendOfferDocuments viewerCanIssuePayCheck viewerCanConfirmPayment viewerCanSendFinalDocuments
  offer { dealMethod totalFee { amount currency } totalCommission { amount { amount } percent } }
  payCheck { status amount { amount currency } }
  offerDocuments { documentId name status downloadUrl } finalDocuments { documentId name status }
  order { id orderId status number counterparty { city } }`;

let stack: Stack;
let client: GqlClient;
let oper: GqlClient;
let p1: GqlClient;
let p2: GqlClient;
let p1Id: number;
let p2Id: number;

/** Runs a mutation and expects its `__typename` (the success type). */
async function mutate(
  c: GqlClient,
  name: string,
  input: Record<string, unknown>,
  select: string,
  success: string,
): Promise<any> {
  const d = await ok(
    c,
    `mutation ($input: ${inputType(name)}!) { ${name}(input: $input) { __typename ... on UserError { code message fieldErrors { field message } } ... on ${success} { ${select} } } }`,
    { input },
  );
  expect(d[name].__typename, JSON.stringify(d[name])).toBe(success);
  return d[name];
}

const INPUT_TYPES: Record<string, string> = {
  acceptOffer: 'AcceptOfferInput',
  confirmOfferDocuments: 'OrderActionInput',
  markPaymentMade: 'OrderActionInput',
  confirmFinalDocuments: 'OrderActionInput',
  cancelOrder: 'OrderActionInput',
  takeOrder: 'PartnerOrderActionInput',
  refuseOrder: 'RefuseOrderInput',
  sendOffer: 'SendOfferInput',
  sendOfferDocuments: 'PartnerOrderActionInput',
  sendFinalDocuments: 'PartnerOrderActionInput',
  issuePayCheck: 'IssuePayCheckInput',
  confirmPayment: 'PartnerOrderActionInput',
  takeOrderForReview: 'OrderActionInput',
  rejectOrder: 'OrderCommentInput',
  closeOrder: 'OrderCommentInput',
  commentOrder: 'OrderCommentInput',
  sendOrderToPartners: 'SendOrderToPartnersInput',
  confirmPayCheck: 'OrderActionInput',
  deleteDocument: 'DeleteDocumentInput',
  confirmDocuments: 'ConfirmDocumentsInput',
};
function inputType(name: string): string {
  return INPUT_TYPES[name];
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

/** Operator: takes the order and sends it to the given agents. */
async function sendToAgents(orderId: string, partnerIds: number[]): Promise<any> {
  await mutate(oper, 'takeOrderForReview', { orderId }, 'order { status }', 'TakeOrderForReviewSuccess');
  return mutate(
    oper,
    'sendOrderToPartners',
    { orderId, partnerIds },
    `order { ${OPER_FIELDS} }`,
    'SendOrderToPartnersSuccess',
  );
}

const sideId = (orderId: number, partnerId: number) => toGlobalId('PartnerOrder', `${orderId}:${partnerId}`);

function offerInput(partnerOrderId: string, clientFeePercent: string) {
  return {
    partnerOrderId,
    dealMethod: 'PROTECTED',
    paymentDateFrom: day(2),
    paymentDateTo: day(10),
    fees: {
      clientFeePercent,
      additionalExpenses: [
        { amount: { amount: '25', currency: 'USD' }, rate: '92.5', description: 'Комиссия банка-корреспондента' },
      ],
    },
    exchangeRate: { course: '92.5' },
    transactionType: 'SWIFT',
  };
}

async function partnerTab(c: GqlClient, tab: string, number: number): Promise<any[]> {
  const d = await ok(
    c,
    `query ($tab: PartnerOrderTab, $number: String) { viewer { partnerOrders(tab: $tab, number: $number) { totalCount edges { node { ${SIDE_FIELDS} } } }
    partnerOrderTabCounts { all new working deals results } } }`,
    { tab, number: String(number) },
  );
  return d.viewer.partnerOrders.edges.map((e: any) => e.node);
}

async function operTab(tab: string, number: number): Promise<any[]> {
  const d = await ok(
    oper,
    `query ($tab: OperatorOrderTab, $number: String) { viewer { operatorOrders(tab: $tab, number: $number) { totalCount edges { node { ${OPER_FIELDS} } } }
    operatorOrderTabCounts { new inWork inDeals inResults all } } }`,
    { tab, number: String(number) },
  );
  expect(d.viewer.operatorOrderTabCounts.all).toBeGreaterThan(0);
  return d.viewer.operatorOrders.edges.map((e: any) => e.node);
}

async function clientTab(tab: string, number: number): Promise<any[]> {
  const d = await ok(
    client,
    `query ($tab: OrderTab, $number: String) { viewer { orders(tab: $tab, number: $number) { edges { node { id status clientDisplayStatus { code label } } } } } }`,
    { tab, number: String(number) },
  );
  return d.viewer.orders.edges.map((e: any) => e.node);
}

async function clientOrder(id: string): Promise<any> {
  return (
    await ok(
      client,
      `query ($id: ID!) { node(id: $id) { ... on Order { ${ORDER_FIELDS} history { entity from to actorRole comment } } } }`,
      { id },
    )
  ).node;
}

beforeAll(async () => {
  stack = await startStack();
  ({ client, p1, p2, p1Id, p2Id, oper } = await signInDealActors(stack.url));
});
afterAll(async () => {
  await stack?.close();
});

describe('deal flow through the gateway (spec core §4 "Deal flow")', () => {
  it('runs from creation to EXECUTED while the second agent ends with "another offer accepted"', async () => {
    const { id, orderId } = await createOrder();

    // 2. The operator finds it in "new", takes it and sends it to both agents (scoring).
    expect((await operTab('NEW', orderId)).map((o) => o.id)).toEqual([id]);
    const partners = (await ok(oper, '{ viewer { activePartners { partnerId brand currencies } } }')).viewer
      .activePartners;
    expect(partners.map((p: any) => p.partnerId)).toEqual(expect.arrayContaining([p1Id, p2Id]));
    const sent = await sendToAgents(id, [p1Id, p2Id]);
    expect(sent.order).toMatchObject({
      status: 'ACTIVE',
      operatorDisplayStatus: { code: 'ON_REVIEW', label: 'У агентов' },
      validator: { email: 'operator@example.com' },
    });
    expect(sent.order.partnerOrders.map((p: any) => p.status)).toEqual(['ALLOWED', 'ALLOWED']);
    expect((await clientOrder(id)).clientDisplayStatus).toEqual({
      code: 'WAITING_FOR_OFFERS',
      label: 'Ожидание предложений',
    });

    // 3. Both agents see it in "new", take it and send offers.
    const s1 = sideId(orderId, p1Id);
    const s2 = sideId(orderId, p2Id);
    const new1 = await partnerTab(p1, 'NEW', orderId);
    expect(new1).toHaveLength(1);
    expect(new1[0]).toMatchObject({
      id: s1,
      tab: 'NEW',
      displayStatus: { code: 'NEW' },
      viewerCanTake: true,
      offer: null,
      order: { id, counterparty: { city: 'Beijing' } },
    });
    for (const [c, s] of [
      [p1, s1],
      [p2, s2],
    ] as const) {
      const taken = await mutate(
        c,
        'takeOrder',
        { partnerOrderId: s },
        `partnerOrder { ${SIDE_FIELDS} }`,
        'TakeOrderSuccess',
      );
      expect(taken.partnerOrder).toMatchObject({
        status: 'IN_PROGRESS',
        tab: 'WORKING',
        viewerCanSendOffer: true,
        offerDetailsHidden: true,
        offer: null,
      });
    }
    const calc = await ok(
      p1,
      `query ($id: ID!, $input: CommissionInput!) { calculateCommission(partnerOrderId: $id, input: $input) { __typename
      ... on Commission { currency totalFee rate totalCommission { amount { currency } percent } totalToPay } ... on UserError { code message } } }`,
      { id: s1, input: { clientFeePercent: '1.5', course: '92.5' } },
    );
    expect(calc.calculateCommission).toMatchObject({
      __typename: 'Commission',
      currency: 'USD',
      rate: '92.5000',
      totalCommission: { amount: { currency: 'RUB' } },
    });
    const bad = await ok(
      p1,
      `query ($id: ID!) { calculateCommission(partnerOrderId: $id, input: { clientFeePercent: "0.01" }) { __typename ... on UserError { code } } }`,
      { id: s1 },
    );
    expect(bad.calculateCommission).toEqual({ __typename: 'UserError', code: 'VALIDATION_ERROR' });

    // partner1 keeps a sample contract among its document examples and names it in the offer, with the rate's source.
    const sampleUp = await uploadFile(
      p1,
      `/files/partner/orders/${orderId}/offer/docs-example`,
      'Образец договора.pdf',
      pdf('sample contract'),
    );
    expect(sampleUp.status, await sampleUp.clone().text()).toBe(201);
    const sampleFileId = (await sampleUp.json()).fileId as string;
    const offer1 = await mutate(
      p1,
      'sendOffer',
      {
        ...offerInput(s1, '1.5'),
        sampleContractFileId: sampleFileId,
        exchangeRate: { course: '92.5', source: 'ЦБ РФ' },
      },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'SendOfferSuccess',
    );
    expect(offer1.partnerOrder).toMatchObject({
      status: 'SEND_OFFER',
      tab: 'WORKING',
      displayStatus: { code: 'OFFER', label: 'Предложение' },
      offer: { dealMethod: 'PROTECTED', totalFee: { currency: 'USD' } },
    });
    await mutate(p2, 'sendOffer', offerInput(s2, '2.5'), 'partnerOrder { status }', 'SendOfferSuccess');

    // The client compares both offers; the operator sees 'offer'.
    const withOffers = await clientOrder(id);
    expect(withOffers.clientDisplayStatus.code).toBe('HAS_OFFERS');
    expect(withOffers.partnerOrders.map((p: any) => [p.status, p.viewerCanAccept, p.offer?.clientFeePercent])).toEqual([
      ['SEND_OFFER', true, '1.5'],
      ['SEND_OFFER', true, '2.5'],
    ]);
    expect((await operTab('IN_WORK', orderId))[0].operatorDisplayStatus).toEqual({
      code: 'OFFER',
      label: 'Предложение',
      source: 'DERIVED',
    });

    // The offer read model (percents trimmed, agent and service shares, rate source) and the sample contract download.
    const details = (
      await ok(
        client,
        `query ($id: ID!) { node(id: $id) { ... on PartnerOrder { offer { clientFeePercent agentFeePercent serviceFeePercent
      exchangeRate { course source } sampleContractFileId sampleContractDownloadUrl } } } }`,
        { id: s1 },
      )
    ).node.offer;
    expect(details).toMatchObject({
      clientFeePercent: '1.5',
      exchangeRate: { course: '92.5000', source: 'ЦБ РФ' },
      sampleContractFileId: sampleFileId,
    });
    expect(details.agentFeePercent).toMatch(/^\d+(\.\d*[1-9])?$/);
    expect(details.serviceFeePercent).toMatch(/^\d+(\.\d*[1-9])?$/);
    const sample = await client.fetch(details.sampleContractDownloadUrl);
    expect(sample.status).toBe(200);
    expect(Buffer.from(await sample.arrayBuffer()).toString()).toContain('sample contract');
    expect((await p2.fetch(details.sampleContractDownloadUrl)).status).toBe(403);

    // The agent converts amounts at its offer's rates (amount-convert as a query).
    const conv = await ok(
      p1,
      `query ($id: ID!) { convertAmount(partnerOrderId: $id, amount: { amount: "100", currency: "USD" }, targetCurrency: "RUB") {
      __typename ... on AmountConversion { converted { amount currency } rate } } }`,
      { id: s1 },
    );
    expect(conv.convertAmount).toEqual({
      __typename: 'AmountConversion',
      converted: { amount: '9250.00', currency: 'RUB' },
      rate: '92.5000',
    });

    // 4. The client accepts partner1's offer: partner2's becomes SIGNED_ANOTHER_OFFER ('another offer accepted', RESULTS).
    const accepted = await mutate(
      client,
      'acceptOffer',
      { partnerOrderId: s1 },
      `order { ${ORDER_FIELDS} } acceptedOffer { id status }`,
      'AcceptOfferSuccess',
    );
    expect(accepted.acceptedOffer).toEqual({ id: s1, status: 'ACCEPTED' });
    expect(accepted.order.status).toBe('OFFER_ACCEPTED');
    const other = accepted.order.partnerOrders.find((p: any) => p.id === s2);
    expect(other).toMatchObject({ status: 'SIGNED_ANOTHER_OFFER', offerDetailsHidden: true, offer: null });
    expect(accepted.order.leadingOffer).toMatchObject({ id: s1, status: 'ACCEPTED' });
    const again = await client.gql(
      `mutation ($input: AcceptOfferInput!) { acceptOffer(input: $input) { __typename ... on UserError { code } } }`,
      { input: { partnerOrderId: s2 } },
    );
    expect(again.data.acceptOffer.__typename).toBe('UserError');
    const lost = await partnerTab(p2, 'RESULTS', orderId);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      status: 'SIGNED_ANOTHER_OFFER',
      tab: 'RESULTS',
      displayStatus: { code: 'ANOTHER_OFFER_ACCEPTED', label: 'Принято другое предложение' },
      offer: null,
    });

    // 5. Offer documents: upload through the gateway proxy, send; the client downloads and confirms.
    const up = await uploadFile(p1, `/files/partner/orders/${orderId}/offer/docs`, 'Договор.pdf', pdf('offer docs'));
    expect(up.status, await up.clone().text()).toBe(201);
    const dup = await uploadFile(p1, `/files/partner/orders/${orderId}/offer/docs`, 'Договор.pdf', pdf('again'));
    expect(dup.status).toBe(400);
    expect((await dup.json()).message).toBe('Файл с именем Договор.pdf уже загружен');
    const docsSent = await mutate(
      p1,
      'sendOfferDocuments',
      { partnerOrderId: s1 },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'SendOfferDocumentsSuccess',
    );
    expect(docsSent.partnerOrder).toMatchObject({
      status: 'SEND_OFFER_DOCS',
      tab: 'DEALS',
      offerDocuments: [{ name: 'Договор.pdf', status: 'SENT' }],
    });
    const p1Download = await p1.fetch(docsSent.partnerOrder.offerDocuments[0].downloadUrl);
    expect(p1Download.status).toBe(200);
    const toSign = await clientOrder(id);
    expect(toSign.viewerCanConfirmOfferDocuments).toBe(true);
    expect(['REQUIRES_SIGNATURE', 'REQUIRES_CONFIRMATION']).toContain(toSign.clientDisplayStatus.code);
    const doc = toSign.partnerOrders.find((p: any) => p.id === s1).offerDocuments[0];
    expect(doc.downloadUrl).toMatch(new RegExp(`^/files/client/orders/${orderId}/documents/\\d+$`));
    const dl = await client.fetch(doc.downloadUrl);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).toString()).toContain('offer docs');
    const confirmed = await mutate(
      client,
      'confirmOfferDocuments',
      { orderId: id },
      `order { ${ORDER_FIELDS} }`,
      'ConfirmOfferDocumentsSuccess',
    );
    expect(confirmed.order.clientDisplayStatus).toEqual({
      code: 'WAITING_FOR_PAYMENT_ORDER',
      label: 'Ожидание платёжного поручения',
    });

    // 6. The bill, issued and reissued.
    const settings = await ok(
      p1,
      '{ viewer { partnerSettings { currencies { currencyCode indicativeRate } paymentCompanies { paymentCompanyId name } } } }',
    );
    const companyId = settings.viewer.partnerSettings.paymentCompanies[0].paymentCompanyId;
    const billed = await mutate(
      p1,
      'issuePayCheck',
      { partnerOrderId: s1, paymentCompanyId: companyId },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'IssuePayCheckSuccess',
    );
    expect(billed.partnerOrder).toMatchObject({
      status: 'SEND_PAYCHECK',
      displayStatus: { code: 'PAYMENT' },
      payCheck: { status: 'ACTIVE', amount: { currency: 'RUB' } },
    });
    await mutate(
      p1,
      'issuePayCheck',
      { partnerOrderId: s1, paymentCompanyId: companyId },
      'partnerOrder { status }',
      'IssuePayCheckSuccess',
    );

    // 7. The client pays.
    const toPay = await clientOrder(id);
    expect(toPay.clientDisplayStatus).toEqual({ code: 'PAYMENT', label: 'Оплата' });
    expect(toPay.partnerOrders.find((p: any) => p.id === s1).payCheck).toMatchObject({
      status: 'ACTIVE',
      paymentCompany: { name: expect.any(String) },
    });
    const paid = await mutate(
      client,
      'markPaymentMade',
      { orderId: id },
      `order { ${ORDER_FIELDS} }`,
      'MarkPaymentMadeSuccess',
    );
    expect(paid.order).toMatchObject({
      status: 'PAYMENT_CHECKING',
      clientDisplayStatus: { code: 'PAYMENT_CHECKING' },
      viewerCanCancel: false,
    });

    // 8. The agent confirms receipt and sends the closing documents.
    const executing = await mutate(
      p1,
      'confirmPayment',
      { partnerOrderId: s1 },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'ConfirmPaymentSuccess',
    );
    expect(executing.partnerOrder).toMatchObject({
      status: 'EXECUTING',
      payCheck: { status: 'PAYMENT_CONFIRMED' },
      viewerCanSendFinalDocuments: true,
    });
    expect(
      (await uploadFile(p1, `/files/partner/orders/${orderId}/offer/final-docs`, 'Акт.pdf', pdf('final'))).status,
    ).toBe(201);
    const finals = await mutate(
      p1,
      'sendFinalDocuments',
      { partnerOrderId: s1 },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'SendFinalDocumentsSuccess',
    );
    expect(finals.partnerOrder).toMatchObject({
      status: 'SEND_EXECUTING_DOCS',
      displayStatus: { code: 'REQUIRES_CONFIRMATION' },
    });

    // 9. The client confirms: EXECUTED everywhere.
    const closing = await clientOrder(id);
    expect(closing.viewerCanConfirmFinalDocuments).toBe(true);
    expect(['REQUIRES_SIGNATURE', 'REQUIRES_CONFIRMATION']).toContain(closing.clientDisplayStatus.code);
    const done = await mutate(
      client,
      'confirmFinalDocuments',
      { orderId: id },
      `order { ${ORDER_FIELDS} }`,
      'ConfirmFinalDocumentsSuccess',
    );
    expect(done.order).toMatchObject({
      status: 'EXECUTED',
      clientTab: 'COMPLETED',
      clientDisplayStatus: { code: 'EXECUTED', label: 'Исполнена' },
    });
    expect((await clientTab('COMPLETED', orderId)).map((o) => o.id)).toEqual([id]);
    expect((await partnerTab(p1, 'RESULTS', orderId))[0]).toMatchObject({
      status: 'EXECUTED',
      displayStatus: { code: 'EXECUTED' },
    });
    const operDone = await operTab('IN_RESULTS', orderId);
    expect(operDone[0]).toMatchObject({ status: 'EXECUTED', operatorDisplayStatus: { code: 'EXECUTED' } });
    const history = (
      await ok(
        oper,
        `query ($id: ID!) { node(id: $id) { ... on Order { history { entity from to actorRole actorName } } } }`,
        { id },
      )
    ).node.history;
    expect(history.filter((h: any) => h.entity === 'ORDER').map((h: any) => h.to)).toEqual(
      expect.arrayContaining([
        'IN_VALIDATION',
        'ACTIVE',
        'OFFER_ACCEPTED',
        'PAYMENT_CHECKING',
        'EXECUTING',
        'EXECUTED',
      ]),
    );
    expect(history.some((h: any) => h.actorRole === 'OPER' && h.actorName)).toBe(true);
    // The payment agents' history: ORDER rows and their own offer's rows only, operators by role only.
    const p1History = (
      await ok(
        p1,
        `query ($id: ID!) { node(id: $id) { ... on Order { history { entity partnerId actorRole actorName to } } } }`,
        { id },
      )
    ).node.history;
    expect(p1History.length).toBeGreaterThan(0);
    expect(p1History.every((h: any) => h.entity === 'ORDER' || h.partnerId === p1Id)).toBe(true);
    expect(p1History.filter((h: any) => h.actorRole === 'OPER').every((h: any) => h.actorName === null)).toBe(true);
    // The operator sees the payment company of the bill and downloads the client's files through its own proxy.
    const operBill = (
      await ok(
        oper,
        `query ($id: ID!) { node(id: $id) { ... on Order { files { downloadUrl } partnerOrders { partnerId payCheck { paymentCompany { name } } } } } }`,
        { id },
      )
    ).node;
    expect(operBill.partnerOrders.find((p: any) => p.partnerId === p1Id).payCheck.paymentCompany.name).toEqual(
      expect.any(String),
    );
    for (const f of operBill.files) {
      expect(f.downloadUrl).toMatch(new RegExp(`^/files/oper/orders/${orderId}/files/`));
      expect((await oper.fetch(f.downloadUrl)).status).toBe(200);
    }
    const clientHistory = (await clientOrder(id)).history;
    expect(clientHistory.some((h: any) => h.to === 'SIGNED_ANOTHER_OFFER')).toBe(false);
  });
});

describe('exits of the deal flow, each visible to the other roles (spec core §4 exits)', () => {
  it('the client cancels: the agent sees "client refusal" in its results, the operator the cancelled order', async () => {
    const { id, orderId } = await createOrder();
    await sendToAgents(id, [p1Id]);
    const cancelled = await mutate(
      client,
      'cancelOrder',
      { orderId: id, comment: 'Передумали' },
      `order { ${ORDER_FIELDS} }`,
      'CancelOrderSuccess',
    );
    expect(cancelled.order).toMatchObject({
      status: 'CANCELED',
      clientTab: 'CANCELLED',
      clientDisplayStatus: { code: 'CANCELED', label: 'Отменена' },
      viewerCanCancel: false,
    });
    expect((await partnerTab(p1, 'RESULTS', orderId))[0]).toMatchObject({
      status: 'REFUSE_OPER',
      displayStatus: { code: 'CLIENT_REFUSAL', label: 'Отказ клиента' },
    });
    expect((await operTab('IN_RESULTS', orderId))[0]).toMatchObject({
      status: 'CANCELED',
      operatorDisplayStatus: { code: 'CANCELED' },
    });

    // Scoping: partner2 was not sent this order — neither the order nor a side of it resolves.
    const scoped = await p2.gql(
      `query ($o: ID!, $s: ID!, $mine: ID!) { o: node(id: $o) { id } s: node(id: $s) { id } mine: node(id: $mine) { id } }`,
      { o: id, s: sideId(orderId, p2Id), mine: sideId(orderId, p1Id) },
    );
    expect(scoped.errors).toBeUndefined();
    expect(scoped.data).toEqual({ o: null, s: null, mine: null });
    expect(await partnerTab(p2, 'ALL', orderId)).toEqual([]);
    // partner1 (it was sent to it) resolves the order; the client resolves its own.
    expect((await ok(p1, `query ($o: ID!) { node(id: $o) { id } }`, { o: id })).node).toEqual({ id });
  });

  it('a payment agent refuses with a required reason: the operator and the client see it', async () => {
    const { id, orderId } = await createOrder();
    await sendToAgents(id, [p1Id, p2Id]);
    const s2 = sideId(orderId, p2Id);
    await mutate(p2, 'takeOrder', { partnerOrderId: s2 }, 'partnerOrder { status }', 'TakeOrderSuccess');
    const blank = await p2.gql(
      `mutation { refuseOrder(input: { partnerOrderId: "${s2}", reason: "  " }) { __typename ... on UserError { code message fieldErrors { field } } } }`,
    );
    expect(blank.data.refuseOrder).toMatchObject({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      message: 'Укажите причину отказа',
    });
    const refused = await mutate(
      p2,
      'refuseOrder',
      { partnerOrderId: s2, reason: 'Не работаем с этим банком' },
      `partnerOrder { ${SIDE_FIELDS} }`,
      'RefuseOrderSuccess',
    );
    expect(refused.partnerOrder).toMatchObject({
      status: 'REJECTED',
      tab: 'RESULTS',
      displayStatus: { code: 'AGENT_REFUSAL', label: 'Отказ агента' },
      rejectReason: 'Не работаем с этим банком',
    });
    expect((await partnerTab(p2, 'RESULTS', orderId)).map((s) => s.id)).toEqual([s2]);
    const operView = (await operTab('IN_WORK', orderId))[0];
    expect(operView.partnerOrders.find((p: any) => p.partnerId === p2Id)).toMatchObject({
      status: 'REJECTED',
      displayStatus: { code: 'AGENT_REFUSAL' },
    });
    expect(operView.operatorDisplayStatus.code).toBe('ON_REVIEW');
    const history = (
      await ok(oper, `query ($id: ID!) { node(id: $id) { ... on Order { history { entity to comment } } } }`, { id })
    ).node.history;
    expect(history).toContainEqual({ entity: 'OFFER', to: 'REJECTED', comment: 'Не работаем с этим банком' });
    const c = await clientOrder(id);
    expect(c.clientDisplayStatus.code).toBe('WAITING_FOR_OFFERS');
    expect(c.partnerOrders.find((p: any) => p.partnerId === p2Id)).toMatchObject({
      status: 'REJECTED',
      offer: null,
      viewerCanAccept: false,
    });
  });

  it('the operator rejects with a comment: the client sees "rejected by service" in its cancelled tab', async () => {
    const { id, orderId } = await createOrder();
    await mutate(oper, 'takeOrderForReview', { orderId: id }, 'order { status }', 'TakeOrderForReviewSuccess');
    const blank = await oper.gql(
      `mutation { rejectOrder(input: { orderId: "${id}", comment: " " }) { __typename ... on UserError { code } } }`,
    );
    expect(blank.data.rejectOrder.__typename).toBe('UserError');
    const rejected = await mutate(
      oper,
      'rejectOrder',
      { orderId: id, comment: 'Неполный комплект документов' },
      `order { ${OPER_FIELDS} }`,
      'RejectOrderSuccess',
    );
    expect(rejected.order).toMatchObject({
      status: 'REJECTED',
      operatorDisplayStatus: { code: 'REJECTED' },
      viewerCanReject: false,
    });
    const commented = await mutate(
      oper,
      'commentOrder',
      { orderId: id, comment: 'Клиент уведомлён' },
      'order { lastOperatorComment { comment } operatorComments { comment authorName created } } comment { comment authorName created }',
      'CommentOrderSuccess',
    );
    expect(commented.order.lastOperatorComment.comment).toBe('Клиент уведомлён');
    // Every operator comment, newest first, in the mutation's answer (Relay updates the 'Комментарии' tab without a refetch).
    expect(commented.order.operatorComments.map((x: any) => x.comment)).toEqual([
      'Клиент уведомлён',
      'Неполный комплект документов',
    ]);
    expect(commented.order.operatorComments[0]).toEqual(commented.comment);
    const ops = (await ok(oper, '{ viewer { operators { userId email } } }')).viewer.operators;
    expect(ops.map((o: any) => o.email)).toContain('operator@example.com');
    expect(
      await ok(
        client,
        `{ viewer { operators { userId } } node(id: "${id}") { ... on Order { operatorComments { comment } } } }`,
      ),
    ).toMatchObject({ viewer: { operators: null }, node: { operatorComments: null } });
    const inTab = await clientTab('CANCELLED', orderId);
    expect(inTab).toEqual([
      { id, status: 'REJECTED', clientDisplayStatus: { code: 'REJECTED_BY_SERVICE', label: 'Отклонена сервисом' } },
    ]);
    const c = await clientOrder(id);
    expect(c.history.find((h: any) => h.entity === 'ORDER' && h.to === 'REJECTED').comment).toBe(
      'Неполный комплект документов',
    );
    // A client cannot call operator transitions: a permission error, not data.
    const forbidden = await client.gql(
      `mutation { rejectOrder(input: { orderId: "${id}", comment: "x" }) { __typename } }`,
    );
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
