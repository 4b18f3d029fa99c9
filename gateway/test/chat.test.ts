/**
 * Chat realtime through the gateway (spec chat §4 "Realtime connection", "Notifications"; DESIGN "Realtime"):
 * one upstream SSE stream per user shared by sockets, 5 s retry (injected short), no retry after a 500,
 * token renewal on 401, resume without duplicates, typing expiry and own typing ignored; plus the
 * server-side derivations (status for the viewer, UNREAD separator, online) over HTTP.
 */
import { createClient, type Client } from 'graphql-ws';
import { toGlobalId } from 'graphql-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Kind, parse, type FieldNode } from 'graphql';
import { buildGateway, type Gateway } from '../src/app.js';
import { selectsEventViews } from '../src/modules/chat/subscription.js';
import type { GroupLastMessageDto } from '../src/rest/contract.js';
import { startChatStub, type ChatStub } from './chatStub.js';

const RETRY = 300;
const TYPING = 400;
let stub: ChatStub;
let gw: Gateway;
const clients: Client[] = [];

beforeAll(async () => {
  stub = await startChatStub();
  gw = await buildGateway({
    backendUrl: stub.url,
    port: 0,
    realtime: { retryDelayMs: RETRY, lingerMs: 1500, typingTimeoutMs: TYPING },
  });
});
afterAll(async () => {
  await gw?.close();
  await stub?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

function socket(session: string): Client {
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie: `SESSION=${session}` } });
    }
  }
  const c = createClient({
    url: gw.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: CookieSocket,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(c);
  return c;
}

const EVENTS = `subscription($resumeFrom: String) { chatEvents(resumeFrom: $resumeFrom) {
  __typename
  ... on ChatMessageEvent { cursor kind groupId messageIds message { msgId text status own } }
  ... on ChatTypingEvent { groupId users { userId name } }
  ... on ChatPresenceEvent { user { userId online lastSeenAt } }
  ... on ChatResyncEvent { reason cursor }
  ... on ChatGroupEvent { cursor event removedForViewer }
} }`;

interface Sub {
  events: any[];
  errors: any[];
  done: boolean;
  stop(): void;
}
function subscribe(c: Client, resumeFrom?: string): Sub {
  const sub: Sub = { events: [], errors: [], done: false, stop: () => {} };
  sub.stop = c.subscribe(
    { query: EVENTS, variables: { resumeFrom: resumeFrom ?? null } },
    {
      next: (r) => {
        if (r.errors) sub.errors.push(...r.errors);
        if (r.data) sub.events.push((r.data as any).chatEvents);
      },
      error: (e) => {
        sub.errors.push(e);
        sub.done = true;
      },
      complete: () => {
        sub.done = true;
      },
    },
  );
  return sub;
}

const msg = (msgId: number, senderId: number, text = `m${msgId}`) => ({
  message: {
    msgId,
    groupId: 10,
    dateTimeCreate: new Date().toISOString(),
    text,
    status: 'SENT',
    sender: { id: senderId, name: `u${senderId}` },
  },
});
const msgIds = (s: Sub) => s.events.filter((e) => e.__typename === 'ChatMessageEvent').map((e) => e.message.msgId);

describe('one upstream stream per user (DESIGN "Realtime")', () => {
  it('two sockets of one user share one upstream; another user gets their own; events are per user', async () => {
    const before = stub.connections.length;
    const a1 = subscribe(socket('sess-a'));
    const a2 = subscribe(socket('sess-a2'));
    const b = subscribe(socket('sess-b'));
    await until(() => stub.open(1).length === 1 && stub.open(2).length === 1);
    await sleep(100);
    expect(
      stub.connections
        .slice(before)
        .map((c) => c.userId)
        .sort(),
    ).toEqual([1, 2]);
    expect(gw.realtime.inspect(1)?.subscribers).toBe(2);
    expect(stub.open(1)[0].authorization).toMatch(/^Bearer t-\d+$/); // the chat session token travels
    stub.push(1, 'GROUP_MSG', msg(101, 2));
    stub.push(2, 'GROUP_MSG', msg(102, 2));
    await until(() => msgIds(a1).length === 1 && msgIds(a2).length === 1 && msgIds(b).length === 1);
    expect(msgIds(a1)).toEqual([101]);
    expect(msgIds(a2)).toEqual([101]);
    expect(msgIds(b)).toEqual([102]);
    // derived for the viewer: someone else's new message is unread (DELIVERED); own keeps the server status
    expect(a1.events[0].message).toMatchObject({ own: false, status: 'DELIVERED' });
    expect(b.events[0].message).toMatchObject({ own: true, status: 'SENT' });
    expect(a1.events[0].groupId).toBe(toGlobalId('ChatGroup', '10'));
    a1.stop();
    a2.stop();
    b.stop();
  });
});

describe('upstream retry policy (chat §4 "Realtime connection", §8)', () => {
  it('reconnects after the retry delay with Last-Event-ID and loses nothing', async () => {
    const s = subscribe(socket('sess-c'));
    await until(() => stub.open(3).length === 1);
    const first = stub.push(3, 'GROUP_MSG', msg(201, 2));
    await until(() => msgIds(s).length === 1);
    const n = stub.connections.length;
    stub.cut(3);
    const missed = stub.push(3, 'GROUP_MSG', msg(202, 2)); // committed while the gateway was disconnected
    await sleep(RETRY / 2);
    expect(stub.connections.length).toBe(n); // not before the delay
    await until(() => stub.open(3).length === 1);
    expect(stub.connections[n]).toMatchObject({ userId: 3, lastEventId: String(first), status: 200 });
    await until(() => msgIds(s).length === 2);
    stub.push(3, 'GROUP_MSG', msg(203, 2));
    await until(() => msgIds(s).length === 3);
    expect(msgIds(s)).toEqual([201, 202, 203]);
    expect(s.events[1].cursor).toBe(String(missed));
    s.stop();
    await sleep(50);
  });

  it('does not reconnect after a 500; the subscription ends with INTERNAL_SERVER_ERROR', async () => {
    gw.realtime.close();
    const n = stub.connections.length;
    stub.forceStatus.push(500);
    const s = subscribe(socket('sess-c'));
    await until(() => s.done);
    await sleep(RETRY * 3);
    expect(stub.connections.slice(n).map((c) => c.status)).toEqual([500]);
    expect(JSON.stringify(s.errors)).toContain('INTERNAL_SERVER_ERROR');
    expect(gw.realtime.inspect(3)).toBeNull();
  });

  it('renews the chat session token after a 401 and reconnects at once', async () => {
    const tokens = stub.tokenCalls;
    const n = stub.connections.length;
    stub.forceStatus.push(401);
    const s = subscribe(socket('sess-c'));
    await until(() => stub.open(3).length === 1, RETRY * 0.9); // sooner than the retry delay
    expect(stub.connections.slice(n).map((c) => c.status)).toEqual([401, 200]);
    expect(stub.tokenCalls).toBe(tokens + 2); // initial token, then the renewal
    s.stop();
  });
});

describe('resume cursor (DESIGN "Realtime")', () => {
  it('replays what a socket missed from the per-user buffer, each event once, then continues live', async () => {
    gw.realtime.close();
    const keep = subscribe(socket('sess-a')); // keeps the channel open
    const s1 = subscribe(socket('sess-a2'));
    await until(() => stub.open(1).length === 1);
    stub.push(1, 'GROUP_MSG', msg(301, 2));
    await until(() => msgIds(s1).length === 1);
    const cursor = s1.events[0].cursor as string;
    s1.stop();
    stub.push(1, 'GROUP_MSG', msg(302, 2));
    stub.push(1, 'MODIFY_MSG', { modification: 'MSG_EDITED', ...msg(302, 2, 'правка') });
    await until(() => msgIds(keep).length === 3);
    const s2 = subscribe(socket('sess-a2'), cursor);
    await until(() => msgIds(s2).length === 2);
    stub.push(1, 'GROUP_MSG', msg(303, 2));
    await until(() => msgIds(s2).length === 3);
    await sleep(50);
    expect(s2.events.map((e) => [e.kind, e.message.msgId])).toEqual([
      ['NEW', 302],
      ['EDITED', 302],
      ['NEW', 303],
    ]);
    expect(new Set(s2.events.map((e) => e.cursor)).size).toBe(3);
    expect(stub.open(1)).toHaveLength(1);
    keep.stop();
    s2.stop();
  });

  it('a fresh channel passes the cursor upstream as Last-Event-ID (after a gateway restart)', async () => {
    gw.realtime.close();
    const n = stub.connections.length;
    const id1 = stub.push(2, 'GROUP_MSG', msg(401, 1));
    stub.push(2, 'GROUP_MSG', msg(402, 1));
    const s = subscribe(socket('sess-b'), String(id1));
    await until(() => msgIds(s).length === 1);
    expect(stub.connections[n]).toMatchObject({ userId: 2, lastEventId: String(id1) });
    await sleep(50);
    expect(msgIds(s)).toEqual([402]);
    s.stop();
  });

  it('a cursor the buffer cannot answer gets a RESYNC first', async () => {
    const keep = subscribe(socket('sess-b'));
    await until(() => stub.open(2).length >= 1);
    const s = subscribe(socket('sess-b'), 'не-курсор');
    await until(() => s.events.length === 1);
    expect(s.events[0]).toMatchObject({ __typename: 'ChatResyncEvent', reason: 'INVALID_CURSOR' });
    keep.stop();
    s.stop();
  });
});

describe('typing and presence (chat §4 Notifications, §9)', () => {
  it('shows another user typing, drops it after the timeout, ignores own typing', async () => {
    gw.realtime.close();
    const s = subscribe(socket('sess-a'));
    await until(() => stub.open(1).length === 1);
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_TYPING_GROUP', userId: 1, userName: 'я', groupId: 10 }); // own: ignored
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_TYPING_GROUP', userId: 2, userName: 'Пётр', groupId: 10 });
    await until(() => s.events.length === 1);
    expect(s.events[0]).toEqual({
      __typename: 'ChatTypingEvent',
      groupId: toGlobalId('ChatGroup', '10'),
      users: [{ userId: 2, name: 'Пётр' }],
    });
    const t0 = Date.now();
    await until(() => s.events.length === 2, TYPING * 3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(TYPING - 50);
    expect(s.events[1]).toMatchObject({ __typename: 'ChatTypingEvent', users: [] });
    // renewal keeps it; the sender's message clears it at once
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_TYPING_GROUP', userId: 2, groupId: 10 });
    await until(() => s.events.length === 3);
    await sleep(TYPING / 2);
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_TYPING_GROUP', userId: 2, groupId: 10 });
    await sleep(TYPING * 0.75);
    expect(s.events).toHaveLength(3); // renewed: still typing past the first deadline
    stub.push(1, 'GROUP_MSG', msg(501, 2));
    await until(() => s.events.length === 5);
    expect(s.events.slice(3).map((e) => e.__typename)).toEqual(['ChatMessageEvent', 'ChatTypingEvent']);
    expect(s.events[4].users).toEqual([]);
    s.stop();
  });

  it('presence: online on USER_ONLINE, offline marker 4 minutes back on USER_OFFLINE', async () => {
    gw.realtime.close();
    await sleep(50);
    const n = stub.connections.length;
    const s = subscribe(socket('sess-a'));
    await until(() => stub.connections.length > n && (gw.realtime.inspect(1)?.subscribers ?? 0) >= 1);
    await sleep(50);
    const at = new Date().toISOString();
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_ONLINE', userId: 2, at });
    stub.ephemeral(1, 'NOTIFY_MSG', { notification: 'USER_OFFLINE', userId: 2, at });
    await until(() => s.events.length === 2).catch((e) => {
      throw new Error(`${e} ${JSON.stringify([s.events, s.errors])}`);
    });
    expect(s.events[0].user).toMatchObject({ userId: 2, online: true, lastSeenAt: at });
    expect(s.events[1].user).toMatchObject({
      userId: 2,
      online: false,
      lastSeenAt: new Date(Date.parse(at) - 240_000).toISOString(),
    });
    s.stop();
  });

  it('a subscription without a session is UNAUTHENTICATED and opens no upstream', async () => {
    const n = stub.connections.length;
    const s = subscribe(socket('nobody'));
    await until(() => s.done);
    expect(JSON.stringify(s.errors)).toContain('UNAUTHENTICATED');
    expect(stub.connections.length).toBe(n);
  });
});

describe('derived server-side (chat §4 Message status, UNREAD separator, online)', () => {
  // The backend's message view names the sender only ({ id, name }: no last seen), so a message's sender shows no
  // presence (online false); presence comes from group members, contacts and realtime events.
  it('statuses for the viewer, the separator before the first unread from someone else, senders without presence', async () => {
    const T = (min: number) => new Date(Date.UTC(2025, 5, 1, 12, min)).toISOString();
    stub.groups.set(10, {
      id: 10,
      groupType: 'ECVP_PARTNER_CLIENT',
      name: 'Заявка 7',
      favoriteId: null,
      info: {
        id: 10,
        lastViewedMessageId: 2,
        lastViewedMessageDateTime: T(2),
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    stub.messages.set(10, [
      {
        msgId: 1,
        groupId: 10,
        dateTimeCreate: T(1),
        text: 'a',
        status: 'DELIVERED',
        sender: { id: 2, name: 'Пётр' },
      },
      {
        msgId: 2,
        groupId: 10,
        dateTimeCreate: T(2),
        text: 'b',
        status: 'VIEWED',
        selfMsg: true,
        sender: { id: 1, name: 'Я' },
      },
      {
        msgId: 3,
        groupId: 10,
        dateTimeCreate: T(3),
        text: 'c',
        status: 'SENT',
        selfMsg: true,
        sender: { id: 1, name: 'Я' },
      },
      {
        msgId: 4,
        groupId: 10,
        dateTimeCreate: T(4),
        text: 'd',
        status: 'SENT',
        sender: { id: 2, name: 'Пётр' },
      },
      { msgId: 5, groupId: 10, dateTimeCreate: T(5), text: 'e', status: 'SENT', sender: { id: 2, name: 'Пётр' } },
    ]);
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'SESSION=sess-a' },
      body: JSON.stringify({
        query: `{ viewer { chatGroup(groupId: 10) { id firstUnreadMessageId
        messages(last: 10) { pageInfo { hasPreviousPage } edges { node { msgId status own isFirstUnread sender { online } } } } } } }`,
      }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    const g = body.data.viewer.chatGroup;
    expect(g.firstUnreadMessageId).toBe(toGlobalId('ChatMessage', '4'));
    expect(g.messages.pageInfo.hasPreviousPage).toBe(false);
    expect(
      g.messages.edges.map((e: any) => [
        e.node.msgId,
        e.node.status,
        e.node.own,
        e.node.isFirstUnread,
        e.node.sender.online,
      ]),
    ).toEqual([
      [1, 'VIEWED', false, false, false],
      [2, 'VIEWED', true, false, false],
      [3, 'SENT', true, false, false],
      [4, 'DELIVERED', false, true, false],
      [5, 'DELIVERED', false, false, false],
    ]);
  });
});

describe('message calls follow the backend route schemas (backend routes/chat)', () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'SESSION=sess-a' },
      body: JSON.stringify({ query, variables }),
    });
    return res.json() as Promise<any>;
  };
  const T = new Date(Date.UTC(2025, 5, 1, 12)).toISOString();

  it('edit is PUT /chat/{groupId} { messageId, text }; a reaction toggles POST/DELETE .../reactions { emoji } and does not mark edited; delete is DELETE group/{id}/messages/{msgId}', async () => {
    stub.groups.set(11, {
      id: 11,
      groupType: 'ECVP_PARTNER_CLIENT',
      name: 'Заявка 8',
      favoriteId: null,
      info: {
        id: 11,
        lastViewedMessageId: 0,
        lastViewedMessageDateTime: null,
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    stub.messages.set(11, [
      {
        msgId: 21,
        groupId: 11,
        dateTimeCreate: T,
        text: 'x',
        status: 'SENT',
        selfMsg: true,
        sender: { id: 1, name: 'Я' },
        mentioned: [2],
        edited: false,
        reactions: [],
      },
      {
        msgId: 22,
        groupId: 11,
        dateTimeCreate: T,
        text: 'y',
        status: 'DELIVERED',
        selfMsg: false,
        sender: { id: 2, name: 'Пётр' },
        mentioned: [1],
        edited: false,
        reactions: [],
      },
    ]);
    stub.calls.length = 0;
    const id = (n: number) => toGlobalId('ChatMessage', String(n));
    const edit = await gql(
      `mutation($i: EditChatMessageInput!) { editChatMessage(input: $i) { __typename ... on EditChatMessageSuccess { message { text edited mentionedUserIds } } } }`,
      { i: { messageId: id(21), text: 'правка' } },
    );
    expect(edit.data.editChatMessage).toEqual({
      __typename: 'EditChatMessageSuccess',
      message: { text: 'правка', edited: true, mentionedUserIds: [2] },
    });
    const REACT = `mutation($i: ReactToChatMessageInput!) { reactToChatMessage(input: $i) { ... on ReactToChatMessageSuccess { message { edited mentionsViewer reactions { reaction count viewerReacted } } } } }`;
    const r1 = await gql(REACT, { i: { messageId: id(22), reaction: '👍' } });
    expect(r1.data.reactToChatMessage.message).toEqual({
      edited: false,
      mentionsViewer: true,
      reactions: [{ reaction: '👍', count: 1, viewerReacted: true }],
    });
    const r2 = await gql(REACT, { i: { messageId: id(22), reaction: '👍' } });
    expect(r2.data.reactToChatMessage.message.reactions).toEqual([]);
    const del = await gql(`mutation($i: ChatMessageInput!) { deleteChatMessage(input: $i) { __typename } }`, {
      i: { messageId: id(21) },
    });
    expect(del.errors).toBeUndefined();
    expect(stub.calls).toEqual([
      { method: 'PUT', path: '/api/secured/common/chat/11', body: { messageId: 21, text: 'правка' } },
      { method: 'POST', path: '/api/secured/common/chat/group/11/messages/22/reactions', body: { emoji: '👍' } },
      { method: 'DELETE', path: '/api/secured/common/chat/group/11/messages/22/reactions', body: { emoji: '👍' } },
      { method: 'DELETE', path: '/api/secured/common/chat/group/11/messages/21', body: undefined },
    ]);
  });

  it('a reaction event (MODIFY_MSG MSG_METADATA_EDITED with `reaction`) does not mark the message edited; MSG_EDITED does', async () => {
    const c = socket('sess-b');
    const edited: boolean[] = [];
    const stop = c.subscribe(
      { query: `subscription { chatEvents { ... on ChatMessageEvent { kind message { edited } } } }` },
      {
        next: (r) => {
          const e = (r.data as any)?.chatEvents;
          if (e?.kind) edited.push(e.message.edited);
        },
        error: () => {},
        complete: () => {},
      },
    );
    await until(() => stub.open(2).length === 1);
    const m = {
      msgId: 501,
      groupId: 10,
      dateTimeCreate: T,
      text: 't',
      status: 'SENT',
      sender: { id: 2, name: 'u2' },
      mentioned: [],
      reactions: [{ emoji: '👍', count: 1, userIds: [1] }],
    };
    stub.push(2, 'MODIFY_MSG', {
      type: 'MODIFY_MSG',
      modification: 'MSG_METADATA_EDITED',
      groupId: 10,
      message: { ...m, edited: false },
      reaction: { emoji: '👍', userId: 1, added: true },
    });
    stub.push(2, 'MODIFY_MSG', {
      type: 'MODIFY_MSG',
      modification: 'MSG_METADATA_EDITED',
      groupId: 10,
      message: { msgId: 501, groupId: 10, dateTimeCreate: T, status: 'SENT', sender: { id: 2, name: 'u2' } },
      reaction: { emoji: '👍', userId: 1, added: true },
    });
    stub.push(2, 'MODIFY_MSG', {
      type: 'MODIFY_MSG',
      modification: 'MSG_EDITED',
      groupId: 10,
      message: { ...m, text: 'u', edited: true },
    });
    await until(() => edited.length >= 3);
    stop();
    expect(edited.slice(-3)).toEqual([false, false, true]);
  });

  it('MSG_VIEWED carries only ids: the event answers the stored message (text, time, sender), not the stub', async () => {
    const T = new Date(Date.UTC(2025, 5, 1, 12, 0)).toISOString();
    stub.groups.set(12, {
      id: 12,
      groupType: 'ECVP_PARTNER_CLIENT',
      name: 'Заявка 9',
      favoriteId: null,
      info: {
        id: 12,
        lastViewedMessageId: 0,
        lastViewedMessageDateTime: null,
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    await until(() => stub.open(2).length === 0, 5000); // the previous test's upstream lingers; start a fresh one
    stub.messages.set(12, [
      {
        msgId: 601,
        groupId: 12,
        dateTimeCreate: T,
        text: 'привет',
        status: 'VIEWED',
        selfMsg: true,
        sender: { id: 2, name: 'u2' },
      },
    ]);
    const c = socket('sess-b');
    const got: any[] = [];
    const stop = c.subscribe(
      {
        query: `subscription { chatEvents { ... on ChatMessageEvent { kind messageIds message { msgId text createdAt own status } } } }`,
      },
      {
        next: (r) => {
          const e = (r.data as any)?.chatEvents;
          if (e?.kind === 'VIEWED') got.push(e);
        },
        error: () => {},
        complete: () => {},
      },
    );
    await until(() => stub.open(2).length === 1);
    stub.push(2, 'MODIFY_MSG', {
      type: 'MODIFY_MSG',
      modification: 'MSG_VIEWED',
      groupId: 12,
      message: { msgId: 601, groupId: 12, status: 'VIEWED', metaData: '601' },
    });
    await until(() => got.length >= 1);
    stop();
    expect(got[0].message).toMatchObject({ msgId: 601, text: 'привет', createdAt: T, own: true, status: 'VIEWED' });
  });

  it("MSG_VIEWED / MSG_DELIVERED with the stream's view answer it without a read; the event sets the status for every recipient", async () => {
    // issue 15: the backend's stream adds `view` to status events; group 14 and its messages are unknown to the stub's
    // REST routes, so an answer carrying the text can only come from the event
    const T = new Date(Date.UTC(2025, 5, 2, 9, 30)).toISOString();
    await until(() => stub.open(2).length === 0, 5000);
    const c = socket('sess-b');
    const got: any[] = [];
    const stop = c.subscribe(
      {
        query: `subscription { chatEvents { ... on ChatMessageEvent { kind messageIds message { msgId text createdAt own status sender { name } } } } }`,
      },
      {
        next: (r) => {
          const e = (r.data as any)?.chatEvents;
          if (e?.kind === 'VIEWED' || e?.kind === 'DELIVERED') got.push(e);
        },
        error: () => {},
        complete: () => {},
      },
    );
    await until(() => stub.open(2).length === 1);
    // someone else's message (sender 3), viewed by a third member: VIEWED for user 2 too ("MSG_VIEWED sets VIEWED")
    const view = (status: string) => ({
      msgId: 702,
      groupId: 14,
      dateTimeCreate: T,
      text: 'из события',
      status,
      selfMsg: false,
      sender: { id: 3, name: 'Мария' },
      group: { id: 14, type: 'ECVP_PARTNER_CLIENT', name: 'Заявка 14' },
    });
    /** A status event of the stream: the stub of ids and the status it sets, with the stored message's view. */
    const statusEvent = (status: 'DELIVERED' | 'VIEWED', metaData: string, stored: string) =>
      stub.push(2, 'MODIFY_MSG', {
        type: 'MODIFY_MSG',
        modification: `MSG_${status}`,
        groupId: 14,
        message: { msgId: 702, groupId: 14, status, metaData },
        view: view(stored),
      });
    statusEvent('DELIVERED', '702', 'SENT');
    statusEvent('VIEWED', '701,702', 'DELIVERED');
    await until(() => got.length >= 2);
    stop();
    const expected = (status: string) => ({
      msgId: 702,
      text: 'из события',
      createdAt: T,
      own: false,
      status,
      sender: { name: 'Мария' },
    });
    expect(got.map((e) => e.message)).toEqual([expected('DELIVERED'), expected('VIEWED')]);
    expect(got[1].messageIds).toEqual([701, 702].map((n) => toGlobalId('ChatMessage', String(n))));
  });

  it('a document that selects neither group nor unreadStatistic opens the upstream without views; selectsEventViews finds them through fragments', async () => {
    const c = socket('sess-v');
    const stop = c.subscribe(
      { query: `subscription { chatEvents { __typename ... on ChatMessageEvent { kind message { text } } } }` },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await until(() => stub.open(6).length === 1);
    expect(stub.open(6)[0].views).toBeNull();
    stop();
    const infoOf = (doc: string) => {
      const defs = parse(doc).definitions;
      const op = defs.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      const fragments = Object.fromEntries(
        defs.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
      );
      return { fieldNodes: [op.selectionSet.selections[0] as FieldNode], fragments };
    };
    expect(selectsEventViews(infoOf(`subscription { chatEvents { ... on ChatMessageEvent { kind } } }`))).toBe(false);
    // `group` of the message is not the event's group
    expect(
      selectsEventViews(infoOf(`subscription { chatEvents { ... on ChatMessageEvent { message { id } } } }`)),
    ).toBe(false);
    expect(
      selectsEventViews(
        infoOf(`subscription { chatEvents { ...E } } fragment E on ChatEvent { ... on ChatGroupEvent { ...G } }
          fragment G on ChatGroupEvent { unreadStatistic { unreadMessagesCount } }`),
      ),
    ).toBe(true);
    expect(selectsEventViews(infoOf(`subscription { chatEvents { ... on ChatMessageEvent { group { id } } } }`))).toBe(
      true,
    );
  });

  it("the group and unread statistic of an event come from the backend stream's `view:` line with no read; without one (or unreadable) they are read", async () => {
    // issue 15: the gateway opens the backend stream with views=1; the web app's document selects both on every event
    await until(() => stub.open(2).length === 0, 5000);
    const c = socket('sess-b');
    const got: any[] = [];
    const stop = c.subscribe(
      {
        query: `subscription { chatEvents { __typename
          ... on ChatMessageEvent { kind group { groupId name lastMessage { text } statistics { unreadMessagesCount } }
                                    unreadStatistic { unreadMessagesCount lastMessageId } }
          ... on ChatGroupEvent { event group { groupId name } unreadStatistic { unreadMessagesCount lastMessageId } } } }`,
      },
      { next: (r) => got.push((r.data as any)?.chatEvents), error: () => {}, complete: () => {} },
    );
    await until(() => stub.open(2).length === 1);
    expect(stub.open(2)[0].views).toBe('1');
    const T = new Date(Date.UTC(2025, 5, 3, 8, 0)).toISOString();
    // group 15 is unknown to the stub's REST routes: a group in the answer can only come from the view
    const preview = {
      id: 15,
      groupType: 'ECVP_PARTNER_CLIENT',
      name: 'Альянс 15',
      dateTimeCreate: T,
      orderId: null,
      favoriteId: null,
      isBotOrSupport: false,
      userRole: 'PARTICIPANT',
      memberRole: 'PARTICIPANT',
      cursor: '15',
      lastMessage: {
        msgId: 801,
        timeCreate: T,
        fileName: null,
        message: 'из вида',
        sender: { id: 3, name: 'Мария' },
        messageStatus: 'DELIVERED',
        selfMsg: false,
        sentByGroup: false,
        type: 'GROUP_MSG',
      },
      statistics: {
        groupId: 15,
        hasMessages: true,
        hasNewMentions: false,
        hasNewReactions: false,
        unreadMessagesCount: 4,
        unreadMessagesCounters: [{ type: 'GROUP_MSG', count: 4 }],
      },
      supportRequester: null,
    };
    const message = {
      msgId: 801,
      groupId: 15,
      dateTimeCreate: T,
      text: 'из вида',
      status: 'SENT',
      sender: { id: 3, name: 'Мария' },
    };
    stub.chatReads.length = 0;
    stub.push(
      2,
      'GROUP_MSG',
      message,
      JSON.stringify({ group: preview, unread: { unreadMessagesCount: 9, lastMessageId: 801 } }),
    );
    // the viewer no longer sees the group: null, with no read either
    stub.push(
      2,
      'MODIFY_GROUP_MSG',
      { type: 'MODIFY_GROUP_MSG', event: 'GROUP_NAME_CHANGED', groupId: 15 },
      JSON.stringify({ group: null, unread: { unreadMessagesCount: 5, lastMessageId: 801 } }),
    );
    await until(() => got.length >= 2);
    expect(stub.chatReads).toEqual([]);
    expect(got[0]).toEqual({
      __typename: 'ChatMessageEvent',
      kind: 'NEW',
      group: {
        groupId: 15,
        name: 'Альянс 15',
        lastMessage: { text: 'из вида' },
        statistics: { unreadMessagesCount: 4 },
      },
      unreadStatistic: { unreadMessagesCount: 9, lastMessageId: 801 },
    });
    expect(got[1]).toEqual({
      __typename: 'ChatGroupEvent',
      event: 'GROUP_NAME_CHANGED',
      group: null,
      unreadStatistic: { unreadMessagesCount: 5, lastMessageId: 801 },
    });
    // no view line, or one that is not a view: the group and the statistic are read (the stub knows neither group 15)
    stub.push(2, 'GROUP_MSG', { ...message, msgId: 802 });
    stub.push(2, 'GROUP_MSG', { ...message, msgId: 803 }, '{"group":');
    await until(() => got.length >= 4);
    stop();
    for (const e of got.slice(2)) {
      expect(e).toMatchObject({ group: null, unreadStatistic: { unreadMessagesCount: 2, lastMessageId: 7 } });
    }
    expect(stub.chatReads).toContain('/api/secured/common/chat/group/15');
    expect(stub.chatReads).toContain('/api/secured/common/chat/messages/unread');
  });
});

describe('attachments (spec chat §5; issue 4)', () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'SESSION=sess-a' },
      body: JSON.stringify({ query, variables }),
    });
    return res.json() as Promise<any>;
  };
  const SEND = `mutation($i: SendChatMessageInput!) { sendChatMessage(input: $i) { __typename
    ... on UserError { code errorMessage: message field fieldErrors { field code message } }
    ... on SendChatMessageSuccess { message { msgId text file { name isImage url } pictures { fileId name previewUrl } } } } }`;
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it("passes fileId and pictureIds to the backend send; answers the file url and the pictures' id, name and preview link", async () => {
    stub.groups.set(13, {
      id: 13,
      groupType: 'ECVP_CLIENT',
      name: 'Заявка 13',
      favoriteId: null,
      info: {
        id: 13,
        lastViewedMessageId: 0,
        lastViewedMessageDateTime: null,
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    stub.messages.set(13, []);
    stub.calls.length = 0;
    const withFile = await gql(SEND, {
      i: { groupId: toGlobalId('ChatGroup', '13'), extMsgId: 'msg_1', fileId: uuid(1) },
    });
    expect(withFile.errors).toBeUndefined();
    expect(withFile.data.sendChatMessage.message).toEqual({
      msgId: 900,
      text: null,
      file: { name: 'Счёт.pdf', isImage: false, url: '/files/chat/messages/900' },
      pictures: [],
    });
    const withPictures = await gql(SEND, {
      i: { groupId: toGlobalId('ChatGroup', '13'), extMsgId: 'msg_2', text: 'фото', pictureIds: [uuid(2), uuid(3)] },
    });
    expect(withPictures.data.sendChatMessage.message.pictures).toEqual([
      { fileId: uuid(2), name: 'photo0.png', previewUrl: `/files/chat/${uuid(2)}` },
      { fileId: uuid(3), name: 'photo1.png', previewUrl: `/files/chat/${uuid(3)}` },
    ]);
    expect(stub.calls.map((c) => c.body)).toEqual([
      { extMsgId: 'msg_1', text: null, replyMessageId: null, forwardMessageId: null, metaData: null, fileId: uuid(1) },
      {
        extMsgId: 'msg_2',
        text: 'фото',
        replyMessageId: null,
        forwardMessageId: null,
        metaData: null,
        pictureIds: [uuid(2), uuid(3)],
      },
    ]);
  });

  it("the backend's TOO_MANY_ATTACHMENTS is a UserError with its code, Russian text and field, not a GraphQL error", async () => {
    const r = await gql(SEND, {
      i: {
        groupId: toGlobalId('ChatGroup', '13'),
        extMsgId: 'msg_3',
        pictureIds: Array.from({ length: 11 }, (_, i) => uuid(10 + i)),
      },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data.sendChatMessage).toEqual({
      __typename: 'UserError',
      code: 'TOO_MANY_ATTACHMENTS',
      errorMessage: 'Можно прикрепить не более 10 изображений',
      field: 'pictureIds',
      fieldErrors: [
        { field: 'pictureIds', code: 'TOO_MANY_ATTACHMENTS', message: 'Можно прикрепить не более 10 изображений' },
      ],
    });
  });
});

describe('own presence reported to the backend (spec chat §4 USER_ONLINE / USER_OFFLINE, §7 PUT notification/user, §9)', () => {
  it('online when the first socket subscribes and on every heartbeat; offline after the last one has gone; none at shutdown', async () => {
    // user 3's channels of the shared gateway (earlier tests) must be gone and their reports in
    await until(() => gw.realtime.inspect(3) === null, 5000);
    await gw.realtime.presenceSettled();
    const from = stub.presence.length;
    const gw2 = await buildGateway({
      backendUrl: stub.url,
      port: 0,
      realtime: { retryDelayMs: RETRY, lingerMs: 100, presenceHeartbeatMs: 150 },
    });
    try {
      const mine = () => stub.presence.slice(from).filter((p) => p.userId === 3);
      const ws = (url: string) => {
        class CookieSocket extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers: { cookie: 'SESSION=sess-c' } });
          }
        }
        const c = createClient({
          url: url.replace('http', 'ws') + '/graphql',
          webSocketImpl: CookieSocket,
          retryAttempts: 0,
          lazy: true,
        });
        clients.push(c);
        return c;
      };
      const a = subscribe(ws(gw2.url));
      const b = subscribe(ws(gw2.url)); // a second socket of the same user shares the channel: no second "online"
      await until(() => mine().length >= 1);
      expect(mine()[0]).toEqual({ userId: 3, online: true, csrf: 'tok' });
      await until(() => mine().length >= 3, 2000); // heartbeats while subscribed
      expect(mine().every((p) => p.online)).toBe(true);
      a.stop();
      await sleep(300);
      expect(mine().at(-1)?.online).toBe(true); // one socket is still there
      b.stop();
      await until(() => mine().at(-1)?.online === false, 2000);
      const n = mine().length;
      await sleep(400);
      expect(mine().length).toBe(n); // no heartbeat after the channel stopped
      // a gateway shutdown reports nothing: the clients reconnect to a gateway at once
      subscribe(ws(gw2.url));
      await until(() => mine().length === n + 1);
      await gw2.close();
      await sleep(300);
      expect(mine().length).toBe(n + 1);
    } finally {
      await gw2.close().catch(() => undefined);
    }
  });
});

describe('support desk (spec chat §6 Support; §7 group/filter, group/statistics)', () => {
  const SUPPORT = 10762;
  const T = (min: number) => new Date(Date.UTC(2025, 5, 2, 9, min)).toISOString();
  const gqlAs = async (session: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `SESSION=${session}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as any;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const deskMessage: GroupLastMessageDto = {
    msgId: 70,
    timeCreate: T(0),
    fileName: null,
    message: 'Ответ',
    sender: { id: SUPPORT, name: 'Поддержка' },
    messageStatus: 'SENT',
    selfMsg: true,
    sentByGroup: true,
    type: 'GROUP_MSG',
  };

  it('ChatGroup.supportRequester comes from the group answer: { userId, name, companyName } for ECVP_SUPPORT, null otherwise', async () => {
    stub.groups.set(40, {
      id: 40,
      groupType: 'ECVP_SUPPORT',
      name: 'Поддержка',
      favoriteId: null,
      isBotOrSupport: true,
      lastMessage: deskMessage,
      supportRequester: { id: 7, name: 'Иван Смирнов', companyName: 'ООО «ВЭД Трейд»' },
    });
    stub.groups.set(41, {
      id: 41,
      groupType: 'ECVP_SUPPORT',
      name: 'Поддержка',
      favoriteId: null,
      isBotOrSupport: true,
      lastMessage: null,
      supportRequester: { id: 8, name: 'loner@example.com', companyName: null },
    });
    stub.groups.set(43, {
      id: 43,
      groupType: 'ECVP_CLIENT',
      name: 'Заявка №5',
      favoriteId: null,
      lastMessage: null,
      supportRequester: null,
    });
    const d = await gqlAs(
      'sess-op',
      `{ viewer {
      chatGroups(types: [ECVP_SUPPORT]) { edges { node { groupId name supportRequester { userId name companyName } lastMessage { own senderName status } } } }
      plain: chatGroup(groupId: 43) { groupType supportRequester { userId } }
      one: chatGroup(groupId: 41) { supportRequester { userId name companyName } } } }`,
    );
    expect(d.viewer.chatGroups.edges.map((e: any) => e.node)).toEqual([
      {
        groupId: 40,
        name: 'Поддержка',
        supportRequester: { userId: 7, name: 'Иван Смирнов', companyName: 'ООО «ВЭД Трейд»' },
        lastMessage: { own: true, senderName: 'Поддержка', status: 'SENT' },
      },
      {
        groupId: 41,
        name: 'Поддержка',
        supportRequester: { userId: 8, name: 'loner@example.com', companyName: null },
        lastMessage: null,
      },
    ]);
    expect(d.viewer.plain).toEqual({ groupType: 'ECVP_CLIENT', supportRequester: null });
    expect(d.viewer.one.supportRequester).toEqual({ userId: 8, name: 'loner@example.com', companyName: null });
  });

  it("ChatGroupTypeCount carries the backend's per-type groupCount, unreadGroupCount and unreadMessagesCount", async () => {
    stub.statistics = {
      groupTypeStatistics: [
        { groupType: 'ECVP_CLIENT', groupCount: 3, unreadGroupCount: 1, unreadMessagesCount: 4 },
        { groupType: 'ECVP_PARTNER_CLIENT', groupCount: 0, unreadGroupCount: 0, unreadMessagesCount: 0 },
        { groupType: 'ECVP_PARTNER', groupCount: 1, unreadGroupCount: 0, unreadMessagesCount: 0 },
        { groupType: 'ECVP_SUPPORT', groupCount: 2, unreadGroupCount: 1, unreadMessagesCount: 2 },
      ],
      groupStatistics: [],
    };
    stub.statisticsRequests.length = 0;
    const d = await gqlAs(
      'sess-op',
      '{ viewer { unreadStatistic { groupTypeCounts { groupType groupCount unreadGroupCount unreadMessagesCount } } } }',
    );
    expect(d.viewer.unreadStatistic.groupTypeCounts).toEqual(stub.statistics.groupTypeStatistics);
    // the per-type figures only: an empty groupIds list spares the per-group answer (~1 000 groups for an operator)
    expect(stub.statisticsRequests).toEqual([{ groupIds: [], statisticType: 'MSG' }]);
  });

  it("own (chat §6) follows the backend's selfMsg: the desk's messages (sender 10762) are the operator's own — status kept, never the UNREAD separator", async () => {
    stub.groups.set(42, {
      id: 42,
      groupType: 'ECVP_SUPPORT',
      name: 'Поддержка',
      favoriteId: null,
      isBotOrSupport: true,
      info: {
        id: 42,
        lastViewedMessageId: 2,
        lastViewedMessageDateTime: T(2),
        mentionedMessageIds: [],
        newReactionsMessageIds: [],
      },
    });
    // as the backend answers operator 4: the desk's messages carry selfMsg true, whichever operator typed them
    stub.messages.set(42, [
      {
        msgId: 1,
        groupId: 42,
        dateTimeCreate: T(1),
        text: 'Помогите',
        status: 'VIEWED',
        selfMsg: false,
        sender: { id: 7, name: 'Иван Смирнов' },
      },
      {
        msgId: 2,
        groupId: 42,
        dateTimeCreate: T(2),
        text: 'Смотрим',
        status: 'DELIVERED',
        selfMsg: true,
        sentByGroup: true,
        sender: { id: SUPPORT, name: 'Поддержка' },
      },
      {
        msgId: 3,
        groupId: 42,
        dateTimeCreate: T(3),
        text: 'Готово',
        status: 'SENT',
        selfMsg: true,
        sentByGroup: true,
        sender: { id: SUPPORT, name: 'Поддержка' },
      },
      {
        msgId: 4,
        groupId: 42,
        dateTimeCreate: T(4),
        text: 'Спасибо',
        status: 'SENT',
        selfMsg: false,
        sender: { id: 7, name: 'Иван Смирнов' },
        replyMessage: {
          msgId: 3,
          text: 'Готово',
          sender: { id: SUPPORT, name: 'Поддержка' },
          selfMsg: true,
          deleted: false,
          fileName: null,
        },
      },
    ]);
    const d = await gqlAs(
      'sess-op',
      `{ viewer { chatGroup(groupId: 42) { firstUnreadMessageId
      messages(last: 10) { edges { node { msgId own status isFirstUnread sender { name } replyTo { msgId own } } } } } } }`,
    );
    expect(d.viewer.chatGroup.firstUnreadMessageId).toBe(toGlobalId('ChatMessage', '4'));
    expect(d.viewer.chatGroup.messages.edges.map((e: any) => e.node)).toEqual([
      { msgId: 1, own: false, status: 'VIEWED', isFirstUnread: false, sender: { name: 'Иван Смирнов' }, replyTo: null },
      { msgId: 2, own: true, status: 'DELIVERED', isFirstUnread: false, sender: { name: 'Поддержка' }, replyTo: null },
      { msgId: 3, own: true, status: 'SENT', isFirstUnread: false, sender: { name: 'Поддержка' }, replyTo: null },
      {
        msgId: 4,
        own: false,
        status: 'DELIVERED',
        isFirstUnread: true,
        sender: { name: 'Иван Смирнов' },
        replyTo: { msgId: 3, own: true },
      },
    ]);
  });

  it("realtime: the backend's viewer-neutral event is judged per subscriber — desk messages own for every operator, not for the client", async () => {
    const Q = `subscription { chatEvents { ... on ChatMessageEvent { kind message { msgId own status sender { name } replyTo { msgId own } } } } }`;
    const collect = (session: string) => {
      const got: any[] = [];
      const stop = socket(session).subscribe(
        { query: Q },
        {
          next: (r) => {
            const e = (r.data as any)?.chatEvents;
            if (e?.kind) got.push(e.message);
          },
          error: () => {},
          complete: () => {},
        },
      );
      return { got, stop };
    };
    const op = collect('sess-op');
    const op2 = collect('sess-op2');
    const cl = collect('sess-a');
    await until(() => stub.open(4).length === 1 && stub.open(5).length === 1 && stub.open(1).length === 1);
    await sleep(50);
    const group = { id: 42, type: 'ECVP_SUPPORT', name: 'Поддержка' };
    const desk = {
      msgId: 90,
      groupId: 42,
      dateTimeCreate: T(10),
      text: 'Ответ поддержки',
      status: 'SENT',
      selfMsg: false,
      sentByGroup: true,
      sender: { id: SUPPORT, name: 'Поддержка' },
      group,
    };
    const reply = {
      msgId: 91,
      groupId: 42,
      dateTimeCreate: T(11),
      text: 'Спасибо',
      status: 'SENT',
      selfMsg: false,
      sender: { id: 1, name: 'Иван Смирнов' },
      group,
      replyMessage: {
        msgId: 90,
        text: 'Ответ поддержки',
        sender: { id: SUPPORT, name: 'Поддержка' },
        selfMsg: false,
        deleted: false,
        fileName: null,
      },
    };
    for (const user of [4, 5, 1]) {
      stub.push(user, 'GROUP_MSG', { type: 'GROUP_MSG', groupId: 42, message: desk });
      stub.push(user, 'CHILD_MSG', { type: 'CHILD_MSG', groupId: 42, message: reply });
    }
    await until(() => op.got.length === 2 && op2.got.length === 2 && cl.got.length === 2);
    op.stop();
    op2.stop();
    cl.stop();
    for (const s of [op, op2]) {
      expect(s.got).toEqual([
        { msgId: 90, own: true, status: 'SENT', sender: { name: 'Поддержка' }, replyTo: null },
        {
          msgId: 91,
          own: false,
          status: 'DELIVERED',
          sender: { name: 'Иван Смирнов' },
          replyTo: { msgId: 90, own: true },
        },
      ]);
    }
    expect(cl.got).toEqual([
      { msgId: 90, own: false, status: 'DELIVERED', sender: { name: 'Поддержка' }, replyTo: null },
      { msgId: 91, own: true, status: 'SENT', sender: { name: 'Иван Смирнов' }, replyTo: { msgId: 90, own: false } },
    ]);
  });
});
