/**
 * 'Моя компания' end to end in headless Chromium (issue 8; spec core §2 Client "my company (tabs: main data, account,
 * bank requisites)", §3 "Company", "Client info / contact", "Bank requisite", §5, §8 'Ссылка устарела', §9 dates
 * DD.MM.YYYY and the 120 s resend delay). The verified demo client opens the page from the navigation, reads the company
 * data, saves the registration data (a bad phone is refused next to the field), adds a bank requisite with a real BIK of
 * the test directory (the picker fills the bank), sees the server's control-key error next to the account, edits and
 * deletes with confirmation, and changes the sign-in e-mail through the mailed link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RolePages } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

/** Real ED807 entries of the test directory (../shared/data/cbr-bik-ed807). */
const SBER = { bik: '044525225', name: 'ПАО Сбербанк', corr: '30101810400000000225' };
const TBANK = { bik: '044525974', name: 'АО "ТБанк"', corr: '30101810145250000974' };
/** Control keys computed for those BIKs (an account of one bank carries the wrong key at the other). */
const SBER_ACC = '40702810938000000001';
const SBER_ACC2 = '40702810238000000002';
const TBANK_ACC = '40702810610000000001';

describe('my company in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
    page = await roles.open('client');
    await signInUi(page, 'client', 'client@example.com');
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('company', ctx));

  it('opens from the navigation and shows the company data', async () => {
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await expect(nav.getByRole('link', { name: 'Документы' }).getAttribute('href')).resolves.toBe('/client/documents');
    await nav.getByRole('link', { name: 'Моя компания' }).click();
    await page.waitForURL(/\/client\/company$/);
    await page.getByRole('heading', { name: 'Моя компания' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Основные данные' }).getAttribute('aria-selected')).toBe('true');
    const data = page.getByLabel('Данные компании');
    for (const text of [
      'ОГРН',
      '1177746126040',
      '7707393126',
      'ООО «ВЭД Трейд»',
      'Дата регистрации',
      '14.02.2017',
      'Межрайонная ИФНС России № 46 по г. Москве',
    ]) {
      await data.getByText(text, { exact: true }).waitFor();
    }
    await page.getByText('Верифицирована', { exact: true }).waitFor();
  });

  it('saves the registration data; a bad phone is refused next to the field', async () => {
    await page.getByRole('tab', { name: 'Учётная запись' }).click();
    await page.waitForURL(/tab=account/);
    const form = page.getByRole('form', { name: 'Регистрационные данные' });
    const phone = form.getByLabel('Телефон', { exact: true });
    await phone.fill('12345');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Номер телефона — 10 цифр').waitFor();
    await phone.fill('9161112233');
    await form.getByLabel('Сайт компании').fill('ved-trade.ru');
    await form.getByLabel('Дополнительный телефон').fill('4951234567');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Данные сохранены').first().waitFor();
    // Stored: a reload shows the saved values.
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Регистрационные данные' }).getByLabel('Телефон', { exact: true }).inputValue(),
    ).resolves.toBe('(916) 111-22-33'); // the phone mask of chat-and-shell §5
    await expect(page.getByLabel('Сайт компании').inputValue()).resolves.toBe('ved-trade.ru');
  });

  it('adds a requisite through the BIK picker, shows the control-key error, edits and deletes with confirmation', async () => {
    await page.getByRole('tab', { name: 'Банковские реквизиты' }).click();
    await page.waitForURL(/tab=requisites/);
    const items = page.getByTestId('bank-requisite');
    const before = await items.count();

    await page.getByRole('button', { name: 'Добавить реквизиты' }).click();
    let dialog = page.getByRole('dialog', { name: 'Добавить реквизиты' });
    await dialog.waitFor();
    await dialog.getByLabel('БИК').fill(TBANK.bik);
    await expect.poll(() => dialog.getByLabel('Банк', { exact: true }).inputValue()).toBe(TBANK.name);
    await expect(dialog.getByLabel('Корреспондентский счёт').inputValue()).resolves.toBe(TBANK.corr);
    // An account whose control key belongs to another bank: refused by the server, shown next to the field.
    await dialog.getByLabel('Расчётный счёт').fill(SBER_ACC);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Номер счёта не соответствует БИК банка').waitFor();
    await dialog.getByLabel('Расчётный счёт').fill(TBANK_ACC);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items.count()).toBe(before + 1);
    const added = items.filter({ hasText: TBANK_ACC });
    await expect(added.textContent()).resolves.toContain(TBANK.name);
    await expect(added.textContent()).resolves.toContain(`Реквизиты № ${before + 1}`);

    // Edit: another bank and account.
    await added.getByRole('button', { name: /^Изменить/ }).click();
    dialog = page.getByRole('dialog', { name: 'Изменить реквизиты' });
    await dialog.getByLabel('БИК').fill(SBER.bik);
    await expect.poll(() => dialog.getByLabel('Банк', { exact: true }).inputValue()).toBe(SBER.name);
    await expect(dialog.getByLabel('Корреспондентский счёт').inputValue()).resolves.toBe(SBER.corr);
    await dialog.getByLabel('Расчётный счёт').fill(SBER_ACC2);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const edited = items.filter({ hasText: SBER_ACC2 });
    await expect.poll(() => edited.textContent()).toContain(SBER.name);

    // A second one, then delete the first with confirmation: the rest are renumbered.
    await page.getByRole('button', { name: 'Добавить реквизиты' }).click();
    dialog = page.getByRole('dialog', { name: 'Добавить реквизиты' });
    await dialog.getByLabel('БИК').fill(SBER.bik);
    await expect.poll(() => dialog.getByLabel('Банк', { exact: true }).inputValue()).toBe(SBER.name);
    await dialog.getByLabel('Расчётный счёт').fill(SBER_ACC);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items.count()).toBe(before + 2);

    await edited.getByRole('button', { name: /^Удалить/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Удалить реквизиты?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await items.count()).toBe(before + 2);
    await edited.getByRole('button', { name: /^Удалить/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Удалить реквизиты?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect.poll(() => items.count()).toBe(before + 1);
    await expect(items.filter({ hasText: SBER_ACC }).textContent()).resolves.toContain(`Реквизиты № ${before + 1}`);
    expect(await items.filter({ hasText: SBER_ACC2 }).count()).toBe(0);
  });

  it('changes the sign-in e-mail through the mailed link, which then is used up', async () => {
    await page.getByRole('tab', { name: 'Учётная запись' }).click();
    await page.getByText('Текущая почта: client@example.com').waitFor();
    const form = page.getByRole('form', { name: 'Смена электронной почты' });
    await form.getByLabel('Новая электронная почта').fill('ved.trade@example.com');
    await form.getByRole('button', { name: 'Отправить ссылку для подтверждения' }).click();
    await page.getByText('Мы отправили ссылку на ved.trade@example.com').waitFor();
    // The 120 s resend countdown (spec core §9) disables the resend.
    await page.getByText(/Отправить повторно можно через 1[12]\d с/).waitFor();
    expect(await form.getByRole('button', { name: 'Отправить письмо повторно' }).isDisabled()).toBe(true);

    const mail = stack.mailer.last('ved.trade@example.com');
    expect(mail?.text).toContain('/client/auth/email/confirm?token=');
    const token = stack.mailer.lastToken('ved.trade@example.com')!;
    await page.goto(`/client/auth/email/confirm?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Почта изменена' }).waitFor();
    await page.getByText('Адрес ved.trade@example.com подтверждён').waitFor();
    await page.getByRole('link', { name: 'Вернуться в личный кабинет' }).click();
    await page.getByText('Текущая почта: ved.trade@example.com').waitFor();

    await page.goto(`/client/auth/email/confirm?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Ссылка устарела' }).waitFor();
    await page.getByRole('link', { name: 'Запросить новую ссылку' }).waitFor();
  });
});
