/**
 * Payment agents through the gateway over a real backend (issue 10; spec core §3 "Payment agent profile", §4, §5):
 * Administration.paymentAgents (filter, totalCount, paging), createPaymentAgent with a field UserError and a success,
 * the invitation mail → resetPassword → the new agent signs in and sees its requests (partnerOrders), the card,
 * block / unblock with the permission fields, node(id:), scoring fit + sendOrderToPartners overrides, and null for an
 * operator without the PAYMENT_AGENTS right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator, setPasswordByToken } from '../support/admin.js';
import { DEMO_PASSWORD, orderInput, signIn, signInOperator } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const USER_ERROR = `... on UserError { code message field fieldErrors { field code message } }`;
const AGENT_FIELDS = `id agentId status brand shortName fullName inn ogrn email clientDirection goodsImportRule
  supportedCountries currencyCodes minPaymentUsd serviceCommissionPercent signRequired
  currencies { currencyCode rateSource indicativeRate } limits { currencyCode amountFrom amountTo }
  beneficiaries { name share owner } contacts { surname name phone }
  paymentCompanies { paymentCompanyId name actualAddressSameAsLegal requisites { bankName checkAccount } }
  invitation { accepted lastSentAt } viewerCanEdit viewerCanBlock viewerCanUnblock viewerCanResendInvitation`;
const LIST = `query List($filter: PaymentAgentFilter, $first: Int, $after: String) { viewer { administration {
  paymentAgents(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { id agentId brand inn status email currencyCodes viewerCanBlock } } } } } }`;
const ONE = `query One($id: ID!) { viewer { administration { paymentAgent(id: $id) { ${AGENT_FIELDS} } } } }`;
const CREATE = `mutation Create($input: CreatePaymentAgentInput!) { createPaymentAgent(input: $input) {
  __typename ... on CreatePaymentAgentSuccess { paymentAgent { ${AGENT_FIELDS} } } ${USER_ERROR} } }`;
const BLOCK = `mutation Block($input: ChangePaymentAgentStatusInput!) { blockPaymentAgent(input: $input) {
  __typename ... on ChangePaymentAgentStatusSuccess { paymentAgent { id status viewerCanBlock viewerCanUnblock } } ${USER_ERROR} } }`;
const UNBLOCK = BLOCK.replace('blockPaymentAgent', 'unblockPaymentAgent').replace('Block(', 'Unblock(');
const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on PaymentAgent { agentId brand } } }`;
const REQUESTS = `{ viewer { partnerOrders(first: 10) { totalCount edges { node { id } } } } }`;

const profile = (email: string, over: Record<string, unknown> = {}) => ({
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: null,
  fullName: 'Общество с ограниченной ответственностью «Омега Платежи»',
  shortName: 'ООО «Омега Платежи»',
  legalAddress: '117997, г. Москва, ул. Вавилова, д. 19',
  registrationDate: '2019-05-01',
  ceoLastName: 'Орлов',
  ceoFirstName: 'Игорь',
  ceoMiddleName: null,
  brand: 'Омега Пэй',
  site: 'https://omega.example.com',
  groupOfCompanies: false,
  groupDescription: null,
  beneficiaries: [{ name: 'Орлов Игорь', share: '100', owner: true }],
  contacts: [{ surname: 'Орлова', name: 'Анна', phone: '9161112233', email: 'anna@omega.example.com' }],
  clientDirection: 'BOTH',
  goodsImportRule: 'UNIMPORTANT',
  minMonthlyVolumeUsd: null,
  minPaymentUsd: '1000.00',
  supportedCountries: [],
  unsupportedPurposes: null,
  requiredClosingDocuments: null,
  currencies: [{ currencyCode: 'USD', rateSource: 'ЦБ РФ', rateRules: 'ЦБ + 1%', indicativeRate: '92.0000' }],
  limits: [{ currencyCode: 'USD', amountFrom: '1000.00', amountTo: null }],
  expertConclusion: null,
  paymentCompanies: [
    {
      name: 'ООО «Омега Расчёты»',
      inn: '7707083893',
      legalAddress: '117997, г. Москва, ул. Вавилова, д. 19',
      actualAddressSameAsLegal: true,
      requisites: [{ currencyCode: 'RUB', bankName: 'ПАО Сбербанк', checkAccount: '40702810900000012345' }],
    },
  ],
  licenseNumber: 'ЛД-1',
  licenseDate: '2026-01-10',
  serviceCommissionPercent: '0.4',
  signRequired: false,
  email,
  ...over,
});

describe('payment agents through the gateway (issue 10; spec core §3 "Payment agent profile")', () => {
  let stack: Stack;
  let oper: GqlClient;
  let ordersOnly: GqlClient;

  beforeAll(async () => {
    stack = await startStack();
    await insertOperator(stack, 'orders-only-agents@example.com');
    oper = await signInOperator(stack.url);
    ordersOnly = await signInOperator(stack.url, 'orders-only-agents@example.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('creates an agent (field errors first), the agent sets its password from the invitation, signs in and sees its requests', async () => {
    const before = (await ok(oper, LIST, { first: 1 })).viewer.administration.paymentAgents;
    expect(before.totalCount).toBeGreaterThanOrEqual(2);
    expect(before.pageInfo.hasNextPage).toBe(true);
    const page2 = await ok(oper, LIST, { first: 1, after: before.pageInfo.endCursor });
    expect(page2.viewer.administration.paymentAgents.edges[0].node.id).not.toBe(before.edges[0].node.id);

    const bad = await ok(oper, CREATE, { input: { profile: profile('omega@example.com', { currencies: [] }) } });
    expect(bad.createPaymentAgent.__typename).toBe('UserError');
    expect(bad.createPaymentAgent.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'currencies', code: 'CURRENCY_REQUIRED', message: 'Укажите хотя бы одну валюту' },
      ]),
    );
    const dup = await ok(oper, CREATE, { input: { profile: profile('partner1@example.com') } });
    expect(dup.createPaymentAgent).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });

    const res = await ok(oper, CREATE, { input: { profile: profile('omega@example.com') } });
    expect(res.createPaymentAgent.__typename, JSON.stringify(res)).toBe('CreatePaymentAgentSuccess');
    const agent = res.createPaymentAgent.paymentAgent;
    expect(agent).toMatchObject({
      status: 'ACTIVE',
      brand: 'Омега Пэй',
      email: 'omega@example.com',
      currencyCodes: ['USD'],
      currencies: [{ currencyCode: 'USD', indicativeRate: '92.0000' }],
      paymentCompanies: [{ name: 'ООО «Омега Расчёты»', requisites: [{ bankName: 'ПАО Сбербанк' }] }],
      invitation: { accepted: false },
      viewerCanEdit: true,
      viewerCanBlock: true,
      viewerCanUnblock: false,
      viewerCanResendInvitation: true,
    });

    const token = stack.mailer.lastToken('omega@example.com');
    expect(token).toBeTruthy();
    expect(await setPasswordByToken(stack.url, token!, DEMO_PASSWORD)).toBe('ResetPasswordSuccess');
    const { c: omega, companyId } = await signIn(stack.url, 'omega@example.com', 'PARTNER');
    expect(companyId).toBe(agent.agentId);
    const requests = await ok(omega, REQUESTS);
    expect(requests.viewer.partnerOrders).toMatchObject({ totalCount: 0, edges: [] });

    const card = await ok(oper, ONE, { id: agent.id });
    expect(card.viewer.administration.paymentAgent.invitation.accepted).toBe(true);
    const byNumber = await ok(oper, ONE, { id: String(agent.agentId) });
    expect(byNumber.viewer.administration.paymentAgent.id).toBe(agent.id);
    const node = await ok(oper, NODE, { id: agent.id });
    expect(node.node).toEqual({ __typename: 'PaymentAgent', agentId: agent.agentId, brand: 'Омега Пэй' });

    const found = await ok(oper, LIST, { filter: { query: 'омега' } });
    expect(found.viewer.administration.paymentAgents.edges.map((e: any) => e.node.agentId)).toEqual([agent.agentId]);

    const blocked = await ok(oper, BLOCK, { input: { id: agent.id, comment: 'Проверка' } });
    expect(blocked.blockPaymentAgent.paymentAgent).toMatchObject({
      status: 'BLOCKED',
      viewerCanBlock: false,
      viewerCanUnblock: true,
    });
    const gone = await omega.gql(REQUESTS);
    expect(gone.data?.viewer?.partnerOrders ?? null).toBeNull();
    const onlyBlocked = await ok(oper, LIST, { filter: { status: 'BLOCKED' } });
    expect(onlyBlocked.viewer.administration.paymentAgents.edges.map((e: any) => e.node.agentId)).toContain(
      agent.agentId,
    );
    const unblocked = await ok(oper, UNBLOCK, { input: { id: agent.id } });
    expect(unblocked.unblockPaymentAgent.paymentAgent.status).toBe('ACTIVE');
  });

  it('scoring shows the fit per agent; sendOrderToPartners needs an override for an agent the request does not fit', async () => {
    const { c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const created = await ok(
      client,
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id } } } }`,
      { input: orderInput({ amount: { amount: '12500.50', currency: 'EUR' } }) },
    );
    const orderId = created.createOrder.order.id as string;
    const take = await ok(
      oper,
      `mutation ($input: OrderActionInput!) { takeOrderForReview(input: $input) { __typename } }`,
      { input: { orderId } },
    );
    expect(take.takeOrderForReview.__typename).toBe('TakeOrderForReviewSuccess');
    const SCORING = `query ($id: ID!) { node(id: $id) { ... on Order { partnerCandidates {
      partnerId brand fitOverrideComment fit { fits reasons { code message } } } } } }`;
    const candidates = (await ok(oper, SCORING, { id: orderId })).node.partnerCandidates as any[];
    const alfa = candidates.find((c) => c.brand === 'Альфа Платежи');
    const beta = candidates.find((c) => c.brand === 'Бета Трансфер');
    expect(alfa.fit).toEqual({ fits: true, reasons: [] });
    expect(beta.fit.fits).toBe(false);
    expect(beta.fit.reasons[0]).toEqual({ code: 'CURRENCY_NOT_SUPPORTED', message: 'Агент не работает с валютой EUR' });

    const SEND = `mutation ($input: SendOrderToPartnersInput!) { sendOrderToPartners(input: $input) {
      __typename ${USER_ERROR} } }`;
    const refused = await ok(oper, SEND, { input: { orderId, partnerIds: [alfa.partnerId, beta.partnerId] } });
    expect(refused.sendOrderToPartners).toMatchObject({ __typename: 'UserError', code: 'PARTNER_NOT_FIT' });
    expect(refused.sendOrderToPartners.fieldErrors[0].message).toContain('Агент не работает с валютой EUR');
    const sent = await ok(oper, SEND, {
      input: {
        orderId,
        partnerIds: [alfa.partnerId, beta.partnerId],
        overrides: [{ partnerId: beta.partnerId, comment: 'Агент подтвердил приём EUR' }],
      },
    });
    expect(sent.sendOrderToPartners.__typename).toBe('SendOrderToPartnersSuccess');
    const after = (await ok(oper, SCORING, { id: orderId })).node.partnerCandidates as any[];
    expect(after.find((c) => c.partnerId === beta.partnerId).fitOverrideComment).toBe('Агент подтвердил приём EUR');
  });

  it('an operator without PAYMENT_AGENTS sees neither the list, the card nor the node', async () => {
    const list = await ok(ordersOnly, LIST, {});
    expect(list.viewer.administration.paymentAgents).toBeNull();
    const any = (await ok(oper, LIST, { first: 1 })).viewer.administration.paymentAgents.edges[0].node;
    expect((await ok(ordersOnly, ONE, { id: any.id })).viewer.administration.paymentAgent).toBeNull();
    expect((await ok(ordersOnly, NODE, { id: any.id })).node).toBeNull();
  });
});
