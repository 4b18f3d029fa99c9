/**
 * Payment agents end to end in headless Chromium (issue 10; spec core §2 /operator/agents, /agents/create,
 * /agents/{id}; §3 "Payment agent profile"; §4; §5): an operator opens 'Платёжные агенты' from the navigation, adds an
 * agent (company data filled from the registry by OGRN, one currency), lands on its card; the agent sets the password by
 * the invitation link from the mail and signs in at /partner/auth and sees the requests page; the operator then blocks
 * the agent with a confirmation. A non-numeric card address is the not-found page.
 * `WEB_DIST` may point at another build of the web app (default web/dist).
 */
import { describe, expect, it } from 'vitest';
import { mailedLink, setPasswordByLinkUi, useOperatorUi } from '../support/admin.js';
import { DEMO_PASSWORD, signInUi } from '../support/ui.js';

const EMAIL = 'e2e-agent@example.com';

describe('payment agents in the browser (issue 10; spec core §3 "Payment agent profile")', () => {
  const ui = useOperatorUi('admin', 'admin-payment-agents');

  it('an operator creates a payment agent; the agent sets the password by the invitation, signs in and sees the requests', async () => {
    await ui.page.getByRole('navigation').getByRole('link', { name: 'Платёжные агенты' }).click();
    await ui.page.waitForURL(/\/operator\/agents$/);
    await ui.page.getByRole('heading', { level: 1, name: 'Платёжные агенты' }).waitFor();
    await expect.poll(() => ui.page.getByTestId('agents-total').textContent()).toBe('Всего: 2');

    await ui.page.getByRole('link', { name: 'Добавить платёжного агента' }).click();
    await ui.page.waitForURL(/\/operator\/agents\/create$/);
    const form = ui.page.getByRole('form', { name: 'Новый платёжный агент' });
    await form.getByLabel('ОГРН').fill('1177746126040');
    await form.getByRole('button', { name: 'Заполнить по ОГРН' }).click();
    await expect.poll(() => form.getByLabel('ИНН').inputValue()).toBe('7707393126');
    await form.getByLabel('Бренд').fill('Сигма Пэй');
    await form.getByLabel('Источник курса').fill('ЦБ РФ');
    await form.getByLabel('Правила определения курса').fill('Курс ЦБ + 1%');
    await form.getByLabel('Почта для входа').fill(EMAIL);
    await form.getByRole('button', { name: 'Создать и отправить приглашение' }).click();

    await ui.page.waitForURL(/\/operator\/agents\/\d+$/);
    await ui.page.getByRole('heading', { level: 1, name: 'Сигма Пэй' }).waitFor();
    expect(await ui.page.getByTestId('agent-status').textContent()).toBe('Активен');
    expect(await ui.page.getByTestId('agent-invitation').textContent()).toMatch(/пароль ещё не задан/);

    // The agent: the invitation link → the new password → sign-in at /partner/auth → the requests page.
    const link = mailedLink(ui.stack, EMAIL, '/partner/auth/forgot/pass');
    const agent = await ui.roles.open('partner');
    await setPasswordByLinkUi(agent, link, DEMO_PASSWORD);
    await signInUi(agent, 'partner', EMAIL);
    await agent.getByRole('heading', { name: 'Заявки' }).waitFor();

    // The operator blocks the agent after confirming.
    await ui.page.reload();
    await ui.page.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = ui.page.getByRole('alertdialog', { name: 'Заблокировать платёжного агента?' });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect.poll(() => ui.page.getByTestId('agent-status').textContent()).toBe('Заблокирован');
    expect(ui.roles.logs).toEqual([]);
  });

  it('a non-numeric agent address shows the not-found page (spec core §5 "numeric id")', async () => {
    await ui.page.goto('/operator/agents/abc');
    await ui.page.getByText('Page Not Found: /operator/agents/abc').waitFor();
  });
});
