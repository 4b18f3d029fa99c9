/**
 * The request chat end to end in headless Chromium (issue 4; spec chat-and-shell §4 "States and transitions"):
 * a client and payment agent partner1, each in its own browser context, chat in a request's chat.
 * - the client's message reaches the agent live: the nav badge goes to 1 through the subscription;
 * - the agent opens the chat: the UNREAD separator stands before the first unread message from the client;
 * - after viewing, the badge clears; the agent's reply reaches the client live.
 * Setup (creating the request, the operator sending it to partner1) goes through the GraphQL API.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { orderInput, signIn, signInOperator } from '../support/deal.js';
import { REPO_ROOT, startStack, type GqlClient, type Stack } from '../support/stack.js';
import { signInUi } from '../support/ui.js';

const ARTIFACTS = join(REPO_ROOT, 'tests', 'e2e', 'artifacts');

describe('request chat in the browser: client and payment agent', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let client: Page;
  let agent: Page;
  const logs: string[] = [];

  async function rolePage(name: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: stack.url, locale: 'ru-RU', viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(`[${name}] ${m.text()}`); });
    page.on('pageerror', (e) => logs.push(`[${name}] pageerror ${e.message}`));
    if (process.env.CHAT_E2E_DEBUG) page.on('websocket', (ws) => {
      logs.push(`[${name}] ws open ${ws.url()}`);
      ws.on('framesent', (f) => logs.push(`[${name}] ws> ${String(f.payload).slice(0, 1500)}`));
      ws.on('framereceived', (f) => logs.push(`[${name}] ws< ${String(f.payload).slice(0, 1500)}`));
      ws.on('close', () => logs.push(`[${name}] ws closed`));
    });
    return page;
  }

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [client, agent] = await Promise.all([rolePage('client'), rolePage('agent')]);
    await signInUi(client, 'client', 'client@example.com');
    await signInUi(agent, 'partner', 'partner1@example.com');
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await stack?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    mkdirSync(ARTIFACTS, { recursive: true });
    if (logs.length) console.log(logs.join('\n'));
    const names = ['client', 'agent'];
    await Promise.all([client, agent].map((p, i) => p?.screenshot({ path: join(ARTIFACTS, `chat-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}-${names[i]}.png`), fullPage: true }).catch(() => {})));
  });

  /** The client creates a request and the operator sends it to partner1, all through the API. */
  async function requestSentToPartner1(): Promise<number> {
    const c = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const a = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    const oper: GqlClient = await signInOperator(stack.url);
    const created = await c.c.gql(`mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } ... on UserError { code message } } }`, { input: orderInput({ comment: 'E2E: чат по заявке' }) });
    expect(created.data?.createOrder.__typename, JSON.stringify(created)).toBe('CreateOrderSuccess');
    const order = created.data.createOrder.order as { id: string; orderId: number };
    for (const [name, type, input] of [
      ['takeOrderForReview', 'OrderActionInput', { orderId: order.id }],
      ['sendOrderToPartners', 'SendOrderToPartnersInput', { orderId: order.id, partnerIds: [a.companyId] }],
    ] as const) {
      const r = await oper.gql(`mutation ($input: ${type}!) { ${name}(input: $input) { __typename } }`, { input });
      expect(r.data?.[name].__typename, JSON.stringify(r)).toMatch(/Success$/);
    }
    return order.orderId;
  }

  /** Opens the request's chat through /<area>/chats/order/<orderId>; answers the group id it redirected to. */
  async function openOrderChat(page: Page, area: 'client' | 'partner', orderId: number): Promise<string> {
    await page.goto(`/${area}/chats/order/${orderId}`);
    await page.waitForURL(new RegExp(`/${area}/chats/\\d+$`));
    await page.getByRole('list', { name: 'Сообщения' }).waitFor({ state: 'attached' });
    return new URL(page.url()).pathname.split('/').pop()!;
  }

  it('the client writes; the agent sees the badge live, the UNREAD separator, the badge clears; the reply reaches the client live', async () => {
    const orderId = await requestSentToPartner1();

    // Both open the request's chat in their own context; it is the same group.
    const groupId = await openOrderChat(client, 'client', orderId);
    expect(await openOrderChat(agent, 'partner', orderId)).toBe(groupId);

    // A first message while both have the chat open: the agent sees it live and it counts as viewed, so the
    // unread message below is not the first one in the list (the separator is not shown before the first item).
    const first = 'Здравствуйте! Заявка по контракту № 15.';
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(first);
    await client.getByRole('button', { name: 'Отправить' }).click();
    await client.getByTestId('chat-message').filter({ hasText: first }).waitFor();
    await agent.getByTestId('chat-message').filter({ hasText: first }).waitFor();
    await client.getByTestId('chat-message').filter({ hasText: first }).getByTestId('message-status').and(client.locator('[data-status="VIEWED"]')).waitFor();

    // The agent goes to another page; no unread messages.
    await agent.goto('/partner');
    await agent.getByRole('heading', { name: 'Заявки' }).waitFor();
    await agent.getByRole('link', { name: /Чаты/ }).waitFor();
    await expect.poll(async () => agent.getByTestId('chat-unread-badge').count(), { timeout: 5_000 }).toBe(0);

    // The client sends a message through the composer.
    const text = 'Когда сможете взять заявку?';
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(text);
    await client.getByRole('button', { name: 'Отправить' }).click();
    const own = client.getByTestId('chat-message').filter({ hasText: text });
    await own.waitFor();
    expect(await own.getAttribute('data-own')).toBe('true');
    await own.getByTestId('message-status').and(client.locator('[data-status="SENT"], [data-status="DELIVERED"]')).waitFor();

    // The agent's nav badge goes to 1 live, through the subscription (no reload).
    const badge = agent.getByTestId('chat-unread-badge');
    await expect.poll(async () => (await badge.count()) ? badge.textContent() : null, { timeout: 15_000 }).toBe('1');

    // The agent opens the chat: the UNREAD separator stands right before the client's message.
    await agent.getByRole('link', { name: /Чаты/ }).click();
    await agent.getByRole('list', { name: 'Чаты' }).waitFor();
    await agent.goto(`/partner/chats/${groupId}`);
    const list = agent.getByRole('list', { name: 'Сообщения' });
    const message = list.getByTestId('chat-message').filter({ hasText: text });
    await message.waitFor();
    expect(await message.getAttribute('data-own')).toBe('false');
    const separator = list.getByTestId('unread-separator');
    await separator.waitFor();
    expect(await separator.textContent()).toContain('Непрочитанные сообщения');
    const separatorBeforeMessage = await agent.evaluate((t) => {
      const sep = document.querySelector('[data-testid="unread-separator"]');
      const msgs = Array.from(document.querySelectorAll('[data-testid="chat-message"]'));
      const first = msgs.find((m) => m.textContent?.includes(t));
      if (!sep || !first) return 'missing';
      if (!(sep.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)) return 'separator after message';
      // Nothing but (possibly) a date separator between them: no message stands between.
      const between = msgs.filter((m) => sep.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING && m.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING);
      return between.length === 0 ? 'ok' : 'messages between';
    }, text);
    expect(separatorBeforeMessage).toBe('ok');

    // After viewing, the badge clears.
    await expect.poll(async () => agent.getByTestId('chat-unread-badge').count(), { timeout: 15_000 }).toBe(0);
    // The client's message becomes VIEWED for the client, live.
    await client.getByTestId('chat-message').filter({ hasText: text }).getByTestId('message-status').and(client.locator('[data-status="VIEWED"]')).waitFor();

    // The agent replies; the client sees it live.
    const reply = 'Добрый день! Берём в работу сегодня.';
    await agent.getByRole('textbox', { name: 'Сообщение' }).fill(reply);
    await agent.getByRole('button', { name: 'Отправить' }).click();
    await agent.getByTestId('chat-message').filter({ hasText: reply }).waitFor();
    const incoming = client.getByTestId('chat-message').filter({ hasText: reply });
    await incoming.waitFor();
    expect(await incoming.getAttribute('data-own')).toBe('false');
  });
});
