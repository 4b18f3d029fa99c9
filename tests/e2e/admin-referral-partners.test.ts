/**
 * Referral partners end to end in headless Chromium (issue 10; spec core §2 /operator/partners, /partners/create,
 * /partners/{id}/edit; §3 "Referral partner"; §5): an operator opens 'Партнёры' from the navigation, adds a partner
 * (company data filled from the registry by OGRN), lands on its card and uploads an act; the partner sets the password
 * by the invitation link and signs in at /agent/auth. A non-numeric card address is the not-found page.
 * `WEB_DIST` may point at another build of the web app (default web/dist).
 */
import { describe, expect, it } from 'vitest';
import { mailedLink, setPasswordByLinkUi, useOperatorUi } from '../support/admin.js';
import { pdfFile } from '../support/ui.js';

const EMAIL = 'e2e-partner@example.com';
const PASSWORD = 'Partner-2026!';

describe('referral partners in the browser (issue 10; spec core §3 "Referral partner")', () => {
  const ui = useOperatorUi('admin', 'admin-referral-partners');

  it('an operator creates a partner and uploads an act; the partner sets the password by the invitation and signs in', async () => {
    await ui.page.getByRole('navigation').getByRole('link', { name: 'Партнёры' }).click();
    await ui.page.waitForURL(/\/operator\/partners$/);
    await ui.page.getByRole('heading', { level: 1, name: 'Партнёры' }).waitFor();
    await expect.poll(() => ui.page.getByTestId('partners-total').textContent()).toBe('Всего: 1');

    await ui.page.getByRole('link', { name: 'Добавить партнёра' }).click();
    await ui.page.waitForURL(/\/operator\/partners\/create$/);
    const form = ui.page.getByRole('form', { name: 'Новый партнёр' });
    await form.getByLabel('ОГРН / ОГРНИП').fill('1177746126040');
    await form.getByRole('button', { name: 'Заполнить по ОГРН' }).click();
    await expect.poll(() => form.getByLabel('ИНН').inputValue()).toBe('7707393126');
    expect(await form.getByLabel('Краткое наименование').inputValue()).toBe('ООО «ВЭД Трейд»');
    await form.getByLabel('E-mail для входа').fill(EMAIL);
    await form.getByLabel('Телефон', { exact: true }).fill('9161234567');
    await form.getByLabel('Номер договора').fill('АГ-42');
    await form.getByLabel('Вознаграждение, %').fill('12,5');
    await form.getByRole('button', { name: 'Создать партнёра' }).click();

    await ui.page.waitForURL(/\/operator\/partners\/\d+\/edit$/);
    await ui.page.getByRole('heading', { level: 1, name: 'ООО «ВЭД Трейд»' }).waitFor();
    expect(await ui.page.getByTestId('partner-status').textContent()).toBe('Активен');
    expect(await ui.page.getByLabel('Вознаграждение, %').inputValue()).toBe('12,5');

    const upload = ui.page.getByRole('form', { name: 'Загрузить' });
    await upload.getByLabel('Тип').selectOption('ACT');
    await upload.getByLabel('Название').fill('Акт за март');
    await upload.getByLabel('Номер').fill('3');
    await upload.getByLabel('Файл (до 50 МБ)').setInputFiles(pdfFile('act-march.pdf'));
    await upload.getByRole('button', { name: 'Загрузить' }).click();
    const docs = ui.page.getByRole('table', { name: 'Документы и акты' });
    await docs.getByText('Акт за март').waitFor();
    expect(await docs.getByRole('link', { name: /act-march\.pdf/ }).getAttribute('href')).toMatch(
      /^\/files\/oper\/referral-partners\/\d+\/documents\/\d+$/,
    );

    // The partner: the invitation link → the new password → sign-in at /agent/auth.
    const link = mailedLink(ui.stack, EMAIL, '/agent/auth/forgot/pass');
    const partner = await ui.roles.open('partner');
    await setPasswordByLinkUi(partner, link, PASSWORD);
    await partner.getByRole('link', { name: 'Войти' }).click();
    await partner.waitForURL(/\/agent\/auth/);
    await partner.getByLabel('Электронная почта').fill(EMAIL);
    await partner.getByRole('button', { name: 'Продолжить' }).click();
    await partner.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await partner.getByRole('button', { name: 'Войти' }).click();
    await partner.waitForURL(/\/agent\/fea/);
    await partner.getByRole('heading', { name: 'Заявки' }).waitFor();
    expect(ui.roles.logs).toEqual([]);
  });

  it('a non-numeric partner address shows the not-found page (spec core §5 "numeric id")', async () => {
    await ui.page.goto('/operator/partners/abc/edit');
    await ui.page.getByText('Page Not Found: /operator/partners/abc/edit').waitFor();
  });
});
