/**
 * The request chat end to end in headless Chromium (issue 4; spec chat-and-shell §4 "States and transitions"):
 * a client and payment agent partner1, each in its own browser context, chat in a request's chat.
 * - the client's message reaches the agent live: the nav badge goes to 1 through the subscription;
 * - the agent opens the chat: the UNREAD separator stands before the first unread message from the client;
 * - after viewing, the badge clears; the agent's reply reaches the client live.
 * - attachments: the client sends a PNG and a PDF; the agent sees the loaded preview, opens it full size and downloads
 *   the PDF's very bytes; 11 pictures, a second file and a refused type show their errors and send nothing;
 * - forwarding: the agent forwards the client's message to their support chat 'Поддержка' ('Переслано' quote there);
 * - mentions: the client picks the agent from the '@' list; the agent's view marks the message as mentioning them.
 * Setup (creating the request, the operator sending it to partner1) goes through the GraphQL API.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser, RolePages } from '../support/browser.js';
import { orderInput, signIn, signInOperator } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';
import { png } from '../support/png.js';
import { pdfFile, settled, signInUi } from '../support/ui.js';

/** A real PNG of `width` × `height` (tests/support/png.ts) tinted by `hue` (0..255), so each file differs. */
function pngFile(name: string, width = 320, height = 200, hue = 0) {
  return { name, mimeType: 'image/png', buffer: png(width, height, [hue, 120, 255 - hue]) };
}

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** Picks files through the composer's 'Прикрепить файл' button (the browser's file chooser). */
async function attach(page: Page, files: UploadFile[]): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Прикрепить файл' }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

describe('request chat in the browser: client and payment agent', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let client: Page;
  let agent: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url, {
      consoleTypes: ['error', 'warning'],
      webSocketFrames: !!process.env.CHAT_E2E_DEBUG,
    });
    [client, agent] = await Promise.all([roles.open('client'), roles.open('agent')]);
    await signInUi(client, 'client', 'client@example.com');
    await signInUi(agent, 'partner', 'partner1@example.com');
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('chat', ctx));

  /** The client creates a request and the operator sends it to partner1, all through the API. */
  async function requestSentToPartner1(): Promise<number> {
    const c = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const a = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    const oper: GqlClient = await signInOperator(stack.url);
    const created = await c.c.gql(
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } ... on UserError { code message } } }`,
      { input: orderInput({ comment: 'E2E: чат по заявке' }) },
    );
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
    await client
      .getByTestId('chat-message')
      .filter({ hasText: first })
      .getByTestId('message-status')
      .and(client.locator('[data-status="VIEWED"]'))
      .waitFor();

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
    await own
      .getByTestId('message-status')
      .and(client.locator('[data-status="SENT"], [data-status="DELIVERED"]'))
      .waitFor();

    // The agent's nav badge goes to 1 live, through the subscription (no reload).
    const badge = agent.getByTestId('chat-unread-badge');
    await expect.poll(async () => ((await badge.count()) ? badge.textContent() : null), { timeout: 15_000 }).toBe('1');

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
      const between = msgs.filter(
        (m) =>
          sep.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING &&
          m.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      return between.length === 0 ? 'ok' : 'messages between';
    }, text);
    expect(separatorBeforeMessage).toBe('ok');

    // After viewing, the badge clears.
    await expect.poll(async () => agent.getByTestId('chat-unread-badge').count(), { timeout: 15_000 }).toBe(0);
    // The client's message becomes VIEWED for the client, live.
    await client
      .getByTestId('chat-message')
      .filter({ hasText: text })
      .getByTestId('message-status')
      .and(client.locator('[data-status="VIEWED"]'))
      .waitFor();

    // The agent replies; the client sees it live.
    const reply = 'Добрый день! Берём в работу сегодня.';
    await agent.getByRole('textbox', { name: 'Сообщение' }).fill(reply);
    await agent.getByRole('button', { name: 'Отправить' }).click();
    await agent.getByTestId('chat-message').filter({ hasText: reply }).waitFor();
    const incoming = client.getByTestId('chat-message').filter({ hasText: reply });
    await incoming.waitFor();
    expect(await incoming.getAttribute('data-own')).toBe('false');
  });

  let shared: Promise<string> | null = null;
  /** A request chat for the tests below (created once), open in both pages; answers its group id. */
  async function openSharedChat(): Promise<string> {
    shared ??= (async () => {
      const orderId = await requestSentToPartner1();
      const groupId = await openOrderChat(client, 'client', orderId);
      expect(await openOrderChat(agent, 'partner', orderId)).toBe(groupId);
      return groupId;
    })();
    const groupId = await shared;
    for (const [page, area] of [
      [client, 'client'],
      [agent, 'partner'],
    ] as const) {
      if (!new URL(page.url()).pathname.endsWith(`/${area}/chats/${groupId}`))
        await page.goto(`/${area}/chats/${groupId}`);
      await page.getByRole('list', { name: 'Сообщения' }).waitFor({ state: 'attached' });
    }
    return groupId;
  }

  it('attachments: the client sends a PNG and a PDF; the agent sees the preview, opens it full size and downloads the same bytes', async () => {
    await openSharedChat();
    const png = pngFile('Фото груза.png', 320, 200, 60);
    const pdf = pdfFile('Счёт на оплату.pdf');

    // The uploads are held back until released, so the composer's busy state shows: spinners, sending disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await client.route('**/files/chat/groups/*', async (route) => {
      await held;
      await route.continue();
    });
    await attach(client, [png, pdf]);
    const chips = client.getByRole('list', { name: 'Вложения' }).getByTestId('composer-attachment');
    await expect.poll(() => chips.count()).toBe(2);
    await client.getByRole('status', { name: 'Загружается' }).first().waitFor();
    expect(await client.getByRole('button', { name: 'Отправить' }).isDisabled()).toBe(true);
    expect(await chips.filter({ hasText: png.name }).locator('img').count()).toBe(1);
    expect(
      await chips
        .filter({ hasText: png.name })
        .getByRole('button', { name: `Убрать ${png.name}` })
        .count(),
    ).toBe(1);
    release();
    await expect
      .poll(() => client.locator('[data-testid="composer-attachment"][data-status="done"]').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    await client.unroute('**/files/chat/groups/*');
    expect(await client.getByRole('button', { name: 'Отправить' }).isEnabled()).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await settled(client);
    await client.screenshot({ path: join(ARTIFACTS, 'chat-composer-attachments-client.png') });

    const text = 'Счёт и фото груза';
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(text);
    await client.getByRole('button', { name: 'Отправить' }).click();
    const own = client.getByTestId('chat-message').filter({ hasText: text });
    await own.waitFor();
    await expect.poll(() => chips.count()).toBe(0);
    await own
      .getByTestId('message-status')
      .and(client.locator('[data-status="SENT"], [data-status="DELIVERED"], [data-status="VIEWED"]'))
      .waitFor();
    await own.getByRole('link', { name: pdf.name }).waitFor();

    // The agent gets it live: the picture preview loads, the file is a download link named by the file.
    const incoming = agent.getByTestId('chat-message').filter({ hasText: text });
    await incoming.waitFor();
    const preview = incoming.locator(`img[alt="${png.name}"]`);
    await preview.waitFor();
    await expect
      .poll(
        () => preview.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0)),
        { timeout: 10_000 },
      )
      .toBe(320);
    const pictureBytes = await preview.evaluate(async (el) =>
      Array.from(new Uint8Array(await (await fetch((el as HTMLImageElement).src)).arrayBuffer())),
    );
    expect(Buffer.from(pictureBytes).equals(png.buffer)).toBe(true);

    const link = incoming.getByRole('link', { name: pdf.name });
    expect(await link.getAttribute('download')).toBe(pdf.name);
    const [download] = await Promise.all([agent.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(pdf.name);
    const saved = await download.path();
    expect(saved).toBeTruthy();
    expect((await readFile(saved!)).equals(pdf.buffer)).toBe(true);

    // A click on the preview opens the full picture in a dialog named by the picture.
    await incoming.getByRole('button', { name: `Открыть изображение ${png.name}` }).click();
    const lightbox = agent.getByRole('dialog', { name: png.name });
    await lightbox.waitFor();
    await expect
      .poll(() =>
        lightbox
          .locator('img')
          .evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0)),
      )
      .toBe(320);
    await settled(agent);
    await agent.screenshot({ path: join(ARTIFACTS, 'chat-picture-lightbox-agent.png') });
    await lightbox.getByRole('button', { name: 'Закрыть' }).click();
    await lightbox.waitFor({ state: 'hidden' });
    await settled(agent);
    await agent.screenshot({ path: join(ARTIFACTS, 'chat-attachments-agent.png') });

    // A picture alone, without text, is a message too.
    const scheme = pngFile('Схема склада.png', 120, 90, 200);
    await attach(client, [scheme]);
    await client.locator('[data-testid="composer-attachment"][data-status="done"]').waitFor();
    await client.getByRole('button', { name: 'Отправить' }).click();
    const alone = agent.getByTestId('chat-message').filter({ has: agent.locator(`img[alt="${scheme.name}"]`) });
    await alone.waitFor();
    expect(await alone.getAttribute('aria-label')).toContain(scheme.name);
    await expect
      .poll(() =>
        alone
          .locator('img')
          .evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0)),
      )
      .toBe(120);
  });

  it('attachment limits: 11 pictures, a second file and a refused type show their errors and nothing is sent', async () => {
    await openSharedChat();
    const before = {
      client: await client.getByTestId('chat-message').count(),
      agent: await agent.getByTestId('chat-message').count(),
    };
    const chips = client.getByTestId('composer-attachment');
    const send = client.getByRole('button', { name: 'Отправить' });

    await attach(
      client,
      Array.from({ length: 11 }, (_, i) => pngFile(`Снимок ${i + 1}.png`, 16, 16, i * 20)),
    );
    await client.getByRole('alert').filter({ hasText: 'Можно прикрепить не более 10 изображений' }).waitFor();
    expect(await chips.count()).toBe(0);
    expect(await send.isDisabled()).toBe(true);
    await client.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    await client.screenshot({ path: join(ARTIFACTS, 'chat-too-many-pictures-client.png') });

    await attach(client, [pdfFile('Договор.pdf'), pdfFile('Акт.pdf')]);
    await client.getByRole('alert').filter({ hasText: 'Можно прикрепить только один файл' }).waitFor();
    expect(await chips.count()).toBe(0);

    // The server refuses an executable: its text is shown as it comes and the chip goes away.
    await attach(client, [
      {
        name: 'program.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ\x90\x00\x03 not a document'),
      },
    ]);
    await client.getByRole('alert').filter({ hasText: 'Недопустимый тип файла' }).waitFor();
    await expect.poll(() => chips.count()).toBe(0);
    expect(await send.isDisabled()).toBe(true);

    // Nothing was sent: the lists are as they were, on both sides (a live message would have arrived by now).
    await agent.waitForTimeout(1_000);
    expect(await client.getByTestId('chat-message').count()).toBe(before.client);
    expect(await agent.getByTestId('chat-message').count()).toBe(before.agent);
  });

  it("forward: the agent forwards the client's message to their support chat; it shows there with the 'Переслано' quote", async () => {
    const groupId = await openSharedChat();
    const text = `Прошу уточнить у поддержки комиссию ${Date.now()}`;
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(text);
    await client.getByRole('button', { name: 'Отправить' }).click();
    const message = agent.getByTestId('chat-message').filter({ hasText: text });
    await message.waitFor();

    await message.getByRole('button', { name: 'Переслать' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Переслать сообщение' });
    await dialog.waitFor();
    const targets = dialog.getByRole('list', { name: 'Чаты для пересылки' });
    await targets.getByRole('button').first().waitFor();
    expect(await targets.getByRole('button').count()).toBeGreaterThan(1);
    await dialog.getByRole('textbox', { name: 'Поиск чатов' }).fill('Подд');
    await expect.poll(() => targets.getByRole('button').allTextContents(), { timeout: 10_000 }).toEqual(['Поддержка']);
    await targets.getByRole('button', { name: 'Поддержка' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await agent.waitForURL(
      (url) => /\/partner\/chats\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${groupId}`),
    );
    await agent.getByRole('heading', { level: 1, name: 'Поддержка' }).waitFor();
    const forwarded = agent.getByTestId('chat-message').filter({ hasText: text });
    await forwarded.waitFor();
    expect(await forwarded.getAttribute('data-own')).toBe('true');
    const quote = forwarded.getByTestId('message-forward');
    expect(await quote.textContent()).toContain('Переслано');
    expect(await quote.textContent()).toContain(text);
    // The text shows once: in the quote.
    expect(await forwarded.getByText(text).count()).toBe(1);
    await agent.screenshot({ path: join(ARTIFACTS, 'chat-forwarded-agent.png') });
  });

  it('mentions: the client picks the agent from the @ list; the agent sees the message marked as mentioning them', async () => {
    const groupId = await openSharedChat();
    const a = await signIn(stack.url, 'partner1@example.com', 'PARTNER');
    const r = await a.c.gql(
      `query ($g: Int!) { viewer { userId chatGroup(groupId: $g) { members { userId name } } } }`,
      { g: Number(groupId) },
    );
    const members = r.data.viewer.chatGroup.members as Array<{ userId: number; name: string | null }>;
    const agentName = members.find((m) => m.userId === r.data.viewer.userId)?.name ?? '';
    expect(agentName, JSON.stringify(members)).not.toBe('');
    const prefix = agentName.slice(0, 3).toLowerCase();

    const box = client.getByRole('textbox', { name: 'Сообщение' });
    const list = client.getByRole('listbox', { name: 'Упомянуть участника' });
    // Escape closes the list.
    await box.fill('');
    await box.pressSequentially(`@${prefix}`);
    await list.getByRole('option', { name: agentName }).waitFor();
    await box.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(`@${prefix}`);

    // Arrows + Enter pick the agent: '@Name ' goes into the text.
    await box.fill('');
    await box.pressSequentially(`Уточните, @${prefix}`);
    await list.waitFor();
    const names = await list.getByRole('option').allTextContents();
    expect(names).toContain(agentName);
    for (const n of names)
      expect(
        n
          .toLowerCase()
          .split(' ')
          .some((w) => w.startsWith(prefix)),
      ).toBe(true);
    for (let i = 0; i < names.indexOf(agentName); i += 1) await box.press('ArrowDown');
    expect(await list.getByRole('option', { name: agentName }).getAttribute('aria-selected')).toBe('true');
    await client.screenshot({ path: join(ARTIFACTS, 'chat-mention-list-client.png') });
    await box.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(`Уточните, @${agentName} `);
    await box.pressSequentially('когда будет предложение?');
    await client.getByRole('button', { name: 'Отправить' }).click();

    const text = `Уточните, @${agentName} когда будет предложение?`;
    const own = client.getByTestId('chat-message').filter({ hasText: text });
    await own.waitFor();
    expect(await own.getAttribute('data-mentions-viewer')).toBe('false');
    const incoming = agent.getByTestId('chat-message').filter({ hasText: text });
    await incoming.waitFor();
    expect(await incoming.getAttribute('data-mentions-viewer')).toBe('true');
    expect(await incoming.getByTestId('message-mentions-viewer').textContent()).toBe('Вас упомянули');
    expect(await incoming.getByTestId('message-mention').textContent()).toBe(`@${agentName}`);
    await agent.screenshot({ path: join(ARTIFACTS, 'chat-mention-agent.png') });
  });
});
