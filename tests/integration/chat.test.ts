/**
 * The chat end to end over the real backend and gateway (issue 4 "Integration: two users over real WebSockets through
 * the gateway"; spec chat §3–§9). The client and the payment agent partner1 talk in the chat of a request (the client
 * creates the order, the operator sends it to partner1, both open the order's chat) over graphql-ws sockets carrying
 * their session cookies: messages both ways, an edit, a delete, a reaction, a mention, typing, and unread counters
 * that equal what the backend reports after views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { toGlobalId } from 'graphql-relay';
import {
  backend as backendAs,
  msgEvent,
  mutate,
  ok,
  sleep,
  subscribe as subscribeTo,
  until,
  userSocket,
  type Sub,
} from '../support/chat.js';
import { orderInput, pdf, signIn, signInOperator, uploadFile } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

let stack: Stack;
let client: GqlClient;
let p1: GqlClient;
let p2: GqlClient;
let oper: GqlClient;
let p1Id: number;
const sockets: Client[] = [];
/** The client's message keys: `msg_<number>` (spec chat §5). */
const key = (n: number) => `msg_${BASE_KEY + n}`;
const BASE_KEY = Date.now();

/** A socket with the user's cookies, disposed after the suite. */
function socket(c: GqlClient): Client {
  const ws = userSocket(stack.url, c);
  sockets.push(ws);
  return ws;
}

const EVENTS = `subscription { chatEvents {
  __typename
  ... on ChatMessageEvent { cursor kind groupId messageIds message { msgId text own edited mentionsViewer mentionedUserIds reactions { reaction count viewerReacted } } }
  ... on ChatTypingEvent { groupId users { userId } }
} }`;

const subscribe = (ws: Client): Sub => subscribeTo(ws, EVENTS);
/** What the backend itself reports for the user behind `c`. */
const backend = (c: GqlClient, path: string, init: { method?: string; body?: unknown } = {}) =>
  backendAs(stack.backendUrl, c, path, init);

beforeAll(async () => {
  stack = await startStack();
  ({ c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
  let id: number | null;
  ({ c: p1, companyId: id } = await signIn(stack.url, 'partner1@example.com', 'PARTNER'));
  p1Id = id!;
  ({ c: p2 } = await signIn(stack.url, 'partner2@example.com', 'PARTNER'));
  oper = await signInOperator(stack.url);
});
afterAll(async () => {
  for (const s of sockets.splice(0)) await s.dispose();
  await stack?.close();
});

describe('chat between two users over real WebSockets through the gateway (issue 4)', () => {
  it('messages both ways, edit, delete, reaction, mention, typing and counters', async () => {
    // A request chat: the client's order, sent by the operator to partner1.
    const created = await ok(
      client,
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } } }`,
      { input: orderInput() },
    );
    const order = created.createOrder.order as { id: string; orderId: number };
    await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId: order.id }, 'TakeOrderForReviewSuccess');
    await mutate(
      oper,
      'sendOrderToPartners',
      'SendOrderToPartnersInput',
      { orderId: order.id, partnerIds: [p1Id] },
      'SendOrderToPartnersSuccess',
    );
    const opened = await mutate(
      client,
      'openOrderChat',
      'OpenOrderChatInput',
      { orderId: order.id },
      'OpenOrderChatSuccess',
      'group { id groupId orderId }',
    );
    const group = opened.group as { id: string; groupId: number; orderId: number };
    expect(group.orderId).toBe(order.orderId);
    const again = await mutate(
      p1,
      'openOrderChat',
      'OpenOrderChatInput',
      { orderId: order.id },
      'OpenOrderChatSuccess',
      'group { id }',
    );
    expect(again.group.id).toBe(group.id); // create-get: one chat per request, open to the agent it was sent to

    const clientUser = (await ok(client, '{ viewer { userId } }')).viewer.userId as number;
    const p1User = (await ok(p1, '{ viewer { userId } }')).viewer.userId as number;

    // Both sockets subscribe; each user gets one upstream stream at the backend.
    const streamsBefore = stack.backend.app.chatRealtime.openStreams();
    const sc = subscribe(socket(client));
    const sp = subscribe(socket(p1));
    await until('both upstream streams', () => stack.backend.app.chatRealtime.openStreams() >= streamsBefore + 2);
    await sleep(200);

    const SEND = 'message { msgId text own mentionsViewer }';
    const COUNTERS = `query ($g: Int!) { viewer { unreadStatistic { unreadMessagesCount lastMessageId }
      chatGroup(groupId: $g) { statistics { unreadMessagesCount hasNewMentions } firstUnreadMessageId } } }`;
    const compare = async (c: GqlClient) => {
      const gq = (await ok(c, COUNTERS, { g: group.groupId })).viewer;
      const unread = await backend(c, '/api/secured/common/chat/messages/unread');
      const detail = await backend(c, `/api/secured/common/chat/group/${group.groupId}`);
      expect(gq.unreadStatistic).toEqual({
        unreadMessagesCount: unread.unreadMessagesCount,
        lastMessageId: unread.lastMessageId,
      });
      expect(gq.chatGroup.statistics.unreadMessagesCount).toBe(detail.statistics.unreadMessagesCount);
      return gq;
    };
    // 1. client → partner1, mentioning partner1
    const a = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(1), text: 'Здравствуйте, @agent', mentionedUserIds: [p1User] },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    expect(a).toMatchObject({ text: 'Здравствуйте, @agent', own: true, mentionsViewer: false });
    const aAtP1 = await until('A at partner1', () => msgEvent(sp, 'NEW', a.msgId));
    expect(aAtP1.groupId).toBe(group.id);
    expect(aAtP1.message).toMatchObject({
      text: 'Здравствуйте, @agent',
      own: false,
      mentionsViewer: true,
      mentionedUserIds: [p1User],
      edited: false,
    });
    expect((await until('A at client', () => msgEvent(sc, 'NEW', a.msgId))).message.own).toBe(true);

    // partner1 has one unread message that mentions them — as the backend reports
    expect((await compare(p1)).chatGroup.statistics).toEqual({ unreadMessagesCount: 1, hasNewMentions: true });

    // the same extMsgId again returns the existing message (idempotent send), no second event
    const a2 = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(1), text: 'Здравствуйте, @agent' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    expect(a2.msgId).toBe(a.msgId);

    // 2. partner1 → client
    const b = (
      await mutate(
        p1,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(2), text: 'Добрый день' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    expect((await until('B at client', () => msgEvent(sc, 'NEW', b.msgId))).message).toMatchObject({
      text: 'Добрый день',
      own: false,
      mentionsViewer: false,
    });

    // 3. an edit by its sender
    const edited = await mutate(
      client,
      'editChatMessage',
      'EditChatMessageInput',
      { messageId: toGlobalId('ChatMessage', String(a.msgId)), text: 'Здравствуйте!' },
      'EditChatMessageSuccess',
      'message { text edited }',
    );
    expect(edited.message).toEqual({ text: 'Здравствуйте!', edited: true });
    expect((await until('edit at partner1', () => msgEvent(sp, 'EDITED', a.msgId))).message).toMatchObject({
      text: 'Здравствуйте!',
      edited: true,
    });

    // 4. a reaction: METADATA_EDITED that does not mark the message edited
    const reacted = await mutate(
      client,
      'reactToChatMessage',
      'ReactToChatMessageInput',
      { messageId: toGlobalId('ChatMessage', String(b.msgId)), reaction: '👍' },
      'ReactToChatMessageSuccess',
      'message { edited reactions { reaction count viewerReacted } }',
    );
    expect(reacted.message).toEqual({ edited: false, reactions: [{ reaction: '👍', count: 1, viewerReacted: true }] });
    const rAtP1 = await until('reaction at partner1', () =>
      sp.events.find((e) => e.kind === 'METADATA_EDITED' && e.message.msgId === b.msgId),
    );
    expect(rAtP1.message).toMatchObject({
      edited: false,
      reactions: [{ reaction: '👍', count: 1, viewerReacted: false }],
    });

    // 5. typing: partner1 types; the client sees it, partner1 never gets its own typing
    await mutate(p1, 'sendTyping', 'ChatGroupInput', { groupId: group.id }, 'SendTypingSuccess');
    const typing = await until('typing at client', () =>
      sc.events.find((e) => e.__typename === 'ChatTypingEvent' && e.users.some((u: any) => u.userId === p1User)),
    );
    expect(typing.groupId).toBe(group.id);

    // 6. a delete
    const c1 = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(3), text: 'удалю' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    await until('C1 at partner1', () => msgEvent(sp, 'NEW', c1.msgId));
    await mutate(
      client,
      'deleteChatMessage',
      'ChatMessageInput',
      { messageId: toGlobalId('ChatMessage', String(c1.msgId)) },
      'DeleteChatMessageSuccess',
    );
    expect((await until('delete at partner1', () => msgEvent(sp, 'DELETED', c1.msgId))).messageIds).toEqual([
      toGlobalId('ChatMessage', String(c1.msgId)),
    ]);

    // 7. counters: two more from the client; partner1 views up to the first of them
    const d1 = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(4), text: 'раз' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    const d2 = (
      await mutate(
        client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(5), text: 'два' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    await until('D2 at partner1', () => msgEvent(sp, 'NEW', d2.msgId));
    let p1Counters = await compare(p1);
    // partner1's own message B moved its read pointer past A; C1 is deleted: D1 and D2 are unread
    expect(p1Counters.chatGroup.statistics).toEqual({ unreadMessagesCount: 2, hasNewMentions: false });
    await mutate(
      p1,
      'markChatViewedTo',
      'MarkChatViewedToInput',
      { groupId: group.id, messageId: toGlobalId('ChatMessage', String(d1.msgId)) },
      'ChatGroupChangeSuccess',
    );
    p1Counters = await compare(p1);
    expect(p1Counters.chatGroup.statistics.unreadMessagesCount).toBe(1);
    // the client saw VIEWED arrive for its messages
    const viewedAtClient = await until('VIEWED at client', () =>
      sc.events.find((e) => e.kind === 'VIEWED' && e.messageIds.includes(toGlobalId('ChatMessage', String(d1.msgId)))),
    );
    // the event answers the whole message (the backend's stream carries its view; issue 15), the client's own
    expect(viewedAtClient.message).toMatchObject({ msgId: d1.msgId, text: d1.text, own: true });
    await mutate(p1, 'markChatGroupViewed', 'ChatGroupInput', { groupId: group.id }, 'ChatGroupChangeSuccess');
    expect((await compare(p1)).chatGroup.statistics.unreadMessagesCount).toBe(0);
    // the client's own later messages moved its pointer past B
    expect((await compare(client)).chatGroup.statistics.unreadMessagesCount).toBe(0);
    // a new message from partner1 is unread for the client until viewed
    const e = (
      await mutate(
        p1,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(100), text: 'ещё' },
        'SendChatMessageSuccess',
        SEND,
      )
    ).message;
    await until('E at client', () => msgEvent(sc, 'NEW', e.msgId));
    expect((await compare(client)).chatGroup.statistics.unreadMessagesCount).toBe(1);
    await mutate(client, 'markChatGroupViewed', 'ChatGroupInput', { groupId: group.id }, 'ChatGroupChangeSuccess');
    expect((await compare(client)).chatGroup.statistics.unreadMessagesCount).toBe(0);

    // every message event arrived once per user, in order, and nobody got its own typing
    for (const s of [sc, sp]) {
      const news = s.events.filter((e) => e.kind === 'NEW').map((e) => e.message.msgId);
      expect(news).toEqual([a.msgId, b.msgId, c1.msgId, d1.msgId, d2.msgId, e.msgId]);
      const cursors = s.events.filter((e) => e.cursor).map((e) => Number(e.cursor));
      expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(s.errors).toEqual([]);
    }
    expect(
      sp.events.some((e) => e.__typename === 'ChatTypingEvent' && e.users.some((u: any) => u.userId === p1User)),
    ).toBe(false);

    // attachments through the gateway's file proxy: upload to the group, attach, download by message and by file id
    const content = pdf('chat attachment');
    const up = await uploadFile(client, `/files/chat/groups/${group.groupId}`, 'invoice.pdf', content);
    expect(up.status, await up.clone().text()).toBe(201);
    const file = (await up.json()) as { id: string; name: string; isPicture: boolean };
    expect(file).toMatchObject({ name: 'invoice.pdf', isPicture: false });
    const withFile = await backend(client, `/api/secured/common/chat/group/${group.groupId}/messages`, {
      method: 'POST',
      body: { extMsgId: key(200), fileId: file.id },
    });
    const fileEvent = await until('file message at partner1', () => msgEvent(sp, 'NEW', withFile.msgId));
    expect(fileEvent.message.own).toBe(false);
    for (const path of [`/files/chat/messages/${withFile.msgId}`, `/files/chat/${file.id}`]) {
      const got = await p1.fetch(path);
      expect(got.status, path).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(content), path).toBe(true);
      expect((await p2.fetch(path)).status, `${path} for a non-member`).toBeGreaterThanOrEqual(400);
    }
    expect((await p1.fetch('/files/chat/groups/x')).status).toBe(404);

    // a reply (the one-statement send, migration 0026): a CHILD event at the client quoting the client's message
    const answer = (
      await mutate(
        p1,
        'sendChatMessage',
        'SendChatMessageInput',
        {
          groupId: group.id,
          extMsgId: key(300),
          text: 'отвечаю',
          replyToId: toGlobalId('ChatMessage', String(b.msgId)),
        },
        'SendChatMessageSuccess',
        'message { msgId text replyTo { msgId text } }',
      )
    ).message;
    expect(answer.replyTo).toEqual({ msgId: b.msgId, text: 'Добрый день' });
    const childAtClient = await until('reply at client', () => msgEvent(sc, 'CHILD', answer.msgId));
    expect(childAtClient.message).toMatchObject({ msgId: answer.msgId, text: 'отвечаю', own: false });
    // a forward (one statement too, migration 0026): the forwarded text and the quote
    const forwarded = (
      await mutate(
        p1,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: group.id, extMsgId: key(301), forwardId: toGlobalId('ChatMessage', String(b.msgId)) },
        'SendChatMessageSuccess',
        'message { msgId text forwardedFrom { msgId } }',
      )
    ).message;
    expect(forwarded).toMatchObject({ text: 'Добрый день', forwardedFrom: { msgId: b.msgId } });
    const forwardAtClient = await until('forward at client', () => msgEvent(sc, 'NEW', forwarded.msgId));
    expect(forwardAtClient.message).toMatchObject({ text: 'Добрый день', own: false });

    sc.stop();
    sp.stop();

    // node(id:) is scoped to membership: the members see the group, its message and each other; partner2 sees nothing
    const NODE = `query ($g: ID!, $m: ID!, $u: ID!) { g: node(id: $g) { __typename id } m: node(id: $m) { __typename ... on ChatMessage { text } } u: node(id: $u) { __typename ... on ChatUser { userId } } }`;
    const vars = {
      g: group.id,
      m: toGlobalId('ChatMessage', String(b.msgId)),
      u: toGlobalId('ChatUser', String(p1User)),
    };
    expect(await ok(client, NODE, vars)).toEqual({
      g: { __typename: 'ChatGroup', id: group.id },
      m: { __typename: 'ChatMessage', text: 'Добрый день' },
      u: { __typename: 'ChatUser', userId: p1User },
    });
    expect(await ok(p2, NODE, vars)).toEqual({ g: null, m: null, u: null });
    expect(clientUser).not.toBe(p1User);
  });
});
