/**
 * Ending a session ends realtime access (issue 14 defect 2, over real WebSockets through the gateway): logout, a password
 * change, a block and the session's expiry revoke the chat session tokens of the ended sessions and end their `chatEvents`
 * subscriptions with UNAUTHENTICATED within seconds, while the user's other sessions keep receiving. The backend tells
 * every replica's streams by a SESSION_ENDED notice (NOTIFY), so every gateway's upstream stream carries it (two
 * gateway replicas here; two backend replicas in backend/test/chat-stream-replicas.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import {
  clientAgentChat,
  mutate,
  msgEvent,
  ok,
  subscribe,
  until,
  userSocket,
  type RequestChat,
  type Sub,
} from '../support/chat.js';
import { signIn } from '../support/deal.js';
import { buildGateway, type Gateway } from '../../gateway/src/app.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

const EVENTS = `subscription { chatEvents { __typename ... on ChatMessageEvent { kind message { msgId text } } } }`;
const SEND = 'message { msgId text }';
const LOGOUT = `mutation { logout { __typename } }`;

let stack: Stack;
/** A second gateway replica on the same backend. */
let gateway2: Gateway;
let agent: GqlClient;
let oper: GqlClient;
let chat: RequestChat;
const sockets: Client[] = [];
let n = 0;
/** Message keys (spec chat §5 msgKey: msg_<digits>) unique to this run. */
const BASE_KEY = Date.now();

/**
 * A subscription of `c` on its own socket, once live: for a member of the request chat a probe message from the agent
 * arrives; otherwise (`probe` false) the backend has one more open stream.
 */
async function listen(c: GqlClient, probe = true, url = stack.url): Promise<Sub> {
  const ws = userSocket(url, c);
  sockets.push(ws);
  const before = stack.backend.app.chatRealtime.openStreams();
  const s = subscribe(ws, EVENTS);
  if (!probe) {
    await until('the upstream stream', () => stack.backend.app.chatRealtime.openStreams() > before);
    return s;
  }
  // probes until one arrives (a probe sent before the upstream stream opened is not replayed to a live start)
  const probes: number[] = [];
  for (let i = 0; i < 20 && !probes.some((id) => msgEvent(s, 'NEW', id)); i++) {
    probes.push(await send(agent, `probe ${n}`));
    await until('a probe', () => probes.some((id) => msgEvent(s, 'NEW', id)), 500).catch(() => undefined);
  }
  expect(probes.some((id) => msgEvent(s, 'NEW', id))).toBe(true);
  return s;
}

async function send(c: GqlClient, text: string): Promise<number> {
  const r = await mutate(
    c,
    'sendChatMessage',
    'SendChatMessageInput',
    { groupId: chat.group.id, extMsgId: `msg_${BASE_KEY + ++n}`, text },
    'SendChatMessageSuccess',
    SEND,
  );
  return r.message.msgId as number;
}

const unauthenticated = (s: Sub) =>
  s.errors.some((e: any) => (Array.isArray(e) ? e : [e]).some((x: any) => x?.extensions?.code === 'UNAUTHENTICATED'));

/** GET the chat session token of `c` directly at the backend (what a browser's EventSource would use). */
async function chatToken(c: GqlClient): Promise<string> {
  const res = await fetch(`${stack.backendUrl}/api/secured/chat/session-token`, { headers: c.headers() });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The status of opening the backend's chat stream with `token` alone (no cookie). */
async function streamStatus(token: string): Promise<number> {
  const ac = new AbortController();
  const res = await fetch(`${stack.backendUrl}/api/secured/chat/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ac.signal,
  });
  ac.abort();
  return res.status;
}

beforeAll(async () => {
  stack = await startStack({
    realtime: { retryDelayMs: 200, lingerMs: 200 },
    backendConfig: { chatStream: { sessionSweepMs: 250, sessionRecheckMs: 1000 } },
  });
  let client: GqlClient;
  ({ client, agent, oper, chat } = await clientAgentChat(stack.url));
  await ok(client, LOGOUT);
  gateway2 = await buildGateway({
    backendUrl: stack.backendUrl,
    port: 0,
    host: '127.0.0.1',
    realtime: { retryDelayMs: 200, lingerMs: 200 },
  });
});
afterAll(async () => {
  for (const s of sockets.splice(0)) await s.dispose();
  await gateway2?.close();
  await stack?.close();
});

describe('ending a session ends realtime access (issue 14)', () => {
  it('logout: the token is refused, the subscription ends with UNAUTHENTICATED; the other session keeps receiving', async () => {
    const { c: a } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const { c: b } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const token = await chatToken(a);
    expect(await streamStatus(token)).toBe(200);
    const sa = await listen(a);
    const sa2 = await listen(a, true, gateway2.url); // the same session on another gateway replica
    const sb = await listen(b);

    const t0 = Date.now();
    expect((await ok(a, LOGOUT)).logout.__typename).toBe('LogoutSuccess');
    await until('UNAUTHENTICATED on the logged-out subscription', () => unauthenticated(sa), 5000);
    await until('UNAUTHENTICATED on the other gateway replica', () => unauthenticated(sa2), 5000);
    console.log(`logout → subscription ended in ${Date.now() - t0} ms`);
    expect(await streamStatus(token)).toBe(401);

    const after = await send(agent, 'после выхода');
    await until('the other session receives', () => msgEvent(sb, 'NEW', after));
    expect(msgEvent(sa, 'NEW', after)).toBeUndefined();
    expect(msgEvent(sa2, 'NEW', after)).toBeUndefined();
    expect(unauthenticated(sb)).toBe(false);
  });

  it('password change: the other sessions end with their tokens; this session keeps receiving', async () => {
    const { c: me } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const { c: other } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const otherToken = await chatToken(other);
    const myToken = await chatToken(me);
    const sMe = await listen(me);
    const sOther = await listen(other);

    const t0 = Date.now();
    await mutate(
      me,
      'changePassword',
      'ChangePasswordInput',
      { oldPassword: 'Demo-2026!', password: 'Nowy-2026!x', passwordSecondTime: 'Nowy-2026!x' },
      'ChangePasswordSuccess',
    );
    await until('UNAUTHENTICATED on the other session', () => unauthenticated(sOther), 5000);
    console.log(`password change → other session's subscription ended in ${Date.now() - t0} ms`);
    expect(await streamStatus(otherToken)).toBe(401);
    expect(await streamStatus(myToken)).toBe(401); // every chat token of the account is revoked

    const after = await send(agent, 'после смены пароля');
    await until('this session receives', () => msgEvent(sMe, 'NEW', after));
    expect(unauthenticated(sMe)).toBe(false);
    await mutate(
      me,
      'changePassword',
      'ChangePasswordInput',
      { oldPassword: 'Nowy-2026!x', password: 'Demo-2026!', passwordSecondTime: 'Demo-2026!' },
      'ChangePasswordSuccess',
    );
  });

  it('a block by the operator ends the payment agent sessions and subscriptions', async () => {
    const { c: p2 } = await signIn(stack.url, 'partner2@example.com', 'PARTNER');
    const s = await listen(p2, false);
    const token = await chatToken(p2);
    const list = await ok(
      oper,
      `{ viewer { administration { paymentAgents(first: 50) { edges { node { id email } } } } } }`,
    );
    const id = list.viewer.administration.paymentAgents.edges.find((e: any) => e.node.email === 'partner2@example.com')
      .node.id;
    const t0 = Date.now();
    const r = await ok(
      oper,
      `mutation ($input: ChangePaymentAgentStatusInput!) { blockPaymentAgent(input: $input) { __typename } }`,
      { input: { id } },
    );
    expect(r.blockPaymentAgent.__typename).toBe('ChangePaymentAgentStatusSuccess');
    await until('UNAUTHENTICATED after the block', () => unauthenticated(s), 5000);
    console.log(`block → subscription ended in ${Date.now() - t0} ms`);
    expect(await streamStatus(token)).toBe(401);
    await ok(
      oper,
      `mutation ($input: ChangePaymentAgentStatusInput!) { unblockPaymentAgent(input: $input) { __typename } }`,
      { input: { id } },
    );
  });

  it('session expiry: the sweep ends the subscriptions of expired sessions', async () => {
    const { c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const s = await listen(client);
    const token = await chatToken(client);
    stack.backend.clock.advance(31 * 60 * 1000); // past the 30-minute idle expiry
    try {
      await until('UNAUTHENTICATED after expiry', () => unauthenticated(s), 5000);
      expect(await streamStatus(token)).toBe(401);
    } finally {
      stack.backend.clock.advance(-31 * 60 * 1000);
    }
  });
});
