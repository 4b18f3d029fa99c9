/**
 * The read pointer and the time rule agree through the gateway (issue 4, decision "id pointer vs time"; spec chat §3
 * "Current chat info": lastViewedMessageId, lastViewedMessageDateTime; §4 "Message status": someone else's message is
 * VIEWED if created at or before the last-viewed time, otherwise DELIVERED; the UNREAD separator goes before the first
 * unread message from someone else). The backend's clock is frozen, so every message is sent in the same millisecond:
 * the backend still gives them strictly increasing creation times, the agent views up to the second one, and the
 * gateway — which derives statuses and the separator from times — shows exactly the later messages as DELIVERED with
 * the separator on the first of them, while the unread counter (derived from the id pointer) counts the same messages;
 * the group list's last message agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from 'graphql-relay';
import { backend, mutate, ok, clientAgentChat, type RequestChat } from '../support/chat.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

let stack: Stack;
let client: GqlClient;
let p1: GqlClient;
let oper: GqlClient;
let chat: RequestChat;
const BASE_KEY = Date.now();

const GROUP = `query ($g: Int!) { viewer { chatGroup(groupId: $g) {
  lastViewedMessageId lastViewedAt firstUnreadMessageId statistics { unreadMessagesCount }
  messages(last: 20) { edges { node { msgId createdAt status own isFirstUnread } } }
} } }`;

const LIST = `{ viewer { chatGroups(first: 50) { edges { node { groupId lastMessage { msgId status own } } } } } }`;

beforeAll(async () => {
  stack = await startStack();
  ({ client, agent: p1, oper, chat } = await clientAgentChat(stack.url));
});
afterAll(async () => {
  stack?.backend.clock.unfreeze();
  await stack?.close();
});

describe('read pointer and last-viewed time through the gateway (issue 4; spec chat §3, §4)', () => {
  it('after "viewed to message N", exactly the later messages of others are DELIVERED, the first with the separator', async () => {
    stack.backend.clock.freeze();
    const sent: { msgId: number; createdAt: string }[] = [];
    const texts = ['раз', 'два', 'три', 'четыре', 'пять'];
    for (const [i, text] of texts.entries()) {
      const r = await mutate(
        i === 2 ? oper : client,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId: chat.group.id, extMsgId: `msg_${BASE_KEY + i}`, text },
        'SendChatMessageSuccess',
        'message { msgId createdAt }',
      );
      sent.push(r.message);
    }
    // one frozen millisecond, yet strictly increasing creation times in id order
    const times = sent.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual(times.map((_, i) => times[0] + i));

    const listStatus = async () =>
      ((await ok(p1, LIST)).viewer.chatGroups.edges as any[]).find((e) => e.node.groupId === chat.group.groupId).node
        .lastMessage.status as string;
    const n = sent[1];
    await mutate(
      p1,
      'markChatViewedTo',
      'MarkChatViewedToInput',
      { groupId: chat.group.id, messageId: toGlobalId('ChatMessage', String(n.msgId)) },
      'ChatGroupChangeSuccess',
    );
    const g = (await ok(p1, GROUP, { g: chat.group.groupId })).viewer.chatGroup;
    const later = sent.slice(2);
    expect(g.lastViewedMessageId).toBe(n.msgId);
    expect(g.lastViewedAt).toBe(n.createdAt); // the creation time of message N, not the moment of viewing
    expect(g.statistics.unreadMessagesCount).toBe(later.length);
    expect(g.firstUnreadMessageId).toBe(toGlobalId('ChatMessage', String(later[0].msgId)));
    expect(g.messages.edges.map((e: any) => [e.node.msgId, e.node.status, e.node.own, e.node.isFirstUnread])).toEqual([
      [sent[0].msgId, 'VIEWED', false, false],
      [n.msgId, 'VIEWED', false, false],
      [later[0].msgId, 'DELIVERED', false, true],
      [later[1].msgId, 'DELIVERED', false, false],
      [later[2].msgId, 'DELIVERED', false, false],
    ]);
    // the group list shows the last message (from the client, after N) unread as well
    expect(await listStatus()).toBe('DELIVERED');
    // the backend agrees: its chat info carries the same pointer and time, its counter the same number
    const detail = await backend(stack.backendUrl, p1, `/api/secured/common/chat/group/${chat.group.groupId}`);
    expect(detail.info).toMatchObject({ lastViewedMessageId: n.msgId, lastViewedMessageDateTime: n.createdAt });
    expect(detail.statistics.unreadMessagesCount).toBe(later.length);

    // viewing everything: no DELIVERED, no separator, no unread
    await mutate(p1, 'markChatGroupViewed', 'ChatGroupInput', { groupId: chat.group.id }, 'ChatGroupChangeSuccess');
    const all = (await ok(p1, GROUP, { g: chat.group.groupId })).viewer.chatGroup;
    expect(all.lastViewedAt).toBe(sent[4].createdAt);
    expect(all.firstUnreadMessageId).toBeNull();
    expect(all.statistics.unreadMessagesCount).toBe(0);
    expect(all.messages.edges.map((e: any) => e.node.status)).toEqual([
      'VIEWED',
      'VIEWED',
      'VIEWED',
      'VIEWED',
      'VIEWED',
    ]);
    expect(await listStatus()).toBe('VIEWED');
    stack.backend.clock.unfreeze();
  });
});
