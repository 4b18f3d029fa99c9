/**
 * The support chat end to end in headless Chromium (issue 4; spec chat-and-shell §2 "Support chat: available only
 * to users holding the support role", §6 "a user of type operator counts as support", support user 10762):
 * - a client opens 'Написать в поддержку' (its own support chat, which cannot be left or deleted) and writes;
 * - the operator's 'Поддержка' badge counts the chat live (1, from the statistic by group type); the desk
 *   /operator/support lists it at the top, named by the client with the company under the name; the operator
 *   opens it (header: the client's name and company), reads — the badge goes to 0 live —, answers: the answer is
 *   the operator's own (right side); the client gets it from 'Поддержка' live;
 * - a second client's first support message puts a new chat at the top of the open desk live; the desk search
 *   finds a chat by the requester's surname or company; /operator/chats lists the operator's request chat but no
 *   support chat, also when searching; each chat lives in one place: /operator/chats/<support chat> redirects to
 *   the desk and /operator/support/<request chat> to the chat list; on a phone the back link returns to the list
 *   the chat belongs to;
 * - /client/support does not exist (not-found page) and /operator/support is closed to clients.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser, RolePages } from '../support/browser.js';
import { orderInput, signIn, signInOperator } from '../support/deal.js';
import { startStack, type Stack } from '../support/stack.js';
import { signInOperatorUi, signInUi } from '../support/ui.js';

describe('support chat in the browser: client and operator desk', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let client: Page;
  let operator: Page;
  let clientGroupId = '';

  /** The 'Поддержка' link of the header navigation (list rows of the desk are links too). */
  const deskLink = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Поддержка/ });
  const badgeText = async (page: Page, testId: string) => {
    const badge = page.getByTestId(testId);
    return (await badge.count()) ? badge.textContent() : null;
  };

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
    [client, operator] = await Promise.all([roles.open('client'), roles.open('operator')]);
    await signInUi(client, 'client', 'client@example.com');
    await signInOperatorUi(operator);
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('support', ctx));

  it('the client writes to support; the operator sees the badge live, the chat on top of the desk, answers; the client gets it live', async () => {
    // The operator waits on the requests page: nothing unread.
    await deskLink(operator).waitFor();
    expect(await badgeText(operator, 'support-unread-badge')).toBeNull();

    // The client opens its support chat from the chat list.
    await client.getByRole('link', { name: /^Чаты/ }).click();
    await client.getByRole('list', { name: 'Чаты' }).waitFor();
    await client.getByRole('link', { name: 'Написать в поддержку' }).click();
    await client.waitForURL(/\/client\/chats\/\d+$/);
    clientGroupId = new URL(client.url()).pathname.split('/').pop()!;
    await client.getByRole('heading', { level: 1, name: 'Поддержка' }).waitFor();

    // Its support chat can be pinned but neither left nor deleted.
    const item = client.getByRole('list', { name: 'Чаты' }).getByRole('listitem', { name: 'Поддержка' });
    await item.getByRole('button', { name: 'Действия с чатом Поддержка' }).click();
    await client.getByRole('menuitem', { name: 'Закрепить' }).waitFor();
    expect(await client.getByRole('menuitem', { name: 'Покинуть чат' }).count()).toBe(0);
    expect(await client.getByRole('menuitem', { name: 'Удалить чат' }).count()).toBe(0);
    await client.keyboard.press('Escape');
    await client.getByRole('menuitem', { name: 'Закрепить' }).waitFor({ state: 'hidden' });

    const question = 'Здравствуйте! Как добавить второго сотрудника компании?';
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(question);
    await client.getByRole('button', { name: 'Отправить' }).click();
    await client.getByTestId('chat-message').filter({ hasText: question }).waitFor();

    // The operator's desk badge counts the chat live; the chat badge does not (the chat lives on the desk).
    await expect.poll(() => badgeText(operator, 'support-unread-badge'), { timeout: 15_000 }).toBe('1');
    expect(await badgeText(operator, 'chat-unread-badge')).toBeNull();
    mkdirSync(ARTIFACTS, { recursive: true });
    await operator.screenshot({ path: join(ARTIFACTS, 'support-operator-badge.png') });

    // The desk: the client's chat on top, named by the client with the company under the name, with its unread count.
    await deskLink(operator).click();
    await operator.waitForURL(/\/operator\/support$/);
    await operator.getByText('Выберите обращение').waitFor();
    const desk = operator.getByRole('list', { name: 'Обращения' });
    const top = desk.getByRole('listitem').first();
    await expect.poll(() => top.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Иван Смирнов');
    expect(await top.getByTestId('chat-group-subtitle').textContent()).toBe('ООО «ВЭД Трейд»');
    expect(await top.getByTestId('chat-group-unread').textContent()).toBe('1');
    expect(await desk.getByRole('listitem', { name: 'Поддержка' }).count()).toBe(0);
    await operator.screenshot({ path: join(ARTIFACTS, 'support-operator-desk-list.png') });

    // Opening the chat: the header names the client (not 'Поддержка'); the badge goes 1 → 0 live, without a reload.
    expect(await badgeText(operator, 'support-unread-badge')).toBe('1');
    await top.getByRole('link').click();
    await operator.waitForURL(new RegExp(`/operator/support/${clientGroupId}$`));
    await operator.getByRole('heading', { level: 1, name: 'Иван Смирнов' }).waitFor();
    expect(await operator.getByTestId('chat-requester-company').textContent()).toBe('ООО «ВЭД Трейд»');
    expect(await operator.getByRole('heading', { level: 1, name: 'Поддержка' }).count()).toBe(0);
    const incoming = operator
      .getByRole('list', { name: 'Сообщения' })
      .getByTestId('chat-message')
      .filter({ hasText: question });
    await incoming.waitFor();
    expect(await incoming.getAttribute('data-own')).toBe('false');
    await expect.poll(() => badgeText(operator, 'support-unread-badge'), { timeout: 15_000 }).toBeNull();
    expect(await badgeText(operator, 'chat-unread-badge')).toBeNull();
    await expect.poll(() => top.getByTestId('chat-group-unread').count(), { timeout: 15_000 }).toBe(0);

    // The operator answers as support: his own message (right side) for him; the client sees it live, from 'Поддержка'.
    const answer = 'Добрый день! Откройте «Моя компания» и пригласите сотрудника.';
    await operator.getByRole('textbox', { name: 'Сообщение' }).fill(answer);
    await operator.getByRole('button', { name: 'Отправить' }).click();
    const sentAnswer = operator
      .getByRole('list', { name: 'Сообщения' })
      .getByTestId('chat-message')
      .filter({ hasText: answer });
    await sentAnswer.waitFor();
    await expect.poll(() => sentAnswer.getAttribute('data-own'), { timeout: 15_000 }).toBe('true');
    const messagesBox = (await operator.getByRole('list', { name: 'Сообщения' }).boundingBox())!;
    const answerBox = (await sentAnswer.boundingBox())!;
    expect(answerBox.x + answerBox.width, 'the answer is aligned right').toBeGreaterThan(
      messagesBox.x + messagesBox.width - 4,
    );
    expect(answerBox.x, 'the answer is not aligned left').toBeGreaterThan(messagesBox.x + 4);
    const questionBox = (await incoming.boundingBox())!;
    expect(questionBox.x, "the client's question is aligned left").toBeLessThan(messagesBox.x + 4);
    const reply = client.getByTestId('chat-message').filter({ hasText: answer });
    await reply.waitFor();
    expect(await reply.getAttribute('data-own')).toBe('false');
    expect(await reply.textContent()).toContain('Поддержка');
    await operator.screenshot({ path: join(ARTIFACTS, 'support-operator-desk.png') });
    await client.screenshot({ path: join(ARTIFACTS, 'support-client-chat.png') });
  });

  it("a second client's first message puts a new chat on top of the open desk live; /operator/chats has no support chat", async () => {
    // A request chat of the operator, so that the operator's chat list is not empty.
    const c = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const oper = await signInOperator(stack.url);
    const created = await c.c.gql(
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } ... on UserError { code message } } }`,
      { input: orderInput({ comment: 'E2E: чат поддержки' }) },
    );
    expect(created.data?.createOrder.__typename, JSON.stringify(created)).toBe('CreateOrderSuccess');
    const opened = await oper.gql(
      `mutation ($input: OpenOrderChatInput!) { openOrderChat(input: $input) { __typename ... on OpenOrderChatSuccess { group { groupId name groupType } } ... on UserError { code message } } }`,
      { input: { orderId: created.data.createOrder.order.id } },
    );
    expect(opened.data?.openOrderChat.__typename, JSON.stringify(opened)).toBe('OpenOrderChatSuccess');
    const requestChat = opened.data.openOrderChat.group as { groupId: number; name: string; groupType: string };
    expect(requestChat.groupType).not.toBe('ECVP_SUPPORT');

    // The operator has the desk open with the first client's chat.
    await operator.goto('/operator/support');
    const desk = operator.getByRole('list', { name: 'Обращения' });
    await expect
      .poll(() => desk.getByRole('listitem').first().getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Иван Смирнов');

    // Another client writes to support for the first time (through the API).
    const other = await signIn(stack.url, 'newclient@example.com', 'CLIENT');
    const found = await other.c.gql(
      `{ viewer { chatGroups(first: 1, types: [ECVP_SUPPORT]) { edges { node { id groupId } } } } }`,
    );
    const support = found.data?.viewer.chatGroups.edges[0]?.node as { id: string; groupId: number } | undefined;
    expect(support, JSON.stringify(found)).toBeTruthy();
    const sent = await other.c.gql(
      `mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { __typename ... on UserError { code message } } }`,
      { input: { groupId: support!.id, extMsgId: `msg_${Date.now()}`, text: 'Не получается подтвердить компанию' } },
    );
    expect(sent.data?.sendChatMessage.__typename, JSON.stringify(sent)).toBe('SendChatMessageSuccess');

    // Live: the new chat on top of the desk, named by its requester and company, the badge counts it.
    await expect
      .poll(() => desk.getByRole('listitem').first().getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Анна Кузнецова');
    expect(await desk.getByRole('listitem').count()).toBe(2);
    expect(await desk.getByRole('listitem').first().getByTestId('chat-group-subtitle').textContent()).toBe(
      'ООО «Новый Импорт»',
    );
    await expect.poll(() => badgeText(operator, 'support-unread-badge'), { timeout: 15_000 }).toBe('1');
    expect(await badgeText(operator, 'chat-unread-badge')).toBeNull();
    await operator.screenshot({ path: join(ARTIFACTS, 'support-operator-new-chat.png') });

    // The desk search (server side) finds a chat by the requester's surname or company.
    const search = operator.getByLabel('Поиск обращений');
    await search.fill('Смирнов');
    await expect
      .poll(
        async () => desk.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
        { timeout: 15_000 },
      )
      .toEqual(['Иван Смирнов']);
    await search.fill('Новый Импорт');
    await expect
      .poll(
        async () => desk.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
        { timeout: 15_000 },
      )
      .toEqual(['Анна Кузнецова']);
    await search.fill('Ромашка');
    await operator.getByRole('status').filter({ hasText: 'Обращения не найдены' }).waitFor();
    await search.fill('');
    await expect.poll(() => desk.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);

    // Each chat lives in one place: a support chat under /operator/chats opens on the desk, a request chat under
    // /operator/support opens in the chat list.
    await operator.goto(`/operator/chats/${clientGroupId}`);
    await operator.waitForURL(new RegExp(`/operator/support/${clientGroupId}$`));
    await operator.getByRole('heading', { level: 1, name: 'Иван Смирнов' }).waitFor();
    await operator.getByRole('list', { name: 'Обращения' }).waitFor();
    await operator.goto(`/operator/support/${requestChat.groupId}`);
    await operator.waitForURL(new RegExp(`/operator/chats/${requestChat.groupId}$`));
    await operator.getByRole('heading', { level: 1, name: requestChat.name }).waitFor();
    await operator.getByRole('list', { name: 'Чаты' }).waitFor();

    // On a phone the back link returns to the list the chat belongs to.
    await operator.setViewportSize({ width: 390, height: 800 });
    await operator.goto(`/operator/support/${clientGroupId}`);
    await operator.getByRole('heading', { level: 1, name: 'Иван Смирнов' }).waitFor();
    await operator.getByRole('link', { name: 'К списку чатов' }).click();
    await operator.waitForURL(/\/operator\/support$/);
    await operator.getByRole('list', { name: 'Обращения' }).getByRole('listitem', { name: 'Иван Смирнов' }).waitFor();
    await operator.goto(`/operator/chats/${requestChat.groupId}`);
    await operator.getByRole('heading', { level: 1, name: requestChat.name }).waitFor();
    await operator.getByRole('link', { name: 'К списку чатов' }).click();
    await operator.waitForURL(/\/operator\/chats$/);
    await operator.setViewportSize({ width: 1366, height: 900 });

    // The operator's chat list: the request chat, no support chat (each chat lives in one place).
    await operator.getByRole('navigation').getByRole('link', { name: /^Чаты/ }).click();
    await operator.waitForURL(/\/operator\/chats$/);
    const chats = operator.getByRole('list', { name: 'Чаты' });
    await chats.locator(`a[href="/operator/chats/${requestChat.groupId}"]`).waitFor();
    for (const id of [clientGroupId, String(support!.groupId)]) {
      expect(
        await chats.locator(`a[href="/operator/chats/${id}"]`).count(),
        `support chat ${id} in /operator/chats`,
      ).toBe(0);
    }
    expect(await chats.getByRole('listitem', { name: 'Поддержка' }).count()).toBe(0);
    expect(await chats.getByRole('listitem').count()).toBe(1);
    // A search keeps the list's types: the support chats (all named 'Поддержка') are not found here.
    await operator.getByLabel('Поиск чатов').fill('Поддержка');
    await operator.getByRole('status').filter({ hasText: 'Чаты не найдены' }).waitFor();
  });

  it('/client/support is not found; /operator/support is closed to a client', async () => {
    await client.goto('/client/support');
    await client.getByText('Page Not Found: /client/support').waitFor();
    await client.goto('/operator/support');
    await client.waitForURL(/\/client\/fea$/);
    await client.getByRole('heading', { name: 'Заявки' }).waitFor();
    expect(
      await client
        .getByRole('navigation')
        .getByRole('link', { name: /^Поддержка/ })
        .count(),
    ).toBe(0);
  });
});
