/**
 * Personal chats and alliances through the gateway (issue 4; spec chat §6 personal chat types and alliances, §3 metaData
 * group invitation with its label, §7 messages/viewed): the payment agent finds the client among its contacts, creates and
 * renames an alliance and invites the client; the client, not a member yet, gets GROUP_ADDED on its socket and sees the
 * invitation, accepts it and both write there; the refusals arrive as UserError with the backend's stable codes; and
 * markChatMessagesViewed moves the client's counters exactly as the backend counts them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from 'graphql-relay';
import type { Client } from 'graphql-ws';
import {
  backend,
  clientAgentChat,
  mutate,
  mutateResult,
  ok,
  sleep,
  subscribe,
  until,
  userSocket,
  viewerId,
  type RequestChat,
} from '../support/chat.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

let stack: Stack;
let client: GqlClient;
let agent: GqlClient;
let chat: RequestChat;
let clientId: number;
let agentId: number;
const sockets: Client[] = [];
const KEY = Date.now();

const GROUP_EVENTS = `subscription { chatEvents { __typename ... on ChatGroupEvent { event groupId userId removedForViewer group { groupId } } } }`;
const INVITATIONS = `{ viewer { chatInvitations { id invitationId groupId groupName status createdAt invitedUserId invitedBy { userId name } } } }`;
const MESSAGES = `query ($g: Int!) { viewer { chatGroup(groupId: $g) { name messages(last: 20) { edges { node {
  msgId text own edited metaData metadata { type label userMessage invitation { id invitationId status invitedUserId invitedUser { userId name } invitedBy { userId } groupId } }
} } } } } }`;
const unreadOf = (c: GqlClient) =>
  backend(stack.backendUrl, c, '/api/secured/common/chat/messages/unread') as Promise<{
    unreadMessagesCount: number;
    lastMessageId: number;
  }>;

beforeAll(async () => {
  stack = await startStack();
  ({ client, agent, chat } = await clientAgentChat(stack.url));
  clientId = await viewerId(client);
  agentId = await viewerId(agent);
});
afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await stack?.close();
});

describe('alliances through the gateway (issue 4; spec chat §6, §3 metaData)', () => {
  it('contacts → create, rename, invite → realtime GROUP_ADDED and chatInvitations → accept → both write; refusals are UserErrors', async () => {
    // the agent shares the request chat with the client: the client is a contact (not the agent itself, not 10762)
    const contacts = (await ok(agent, '{ viewer { chatContacts { id userId name online lastSeenAt } } }')).viewer
      .chatContacts as any[];
    const contact = contacts.find((c) => c.userId === clientId);
    expect(contact).toMatchObject({ id: toGlobalId('ChatUser', String(clientId)) });
    expect(typeof contact.online).toBe('boolean');
    expect(contacts.map((c) => c.userId)).not.toContain(agentId);
    expect(contacts.map((c) => c.userId)).not.toContain(10762);

    const created = await mutate(
      agent,
      'createChatGroup',
      'CreateChatGroupInput',
      { name: 'Альянс ВЭД', groupType: 'ECVP_PARTNER_CLIENT' },
      'ChatGroupChangeSuccess',
      'group { id groupId name groupType viewerRole } unreadStatistic { unreadMessagesCount }',
    );
    expect(created.group).toMatchObject({ name: 'Альянс ВЭД', groupType: 'ECVP_PARTNER_CLIENT', viewerRole: 'OWNER' });
    const alliance = created.group as { id: string; groupId: number };
    const renamed = await mutate(
      agent,
      'renameChatGroup',
      'RenameChatGroupInput',
      { groupId: alliance.id, name: 'Альянс ВЭД 2026' },
      'ChatGroupChangeSuccess',
      'group { id name }',
    );
    expect(renamed.group).toEqual({ id: alliance.id, name: 'Альянс ВЭД 2026' });

    // the client's socket is open before the invitation
    const streams = stack.backend.app.chatRealtime.openStreams();
    const ws = userSocket(stack.url, client);
    sockets.push(ws);
    const sc = subscribe(ws, GROUP_EVENTS);
    await until("the client's upstream stream", () => stack.backend.app.chatRealtime.openStreams() > streams);
    await sleep(200);

    const invited = await mutate(
      agent,
      'inviteToChatGroup',
      'InviteToChatGroupInput',
      { groupId: alliance.id, userId: clientId },
      'InviteToChatGroupSuccess',
      'invitation { id invitationId groupId groupName status invitedUserId invitedBy { userId } }',
    );
    const inv = invited.invitation;
    expect(inv).toMatchObject({
      id: toGlobalId('ChatInvitation', String(inv.invitationId)),
      groupId: alliance.groupId,
      groupName: 'Альянс ВЭД 2026',
      status: 'PENDING',
      invitedUserId: clientId,
      invitedBy: { userId: agentId },
    });

    // realtime: the invited user is not a member, yet gets GROUP_ADDED about itself (the web refetches chatInvitations)
    const added = await until('GROUP_ADDED at the client', () =>
      sc.events.find(
        (e) => e.__typename === 'ChatGroupEvent' && e.event === 'GROUP_ADDED' && e.groupId === alliance.id,
      ),
    );
    expect(added).toMatchObject({ userId: clientId, removedForViewer: false, group: null });
    expect(sc.errors).toEqual([]);

    const listed = (await ok(client, INVITATIONS)).viewer.chatInvitations as any[];
    expect(listed).toHaveLength(1);
    const agentName = (await ok(client, '{ viewer { chatContacts { userId name } } }')).viewer.chatContacts.find(
      (c: any) => c.userId === agentId,
    ).name;
    expect(listed[0]).toMatchObject({
      id: inv.id,
      groupId: alliance.groupId,
      groupName: 'Альянс ВЭД 2026',
      status: 'PENDING',
      invitedUserId: clientId,
      invitedBy: { userId: agentId, name: agentName },
    });
    expect(
      (
        await ok(client, 'query ($id: ID!) { node(id: $id) { __typename ... on ChatInvitation { invitationId } } }', {
          id: inv.id,
        })
      ).node,
    ).toEqual({ __typename: 'ChatInvitation', invitationId: inv.invitationId });
    expect((await ok(agent, INVITATIONS)).viewer.chatInvitations).toEqual([]);

    // the agent's alliance shows the GROUP_INVITATION message with its label
    const agentView = (await ok(agent, MESSAGES, { g: alliance.groupId })).viewer.chatGroup;
    const invMsg = agentView.messages.edges
      .map((e: any) => e.node)
      .find((m: any) => m.metadata?.type === 'GROUP_INVITATION');
    const clientName = (await ok(agent, '{ viewer { chatContacts { userId name } } }')).viewer.chatContacts.find(
      (c: any) => c.userId === clientId,
    ).name;
    expect(clientName).toBeTruthy();
    // every member sees whom the invitation is for and its status (the inviter here; the backend batches it per page)
    expect(invMsg.metadata).toEqual({
      type: 'GROUP_INVITATION',
      label: 'Приглашение в альянс',
      userMessage: String(inv.invitationId),
      invitation: {
        id: inv.id,
        invitationId: inv.invitationId,
        status: 'PENDING',
        invitedUserId: clientId,
        invitedUser: { userId: clientId, name: clientName },
        invitedBy: { userId: agentId },
        groupId: alliance.groupId,
      },
    });
    expect(JSON.parse(invMsg.metaData)).toEqual({
      userMessage: String(inv.invitationId),
      metadataType: 'GROUP_INVITATION',
    });

    // the agent's socket: the decision arrives as METADATA_EDITED of the invitation message, the membership as GROUP_JOINED
    const agentWs = userSocket(stack.url, agent);
    sockets.push(agentWs);
    const streamsBefore = stack.backend.app.chatRealtime.openStreams();
    const sa = subscribe(
      agentWs,
      `subscription { chatEvents { __typename
      ... on ChatMessageEvent { kind groupId message { msgId edited metadata { invitation { status invitedUser { name } } } } }
      ... on ChatGroupEvent { event groupId userId } } }`,
    );
    await until("the agent's upstream stream", () => stack.backend.app.chatRealtime.openStreams() > streamsBefore);
    await sleep(200);

    // accept: the alliance for list insertion, the invitation to drop
    const accepted = await mutate(
      client,
      'acceptChatInvitation',
      'ChatInvitationInput',
      { invitationId: inv.id },
      'ChatInvitationDecisionSuccess',
      'invitation { id status } group { id groupId name viewerRole } removedInvitationId',
    );
    expect(accepted).toMatchObject({
      invitation: { id: inv.id, status: 'ACCEPTED' },
      group: { id: alliance.id, name: 'Альянс ВЭД 2026', viewerRole: 'PARTICIPANT' },
      removedInvitationId: inv.id,
    });
    expect((await ok(client, INVITATIONS)).viewer.chatInvitations).toEqual([]);
    const clientGroups = (
      await ok(client, '{ viewer { chatGroups(first: 50) { edges { node { groupId } } } } }')
    ).viewer.chatGroups.edges.map((e: any) => e.node.groupId);
    expect(clientGroups).toContain(alliance.groupId);

    // live at the agent: the invitation message now says ACCEPTED (not marked edited), and the client joined
    const edited = await until('METADATA_EDITED at the agent', () =>
      sa.events.find(
        (e) => e.__typename === 'ChatMessageEvent' && e.kind === 'METADATA_EDITED' && e.message.msgId === invMsg.msgId,
      ),
    );
    expect(edited.message).toEqual({
      msgId: invMsg.msgId,
      edited: false,
      metadata: { invitation: { status: 'ACCEPTED', invitedUser: { name: clientName } } },
    });
    await until('GROUP_JOINED at the agent', () =>
      sa.events.find((e) => e.__typename === 'ChatGroupEvent' && e.event === 'GROUP_JOINED' && e.userId === clientId),
    );
    expect(sa.errors).toEqual([]);
    // read again: ACCEPTED for the inviter and for the client, now a member
    for (const viewer of [agent, client]) {
      const msgs = (await ok(viewer, MESSAGES, { g: alliance.groupId })).viewer.chatGroup.messages.edges.map(
        (e: any) => e.node,
      );
      expect(msgs.find((m: any) => m.msgId === invMsg.msgId)).toMatchObject({
        edited: false,
        metadata: { invitation: { status: 'ACCEPTED', invitedUser: { userId: clientId, name: clientName } } },
      });
    }

    // both write in the alliance
    const fromClient = await mutate(
      client,
      'sendChatMessage',
      'SendChatMessageInput',
      { groupId: alliance.id, extMsgId: `msg_${KEY}`, text: 'Спасибо за приглашение' },
      'SendChatMessageSuccess',
      'message { msgId }',
    );
    const fromAgent = await mutate(
      agent,
      'sendChatMessage',
      'SendChatMessageInput',
      { groupId: alliance.id, extMsgId: `msg_${KEY + 1}`, text: 'Добро пожаловать' },
      'SendChatMessageSuccess',
      'message { msgId }',
    );
    const atAgent = (await ok(agent, MESSAGES, { g: alliance.groupId })).viewer.chatGroup.messages.edges.map(
      (e: any) => e.node,
    );
    expect(atAgent.find((m: any) => m.msgId === fromClient.message.msgId)).toMatchObject({
      text: 'Спасибо за приглашение',
      own: false,
      metadata: null,
    });
    const atClient = (await ok(client, MESSAGES, { g: alliance.groupId })).viewer.chatGroup.messages.edges.map(
      (e: any) => e.node,
    );
    expect(atClient.find((m: any) => m.msgId === fromAgent.message.msgId)).toMatchObject({
      text: 'Добро пожаловать',
      own: false,
    });

    // refusals: UserError with the backend's stable codes and Russian texts
    expect(
      await mutateResult(
        client,
        'acceptChatInvitation',
        'ChatInvitationInput',
        { invitationId: inv.id },
        'ChatInvitationDecisionSuccess',
      ),
    ).toMatchObject({
      __typename: 'UserError',
      code: 'INVITATION_DECIDED',
      errorMessage: 'Приглашение уже обработано',
    });
    expect(
      await mutateResult(
        agent,
        'inviteToChatGroup',
        'InviteToChatGroupInput',
        { groupId: alliance.id, userId: clientId },
        'InviteToChatGroupSuccess',
      ),
    ).toMatchObject({
      __typename: 'UserError',
      code: 'ALREADY_MEMBER',
      errorMessage: 'Пользователь уже участник чата',
    });
    expect(
      await mutateResult(
        agent,
        'inviteToChatGroup',
        'InviteToChatGroupInput',
        { groupId: chat.group.id, userId: clientId },
        'InviteToChatGroupSuccess',
      ),
    ).toMatchObject({
      __typename: 'UserError',
      code: 'NOT_ALLIANCE',
      errorMessage: 'Приглашать можно только в альянс',
    });
    expect(
      await mutateResult(
        client,
        'createChatGroup',
        'CreateChatGroupInput',
        { name: 'Агенты', groupType: 'ECVP_PARTNER' },
        'ChatGroupChangeSuccess',
      ),
    ).toMatchObject({
      __typename: 'UserError',
      code: 'GROUP_TYPE_NOT_ALLOWED',
      errorMessage: 'Этот тип чата вам недоступен',
      field: 'groupType',
    });
    expect(
      await mutateResult(
        client,
        'renameChatGroup',
        'RenameChatGroupInput',
        { groupId: alliance.id, name: 'Моё' },
        'ChatGroupChangeSuccess',
      ),
    ).toMatchObject({ __typename: 'UserError', code: 'FORBIDDEN', errorMessage: 'Недостаточно прав' });
    expect((await ok(agent, MESSAGES, { g: alliance.groupId })).viewer.chatGroup.name).toBe('Альянс ВЭД 2026');
  });

  it("markChatMessagesViewed moves the client's counters exactly as the backend counts them", async () => {
    const opened = await ok(
      client,
      '{ viewer { chatGroups(first: 50, types: [ECVP_PARTNER_CLIENT]) { edges { node { id groupId } } } } }',
    );
    const alliance = opened.viewer.chatGroups.edges[0].node as { id: string; groupId: number };
    await mutate(client, 'markChatGroupViewed', 'ChatGroupInput', { groupId: alliance.id }, 'ChatGroupChangeSuccess');
    const sent: number[] = [];
    for (const [i, text] of ['Первое', 'Второе', 'Третье'].entries()) {
      sent.push(
        (
          await mutate(
            agent,
            'sendChatMessage',
            'SendChatMessageInput',
            { groupId: alliance.id, extMsgId: `msg_${KEY + 10 + i}`, text },
            'SendChatMessageSuccess',
            'message { msgId }',
          )
        ).message.msgId,
      );
    }
    const before = await unreadOf(client);
    const gqlBefore = (await ok(client, '{ viewer { unreadStatistic { unreadMessagesCount } } }')).viewer
      .unreadStatistic.unreadMessagesCount;
    expect(gqlBefore).toBe(before.unreadMessagesCount);

    const viewed = await mutate(
      client,
      'markChatMessagesViewed',
      'MarkChatMessagesViewedInput',
      { messageIds: sent.slice(0, 2).map((id) => toGlobalId('ChatMessage', String(id))) },
      'MarkChatMessagesViewedSuccess',
      'groups { id lastViewedMessageId statistics { unreadMessagesCount } } unreadStatistic { unreadMessagesCount }',
    );
    const after = await unreadOf(client);
    expect(after.unreadMessagesCount).toBe(before.unreadMessagesCount - 2);
    expect(viewed.unreadStatistic.unreadMessagesCount).toBe(after.unreadMessagesCount);
    expect(viewed.groups).toEqual([
      { id: alliance.id, lastViewedMessageId: sent[1], statistics: { unreadMessagesCount: 1 } },
    ]);

    // bad input: a malformed id is BAD_USER_INPUT; an empty list is the backend's VALIDATION_ERROR; nothing moves
    const bad = await client.gql(
      'mutation ($input: MarkChatMessagesViewedInput!) { markChatMessagesViewed(input: $input) { __typename } }',
      { input: { messageIds: ['ChatGroup:1x'] } },
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(
      await mutateResult(
        client,
        'markChatMessagesViewed',
        'MarkChatMessagesViewedInput',
        { messageIds: [] },
        'MarkChatMessagesViewedSuccess',
      ),
    ).toMatchObject({ __typename: 'UserError', code: 'VALIDATION_ERROR' });
    expect(await unreadOf(client)).toEqual(after);
  });
});
