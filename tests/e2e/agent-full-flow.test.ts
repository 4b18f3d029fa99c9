/**
 * The referral partner's whole story end to end in headless Chromium (issue 11, "End to end in Chromium"):
 * agent@example.com adds «Техноимпорт» by OGRN in the wizard, the client sets his password from the invitation mail,
 * an operator verifies the company (its REST call: a setup step, the UI of issue 10 has its own e2e), the partner
 * creates a request for the client by re-login in the browser (/agent/fea → 'Создать заявку' → the client's create
 * dialog opened by ?create=1, the banner 'Вы работаете от имени клиента …'), returns to his area, the request runs to
 * EXECUTED through the deal routes (the payment agent's and operator's steps and the client's confirmations by API,
 * as the backend deal tests do), and the partner sees the request EXECUTED with his commission in /agent/fea.
 * `WEB_DIST` may point at another build of the web app.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../backend/src/db/schema/core.js';
import { partnerOrderOffers } from '../../backend/src/db/schema/deal.js';
import { orders, partnerOrders } from '../../backend/src/db/schema/orders.js';
import { runTransition } from '../../backend/src/deal/repository.js';
import { percentOf } from '@platform/domain/deal/money';
import { partnerCompanyId, partnerStep, sendOffer, userOf } from '../../backend/test/deal-helpers.js';
import { addClientInWizardUi, clientSetsPasswordUi, TECHNOIMPORT, useAgentUi } from '../support/agent.js';
import { createRequestUi } from '../support/ui.js';

const { ogrn: CLIENT_OGRN, name: CLIENT_NAME, email: CLIENT_EMAIL, password: CLIENT_PASSWORD } = TECHNOIMPORT;

describe('the referral partner: client, re-login request, EXECUTED and commission (issue 11)', () => {
  const ui = useAgentUi('agent-full-flow');

  it('adds a client, creates a request for him by re-login, and sees it EXECUTED with his commission', async () => {
    const { stack, roles, page: agent } = ui;
    const t = stack.backend;

    // 1. The partner adds the client by OGRN in the wizard (slice "clients"); the invitation sets his password.
    await agent.getByRole('navigation').getByRole('link', { name: 'Клиенты' }).click();
    await agent.waitForURL(/\/agent\/clients$/);
    await addClientInWizardUi(agent);

    await clientSetsPasswordUi(stack, roles);

    // 2. An operator verifies the company (REST: the setup step; issue 10's UI has its own e2e).
    const [company] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.ogrn, CLIENT_OGRN));
    const oper = await t.signedIn('operator@example.com');
    const verified = await oper.post(`/api/secured/oper/client/${company.id}/status-change`, { status: 'VERIFIED' });
    expect(verified.statusCode, verified.body).toBe(200);

    // 3. The partner creates a request for him by re-login, in the browser.
    await agent.goto('/agent/fea');
    await agent.getByRole('heading', { level: 1, name: 'Заявки клиентов' }).waitFor();
    await agent.getByRole('button', { name: 'Создать заявку' }).click();
    const choose = agent.getByTestId('agent-create-dialog');
    await choose.getByText(CLIENT_NAME).click();
    await choose.getByRole('button', { name: 'Перейти к созданию' }).click();
    await agent.waitForURL(/\/client\/fea\?create=1$/);
    // ?create=1 opened the client's create dialog at once; the helper opens it itself, so it is closed first.
    const created = agent.getByRole('dialog', { name: 'Новая заявка' });
    await created.waitFor();
    await agent.keyboard.press('Escape');
    await created.waitFor({ state: 'hidden' });
    const banner = agent.getByTestId('relogin-banner');
    expect(await banner.textContent()).toContain(`Вы работаете от имени клиента «${CLIENT_NAME}»`);
    await createRequestUi(agent, { amount: '20000', comment: 'E2E: заявка партнёра' });
    const [order] = await t.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
    expect(order.companyId).toBe(company.id);
    const agentUser = await userOf(t, 'agent@example.com');
    expect(order.consultantUserId).toBe(agentUser.id);
    await banner.getByRole('button', { name: 'Вернуться в кабинет партнёра' }).click();
    await agent.waitForURL(/\/agent\/fea$/);
    await agent.getByTestId(`agent-order-${order.id}`).getByText('Проверка').waitFor();

    // 4. The request runs to EXECUTED through the deal routes (operator and payment agent by API, the client himself).
    const operator = await userOf(t, 'operator@example.com');
    const p1Id = await partnerCompanyId(t, 'Альфа Платежи');
    await runTransition(t.db, { action: 'OPER_TAKE', actor: operator, orderId: order.id, now: t.clock.now() });
    await runTransition(t.db, {
      action: 'OPER_SEND_TO_PARTNERS',
      actor: operator,
      orderId: order.id,
      partnerIds: [p1Id],
      now: t.clock.now(),
    });
    await sendOffer(t, await t.signedIn('partner1@example.com'), order.id);
    const [po] = await t.db.select().from(partnerOrders).where(eq(partnerOrders.orderId, order.id));
    const client = await t.signedIn(CLIENT_EMAIL, CLIENT_PASSWORD);
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
    const CLIENT = '/api/secured/client/order/exch';
    ok(await client.post(`${CLIENT}/${order.id}/offers/${po.id}/accept`, {}));
    await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_OFFER_DOCS', order.id);
    ok(await client.post(`${CLIENT}/${order.id}/offer/docs/confirm`, {}));
    await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_PAYCHECK', order.id, {
      payCheck: { amount: '20000.00', currency: 'CNY', commission: '300.00', convertedCommissionAmount: '3735.36' },
    });
    ok(await client.post(`${CLIENT}/${order.id}/payment/made`, {}));
    ok(await oper.post(`/api/secured/oper/order/exch/${order.id}/pay-checks/confirm`, {}));
    await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_FINAL_DOCS', order.id);
    const done = await client.post(`${CLIENT}/${order.id}/offer/final-docs/confirm`, {});
    expect(done.json().status).toBe('EXECUTED');

    // 5. The partner sees the request EXECUTED and his commission (20 % of the service fee).
    const [offer] = await t.db.select().from(partnerOrderOffers).where(eq(partnerOrderOffers.partnerOrderId, po.id));
    const commission = percentOf(offer.serviceFee, '20');
    const shown = (v: string) => v.replace('.', ',');
    await agent.reload();
    const row = agent.getByTestId(`agent-order-${order.id}`);
    await row.getByText('Исполнена').waitFor();
    expect(await row.textContent()).toContain(shown(commission));
    const totals = agent.getByTestId(`commission-total-${offer.paymentCurrency}`);
    expect(await totals.textContent()).toContain(shown(commission));
    expect(roles.logs).toEqual([]);
  });
});
