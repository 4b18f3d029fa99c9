/**
 * Alliances end to end in headless Chromium (spec chat-and-shell §6 "Alliances are of type ECVP_PARTNER_CLIENT",
 * member roles; §3 metaData 'group invitation to an alliance'): payment agent partner1 and the client, each in its own
 * browser context, who already share a request chat (so each is the other's contact; set up through the GraphQL API).
 * - the agent creates 'Альянс ВЭД' from 'Создать альянс' (an empty name is refused in the form) and lands in it;
 * - the agent invites the client from 'Пригласить в альянс'; the invitation message 'Приглашение в альянс' shows in the
 *   agent's chat; inviting again shows the server's refusal inline;
 * - the invitation message names the invited client and says 'ожидает ответа';
 * - the client sees the invitation appear live in 'Приглашения', accepts, lands in the alliance and writes; the agent's
 *   open chat shows 'принято' on the invitation message and the client as the online member ('в сети') live, without
 *   a reload, and then the client's message;
 * - the client (PARTICIPANT) has neither 'Пригласить' nor 'Переименовать';
 * - the agent renames the alliance; the client's header shows the new name live.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser, RolePages } from '../support/browser.js';
import { clientAgentChat } from '../support/chat.js';
import { startStack, type Stack } from '../support/stack.js';
import { settled, signInUi } from '../support/ui.js';

describe('alliances in the browser: payment agent and client', () => {
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;
  let client: Page;
  let agent: Page;

  beforeAll(async () => {
    stack = await startStack();
    // the two share a request chat, so each is in the other's Viewer.chatContacts
    await clientAgentChat(stack.url);
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url, { consoleTypes: ['error', 'warning'] });
    [client, agent] = await Promise.all([roles.open('client'), roles.open('agent')]);
    await signInUi(client, 'client', 'client@example.com');
    await signInUi(agent, 'partner', 'partner1@example.com');
  });
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });
  afterEach((ctx) => roles.afterFailure('alliances', ctx));

  it('the agent creates an alliance and invites the client, who accepts live and writes; a rename reaches the client', async () => {
    await client.goto('/client/chats');
    await client.getByRole('list', { name: 'Чаты' }).waitFor({ state: 'attached' });
    expect(await client.getByRole('list', { name: 'Приглашения' }).count()).toBe(0);

    // The agent creates the alliance; an empty name is refused in the form.
    await agent.goto('/partner/chats');
    await agent.getByRole('button', { name: 'Создать альянс' }).click();
    const create = agent.getByRole('dialog', { name: 'Новый альянс' });
    await create.getByRole('group', { name: 'Участники' }).waitFor();
    await create.getByRole('button', { name: 'Создать', exact: true }).click();
    await create.getByText('Укажите название').waitFor();
    await create.getByLabel('Название').fill('Альянс ВЭД');
    await create.getByRole('button', { name: 'Создать', exact: true }).click();
    await agent.waitForURL(/\/partner\/chats\/\d+$/);
    const allianceId = new URL(agent.url()).pathname.split('/').pop()!;
    await agent.getByRole('heading', { level: 1, name: 'Альянс ВЭД' }).waitFor();
    await agent.getByRole('list', { name: 'Чаты' }).getByRole('listitem', { name: 'Альянс ВЭД' }).waitFor();

    // The agent (OWNER) invites the client from the dialog.
    await agent.getByRole('button', { name: 'Пригласить', exact: true }).click();
    const invite = agent.getByRole('dialog', { name: 'Пригласить в альянс' });
    await invite.getByRole('button', { name: /^Пригласить Иван/ }).click();
    await invite.getByText('Приглашение отправлено').waitFor();
    await settled(agent);
    await agent.screenshot({ path: join(ARTIFACTS, 'alliances-invite-dialog-agent.png') });
    await invite.getByRole('button', { name: 'Закрыть' }).click();
    await invite.waitFor({ state: 'detached' });

    // The invitation message in the agent's chat: the metaData label, not the invitation id.
    const invitationMessage = agent
      .getByTestId('chat-message')
      .and(agent.locator('[data-metadata-type="GROUP_INVITATION"]'));
    await invitationMessage.waitFor();
    expect(await invitationMessage.getByTestId('message-metadata').innerText()).toContain('Приглашение в альянс');
    // …with whom it invites (the client is not a member yet) and that it awaits an answer; the agent is alone in it
    await expect
      .poll(async () => (await invitationMessage.getByTestId('message-metadata').innerText()).split('\n')[0], {
        timeout: 10_000,
      })
      .toBe('Приглашение в альянс · Иван Смирнов · ожидает ответа');
    const invitedName = (await invitationMessage.getByTestId('message-metadata').innerText())
      .split('\n')[0]
      .split(' · ')[1];
    expect((await agent.getByTestId('chat-presence').innerText()).trim()).toBe('');

    // Inviting the client again: the server refuses (a pending invitation exists), the dialog shows it inline.
    await agent.getByRole('button', { name: 'Пригласить', exact: true }).click();
    await invite.getByRole('button', { name: /^Пригласить Иван/ }).click();
    await expect.poll(async () => (await invite.getByRole('alert').innerText()).trim()).not.toBe('');
    await invite.getByRole('button', { name: 'Закрыть' }).click();
    await invite.waitFor({ state: 'detached' });

    // The client sees the invitation arrive live (the list page was open before it was sent) and accepts it.
    const invitation = client
      .getByRole('list', { name: 'Приглашения' })
      .getByRole('listitem', { name: /приглашает в «Альянс ВЭД»/ });
    await invitation.waitFor();
    await client.screenshot({ path: join(ARTIFACTS, 'alliances-invitation-client.png') });
    await invitation.getByRole('button', { name: 'Принять' }).click();
    await client.waitForURL(new RegExp(`/client/chats/${allianceId}$`));
    await client.getByRole('heading', { level: 1, name: 'Альянс ВЭД' }).waitFor();
    await client.getByRole('list', { name: 'Чаты' }).getByRole('listitem', { name: 'Альянс ВЭД' }).waitFor();
    expect(await client.getByRole('list', { name: 'Приглашения' }).count()).toBe(0);

    // Live in the agent's open chat: the invitation message says 'принято' (METADATA_EDITED), and the header's presence
    // line follows the new member (GROUP_JOINED → the members are refetched): the client, online, is the other member now.
    await invitationMessage.getByTestId('invitation-status').filter({ hasText: 'принято' }).waitFor();
    expect((await invitationMessage.getByTestId('message-metadata').innerText()).split('\n')[0]).toBe(
      `Приглашение в альянс · ${invitedName} · принято`,
    );
    expect(await invitationMessage.getAttribute('aria-label')).toBe(`Приглашение в альянс · ${invitedName}: принято`);
    await expect
      .poll(async () => (await agent.getByTestId('chat-presence').innerText()).trim(), { timeout: 10_000 })
      .toBe('в сети');
    await agent.screenshot({ path: join(ARTIFACTS, 'alliances-invitation-accepted-agent.png') });

    // The client is a PARTICIPANT: no alliance management.
    await client.getByRole('list', { name: 'Сообщения' }).waitFor({ state: 'attached' });
    expect(await client.getByRole('button', { name: 'Пригласить', exact: true }).count()).toBe(0);
    expect(await client.getByRole('button', { name: 'Переименовать' }).count()).toBe(0);

    // The client writes; the agent sees it live.
    const text = 'Здравствуйте, коллеги';
    await client.getByRole('textbox', { name: 'Сообщение' }).fill(text);
    await client.getByRole('button', { name: 'Отправить' }).click();
    await client
      .getByTestId('chat-message')
      .filter({ hasText: text })
      .and(client.locator('[data-own="true"]'))
      .waitFor();
    await agent
      .getByTestId('chat-message')
      .filter({ hasText: text })
      .and(agent.locator('[data-own="false"]'))
      .waitFor();

    // The agent renames the alliance; the client's header follows live.
    await agent.getByRole('button', { name: 'Переименовать' }).click();
    const rename = agent.getByRole('dialog', { name: 'Переименовать альянс' });
    await expect.poll(() => rename.getByLabel('Название').inputValue()).toBe('Альянс ВЭД');
    await rename.getByLabel('Название').fill('Альянс ВЭД — Китай');
    await rename.getByRole('button', { name: 'Сохранить' }).click();
    await rename.waitFor({ state: 'detached' });
    await agent.getByRole('heading', { level: 1, name: 'Альянс ВЭД — Китай' }).waitFor();
    await client.getByRole('heading', { level: 1, name: 'Альянс ВЭД — Китай' }).waitFor();
    await client.getByRole('list', { name: 'Чаты' }).getByRole('listitem', { name: 'Альянс ВЭД — Китай' }).waitFor();
    await agent.screenshot({ path: join(ARTIFACTS, 'alliances-chat-agent.png') });
    await client.screenshot({ path: join(ARTIFACTS, 'alliances-chat-client.png') });
  });
});
