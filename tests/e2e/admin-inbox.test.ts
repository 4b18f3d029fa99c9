/**
 * Recommendations and the operators' inbox end to end in headless Chromium (issues 11, 13): a visitor asks for a callback
 * with the callback modal of the partners' landing /agents (validation, the modal's scroll lock, then
 * POST /api/public/common/user/callback/agent through the gateway), a client recommends a company from 'Моя компания' ('Рекомендовать клиента'), and the operator finds both in
 * 'Обращения' (/operator/inbox) and marks them handled; a visitor sends the debit card lead form of /clients/cards
 * (issue 13) and the operator sees the lead there too. `WEB_DIST` may point at another build of the web app.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callbackRequests, cardLeads } from '../../backend/src/db/schema/accounts.js';
import { clientRecommendations } from '../../backend/src/db/schema/referral.js';
import { useOperatorUi } from '../support/admin.js';
import { signInUi } from '../support/ui.js';

describe("recommendations and the operators' inbox in the browser (issue 11)", () => {
  const ui = useOperatorUi('operator', 'admin-inbox');

  it('a visitor callback and a client recommendation appear in /operator/inbox and the operator marks them handled', async () => {
    // A visitor asks for a callback from the /agents landing's callback modal (issue 13; spec core §2 Shared).
    const visitor = await ui.roles.open('visitor');
    await visitor.goto('/agents');
    await visitor.getByRole('button', { name: 'Заказать обратный звонок' }).click();
    const modal = visitor.getByRole('dialog', { name: 'Мы вам перезвоним' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Отправить' }).click();
    await modal.getByText('Обязательное поле').waitFor();
    await modal.getByLabel('Как к вам обращаться').fill('Олег Партнёров');
    await modal.getByLabel('Телефон, 10 цифр').fill('903222');
    await modal.getByRole('button', { name: 'Отправить' }).click();
    await modal.getByText('Номер телефона — 10 цифр').waitFor();
    expect(await visitor.evaluate(() => document.body.style.overflow)).toBe('hidden'); // modal state (chat §4)
    await modal.getByLabel('Телефон, 10 цифр').fill('9032223344');
    await modal.getByLabel('Комментарий').fill('Хочу стать партнёром');
    await modal.getByRole('button', { name: 'Отправить' }).click();
    await modal.getByText('Спасибо! Мы перезвоним вам в рабочее время.').waitFor();
    await modal.getByRole('button', { name: 'Закрыть' }).last().click();
    await modal.waitFor({ state: 'hidden' });
    // The lock is released by the effect of the dialog's close event: a moment after the dialog is hidden.
    await expect.poll(() => visitor.evaluate(() => document.body.style.overflow)).toBe('');

    // The client recommends a company from 'Моя компания'.
    const client = await ui.roles.open('client');
    await signInUi(client, 'client', 'client@example.com');
    await client.goto('/client/company');
    await client.getByRole('button', { name: 'Рекомендовать клиента' }).click();
    const dialog = client.getByTestId('recommend-client-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Название компании').fill('ООО «Ромашка»');
    await dialog.getByLabel('Контактное лицо').fill('Иван Петров');
    await dialog.getByLabel('Телефон').fill('916123');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText('Номер телефона — 10 цифр').waitFor();
    await dialog.getByLabel('Телефон').fill('9161234567');
    await dialog.getByLabel('ИНН').fill('7707083893');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await client.getByText('Спасибо! Мы свяжемся с компанией').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The operator's inbox shows both as new, newest first.
    await ui.page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Обращения' }).click();
    await ui.page.waitForURL(/\/operator\/inbox/);
    await ui.page.getByRole('heading', { level: 1, name: 'Обращения' }).waitFor();
    await expect.poll(() => ui.page.getByTestId('inbox-total').textContent()).toBe('Найдено обращений: 2');
    const rows = ui.page.getByTestId('inbox-row');
    const recommendation = rows.filter({ hasText: 'ООО «Ромашка»' });
    const callback = rows.filter({ hasText: 'Олег Партнёров' });
    await recommendation.getByText('Рекомендация клиента', { exact: true }).waitFor();
    await recommendation.getByText(/Рекомендовал: ООО/).waitFor();
    await callback.getByText('Стать партнёром', { exact: true }).waitFor();
    await expect(rows.first().textContent()).resolves.toContain('ООО «Ромашка»');

    await recommendation.getByRole('button', { name: 'Обработано' }).click();
    await ui.page.getByText('Обращение обработано').first().waitFor();
    await expect.poll(() => ui.page.getByTestId('inbox-total').textContent()).toBe('Найдено обращений: 1');
    await callback.getByRole('button', { name: 'Обработано' }).click();
    await expect.poll(() => ui.page.getByTestId('inbox-total').textContent()).toBe('Найдено обращений: 0');
    await ui.page.getByText('Обращений нет').waitFor();

    // Both are handled by the operator; 'Все' shows them with 'Вернуть в новые'.
    const db = ui.stack.backend.db;
    const [rec] = await db.select().from(clientRecommendations);
    const [call] = await db.select().from(callbackRequests).where(eq(callbackRequests.type, 'AGENT'));
    expect([rec.status, call.status]).toEqual(['HANDLED', 'HANDLED']);
    expect(rec.handledByUserId).not.toBeNull();
    await ui.page.getByLabel('Статус').selectOption('');
    await expect.poll(() => ui.page.getByTestId('inbox-total').textContent()).toBe('Найдено обращений: 2');
    await expect.poll(() => rows.getByRole('button', { name: 'Вернуть в новые' }).count()).toBe(2);
  });
});

describe('the debit card lead of /clients/cards in the browser (issue 13)', () => {
  const ui = useOperatorUi('operator', 'card-lead');

  it('a bad phone shows the §5 message, a good lead is thanked for, and the operator handles it in /operator/inbox', async () => {
    const visitor = await ui.roles.open('visitor');
    await visitor.goto('/clients/cards');
    const form = visitor.getByRole('form', { name: 'Заявка на дебетовую карту' });
    await form.waitFor();
    await form.getByLabel('Как к вам обращаться').fill('Анна Картина');
    await form.getByLabel('Телефон, 10 цифр').fill('916 12');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Номер телефона — 10 цифр').waitFor();
    expect(await ui.stack.backend.db.select().from(cardLeads)).toHaveLength(0);
    await form.getByLabel('Телефон, 10 цифр').fill('9161234567');
    await form.getByLabel('По доверенности, без поездки').check();
    await form.getByLabel('Город (необязательно)').fill('Казань');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await visitor.getByText('Спасибо! Заявка принята, менеджер свяжется с вами в рабочее время.').waitFor();
    const [lead] = await ui.stack.backend.db.select().from(cardLeads);
    expect(lead).toMatchObject({ name: 'Анна Картина', phone: '9161234567', powerOfAttorney: true, city: 'Казань' });

    await ui.page.goto('/operator/inbox');
    await ui.page.getByRole('heading', { level: 1, name: 'Обращения' }).waitFor();
    const row = ui.page.getByTestId('inbox-row').filter({ hasText: 'Анна Картина' });
    await row.getByText('Заявка на дебетовую карту', { exact: true }).waitFor();
    await row.getByText('По доверенности', { exact: true }).waitFor();
    await row.getByText('Город: Казань').waitFor();
    await row.getByRole('button', { name: 'Обработано' }).click();
    await ui.page.getByText('Обращение обработано').first().waitFor();
    await expect
      .poll(async () => (await ui.stack.backend.db.select().from(cardLeads).where(eq(cardLeads.id, lead.id)))[0].status)
      .toBe('HANDLED');
  });
});
