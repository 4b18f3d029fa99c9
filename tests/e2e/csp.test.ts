/**
 * The built web app under the gateway's Content-Security-Policy (issue 14 defect 7; gateway/src/http/securityHeaders.ts):
 * the public page, the sign-in page and a signed-in client's request list load in Chromium without a single CSP
 * violation (no `securitypolicyviolation` event, no 'Content Security Policy' console message), GraphQL over HTTP and
 * the chat WebSocket included.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, CONTEXT_DEFAULTS } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

describe('the built app passes its Content-Security-Policy', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** A page that records CSP violations (events and console messages) into the returned list. */
  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: stack.url });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const violations: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return { page, violations };
  }

  it('public page, sign-in and the client area load with no violation', async () => {
    const { page, violations } = await watchedPage();
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await page.waitForLoadState('load');
    await signInUi(page, 'client', 'client@example.com'); // waits for the request list ('Заявки')
    await page.reload();
    await page.getByRole('heading', { name: 'Заявки' }).waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
