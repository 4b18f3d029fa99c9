/**
 * The living demo world in the browser (issue 13 "A living demo world"; README "Set-up"; backend/src/seed/world):
 * with the world seeded, client@example.com sees at first sight requests in /client/fea and, in /client/chats, the
 * request chats, the support chat and the alliance, with unread badges on groups and on 'Чаты' (spec chat §3).
 * Needs a current web build (`npm run build -w web`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openOperatorUi, type OperatorUi } from '../support/admin.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

describe('demo world in the browser', () => {
  let stack: Stack;
  let ui: OperatorUi;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ world: true, ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}) });
    ui = await openOperatorUi(stack, 'client', undefined, (p) => signInUi(p, 'client', 'client@example.com'));
    page = ui.page;
  }, 180_000);
  afterAll(async () => {
    await ui?.close();
    await stack?.close();
  });
  afterEach((ctx) => ui?.roles.afterFailure('demo-world', ctx));

  it('/client/fea lists the seeded requests', async () => {
    await page.goto('/client/fea');
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
  });

  it('/client/chats shows the request chats, the support chat and the alliance, with unread badges', async () => {
    await page.goto('/client/chats');
    const list = page.getByRole('list', { name: 'Чаты' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    await list.getByText('Альфа Платежи × ВЭД Трейд').waitFor();
    await expect.poll(() => list.getByTestId('chat-group-unread').count()).toBeGreaterThanOrEqual(3);
    const badge = page.getByTestId('chat-unread-badge');
    await badge.waitFor();
    expect(Number((await badge.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
  });
});
