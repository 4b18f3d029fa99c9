/**
 * Every signed-in screen on a 390 × 844 px phone (issue 13 "The breakpoints 767 / 1279 px in the theme, and every
 * screen usable on a 390 px phone: tables become cards, modals become full-screen sheets, nothing scrolls sideways";
 * spec chat-and-shell §2 and §9, breakpoints 767 px and 1279 px), on the living demo world: the client, the payment
 * agent partner1, the operator and the referral partner open their main screens; none scrolls sideways, the first
 * request of a list is a card (label: value lines) showing its number, the request modal fills the viewport and the
 * navigation sits behind the 'Меню' button. axe-core finds no serious or critical violation on /client/fea at 1440 and
 * 390 px (issue 13 "Tests"). Needs a current web build (`npm run build -w web`; WEB_DIST overrides web/dist).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RolePages } from '../support/browser.js';
import { signInAgentUi } from '../support/agent.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInOperatorUi, signInUi } from '../support/ui.js';
import type { Browser } from 'playwright-core';

const PHONE = { width: 390, height: 844 };

describe('signed-in screens on a 390 px phone', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;

  beforeAll(async () => {
    stack = await startStack({ world: true, ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}) });
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
  }, 180_000);
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles?.afterFailure('mobile', ctx));

  /** A page of `role` with a phone viewport, signed in by `signIn`. */
  async function phone(role: string, signIn: (p: Page) => Promise<void>): Promise<Page> {
    const page = await roles.open(role);
    await page.setViewportSize(PHONE);
    await signIn(page);
    return page;
  }

  /** The page's width as laid out: more than the viewport means it scrolls sideways. */
  const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

  /** Opens `path`, waits for `ready` (or the page's first heading) and no spinner, then checks the width. */
  async function noSidewaysScroll(p: Page, path: string, ready?: (p: Page) => Locator): Promise<void> {
    await p.goto(path);
    await (ready ? ready(p) : p.getByRole('main').getByRole('heading').first()).first().waitFor();
    await p.waitForFunction(() => !document.querySelector('.chakra-spinner'));
    expect(await scrollWidth(p), path).toBeLessThanOrEqual(PHONE.width);
  }

  /**
   * The first row of the list `rows` is shown as a card: a block (not a table row) within the viewport, its first
   * line labelled `firstLabel` (the column's header text, CSS generated content) and showing the request's `number`.
   */
  async function expectFirstCard(rows: Locator, firstLabel: string, number: string): Promise<void> {
    const first = rows.first();
    await first.waitFor();
    const card = await first.evaluate((row) => {
      const cell = row.querySelector('td')!;
      return {
        display: getComputedStyle(row).display,
        label: getComputedStyle(cell, '::before').content,
        headerShown: getComputedStyle(row.closest('table')!.querySelector('thead')!).display !== 'none',
        right: row.getBoundingClientRect().right,
        number: cell.innerText,
      };
    });
    expect(card.display).toBe('block');
    expect(card.headerShown).toBe(false);
    expect(card.label).toBe(JSON.stringify(firstLabel));
    expect(card.right).toBeLessThanOrEqual(PHONE.width);
    expect(card.number).toContain(number);
  }

  /** The open dialog fills the phone's viewport (a full-screen sheet). */
  async function expectFullScreen(dialog: Locator): Promise<void> {
    await dialog.waitFor();
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([0, 0, PHONE.width, PHONE.height]);
  }

  it('client: requests as cards, the request modal as a full-screen sheet, the menu, company, documents, chats', async () => {
    const p = await phone('client', (page) => signInUi(page, 'client', 'client@example.com'));
    await noSidewaysScroll(p, '/client/fea', (page) => page.getByTestId('order-row'));
    const rows = p.getByTestId('order-row');
    const number = (await rows.first().getByRole('link').textContent())!.trim();
    await expectFirstCard(rows, 'Номер', number);

    // The demo client has unread chats: the collapsed menu shows the red dot of the hidden 'Чаты' badge.
    await p.locator('[data-menu-dot]').waitFor();
    await p.getByRole('button', { name: 'Меню' }).click();
    const nav = p.getByRole('navigation', { name: 'Основное меню' });
    await nav.getByRole('link', { name: 'Моя компания' }).waitFor();
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);
    await p.getByRole('button', { name: 'Меню' }).click();
    await nav.waitFor({ state: 'hidden' });

    await rows.first().getByRole('link').click();
    await expectFullScreen(p.getByRole('dialog'));
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);

    await noSidewaysScroll(p, '/client/company');
    await noSidewaysScroll(p, '/client/documents');
    await noSidewaysScroll(p, '/client/chats', (page) =>
      page.getByRole('list', { name: 'Чаты' }).getByRole('listitem'),
    );
    await noSidewaysScroll(p, '/client/api-tokens');
  });

  it('payment agent: requests as cards, the request as a full-screen sheet, chats', async () => {
    const p = await phone('partner1', (page) => signInUi(page, 'partner', 'partner1@example.com'));
    await noSidewaysScroll(p, '/partner', (page) => page.getByTestId('partner-order-row'));
    const rows = p.getByTestId('partner-order-row');
    const number = (await rows.first().getByRole('link').textContent())!.replace(/\D/g, '');
    await expectFirstCard(rows, 'Номер', number);
    await rows.first().getByRole('link').click();
    await expectFullScreen(p.getByRole('dialog'));
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);
    await noSidewaysScroll(p, '/partner/chats', (page) =>
      page.getByRole('list', { name: 'Чаты' }).getByRole('listitem'),
    );
  });

  it('operator: requests as cards, the request modal, every administration list, the inbox, chats', async () => {
    const p = await phone('operator', (page) => signInOperatorUi(page));
    await noSidewaysScroll(p, '/operator/fea', (page) => page.getByTestId('operator-order-row'));
    const rows = p.getByTestId('operator-order-row');
    const number = (await rows.first().getByRole('link').textContent())!.trim();
    await expectFirstCard(rows, 'Номер', number);
    await rows.first().getByRole('link').click();
    await expectFullScreen(p.getByRole('dialog'));
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);

    await noSidewaysScroll(p, '/operator/clients', (page) => page.getByTestId('client-row'));
    await noSidewaysScroll(p, '/operator/agents', (page) => page.locator('tbody tr'));
    await noSidewaysScroll(p, '/operator/partners', (page) => page.locator('tbody tr'));
    await noSidewaysScroll(p, '/operator/operators', (page) => page.getByTestId('operator-row'));
    await noSidewaysScroll(p, '/operator/audit', (page) => page.getByTestId('audit-entry'));
    await noSidewaysScroll(p, '/operator/inbox', (page) => page.getByTestId('inbox-row'));
    await noSidewaysScroll(p, '/operator/chats', (page) =>
      page.getByRole('list', { name: 'Чаты' }).getByRole('listitem'),
    );
    await noSidewaysScroll(p, '/operator/api-tokens');
  });

  it('referral partner: requests as cards, clients, company, documents, chats', async () => {
    const p = await phone('agent', (page) => signInAgentUi(page));
    const agentRows = (page: Page) => page.locator('[data-testid^="agent-order-"]');
    await noSidewaysScroll(p, '/agent/fea', agentRows);
    const number = (await agentRows(p).first().getAttribute('data-testid'))!.replace('agent-order-', '');
    await expectFirstCard(agentRows(p), 'Номер', `№ ${number}`);
    await noSidewaysScroll(p, '/agent/clients', (page) => page.getByTestId('agent-client-row'));
    await noSidewaysScroll(p, '/agent/company');
    await noSidewaysScroll(p, '/agent/documents');
    await noSidewaysScroll(p, '/agent/chats', (page) => page.getByRole('list', { name: 'Чаты' }).getByRole('listitem'));
  });

  it('axe-core finds no serious or critical violation on /client/fea at 1440 and 390 px', async () => {
    const p = await roles.open('client-axe');
    await signInUi(p, 'client', 'client@example.com');
    for (const width of [1440, PHONE.width]) {
      await p.setViewportSize({ width, height: PHONE.height });
      await p.goto('/client/fea');
      await p.getByTestId('order-row').first().waitFor();
      await p.waitForFunction(() => !document.querySelector('.chakra-spinner'));
      const result = await new AxeBuilder({ page: p }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `@${width}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
});
