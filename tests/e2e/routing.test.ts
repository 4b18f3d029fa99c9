/**
 * The routing rules of spec core §2 in headless Chromium (issue 13 "Routing rules of core §2 still open"):
 * - "A failed route validation shows a not-found error page with the path": a guest's unknown sign-in path without the
 *   signed-in navigation, a signed-in client's unknown tail under a request with his navigation, the referral partner's
 *   client card with an OGRN that is not 13 or 15 digits (empty layout);
 * - "Some routes can only be entered from particular previous pages; otherwise the user is sent to /": the password
 *   step and the registration pages opened directly go to / (→ /clients); from the e-mail step, and after a reload,
 *   the password step stays;
 * - "Navigation to an external address is refused unless explicitly allowed; some protocols are refused": a javascript:
 *   link and a link to an unknown site do nothing;
 * - chat-and-shell §2 locale routes: an unprefixed public page opened with LOCALE=en goes to /en; /en/… with LOCALE=ru
 *   stays English and updates the cookie.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser, CONTEXT_DEFAULTS } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInAgentUi } from '../support/agent.js';
import { DEMO_PASSWORD, signInOperatorUi, signInUi } from '../support/ui.js';

describe('routing rules of core §2 in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  /** Page errors and console errors of the test, printed when it fails. */
  let errors: string[] = [];

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
      console.error(`browser errors of '${ctx.task.name}':\n${errors.join('\n')}`);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page
        .screenshot({ path: join(ARTIFACTS, `routing-${ctx.task.name.replace(/\W+/g, '-')}.png`), fullPage: true })
        .catch(() => {});
    }
    await context?.close();
    context = undefined;
    page = undefined;
    errors = [];
  });

  async function open(): Promise<Page> {
    context = await browser.newContext({
      ...CONTEXT_DEFAULTS,
      baseURL: stack.url,
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
    });
    return page;
  }

  /** The not-found page of `path` is shown (spec core §8 'Page Not Found: {path}'). */
  async function expectNotFound(p: Page, path: string): Promise<void> {
    const notFound = p.getByTestId('not-found-page');
    await notFound.waitFor();
    expect(await notFound.getAttribute('data-status')).toBe('404');
    expect(await notFound.getByRole('alert').innerText()).toBe(`Page Not Found: ${path}`);
    expect(new URL(p.url()).pathname).toBe(path);
  }

  const signedInNav = (p: Page) => p.getByRole('navigation', { name: 'Основное меню' });

  it('shows a guest the not-found page of an unknown sign-in path without the signed-in navigation', async () => {
    const p = await open();
    for (const path of ['/partner/auth/xyz', '/client/auth/nope', '/agent/auth/pass/extra']) {
      await p.goto(path);
      await expectNotFound(p, path);
      expect(await signedInNav(p).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Выйти' }).count()).toBe(0);
    }
  });

  it('shows a signed-in client the not-found page of an unknown tail under a request, with his navigation', async () => {
    const p = await open();
    await signInUi(p, 'client', 'client@example.com');
    for (const path of ['/client/fea/1/extra', '/client/fea/abc', '/client/nothing-here']) {
      await p.goto(path);
      await expectNotFound(p, path);
      await signedInNav(p).waitFor();
      expect(await p.getByTestId('client-order-modal').count()).toBe(0);
    }
    // Trailing slashes are ignored (core §2): the list itself is still there.
    await p.goto('/client/fea/');
    await p.waitForURL((u) => u.pathname === '/client/fea');
    await p.getByRole('heading', { name: 'Заявки' }).waitFor();
  });

  it('shows the operator and the payment agent the not-found page of an unknown tail under a request', async () => {
    const p = await open();
    await signInOperatorUi(p);
    await p.goto('/operator/fea/1/x');
    await expectNotFound(p, '/operator/fea/1/x');
    await signedInNav(p).waitFor();
    await context!.close();

    const q = await open();
    await signInUi(q, 'partner', 'partner1@example.com');
    await q.goto('/partner/1/x');
    await expectNotFound(q, '/partner/1/x');
    await signedInNav(q).waitFor();
  });

  it('shows the referral partner the not-found page for an OGRN that is not 13 or 15 digits (empty layout)', async () => {
    const p = await open();
    await signInAgentUi(p);
    await p.goto('/agent/clients/123');
    await expectNotFound(p, '/agent/clients/123');
    expect(await p.locator('[data-layout="empty"]').count()).toBe(1);
    expect(await signedInNav(p).count()).toBe(0);
  });

  it('sends a sign-in step opened directly to / (→ /clients), and lets it in from the e-mail step and on reload', async () => {
    const p = await open();
    for (const path of ['/client/auth/pass', '/client/auth/registration/new-company', '/client/auth/registration']) {
      await p.goto(path);
      await p.waitForURL((u) => u.pathname === '/clients');
    }
    // A registration link with a token in the query is let in; its bad token leads to the expired-link page.
    await p.goto('/client/auth/registration?token=not-a-real-token');
    await p.waitForURL((u) => u.pathname === '/client/auth/registration/expired');
    await p.getByRole('heading', { name: 'Ссылка устарела' }).waitFor();
    // The same step reached from the e-mail step, as a user does, is shown — and stays on reload.
    await p.goto('/client/auth');
    await p.getByLabel('Электронная почта').fill('client@example.com');
    await p.getByRole('button', { name: 'Продолжить' }).click();
    await p.waitForURL((u) => u.pathname === '/client/auth/pass');
    await p.getByLabel('Пароль', { exact: true }).waitFor();
    await p.reload();
    await p.getByLabel('Пароль', { exact: true }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/client/auth/pass');
    await p.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await p.getByRole('button', { name: 'Войти' }).click();
    await p.getByRole('heading', { name: 'Заявки' }).waitFor();
  });

  it('refuses a javascript: link and a link to an unknown site, and logs it', async () => {
    const p = await open();
    const warnings: string[] = [];
    p.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await p.goto('/clients');
    await p.getByRole('heading', { level: 1 }).waitFor();
    await p.evaluate(() => {
      for (const [id, href] of [
        ['js-link', 'javascript:void (window.__pwned = true)'],
        ['far-link', 'https://evil.example/phish'],
      ]) {
        const a = document.createElement('a');
        a.id = id;
        a.href = href;
        a.textContent = id;
        document.querySelector('main')!.prepend(a);
      }
    });
    await p.locator('#js-link').click();
    await p.locator('#far-link').click();
    expect(await p.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(new URL(p.url()).pathname).toBe('/clients');
    await expect.poll(() => warnings.filter((w) => w.startsWith('[navigation] refused')).length).toBe(2);
    expect(warnings.join('\n')).toContain('refused (refused-protocol): javascript:');
    expect(warnings.join('\n')).toContain('refused (host-not-allowed): https://evil.example/phish');
  });

  it('opens an unprefixed public page in English when LOCALE=en, and keeps an explicit /en with LOCALE=ru', async () => {
    const p = await open();
    await context!.addCookies([{ name: 'LOCALE', value: 'en', url: stack.url }]);
    await p.goto('/clients');
    await p.waitForURL((u) => u.pathname === '/en/clients');
    await p.getByRole('heading', { level: 1, name: 'Cross-border currency payments for foreign trade' }).waitFor();
    await p.goto('/clients/cards?from=mail');
    await p.waitForURL((u) => u.pathname === '/en/clients/cards' && u.search === '?from=mail');
    // The language switch is the user's choice: RU stays Russian.
    await p.goto('/en/agents');
    await p.getByRole('link', { name: 'RU' }).click();
    await p.waitForURL((u) => u.pathname === '/agents');
    await p.getByRole('heading', { level: 1, name: 'Приводите клиентов и получайте вознаграждение' }).waitFor();
    expect((await context!.cookies()).find((c) => c.name === 'LOCALE')?.value).toBe('ru');

    await context!.addCookies([{ name: 'LOCALE', value: 'ru', url: stack.url }]);
    await p.goto('/en/partners');
    await p.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/en/partners');
    await expect.poll(async () => (await context!.cookies()).find((c) => c.name === 'LOCALE')?.value).toBe('en');
  });
});
