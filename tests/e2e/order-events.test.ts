/**
 * Live order events in the browser (issue 12 "Live order events": "the web app uses it: request lists and the request
 * modal update live (a client sees an offer arrive, a payment agent sees the acceptance) without reload or polling").
 *
 * Two browser contexts: the client and the first payment agent. The order is created, sent to the agent and taken
 * through the GraphQL API (setup, not under test). Then, with both pages open and never reloaded:
 * - the agent sends his offer (API): the client's open request modal shows it with 'Принять предложение';
 * - the client accepts it in the browser: the agent's open modal moves to ACCEPTED.
 * - a new request sent to the agent appears in his open request list.
 * Each page's navigations are counted: none happens after the pages were opened.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from 'graphql-relay';
import { launchBrowser, RolePages } from '../support/browser.js';
import { day, orderInput, signIn, signInOperator } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

const BRAND_1 = 'Альфа Платежи';

async function mutate(c: GqlClient, name: string, inputType: string, input: unknown, success: string): Promise<any> {
  const d = await ok(
    c,
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { __typename ... on UserError { code message } ... on ${success} { __typename } } }`,
    { input },
  );
  expect(d[name].__typename, JSON.stringify(d[name])).toBe(success);
  return d[name];
}

describe('live order events in the browser (issue 12)', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let client: Page;
  let agent: Page;
  let apiClient: GqlClient;
  let apiAgent: GqlClient;
  let apiOper: GqlClient;
  let p1Id: number;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
    [client, agent] = await Promise.all(['client', 'agent'].map((r) => roles.open(r)));
    await signInUi(client, 'client', 'client@example.com');
    await signInUi(agent, 'partner', 'partner1@example.com');
    ({ c: apiClient } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
    const a1 = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    apiAgent = a1.c;
    p1Id = a1.companyId!;
    apiOper = await signInOperator(stack.url);
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('order-events', ctx));

  it('the client sees an offer arrive and the payment agent sees the acceptance, without reload', async () => {
    // Setup through the API: an order sent to agent 1, who takes it.
    const created = await ok(
      apiClient,
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } } }`,
      { input: orderInput({ comment: 'E2E: живые события' }) },
    );
    const { id, orderId } = created.createOrder.order as { id: string; orderId: number };
    await mutate(apiOper, 'takeOrderForReview', 'OrderActionInput', { orderId: id }, 'TakeOrderForReviewSuccess');
    await mutate(
      apiOper,
      'sendOrderToPartners',
      'SendOrderToPartnersInput',
      { orderId: id, partnerIds: [p1Id] },
      'SendOrderToPartnersSuccess',
    );
    const side = toGlobalId('PartnerOrder', `${orderId}:${p1Id}`);
    await mutate(apiAgent, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: side }, 'TakeOrderSuccess');

    // The client has the request open on the offers tab; the agent has it open too.
    await client.goto(`/client/fea/${orderId}`);
    const clientModal = client.getByTestId('client-order-modal');
    await clientModal.waitFor();
    await clientModal.getByRole('tab', { name: 'Предложения', exact: true }).click();
    await agent.goto(`/partner/${orderId}`);
    const agentModal = agent.getByTestId('partner-order-modal');
    await agentModal.waitFor();
    await agent.getByTestId('partner-order-status').and(agent.locator('[data-status="IN_PROGRESS"]')).waitFor();

    let navigations = 0;
    for (const p of [client, agent]) p.on('framenavigated', (f) => f === p.mainFrame() && navigations++);
    const accept = clientModal
      .getByRole('list', { name: 'Сравнение предложений' })
      .getByRole('listitem', { name: `Предложение ${BRAND_1}` })
      .getByRole('button', { name: 'Принять предложение' });
    expect(await accept.count()).toBe(0);

    // The agent sends the offer: it arrives in the client's open modal.
    await mutate(
      apiAgent,
      'sendOffer',
      'SendOfferInput',
      {
        partnerOrderId: side,
        dealMethod: 'PROTECTED',
        paymentDateFrom: day(2),
        paymentDateTo: day(10),
        fees: { clientFeePercent: '1.5', additionalExpenses: [] },
        exchangeRate: { course: '92.5' },
        transactionType: 'SWIFT',
      },
      'SendOfferSuccess',
    );
    await accept.waitFor();

    // The client accepts in the browser: the agent's open modal moves to ACCEPTED.
    await accept.click();
    await agent.getByTestId('partner-order-status').and(agent.locator('[data-status="ACCEPTED"]')).waitFor();
    expect(navigations).toBe(0);
  });

  it('a request sent to the payment agent appears in his open list without reload', async () => {
    await agent.goto('/partner');
    await agent.getByRole('heading', { name: 'Заявки' }).waitFor();
    await agent.waitForLoadState('networkidle');
    let navigations = 0;
    agent.on('framenavigated', (f) => f === agent.mainFrame() && navigations++);
    const created = await ok(
      apiClient,
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } } }`,
      { input: orderInput({ comment: 'E2E: новая заявка агенту' }) },
    );
    const { id, orderId } = created.createOrder.order as { id: string; orderId: number };
    const row = agent.getByTestId('partner-order-row').and(agent.locator(`[data-order-id="${orderId}"]`));
    expect(await row.count()).toBe(0);
    await mutate(apiOper, 'takeOrderForReview', 'OrderActionInput', { orderId: id }, 'TakeOrderForReviewSuccess');
    await mutate(
      apiOper,
      'sendOrderToPartners',
      'SendOrderToPartnersInput',
      { orderId: id, partnerIds: [p1Id] },
      'SendOrderToPartnersSuccess',
    );
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('ALLOWED');
    expect(navigations).toBe(0);
  });
});
