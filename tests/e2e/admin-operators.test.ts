/**
 * Operators, roles and rights end to end in headless Chromium (issue 10 "an operator without the clients right does
 * not see the clients page"; "the rights editor for operators"; "Navigation shows only what the operator's rights
 * allow"): an operator of role OPERATOR, created through the API, sets his password on the invitation page and signs
 * in; he sees neither 'Клиенты' nor 'Сотрудники' in the navigation and /operator/clients answers 'Недостаточно прав
 * для этого раздела'. The admin finds him in 'Сотрудники', gives him the 'Клиенты' right in the rights editor and sees
 * the effective rights change; after a reload the operator has 'Клиенты' in his navigation. `WEB_DIST` may point at
 * another build of the web app (default web/dist).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailedLink } from '../support/admin.js';
import { launchBrowser, RolePages } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { DEMO_PASSWORD, signInOperatorUi } from '../support/ui.js';

const EMAIL = 'orders-operator@example.com';

describe('operators and rights in the browser (issue 10; spec core §2 operators, §6)', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let admin: Page;
  let worker: Page;

  beforeAll(async () => {
    stack = await startStack(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {});
    const api = await stack.backend.signedIn('operator@example.com');
    const created = await api.post('/api/secured/oper/users', {
      surname: 'Заявкин',
      name: 'Пётр',
      position: 'Оператор заявок',
      email: EMAIL,
      roles: ['OPERATOR'],
      rights: [],
    });
    expect(created.statusCode).toBe(201);
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
    [admin, worker] = await Promise.all([roles.open('admin'), roles.open('worker')]);
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('admin-operators', ctx));

  it('the invited operator sets his password and, without CLIENTS, sees neither the link nor the clients page', async () => {
    await worker.goto(mailedLink(stack, EMAIL, '/operator/auth/invitation'));
    await worker.getByRole('heading', { name: 'Приглашение сотрудника' }).waitFor();
    await worker.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await worker.getByLabel('Повторите пароль').fill(DEMO_PASSWORD);
    await worker.getByRole('button', { name: 'Установить пароль' }).click();
    await worker.getByRole('heading', { name: 'Пароль установлен' }).waitFor();
    await signInOperatorUi(worker, EMAIL);
    const nav = worker.getByRole('navigation', { name: 'Основное меню' });
    await nav.getByRole('link', { name: 'Заявки' }).waitFor();
    await nav.getByRole('link', { name: 'Поддержка' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Клиенты' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Сотрудники' }).count()).toBe(0);
    await worker.goto('/operator/clients');
    await worker.getByRole('heading', { name: 'Недостаточно прав для этого раздела' }).waitFor();
    await worker.goto('/operator/operators');
    await worker.getByRole('heading', { name: 'Недостаточно прав для этого раздела' }).waitFor();
  });

  it('the admin gives him the clients right in the rights editor; his navigation then shows Клиенты', async () => {
    await signInOperatorUi(admin);
    await admin.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Сотрудники' }).click();
    await admin.waitForURL(/\/operator\/operators$/);
    await admin.getByLabel('ФИО или почта').fill('заявкин');
    await expect.poll(() => admin.getByTestId('operators-total').textContent()).toBe('Найдено сотрудников: 1');
    await admin.getByRole('link', { name: 'Заявкин Пётр' }).click();
    await admin.waitForURL(/\/operator\/operators\/\d+$/);
    const editor = admin.getByTestId('rights-editor');
    const effective = editor.getByTestId('effective-rights');
    await expect.poll(() => effective.textContent()).toBe('Просмотр заявокРабота с заявкамиПоддержка');
    await editor
      .getByRole('group', { name: 'Дополнительные права' })
      .locator('label')
      .filter({ hasText: /^Клиенты/ })
      .click();
    // shown at once, before saving
    await expect.poll(() => effective.textContent()).toBe('Просмотр заявокРабота с заявкамиКлиентыПоддержка');
    await editor.getByRole('button', { name: 'Сохранить права' }).click();
    await admin.getByText('Права сотрудника изменены').waitFor();
    // the server's state after a reload
    await admin.reload();
    await expect
      .poll(() => admin.getByTestId('effective-rights').textContent())
      .toBe('Просмотр заявокРабота с заявкамиКлиентыПоддержка');

    await worker.goto('/operator/fea');
    await worker.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Клиенты' }).click();
    await worker.waitForURL(/\/operator\/clients$/);
    expect(await worker.getByRole('heading', { name: 'Недостаточно прав для этого раздела' }).count()).toBe(0);
  });

  it('the admin cannot suspend himself or remove his own Сотрудники right (no button, disabled box)', async () => {
    await admin.goto('/operator/operators');
    await admin.getByRole('link', { name: 'Волкова Ольга Игоревна' }).click();
    await admin.getByTestId('rights-editor').waitFor();
    expect(await admin.getByRole('button', { name: 'Заблокировать' }).count()).toBe(0);
    const ownAdmin = admin
      .getByTestId('rights-editor')
      .getByRole('group', { name: 'Роли' })
      .getByRole('checkbox', { name: 'Администратор' });
    expect(await ownAdmin.isDisabled()).toBe(true);
    await admin.getByText('Нельзя снять с себя право «Сотрудники»').first().waitFor();
  });
});
