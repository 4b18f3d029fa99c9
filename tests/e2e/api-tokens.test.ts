/**
 * API tokens end to end in headless Chromium (issue 12 "API tokens"): a client opens 'API-токены' from the
 * navigation, creates a token (shown once, with the warning), the test uses it with fetch against /graphql (no
 * cookie), revokes it in the UI after a confirmation, and the next fetch gets UNAUTHENTICATED.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RolePages } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

async function viewerWithToken(url: string, token: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { email } }' }),
  });
  return (await res.json()) as {
    data?: { viewer: { email: string } | null };
    errors?: Array<{ extensions?: { code?: string } }>;
  };
}

describe('API tokens in the browser', () => {
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
  afterEach((ctx) => roles.afterFailure('api-tokens', ctx));

  it('creates a token shown once, uses it, revokes it', async () => {
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'API-токены' }).click();
    await page.waitForURL(/\/client\/api-tokens$/);
    await page.getByRole('heading', { name: 'API-токены' }).waitFor();
    await page.getByRole('button', { name: 'Создать токен' }).click();
    const dialog = page.getByTestId('create-api-token-dialog');
    await dialog.getByLabel('Название').fill('Отчёты e2e');
    await dialog.getByRole('button', { name: 'Создать токен' }).click();
    await dialog.getByText('Скопируйте токен сейчас: он больше не будет показан.').waitFor();
    const token = ((await dialog.getByTestId('api-token-value').textContent()) ?? '').trim();
    expect(token).toMatch(/^vpt_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Готово' }).click();
    const row = page.getByTestId('api-token-row').filter({ hasText: 'Отчёты e2e' });
    await row.getByText(`${token.slice(0, 12)}…`).waitFor();
    expect(await page.getByText(token, { exact: true }).count()).toBe(0);

    const before = await viewerWithToken(stack.url, token);
    expect(before.errors).toBeUndefined();
    expect(before.data?.viewer?.email).toBe('client@example.com');

    await row.getByRole('button', { name: 'Отозвать' }).click();
    const confirm = page.getByTestId('revoke-api-token-dialog');
    await confirm.getByText('Отозвать токен «Отчёты e2e»?').waitFor();
    await confirm.getByRole('button', { name: 'Отозвать' }).click();
    await row.getByText('Отозван').waitFor();

    const after = await viewerWithToken(stack.url, token);
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
