/**
 * Live order events through the gateway (issue 12 "Live order events"; Tests: "two clients and an agent over real
 * WebSockets, an order driven through the flow, every event received once and in order, a reconnect with the cursor
 * replaying exactly what was missed; scoping (nobody receives another company's events)").
 *
 * Two clients of two companies, both payment agents and the operator subscribe to `orderEvents` over real graphql-ws
 * sockets carrying their session cookies. The first client's order is created, sent to both agents, offered by agent 1
 * and accepted; the second client's order is created meanwhile. Each subscriber gets exactly its events, in the log's
 * order, each once; the `order` / `partnerOrder` fields are read under the subscriber's own session. Agent 2 leaves
 * before the acceptance and resubscribes with his last cursor: he gets exactly what he missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from 'graphql-relay';
import { secondClientCompany } from '../../backend/test/orders-helpers.js';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { until, userSocket } from '../support/chat.js';
import { day, orderInput, signIn, signInDealActors } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const EVENTS = `subscription ($after: String) { orderEvents(after: $after) {
  cursor type orderId partnerOrderId status occurredAt reason
  order { id status }
  partnerOrder { id partnerId status }
} }`;

let stack: Stack;
let client: GqlClient;
let client2: GqlClient;
let p1: GqlClient;
let p2: GqlClient;
let oper: GqlClient;
let p1Id: number;
let p2Id: number;

async function mutate(c: GqlClient, name: string, inputType: string, input: unknown, success: string) {
  const d = await ok(
    c,
    `mutation ($input: ${inputType}!) { ${name}(input: $input) { __typename ... on UserError { code message } } }`,
    { input },
  );
  expect(d[name].__typename, JSON.stringify(d[name])).toBe(success);
}

async function createOrder(c: GqlClient): Promise<{ id: string; orderId: number }> {
  const d = await ok(
    c,
    `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id orderId } } ... on UserError { code message } } }`,
    { input: orderInput() },
  );
  expect(d.createOrder.__typename, JSON.stringify(d.createOrder)).toBe('CreateOrderSuccess');
  return d.createOrder.order;
}

/** A running `orderEvents` subscription: every `data` received (in arrival order), every error, and how to stop it. */
interface Sub {
  events: any[];
  errors: unknown[];
  stop: () => void;
}

function subscribe(ws: Client, variables: Record<string, unknown> = {}): Sub {
  const sub: Sub = { events: [], errors: [], stop: () => {} };
  sub.stop = ws.subscribe(
    { query: EVENTS, variables },
    {
      next: (r) => {
        if (r.errors) sub.errors.push(...r.errors);
        if (r.data) sub.events.push(r.data);
      },
      error: (e) => {
        sub.errors.push(e);
      },
      complete: () => {},
    },
  );
  return sub;
}

/** Events of `s` as [type, orderId, status] rows. */
const rows = (s: Sub) => s.events.map((e) => [e.orderEvents.type, e.orderEvents.orderId, e.orderEvents.status]);
const cursors = (s: Sub) => s.events.map((e) => Number(e.orderEvents.cursor));

beforeAll(async () => {
  // The integrator's stream re-checks its API token every 300 ms here (20 s by default).
  stack = await startStack({
    realtime: { lingerMs: 60_000 },
    backendConfig: { chatStream: { tokenRecheckMs: 300 } },
  });
  ({ client, p1, p2, p1Id, p2Id, oper } = await signInDealActors(stack.url));
  await secondClientCompany(stack.backend, 'client2@example.com');
  ({ c: client2 } = await signIn(stack.url, 'client2@example.com', 'CLIENT'));
});
afterAll(async () => {
  await stack?.close();
});

describe('orderEvents over real WebSockets (issue 12)', () => {
  it('delivers each change once, in order, to exactly the right people; a reconnect replays what was missed', async () => {
    const socket = (c: GqlClient) => userSocket(stack.url, c);
    const before = stack.backend.app.chatRealtime.openStreams();
    const [sClient, sClient2, sP1, sP2, sOper] = [client, client2, p1, p2, oper].map((c) => subscribe(socket(c)));
    // one upstream stream per user, subscribed at the backend before anything happens
    await until('five upstream streams', () => stack.backend.app.chatRealtime.openStreams() >= before + 5);

    const { id, orderId } = await createOrder(client);
    await until('client sees ORDER_CREATED', () => sClient.events.length >= 1);
    await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId: id }, 'TakeOrderForReviewSuccess');
    await mutate(
      oper,
      'sendOrderToPartners',
      'SendOrderToPartnersInput',
      { orderId: id, partnerIds: [p1Id, p2Id] },
      'SendOrderToPartnersSuccess',
    );
    const s1 = toGlobalId('PartnerOrder', `${orderId}:${p1Id}`);
    await mutate(p1, 'takeOrder', 'PartnerOrderActionInput', { partnerOrderId: s1 }, 'TakeOrderSuccess');
    await mutate(
      p1,
      'sendOffer',
      'SendOfferInput',
      {
        partnerOrderId: s1,
        dealMethod: 'PROTECTED',
        paymentDateFrom: day(2),
        paymentDateTo: day(10),
        fees: { clientFeePercent: '1.5', additionalExpenses: [] },
        exchangeRate: { course: '92.5' },
        transactionType: 'SWIFT',
      },
      'SendOfferSuccess',
    );
    // the client sees the offer arrive: SEND_OFFER, with the offer readable under his session
    const arrived = await until('client sees the offer', () =>
      sClient.events.find(
        (e) => e.orderEvents.type === 'OFFER_STATUS_CHANGED' && e.orderEvents.status === 'SEND_OFFER',
      ),
    );
    expect(arrived.orderEvents.partnerOrder).toMatchObject({ partnerId: p1Id, status: 'SEND_OFFER' });
    expect(arrived.orderEvents.order).toEqual({ id, status: 'ACTIVE' });

    // agent 2 leaves now and comes back after the acceptance with his last cursor
    await until('agent 2 has his events so far', () => sP2.events.length >= 2);
    sP2.stop();
    const p2Cursor = sP2.events.at(-1)!.orderEvents.cursor as string;

    // the second client's order meanwhile: only he and the operator hear of it
    const other = await createOrder(client2);

    const po1 = arrived.orderEvents.partnerOrderId as number;
    await mutate(client, 'acceptOffer', 'AcceptOfferInput', { partnerOrderId: s1 }, 'AcceptOfferSuccess');

    // agent 1 sees the acceptance
    await until('agent 1 sees the acceptance', () =>
      sP1.events.find((e) => e.orderEvents.type === 'OFFER_STATUS_CHANGED' && e.orderEvents.status === 'ACCEPTED'),
    );
    await until('operator sees all', () => sOper.events.length >= 11);
    await until('client 2 sees his order', () => sClient2.events.length >= 1);

    const o = orderId;
    expect(rows(sClient)).toEqual([
      ['ORDER_CREATED', o, 'VALIDATION'],
      ['ORDER_STATUS_CHANGED', o, 'IN_VALIDATION'],
      ['ORDER_STATUS_CHANGED', o, 'ACTIVE'],
      ['OFFER_CREATED', o, 'ALLOWED'],
      ['OFFER_CREATED', o, 'ALLOWED'],
      ['OFFER_STATUS_CHANGED', o, 'IN_PROGRESS'],
      ['OFFER_STATUS_CHANGED', o, 'SEND_OFFER'],
      ['ORDER_STATUS_CHANGED', o, 'OFFER_ACCEPTED'],
      ['OFFER_STATUS_CHANGED', o, 'ACCEPTED'],
      ['OFFER_STATUS_CHANGED', o, 'SIGNED_ANOTHER_OFFER'],
    ]);
    expect(rows(sP1)).toEqual([
      ['ORDER_STATUS_CHANGED', o, 'ACTIVE'],
      ['OFFER_CREATED', o, 'ALLOWED'],
      ['OFFER_STATUS_CHANGED', o, 'IN_PROGRESS'],
      ['OFFER_STATUS_CHANGED', o, 'SEND_OFFER'],
      ['ORDER_STATUS_CHANGED', o, 'OFFER_ACCEPTED'],
      ['OFFER_STATUS_CHANGED', o, 'ACCEPTED'],
    ]);
    // agent 1 never reads agent 2's offer, and vice versa
    for (const e of sP1.events) if (e.orderEvents.partnerOrder) expect(e.orderEvents.partnerOrder.partnerId).toBe(p1Id);
    expect(rows(sP2)).toEqual([
      ['ORDER_STATUS_CHANGED', o, 'ACTIVE'],
      ['OFFER_CREATED', o, 'ALLOWED'],
    ]);
    expect(rows(sClient2)).toEqual([['ORDER_CREATED', other.orderId, 'VALIDATION']]);
    expect(rows(sOper)).toEqual([
      ...rows(sClient).slice(0, 7),
      ['ORDER_CREATED', other.orderId, 'VALIDATION'],
      ...rows(sClient).slice(7),
    ]);
    // ascending, each once
    for (const s of [sClient, sClient2, sP1, sOper]) {
      const c = cursors(s);
      expect([...c].sort((a, b) => a - b)).toEqual(c);
      expect(new Set(c).size).toBe(c.length);
    }
    expect(sClient.events.every((e) => e.orderEvents.order?.id === id)).toBe(true);
    expect(po1).toBeGreaterThan(0);

    // agent 2 comes back with his cursor: exactly the acceptance of the other offer, nothing twice
    const back = subscribe(socket(p2), { after: p2Cursor });
    await until('agent 2 replayed', () => back.events.length >= 2);
    expect(rows(back)).toEqual([
      ['ORDER_STATUS_CHANGED', o, 'OFFER_ACCEPTED'],
      ['OFFER_STATUS_CHANGED', o, 'SIGNED_ANOTHER_OFFER'],
    ]);
    expect(back.events[1].orderEvents.partnerOrder).toMatchObject({ partnerId: p2Id, status: 'SIGNED_ANOTHER_OFFER' });
    expect(Number(back.events[0].orderEvents.cursor)).toBeGreaterThan(Number(p2Cursor));
    for (const s of [sClient, sClient2, sP1, sOper, back]) expect(s.errors).toEqual([]);
    back.stop();
    for (const s of [sClient, sClient2, sP1, sOper]) s.stop();
  });
  it("an integrator's API token over graphql-ws connectionParams: his order events only, no chat; revoked → UNAUTHENTICATED", async () => {
    const created = (
      await ok(
        client,
        `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename ... on CreateApiTokenSuccess { token apiToken { id } } } }`,
        { input: { name: 'События заявок' } },
      )
    ).createApiToken;
    expect(created.__typename).toBe('CreateApiTokenSuccess');
    // no cookie on this socket: the token travels in connectionParams, as a graphql-ws client of an integrator sends it
    const ws = createClient({
      url: stack.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${created.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    const before = stack.backend.app.chatRealtime.openStreams();
    const live = subscribe(ws);
    await until('the token stream', () => stack.backend.app.chatRealtime.openStreams() >= before + 1);
    const mine = await createOrder(client);
    const theirs = await createOrder(client2);
    const got = await until('the token sees his order', () => live.events[0]);
    expect(got.orderEvents).toMatchObject({
      type: 'ORDER_CREATED',
      orderId: mine.orderId,
      order: { id: mine.id, status: 'VALIDATION' },
    });
    // a chat subscription with the token is refused
    const chat: Sub = { events: [], errors: [], stop: () => {} };
    chat.stop = ws.subscribe(
      { query: 'subscription { chatEvents { __typename } }' },
      { next: (r) => r.errors && chat.errors.push(...r.errors), error: (e) => chat.errors.push(e), complete: () => {} },
    );
    await until('chat refused', () => chat.errors.length > 0);
    expect(JSON.stringify(chat.errors)).toContain('UNAUTHENTICATED');
    // the token is read-only over WebSocket too: a mutation is refused before it runs
    const write: Sub = { events: [], errors: [], stop: () => {} };
    const tokensBefore = (await ok(client, '{ viewer { apiTokens { id } } }')).viewer.apiTokens.length;
    write.stop = ws.subscribe(
      {
        query: 'mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename } }',
        variables: { input: { name: 'через сокет' } },
      },
      {
        next: (r) => r.errors && write.errors.push(...r.errors),
        error: (e) => write.errors.push(e),
        complete: () => {},
      },
    );
    await until('mutation refused', () => write.errors.length > 0);
    expect(JSON.stringify(write.errors)).toContain('API_TOKEN_READ_ONLY');
    expect((await ok(client, '{ viewer { apiTokens { id } } }')).viewer.apiTokens.length).toBe(tokensBefore);
    // nothing of the other company reached the token
    await createOrder(client);
    await until('the second own order', () => live.events.length >= 2);
    expect(live.events.map((e) => e.orderEvents.orderId)).not.toContain(theirs.orderId);
    expect(live.errors).toEqual([]);

    // revoked: the open subscription ends with UNAUTHENTICATED, and a new one is refused
    const revoked = (
      await ok(client, `mutation ($input: RevokeApiTokenInput!) { revokeApiToken(input: $input) { __typename } }`, {
        input: { id: created.apiToken.id },
      })
    ).revokeApiToken;
    expect(revoked.__typename).toBe('RevokeApiTokenSuccess');
    await until('the open token subscription ended', () => live.errors.length > 0);
    expect(JSON.stringify(live.errors)).toContain('UNAUTHENTICATED');
    const seen = live.events.length;
    await createOrder(client);
    await new Promise((r) => setTimeout(r, 500));
    expect(live.events.length).toBe(seen);
    live.stop();
    await ws.dispose();
    const ws2 = createClient({
      url: stack.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${created.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    const refused = subscribe(ws2);
    await until('revoked token refused', () => refused.errors.length > 0);
    expect(JSON.stringify(refused.errors)).toContain('UNAUTHENTICATED');
    expect(refused.events).toEqual([]);
    await ws2.dispose();
  });
});
