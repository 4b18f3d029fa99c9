/**
 * End to end in headless Chromium over the real stack (built web app served by the gateway, real backend):
 * - a newcomer registers a company up to the confirmed e-mail and the filled checklist (spec core §2 auth
 *   screens and registration stepper, §3 registration payload, §5 rules);
 * - client@example.com signs in, creates a request through the form with a real country, currency, SWIFT code
 *   and TN VED code, and sees it under 'current' with its display status (§4 client tab groups and table).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checklists } from '../../backend/src/db/schema/accounts.js';
import { users } from '../../backend/src/db/schema/core.js';
import { ARTIFACTS, launchBrowser, CONTEXT_DEFAULTS } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { createRequestUi } from '../support/ui.js';

describe('foundation in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page
        .screenshot({ path: join(ARTIFACTS, `${ctx.task.name.replace(/\W+/g, '-')}.png`), fullPage: true })
        .catch(() => {});
    }
    await page?.context().close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: stack.url,
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  it("honours the system's reduced-motion setting: no open/close animations or transitions then, as usual otherwise", async () => {
    // web/src/system/theme.ts (WCAG 2.3.3): an animated element's computed timing under each setting.
    const timing = async (reducedMotion: 'reduce' | 'no-preference') => {
      const p = await newPage();
      await p.emulateMedia({ reducedMotion });
      await p.goto('/client/auth');
      await p.getByRole('heading', { name: 'Вход или регистрация' }).waitFor();
      const out = await p.evaluate(() => {
        const d = document.createElement('div');
        d.style.animation = 'spin 1s linear infinite';
        d.style.transition = 'opacity 300ms';
        document.body.appendChild(d);
        const cs = getComputedStyle(d);
        return [cs.animationDuration, cs.animationIterationCount, cs.transitionDuration];
      });
      await p.context().close();
      return out;
    };
    expect(await timing('reduce')).toEqual(['1e-05s', '1', '1e-05s']);
    expect(await timing('no-preference')).toEqual(['1s', 'infinite', '0.3s']);
  });

  it('a newcomer registers a company: e-mail confirmed by the mailed link, stepper filled, signed in', async () => {
    const p = await newPage();
    const email = 'newcomer.e2e@example.com';
    await p.goto('/client/auth');
    await p.getByRole('heading', { name: 'Вход или регистрация' }).waitFor();
    await p.getByLabel('Электронная почта').fill(email);
    await p.getByRole('button', { name: 'Продолжить' }).click();

    // Confirm e-mail screen with the 120 s resend countdown (spec core §4 "resend-mail delay is 120 seconds").
    await p.getByRole('heading', { name: 'Подтвердите почту' }).waitFor();
    const countdown = await p.getByTestId('resend-countdown').textContent();
    expect(countdown).toMatch(/Отправить повторно можно через (1[01]\d|120) с/);

    // The mailed link carries the token; it works without a remembered e-mail (spec core §2).
    const token = stack.mailer.lastToken(email);
    expect(token).toBeTruthy();
    await p.goto(`/client/auth/registration?token=${encodeURIComponent(token!)}`);

    // New-account password with the §5 rules.
    await p.getByLabel('Пароль', { exact: true }).waitFor();
    await p.getByLabel('Пароль', { exact: true }).fill('short');
    await p.getByLabel('Повторите пароль').fill('short');
    await p.getByRole('button', { name: 'Продолжить' }).click();
    await p.getByText('Пароль должен содержать от 8 до 20 символов').first().waitFor();
    await p.getByLabel('Пароль', { exact: true }).fill('Newcomer-2026!');
    await p.getByLabel('Повторите пароль').fill('Newcomer-2026!');
    await p.getByRole('button', { name: 'Продолжить' }).click();

    // Step 1: company by INN.
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 1 из 4' }).waitFor();
    await p.getByLabel('Название компании или ИНН').fill('7704123450');
    await p.getByRole('radio', { name: /Техноимпорт/ }).check({ force: true });
    await p.getByRole('button', { name: 'Далее' }).click();

    // Step 2: contacts; a phone of 9 digits is refused with the §5 message.
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 2 из 4' }).waitFor();
    await p.getByLabel('Фамилия').fill('Новиков');
    await p.getByLabel('Имя', { exact: true }).fill('Пётр');
    await p.getByLabel('Отчество').fill('Ильич');
    await p.getByLabel('Телефон').fill('916123456');
    await p.getByRole('button', { name: 'Далее' }).click();
    await p.getByText('Номер телефона — 10 цифр').first().waitFor();
    await p.getByLabel('Телефон').fill('9161234567');
    await p.getByRole('button', { name: 'Далее' }).click();

    // Step 3: checklist.
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 3 из 4' }).waitFor();
    const countries = p.getByRole('combobox', { name: 'Страны контрагентов' });
    await countries.fill('Кита');
    await p.getByRole('option', { name: 'Китай' }).first().click();
    await p.getByRole('checkbox', { name: 'USD' }).check({ force: true });
    await p.getByRole('checkbox', { name: 'CNY' }).check({ force: true });
    await p.getByLabel('Количество платежей в месяц').fill('12');
    await p.getByLabel('Примерный объём платежей в месяц, USD').fill('250000');
    await p.getByLabel('Комментарий').fill('Импорт станков');
    await p.getByRole('button', { name: 'Далее' }).click();

    // Step 4: consent, on by default.
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 4 из 4' }).waitFor();
    await expect(
      p.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).isChecked(),
    ).resolves.toBe(true);
    await p.getByRole('button', { name: 'Зарегистрироваться' }).click();

    // Signed in, in the client area; the company is not verified yet, so creating requests is refused (spec core §6).
    await p.waitForURL(/\/client\/fea/);
    await p.getByRole('heading', { name: 'Заявки' }).waitFor();
    await p.getByText('ООО «Техноимпорт»').first().waitFor();
    await p.getByRole('button', { name: 'Создать заявку' }).click();
    await p.getByText('Создание заявок недоступно').first().waitFor();

    const [user] = await stack.backend.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ surname: 'Новиков', name: 'Пётр', phone: '9161234567', accountType: 'CLIENT' });
    const [list] = await stack.backend.db.select().from(checklists).where(eq(checklists.companyId, user.companyId!));
    expect(list.countryCodes).toEqual(['CN']);
    expect([...list.currencyCodes].sort()).toEqual(['CNY', 'USD']);
    expect(list.paymentsNumber).toBe(12);
    expect(Number(list.monthlyCurrencyPayment)).toBe(250000);
  });

  it('a verified client signs in, creates a request with real reference data and sees it under current', async () => {
    const p = await newPage();
    await p.goto('/client/fea');
    // Not signed in: sent to the client's auth page (spec core §2 routing rules).
    await p.waitForURL(/\/client\/auth/);
    await p.getByLabel('Электронная почта').fill('client@example.com');
    await p.getByRole('button', { name: 'Продолжить' }).click();
    await p.getByLabel('Пароль', { exact: true }).fill('Demo-2026!');
    await p.getByRole('button', { name: 'Войти' }).click();
    await p.getByRole('heading', { name: 'Заявки' }).waitFor();
    const currentTab = p.getByRole('tab', { name: /^Текущие/ });
    const before = Number((await currentTab.textContent())!.replace(/\D+/g, '') || 0);

    const { bankName } = await createRequestUi(p, { amount: '12500,50', comment: 'Оплата станков по контракту № 7' });
    expect(bankName).toMatch(/BANK OF CHINA/i);

    // The new request is listed under 'current' with its display status 'Проверка' (VALIDATION, spec core §4).
    await expect
      .poll(async () => Number((await currentTab.textContent())!.replace(/\D+/g, '') || 0), { timeout: 10_000 })
      .toBe(before + 1);
    const row = p.getByTestId('order-row').filter({ hasText: '12 500,50' }).first();
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Проверка');
    expect(text).toContain('Китай');
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/);
  });

  it('shows the not-found page with the path for an unknown route', async () => {
    const p = await newPage();
    await p.goto('/no/such/page/');
    await p.getByText('Page Not Found: /no/such/page').first().waitFor();
  });
});
