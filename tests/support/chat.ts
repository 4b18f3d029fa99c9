/**
 * Helpers of the chat integration tests (issue 4; spec chat §3–§9), shared by tests/integration/chat*.test.ts:
 * GraphQL calls that must succeed, chat mutations narrowed on `__typename`, graphql-ws sockets that carry a user's
 * session cookie, subscriptions that collect their events, polling with a deadline, direct backend calls (to compare
 * with what the gateway answers), a request chat between a client and payment agents, uploads through the gateway's
 * chat file proxy, and a valid PNG built in code.
 */
import { createClient, type Client } from 'graphql-ws';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { orderInput, signIn, signInOperator } from './deal.js';
import { ok, type GqlClient } from './stack.js';

export { png } from './png.js';

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `get` every 20 ms until it answers a truthy value and returns that value.
 * @param what named in the error when the deadline passes
 * @param ms deadline in milliseconds (default 10 s)
 * @throws Error `timed out waiting for <what>`
 */
export async function until<T>(what: string, get: () => T | undefined | null | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export { ok } from './stack.js';

/**
 * Runs mutation `name(input: $input)` (input type `inputType`) as `c`, selecting `select` on the `success` member of
 * its result union and `code`, `errorMessage`, `field` on `UserError`; expects `__typename` to be `success` and answers
 * the result object.
 */
export async function mutate(
  c: GqlClient,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  success: string,
  select = '__typename',
): Promise<any> {
  const d = await mutateResult(c, name, inputType, input, success, select);
  expect(d.__typename, JSON.stringify(d)).toBe(success);
  return d;
}

/** Like {@link mutate} without the expectation: answers the result object, a `UserError` included. */
export async function mutateResult(
  c: GqlClient,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  success: string,
  select = '__typename',
): Promise<any> {
  const d = await ok(
    c,
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { __typename ... on UserError { code errorMessage: message field } ... on ${success} { ${select} } } }`,
    { input },
  );
  return d[name];
}

/**
 * A graphql-ws client on the gateway at `url` whose socket carries the session cookies of `c` (and the gateway's own
 * origin, which the WebSocket origin check wants). Lazy: it connects on the first subscription; no retries.
 */
export function userSocket(url: string, c: GqlClient): Client {
  const headers = { cookie: c.headers().cookie ?? '', origin: url };
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: url.replace('http', 'ws') + '/graphql',
    webSocketImpl: CookieSocket,
    retryAttempts: 0,
    lazy: true,
  });
}

/** A running subscription: every `data.chatEvents` received, every error, and how to stop it. */
export interface Sub {
  events: any[];
  errors: unknown[];
  stop: () => void;
}

/** Subscribes `query` (a `chatEvents` subscription) on `ws`; events and errors are collected in arrival order. */
export function subscribe(ws: Client, query: string, variables: Record<string, unknown> = {}): Sub {
  const sub: Sub = { events: [], errors: [], stop: () => {} };
  sub.stop = ws.subscribe(
    { query, variables },
    {
      next: (r) => {
        if (r.errors) sub.errors.push(...r.errors);
        if (r.data) sub.events.push((r.data as any).chatEvents);
      },
      error: (e) => {
        sub.errors.push(e);
      },
      complete: () => {},
    },
  );
  return sub;
}

/** The `ChatMessageEvent` of `kind` (NEW, EDITED, DELETED…) for message `msgId` in `s`, if it arrived. */
export const msgEvent = (s: Sub, kind: string, msgId: number) =>
  s.events.find((e) => e.__typename === 'ChatMessageEvent' && e.kind === kind && e.message.msgId === msgId);

/**
 * Calls the backend at `backendUrl` directly as the user behind `c` (the gateway relays the backend's SESSION cookie;
 * a body goes as JSON with the anti-forgery header). Expects a 2xx status and answers the parsed JSON.
 */
export async function backend(
  backendUrl: string,
  c: GqlClient,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<any> {
  const res = await fetch(`${backendUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: c.headers().cookie ?? '',
      ...(init.body !== undefined
        ? { 'content-type': 'application/json', 'x-xsrf-token': c.headers()['x-xsrf-token'] ?? '' }
        : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
}

/** A request chat as `openOrderChat` answers it. */
export interface RequestChat {
  /** The order: global id and number. */
  order: { id: string; orderId: number };
  /** The group: global id, backend id and order number. */
  group: { id: string; groupId: number; orderId: number };
}

/**
 * A request chat (spec chat §7 create-get): `client` creates an order, `oper` takes it and sends it to the payment agent
 * companies `partnerIds`, and the client and every one of `agents` open the order's chat (one group for all).
 */
export async function requestChat(
  client: GqlClient,
  oper: GqlClient,
  partnerIds: number[],
  agents: GqlClient[],
): Promise<RequestChat> {
  const created = await ok(
    client,
    `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } } }`,
    { input: orderInput() },
  );
  const order = created.createOrder.order as RequestChat['order'];
  await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId: order.id }, 'TakeOrderForReviewSuccess');
  await mutate(
    oper,
    'sendOrderToPartners',
    'SendOrderToPartnersInput',
    { orderId: order.id, partnerIds },
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
  const group = opened.group as RequestChat['group'];
  for (const a of agents) {
    const again = await mutate(
      a,
      'openOrderChat',
      'OpenOrderChatInput',
      { orderId: order.id },
      'OpenOrderChatSuccess',
      'group { id }',
    );
    expect(again.group.id).toBe(group.id);
  }
  return { order, group };
}

/** The three users of a client–agent request chat and the chat itself (see {@link clientAgentChat}). */
export interface ClientAgentChat {
  /** The demo client client@example.com. */
  client: GqlClient;
  /** The demo payment agent partner1@example.com. */
  agent: GqlClient;
  /** An operator signed in through the external sign-in page. */
  oper: GqlClient;
  /** The request chat the three share. */
  chat: RequestChat;
}

/** Signs in the demo client, payment agent partner1 and an operator on `baseUrl`, and builds their {@link requestChat}. */
export async function clientAgentChat(baseUrl: string): Promise<ClientAgentChat> {
  const { c: client } = await signIn(baseUrl, 'client@example.com', 'CLIENT');
  const { c: agent, companyId } = await signIn(baseUrl, 'partner1@example.com', 'PARTNER');
  const oper = await signInOperator(baseUrl);
  return { client, agent, oper, chat: await requestChat(client, oper, [companyId!], [agent]) };
}

/** The viewer's backend user id. */
export async function viewerId(c: GqlClient): Promise<number> {
  return (await ok(c, '{ viewer { userId } }')).viewer.userId as number;
}

/**
 * Uploads `content` as `name` through the gateway's chat file proxy POST /files/chat/groups/<groupId> (multipart, part
 * `file`; the client's cookies and X-XSRF-TOKEN go along). The claimed `contentType` is only a label: the backend types
 * the file by its bytes. Answers the raw response (201 `{ id, name, size, contentType, isPicture }` or an error body).
 */
export async function uploadChatFile(
  c: GqlClient,
  groupId: number,
  name: string,
  content: Buffer,
  contentType = 'application/octet-stream',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: contentType }), name);
  return c.fetch(`/files/chat/groups/${groupId}`, { method: 'POST', body: form as never });
}
