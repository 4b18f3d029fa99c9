/**
 * The deal flow end to end in headless Chromium (issue 3; spec core §4 "Deal flow" and its exits), with separate
 * browser contexts for the client, the operator and two payment agents:
 * - a request goes from creation to EXECUTED while the second agent's offer ends as 'another offer accepted';
 * - the client cancelling, an agent refusing with a reason and the operator rejecting with a comment, each visible
 *   in the other roles' tabs.
 * Setup steps of the exits that are not under test (the operator sending a request to the agents) go through the
 * GraphQL API; every step named by the issue is done in the browser.
 */
import { desc } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../backend/src/db/schema/orders.js';
import { launchBrowser, RolePages } from '../support/browser.js';
import { signIn, signInOperator } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';
import { createRequestUi, dayFromNow, pdfFile, signInOperatorUi, signInUi } from '../support/ui.js';

const BRAND_1 = 'Альфа Платежи';
const BRAND_2 = 'Бета Трансфер';

describe('deal flow in the browser: client, operator and two payment agents', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let client: Page;
  let operator: Page;
  let agent1: Page;
  let agent2: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
    [client, operator, agent1, agent2] = await Promise.all(
      ['client', 'operator', 'agent1', 'agent2'].map((r) => roles.open(r)),
    );
    await signInUi(client, 'client', 'client@example.com');
    await signInOperatorUi(operator);
    await signInUi(agent1, 'partner', 'partner1@example.com');
    await signInUi(agent2, 'partner', 'partner2@example.com');
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('deal', ctx));

  async function newestOrderId(): Promise<number> {
    const [row] = await stack.backend.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
    return Number(row.id);
  }

  /** Opens the operator's request modal and waits for it. */
  async function operatorOpens(orderId: number) {
    await operator.goto(`/operator/fea/${orderId}`);
    const modal = operator.getByTestId('operator-order-modal');
    await modal.waitFor();
    return modal;
  }
  async function clientOpens(orderId: number) {
    await client.goto(`/client/fea/${orderId}`);
    const modal = client.getByTestId('client-order-modal');
    await modal.waitFor();
    return modal;
  }
  async function agentOpens(page: Page, orderId: number) {
    await page.goto(`/partner/${orderId}`);
    const modal = page.getByTestId('partner-order-modal');
    await modal.waitFor();
    return modal;
  }
  async function agentStatus(page: Page, status: string) {
    await page
      .getByTestId('partner-order-status')
      .and(page.locator(`[data-status="${status}"]`))
      .waitFor();
  }

  /** The agent takes the request and sends an offer with the given client fee. */
  async function agentOffers(page: Page, orderId: number, clientFeePercent: string) {
    const modal = await agentOpens(page, orderId);
    await modal.getByRole('button', { name: 'Взять в работу' }).click();
    await agentStatus(page, 'IN_PROGRESS');
    await modal.getByRole('tab', { name: 'Предложение', exact: true }).click();
    const form = modal.getByRole('form', { name: 'Предложение по заявке' });
    await form.getByRole('radio', { name: 'Стандартная' }).check({ force: true });
    await form.getByLabel('Комиссия клиента, %').fill(clientFeePercent);
    await form.getByLabel('Срок оплаты с').fill(dayFromNow(6));
    await form.getByLabel('Срок оплаты по').fill(dayFromNow(20));
    await form.getByLabel(/^Курс, ₽ за 1 /).fill('12,4512');
    // The commission is computed live by the server.
    await modal.getByTestId('commission-total-fee').filter({ hasText: /\d/ }).waitFor();
    await form.getByRole('button', { name: 'Отправить предложение' }).click();
    await agentStatus(page, 'SEND_OFFER');
  }

  it('runs a request from creation to EXECUTED; the second agent ends with "another offer accepted"', async () => {
    // 1. The client creates the request through the form.
    await client.goto('/client/fea');
    await createRequestUi(client, { amount: '20000', comment: 'E2E: полный цикл' });
    const orderId = await newestOrderId();

    // 2. The operator finds it under 'Новые', takes it, and sends it to both agents (scoring).
    await operator.goto('/operator/fea');
    await operator
      .getByTestId('operator-order-row')
      .and(operator.locator(`[data-order-id="${orderId}"]`))
      .waitFor();
    let modal = await operatorOpens(orderId);
    await modal.getByRole('button', { name: 'Взять в работу' }).click();
    await modal.getByRole('tab', { name: 'Скоринг', exact: true }).click();
    await modal.getByRole('checkbox', { name: BRAND_1 }).check({ force: true });
    await modal.getByRole('checkbox', { name: BRAND_2 }).check({ force: true });
    await modal.getByRole('button', { name: 'Отправить агентам' }).click();
    await expect
      .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
      .toMatch(/агент/i);

    // 3. Both agents see it under 'Новые', take it and send offers.
    await agent1.goto('/partner');
    await agent1
      .getByTestId('partner-order-row')
      .and(agent1.locator(`[data-order-id="${orderId}"]`))
      .waitFor();
    await agentOffers(agent1, orderId, '1,5');
    await agentOffers(agent2, orderId, '2');

    // 4. The client compares the offers side by side and accepts the first agent's.
    modal = await clientOpens(orderId);
    await modal.getByRole('tab', { name: 'Предложения', exact: true }).click();
    const comparison = modal.getByRole('list', { name: 'Сравнение предложений' });
    await comparison.getByRole('listitem', { name: `Предложение ${BRAND_2}` }).waitFor();
    await comparison
      .getByRole('listitem', { name: `Предложение ${BRAND_1}` })
      .getByRole('button', { name: 'Принять предложение' })
      .click();
    await expect
      .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
      .toContain('Предложение принято');

    // The second agent's offer ends as 'another offer accepted', under 'Результаты'.
    await agent2.goto('/partner?tab=results');
    const lost = agent2.getByTestId('partner-order-row').and(agent2.locator(`[data-order-id="${orderId}"]`));
    await lost.waitFor();
    expect(await lost.getAttribute('data-status')).toBe('SIGNED_ANOTHER_OFFER');
    expect(await lost.textContent()).toContain('Принято другое предложение');

    // 5. The agent sends the offer documents; the client confirms them.
    modal = await agentOpens(agent1, orderId);
    await modal.getByRole('tab', { name: 'Документы', exact: true }).click();
    await modal.getByLabel('Загрузить документы').setInputFiles(pdfFile('Договор поручения.pdf'));
    await modal.getByRole('list', { name: 'Документы предложения' }).getByText('Договор поручения.pdf').waitFor();
    await modal.getByRole('button', { name: 'Отправить документы' }).click();
    await agentStatus(agent1, 'SEND_OFFER_DOCS');

    modal = await clientOpens(orderId);
    await modal.getByRole('tab', { name: 'Документы', exact: true }).click();
    await modal.getByRole('list', { name: 'Документы по предложению' }).getByText('Договор поручения.pdf').waitFor();
    await modal.getByRole('button', { name: 'Подтвердить документы' }).click();
    await expect
      .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
      .toContain('Ожидание платёжного поручения');

    // 6. The agent issues the bill.
    modal = await agentOpens(agent1, orderId);
    await modal.getByRole('tab', { name: 'Оплата', exact: true }).click();
    // The agent's payment company (the only one of the demo agent is preselected) with its requisites.
    expect(await modal.getByLabel('Платёжная компания').inputValue()).not.toBe('');
    await modal
      .getByText(/БИК 044525225/)
      .first()
      .waitFor();
    await modal.getByRole('button', { name: 'Выставить счёт' }).click();
    await agentStatus(agent1, 'SEND_PAYCHECK');

    // 7. The client sees the bill and marks the payment made.
    modal = await clientOpens(orderId);
    await modal.getByRole('tab', { name: 'Оплата', exact: true }).click();
    await modal.getByTestId('paycheck-amount').filter({ hasText: /\d/ }).waitFor();
    await modal.getByRole('button', { name: 'Оплата произведена' }).click();
    await expect
      .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
      .toContain('Проверка оплаты');

    // 8. The agent confirms receipt, executes and sends the closing documents.
    modal = await agentOpens(agent1, orderId);
    await modal.getByRole('tab', { name: 'Оплата', exact: true }).click();
    await modal.getByRole('button', { name: 'Подтвердить получение оплаты' }).click();
    await agentStatus(agent1, 'EXECUTING');
    await modal.getByRole('tab', { name: 'Закрытие', exact: true }).click();
    await modal.getByLabel('Загрузить закрывающие документы').setInputFiles(pdfFile('Акт.pdf'));
    await modal.getByRole('list', { name: 'Закрывающие документы' }).getByText('Акт.pdf').waitFor();
    await modal.getByRole('button', { name: 'Отправить закрывающие документы' }).click();
    await agentStatus(agent1, 'SEND_EXECUTING_DOCS');

    // 9. The client confirms the closing documents and the deal closes.
    modal = await clientOpens(orderId);
    await modal.getByRole('tab', { name: 'Закрывающие документы', exact: true }).click();
    await modal.getByRole('button', { name: 'Подтвердить закрывающие документы' }).click();
    await expect
      .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
      .toContain('Исполнена');

    // Every role sees the end: the client under 'Завершённые', the agent and the operator under 'Результаты'.
    await client.goto('/client/fea?tab=completed');
    await client.getByTestId('order-row').filter({ hasText: '20 000,00' }).first().waitFor();
    await agent1.goto('/partner?tab=results');
    const won = agent1.getByTestId('partner-order-row').and(agent1.locator(`[data-order-id="${orderId}"]`));
    await won.waitFor();
    expect(await won.getAttribute('data-status')).toBe('EXECUTED');
    await operator.goto('/operator/fea?tab=results');
    await operator
      .getByTestId('operator-order-row')
      .and(operator.locator(`[data-order-id="${orderId}"]`))
      .waitFor();
  });

  describe('exits', () => {
    let api: { client: GqlClient; oper: GqlClient; p1: number; p2: number };
    beforeAll(async () => {
      const c = await signIn(stack.url, 'client@example.com', 'CLIENT');
      const a = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
      const b = await signIn(stack.url, 'partner2@example.com', 'PARTNER');
      api = { client: c.c, oper: await signInOperator(stack.url), p1: a.companyId!, p2: b.companyId! };
    });

    /** Creates a request in the client's browser and has the operator send it to both agents through the API. */
    async function sentToAgents(comment: string): Promise<number> {
      await client.goto('/client/fea');
      await createRequestUi(client, { amount: '3000', comment });
      const orderId = await newestOrderId();
      const id = Buffer.from(`Order:${orderId}`).toString('base64');
      for (const [name, input] of [
        ['takeOrderForReview', { orderId: id }],
        ['sendOrderToPartners', { orderId: id, partnerIds: [api.p1, api.p2] }],
      ] as const) {
        const type = name === 'takeOrderForReview' ? 'OrderActionInput' : 'SendOrderToPartnersInput';
        const r = await api.oper.gql(`mutation ($input: ${type}!) { ${name}(input: $input) { __typename } }`, {
          input,
        });
        expect(r.data[name].__typename).toMatch(/Success$/);
      }
      return orderId;
    }

    it('the client cancels: the agents see "client refusal" under results, the operator under results', async () => {
      const orderId = await sentToAgents('E2E: отмена клиентом');
      await agentOffers(agent1, orderId, '1,5');
      const modal = await clientOpens(orderId);
      await modal.getByRole('button', { name: 'Отменить заявку' }).click();
      await client
        .getByRole('alertdialog', { name: 'Отменить заявку?' })
        .getByRole('button', { name: 'Да, отменить' })
        .click();
      await expect
        .poll(async () => modal.getByTestId('order-display-status').textContent(), { timeout: 10_000 })
        .toContain('Отменена');
      await client.goto('/client/fea?tab=cancelled');
      await client.getByTestId('order-row').filter({ hasText: '3 000,00' }).first().waitFor();

      await agent1.goto('/partner?tab=results');
      const row = agent1.getByTestId('partner-order-row').and(agent1.locator(`[data-order-id="${orderId}"]`));
      await row.waitFor();
      expect(await row.textContent()).toContain('Отказ клиента');
      await operator.goto('/operator/fea?tab=results');
      await operator
        .getByTestId('operator-order-row')
        .and(operator.locator(`[data-order-id="${orderId}"]`))
        .waitFor();
    });

    it('an agent refuses with a reason: the reason is required, and the operator and the agent see the refusal', async () => {
      const orderId = await sentToAgents('E2E: отказ агента');
      const modal = await agentOpens(agent2, orderId);
      await modal.getByRole('button', { name: 'Отказаться' }).click();
      const dialog = agent2.getByRole('alertdialog', { name: 'Отказ от заявки' });
      await dialog.getByRole('button', { name: 'Подтвердить отказ' }).click();
      await dialog.getByText('Укажите причину отказа').waitFor();
      await dialog.getByLabel('Причина отказа').fill('Не работаем с этим банком');
      await dialog.getByRole('button', { name: 'Подтвердить отказ' }).click();
      await agent2.getByText('Причина отказа: Не работаем с этим банком').waitFor();
      await agent2.goto('/partner?tab=results');
      const row = agent2.getByTestId('partner-order-row').and(agent2.locator(`[data-order-id="${orderId}"]`));
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('REJECTED');

      const oper = await operatorOpens(orderId);
      await oper.getByRole('tab', { name: 'Предложения', exact: true }).click();
      await oper
        .getByRole('listitem', { name: `Предложение ${BRAND_2}` })
        .getByText(/Отказ агента/)
        .waitFor();
    });

    it('the operator rejects a request under review with a comment: the client sees it under cancelled with the reason', async () => {
      await client.goto('/client/fea');
      await createRequestUi(client, { amount: '4500', comment: 'E2E: отклонение при проверке' });
      const orderId = await newestOrderId();
      const modal = await operatorOpens(orderId);
      await modal.getByRole('button', { name: 'Взять в работу' }).click();
      await modal.getByRole('tab', { name: 'Закрытие', exact: true }).click();
      await modal.getByRole('button', { name: 'Отклонить' }).click();
      const dialog = operator.getByRole('alertdialog', { name: 'Отклонение заявки' });
      await dialog.getByRole('button', { name: 'Отклонить заявку' }).click();
      await dialog.getByText('Укажите комментарий').waitFor();
      await dialog.getByLabel('Причина отклонения').fill('Неполный комплект документов');
      await dialog.getByRole('button', { name: 'Отклонить заявку' }).click();
      await modal.getByTestId('order-result').waitFor();

      await client.goto('/client/fea?tab=cancelled');
      await client.getByTestId('order-row').filter({ hasText: '4 500,00' }).first().waitFor();
      const mine = await clientOpens(orderId);
      expect(await mine.getByTestId('order-display-status').textContent()).toContain('Отклонена сервисом');
      await mine.getByText('Неполный комплект документов').first().waitFor();
    });

    it('the operator closes a request the agents have, with a comment: the client sees "rejected by service" under cancelled, the agents under results', async () => {
      const orderId = await sentToAgents('E2E: отклонение оператором');
      const modal = await operatorOpens(orderId);
      await modal.getByRole('tab', { name: 'Закрытие', exact: true }).click();
      await modal.getByRole('button', { name: 'Закрыть заявку' }).click();
      const dialog = operator.getByRole('alertdialog', { name: 'Закрытие заявки' });
      await dialog.getByRole('button', { name: 'Подтвердить закрытие' }).click();
      await dialog.getByText('Укажите комментарий').waitFor();
      await dialog.getByLabel('Причина закрытия').fill('Не подтверждено назначение платежа');
      await dialog.getByRole('button', { name: 'Подтвердить закрытие' }).click();
      await modal.getByTestId('order-result').waitFor();

      await client.goto('/client/fea?tab=cancelled');
      const row = client.getByTestId('order-row').filter({ hasText: 'Отклонена сервисом' });
      await row.first().waitFor();
      const mine = await clientOpens(orderId);
      expect(await mine.getByTestId('order-display-status').textContent()).toContain('Отклонена сервисом');
      await mine.getByText('Не подтверждено назначение платежа').first().waitFor();

      await agent1.goto('/partner?tab=results');
      await agent1
        .getByTestId('partner-order-row')
        .and(agent1.locator(`[data-order-id="${orderId}"]`))
        .waitFor();
    });
  });
});
