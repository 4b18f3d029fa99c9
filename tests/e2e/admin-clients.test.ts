/**
 * Client administration end to end in headless Chromium (issue 10 "an operator finds the newcomer's company by INN,
 * verifies it, and that client can create a request … a suspended client is signed out"; spec core §2 /operator/clients,
 * §3 "Operator client filter", §4 "Other states", §5 INN search): the operator finds «Новый Импорт» (status NEW,
 * INN 9701160591) by INN, opens its card, verifies it with the confirmation, and the newcomer signed in in another
 * browser context creates a request; then the operator suspends the signed-in client@example.com, whose next
 * navigation lands on the sign-in page where signing in shows the suspended message. `WEB_DIST` may point at another
 * build of the web app (default web/dist).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../backend/src/db/schema/admin.js';
import { companies } from '../../backend/src/db/schema/core.js';
import { useOperatorUi } from '../support/admin.js';
import { createRequestUi, DEMO_PASSWORD, signInUi } from '../support/ui.js';

describe('client administration in the browser (issue 10)', () => {
  const ui = useOperatorUi('operator', 'admin-clients');

  const companyStatus = async (inn: string) => {
    const [c] = await ui.stack.backend.db
      .select({ id: companies.id, status: companies.status })
      .from(companies)
      .where(and(eq(companies.inn, inn), eq(companies.kind, 'CLIENT')));
    return c;
  };

  it('an operator finds the newcomer by INN, verifies it with the confirmation, and the client can create a request', async () => {
    const client = await ui.roles.open('newclient');
    await signInUi(client, 'client', 'newclient@example.com');
    await client.getByTestId('unverified-banner').waitFor();

    await ui.page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Клиенты' }).click();
    await ui.page.waitForURL(/\/operator\/clients/);
    await ui.page.getByRole('heading', { level: 1, name: 'Клиенты' }).waitFor();
    await ui.page.getByLabel('Название или ИНН').fill('9701160591');
    await expect.poll(() => ui.page.getByTestId('clients-total').textContent()).toBe('Найдено клиентов: 1');
    const row = ui.page.getByTestId('client-row').filter({ hasText: 'Новый Импорт' });
    await expect(row.getByTestId('client-status').textContent()).resolves.toBe('Новый');
    await row.click();
    await ui.page.waitForURL(/[?&]client=\d+/);
    const card = ui.page.getByTestId('client-card');
    await card.getByRole('heading', { name: 'ООО «Новый Импорт»' }).waitFor();
    await card.getByText('1207700123454').first().waitFor();
    await card.getByText('newclient@example.com').waitFor();

    await card.getByRole('button', { name: 'Верифицировать' }).click();
    const dialog = ui.page.getByRole('alertdialog', { name: 'Верифицировать клиента?' });
    await dialog.waitFor();
    await dialog.getByLabel('Комментарий (необязательно)').fill('Документы проверены вручную');
    await dialog.getByRole('button', { name: 'Верифицировать' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('client-card-status').textContent()).toBe('Верифицирован');
    await expect.poll(() => row.getByTestId('client-status').textContent()).toBe('Верифицирован');
    expect((await companyStatus('9701160591')).status).toBe('VERIFIED');
    const entries = await ui.stack.backend.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'CLIENT_STATUS_CHANGE'));
    expect(entries.map((e) => e.comment)).toContain('Документы проверены вручную');

    // The newcomer's session: requests are open now.
    await client.reload();
    await client.getByRole('heading', { name: 'Заявки' }).waitFor();
    await expect(client.getByTestId('unverified-banner').count()).resolves.toBe(0);
    await createRequestUi(client, { amount: '7000', comment: 'Первая заявка после верификации оператором' });
    await client.getByTestId('order-row').first().waitFor();
  });

  it('an operator suspends a signed-in client: his open page lands on sign-in by itself, which shows the suspended message', async () => {
    const client = await ui.roles.open('client');
    await signInUi(client, 'client', 'client@example.com');

    await ui.page.goto('/operator/clients');
    await ui.page.getByLabel('Название или ИНН').fill('7707393126');
    await expect.poll(() => ui.page.getByTestId('clients-total').textContent()).toBe('Найдено клиентов: 1');
    await ui.page.getByTestId('client-row').filter({ hasText: 'ВЭД Трейд' }).click();
    const card = ui.page.getByTestId('client-card');
    await card.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = ui.page.getByRole('alertdialog', { name: 'Заблокировать клиента?' });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('client-card-status').textContent()).toBe('Заблокирован');
    await card.getByRole('button', { name: 'Разблокировать' }).waitFor();

    // Blocking ends the client's sessions and their realtime (issue 14): the open page's subscription ends with
    // UNAUTHENTICATED and the app opens the sign-in page by itself, without any navigation by the client.
    await client.waitForURL(/\/client\/auth/);
    await client.getByLabel('Электронная почта').fill('client@example.com');
    await client.getByRole('button', { name: 'Продолжить' }).click();
    const password = client.getByLabel('Пароль', { exact: true });
    const suspended = client.getByText('Аккаунт, зарегистрированный на эту почту, заблокирован');
    await password.or(suspended).first().waitFor();
    if (await password.isVisible()) {
      await password.fill(DEMO_PASSWORD);
      await client.getByRole('button', { name: 'Войти' }).click();
    }
    await suspended.first().waitFor();
    expect((await companyStatus('7707393126')).status).toBe('SUSPENDED');
  });
});
