/**
 * The operators' support desk over the real backend and gateway (spec chat §6 Support, §5 search, §7 group/filter and
 * group/statistics, §3 "Group statistics by group type"). Two clients write to support; the operator (acting as the
 * support user 10762) reads
 *   - `viewer { unreadStatistic { unreadMessagesCount groupTypeCounts { groupType groupCount unreadGroupCount
 *     unreadMessagesCount } } }`: the ECVP_SUPPORT figures from the desk's shared read pointer, equal to the backend's
 *     answer and adding up to the overall count;
 *   - `chatGroups(types: [ECVP_SUPPORT])` with each chat's `supportRequester` and the search by the requester;
 *   - `own` of the desk's answer: true for the operator (mutation answer, message list, realtime), false with sender
 *     'Поддержка' for the client.
 */
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, msgEvent, mutate, ok, sleep, subscribe, until, userSocket, viewerId } from '../support/chat.js';
import { signIn, signInOperator } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

let stack: Stack;
let c1: GqlClient;
let c2: GqlClient;
let oper: GqlClient;
const sockets: Client[] = [];
const BASE_KEY = Date.now();
/** Message keys `msg_<number>` (spec chat §5). */
const key = (n: number) => `msg_${BASE_KEY + n}`;

interface TypeCount {
  groupType: string;
  groupCount: number;
  unreadGroupCount: number;
  unreadMessagesCount: number;
}

const STATISTIC = `{ viewer { unreadStatistic { unreadMessagesCount groupTypeCounts { groupType groupCount unreadGroupCount unreadMessagesCount } } } }`;
const EVENTS = `subscription { chatEvents { __typename ... on ChatMessageEvent { kind groupId message { msgId text own sentByGroup sender { name } } } } }`;

/** The viewer's own support chat (created on first use by the backend): global id and backend id. */
async function supportChat(c: GqlClient): Promise<{ id: string; groupId: number }> {
  const d = await ok(c, '{ viewer { chatGroups(types: [ECVP_SUPPORT]) { edges { node { id groupId } } } } }');
  expect(d.viewer.chatGroups.edges).toHaveLength(1);
  return d.viewer.chatGroups.edges[0].node;
}

/** The operator's figures, checked against the backend's own answer and the overall count (spec chat §3, §7). */
async function desk(): Promise<TypeCount> {
  const { unreadStatistic } = (await ok(oper, STATISTIC)).viewer as {
    unreadStatistic: { unreadMessagesCount: number; groupTypeCounts: TypeCount[] };
  };
  const direct = await backend(stack.backendUrl, oper, '/api/secured/common/chat/group/statistics', {
    method: 'POST',
    body: { statisticType: 'MSG' },
  });
  expect(unreadStatistic.groupTypeCounts).toEqual(direct.groupTypeStatistics);
  expect(unreadStatistic.groupTypeCounts.reduce((n, t) => n + t.unreadMessagesCount, 0)).toBe(
    unreadStatistic.unreadMessagesCount,
  );
  for (const t of unreadStatistic.groupTypeCounts)
    expect(t.unreadMessagesCount >= 0 && t.unreadGroupCount >= 0).toBe(true);
  return unreadStatistic.groupTypeCounts.find((t) => t.groupType === 'ECVP_SUPPORT')!;
}

beforeAll(async () => {
  stack = await startStack();
  ({ c: c1 } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
  ({ c: c2 } = await signIn(stack.url, 'newclient@example.com', 'CLIENT'));
  oper = await signInOperator(stack.url);
});
afterAll(async () => {
  for (const s of sockets.splice(0)) await s.dispose();
  await stack?.close();
});

describe('the support desk through the gateway (spec chat §6)', () => {
  it("per-type unread, the requester of each chat, search by requester, and the desk's messages as the operator's own", async () => {
    const sg1 = await supportChat(c1);
    const sg2 = await supportChat(c2);
    const send = (c: GqlClient, groupId: string, n: number, text: string) =>
      mutate(
        c,
        'sendChatMessage',
        'SendChatMessageInput',
        { groupId, extMsgId: key(n), text },
        'SendChatMessageSuccess',
        'message { msgId own sentByGroup sender { name } }',
      ).then((r) => r.message as { msgId: number; own: boolean; sentByGroup: boolean; sender: { name: string } });

    // 1. two support chats; the first read by the desk, the second with 2 unread messages
    await send(c1, sg1.id, 1, 'Здравствуйте, вопрос по платежу');
    await mutate(oper, 'markChatGroupViewed', 'ChatGroupInput', { groupId: sg1.id }, 'ChatGroupChangeSuccess');
    await send(c2, sg2.id, 2, 'Здравствуйте');
    await send(c2, sg2.id, 3, 'Когда проверят компанию?');
    expect(await desk()).toEqual({
      groupType: 'ECVP_SUPPORT',
      groupCount: 2,
      unreadGroupCount: 1,
      unreadMessagesCount: 2,
    });

    // 2. the desk's list tells the chats apart; the operator finds a chat by the requester's surname or company
    const list = await ok(
      oper,
      `{ viewer { chatGroups(types: [ECVP_SUPPORT]) { edges { node { groupId name supportRequester { userId name companyName } } } } } }`,
    );
    const requesters = Object.fromEntries(
      list.viewer.chatGroups.edges.map((e: any) => [e.node.groupId, e.node.supportRequester]),
    );
    expect(requesters).toEqual({
      [sg1.groupId]: { userId: await viewerId(c1), name: 'Иван Смирнов', companyName: 'ООО «ВЭД Трейд»' },
      [sg2.groupId]: { userId: await viewerId(c2), name: 'Анна Кузнецова', companyName: 'ООО «Новый Импорт»' },
    });
    const found = async (c: GqlClient, search: string) =>
      (
        await ok(
          c,
          'query ($s: String!) { viewer { chatGroups(search: $s, types: [ECVP_SUPPORT]) { edges { node { groupId } } } } }',
          { s: search },
        )
      ).viewer.chatGroups.edges.map((e: any) => e.node.groupId);
    expect(await found(oper, 'Кузнецова')).toEqual([sg2.groupId]);
    expect(await found(oper, 'Новый Импорт')).toEqual([sg2.groupId]);
    expect(await found(c1, 'Кузнецова')).toEqual([]); // a client's search never reaches another user's support chat

    // 3. the operator answers in the first client's support chat: own for the operator, the desk's for the client
    const [wo, wc] = [userSocket(stack.url, oper), userSocket(stack.url, c1)];
    sockets.push(wo, wc);
    const so = subscribe(wo, EVENTS);
    const sc = subscribe(wc, EVENTS);
    await until('both upstream streams', () => stack.backend.app.chatRealtime.openStreams() >= 2);
    await sleep(200);
    const answer = await send(oper, sg1.id, 4, 'Добрый день! Платёж проверим сегодня');
    expect(answer).toMatchObject({ own: true, sentByGroup: true, sender: { name: 'Поддержка' } });
    const atOperator = await until('the answer at the operator', () => msgEvent(so, 'NEW', answer.msgId));
    expect(atOperator.message).toMatchObject({ own: true, sentByGroup: true, sender: { name: 'Поддержка' } });
    const atClient = await until('the answer at the client', () => msgEvent(sc, 'NEW', answer.msgId));
    expect(atClient.message).toMatchObject({ own: false, sentByGroup: true, sender: { name: 'Поддержка' } });
    so.stop();
    sc.stop();
    const LIST = `query ($g: Int!) { viewer { chatGroup(groupId: $g) { lastMessage { own senderName } messages(last: 10) { edges { node { msgId own status sender { name } } } } } } }`;
    const asOperator = (await ok(oper, LIST, { g: sg1.groupId })).viewer.chatGroup;
    const asClient = (await ok(c1, LIST, { g: sg1.groupId })).viewer.chatGroup;
    expect(asOperator.messages.edges.map((e: any) => [e.node.msgId === answer.msgId, e.node.own])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(asOperator.lastMessage).toEqual({ own: true, senderName: 'Поддержка' });
    expect(asClient.messages.edges.at(-1).node).toMatchObject({
      msgId: answer.msgId,
      own: false,
      status: 'DELIVERED',
      sender: { name: 'Поддержка' },
    });
    expect(asClient.lastMessage).toEqual({ own: false, senderName: 'Поддержка' });

    // 4. the answer is no unread for the desk; viewing the second chat clears the ECVP_SUPPORT figures
    expect(await desk()).toEqual({
      groupType: 'ECVP_SUPPORT',
      groupCount: 2,
      unreadGroupCount: 1,
      unreadMessagesCount: 2,
    });
    await mutate(oper, 'markChatGroupViewed', 'ChatGroupInput', { groupId: sg2.id }, 'ChatGroupChangeSuccess');
    expect(await desk()).toEqual({
      groupType: 'ECVP_SUPPORT',
      groupCount: 2,
      unreadGroupCount: 0,
      unreadMessagesCount: 0,
    });
    // the client's side: one support chat with the desk's answer unread
    const mine = (await ok(c1, STATISTIC)).viewer.unreadStatistic as {
      unreadMessagesCount: number;
      groupTypeCounts: TypeCount[];
    };
    expect(mine.groupTypeCounts.find((t) => t.groupType === 'ECVP_SUPPORT')).toEqual({
      groupType: 'ECVP_SUPPORT',
      groupCount: 1,
      unreadGroupCount: 1,
      unreadMessagesCount: 1,
    });
  });
});
