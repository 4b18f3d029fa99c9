/**
 * Realtime reliability (issue 4, Tests: "while 1 000 messages are being sent, cut the gateway's upstream stream
 * several times and restart the gateway once; every subscriber receives every message exactly once and in order, and
 * the counters equal what the backend reports").
 *
 * The client and partner1 subscribe to `chatEvents` over real graphql-ws sockets on a request chat. The client sends
 * 1 000 messages straight to the backend (REST, parallel batches of 20) while the test cuts partner1's upstream SSE
 * stream several times (`gateway.realtime.dropUpstream`, a network failure: the hub reconnects after its retry delay
 * with Last-Event-ID) and restarts the gateway once on the same port (every socket drops; each subscriber reconnects
 * and resubscribes with `resumeFrom` = the last cursor it got; the new gateway's fresh channel passes that cursor
 * upstream as Last-Event-ID and the backend replays). At the end each subscriber holds every message id exactly once,
 * in the backend's order, with ascending unique cursors and no RESYNC; the unread counters read through GraphQL equal
 * the backend's GET /api/secured/common/chat/messages/unread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { backend as backendAs, mutate, ok, sleep, until as waitFor, userSocket } from '../support/chat.js';
import { orderInput, signIn, signInOperator } from '../support/deal.js';
import { startStack, type GqlClient, type Stack } from '../support/stack.js';

const TOTAL = 1000;
const BATCH = 20;
/** Upstream retry delay of the gateways under test (chat §9 says 5 s; the test shortens it). */
const RETRY_MS = 50;

let stack: Stack;
let client: GqlClient;
let p1: GqlClient;
let oper: GqlClient;
let p1Company: number;
const subs: ResumingSub[] = [];

/** Waits for `get` with the 20 s deadline this test allows (upstream reconnects, a gateway restart). */
const until = <T>(what: string, get: () => T | undefined | null | false, ms = 20_000) => waitFor(what, get, ms);
/** A call straight to the backend as the user behind `c`. */
const backend = (c: GqlClient, path: string, init: { method?: string; body?: unknown } = {}) =>
  backendAs(stack.backendUrl, c, path, init);

const EVENTS = `subscription ($resumeFrom: String) { chatEvents(resumeFrom: $resumeFrom) {
  __typename
  ... on ChatMessageEvent { cursor kind message { msgId } }
  ... on ChatGroupEvent { cursor }
  ... on ChatResyncEvent { cursor reason }
} }`;

/**
 * A subscriber as the web app behaves: one graphql-ws socket with the user's cookie; when the socket drops or the
 * server ends the subscription, it reconnects (every 50 ms until the gateway answers) and resubscribes with
 * `resumeFrom` = the last durable cursor received.
 */
class ResumingSub {
  /** msgId of every NEW message event, in arrival order. */
  readonly news: number[] = [];
  /** Every durable cursor, in arrival order. */
  readonly cursors: number[] = [];
  readonly resyncs: unknown[] = [];
  readonly errors: unknown[] = [];
  subscriptions = 0;
  private last: string | null = null;
  private ws: Client | null = null;
  private stopped = false;
  private restarting = false;

  constructor(
    private readonly c: GqlClient,
    readonly name: string,
  ) {}

  start(): void {
    if (this.stopped) return;
    this.restarting = false;
    const ws = userSocket(stack.url, this.c);
    this.ws = ws;
    this.subscriptions++;
    ws.subscribe(
      { query: EVENTS, variables: { resumeFrom: this.last } },
      {
        next: (r) => {
          if (r.errors) this.errors.push(...r.errors);
          const e = (r.data as any)?.chatEvents;
          if (!e) return;
          if (e.__typename === 'ChatResyncEvent') this.resyncs.push(e);
          if (e.cursor) {
            this.cursors.push(Number(e.cursor));
            this.last = e.cursor;
          }
          if (e.__typename === 'ChatMessageEvent' && e.kind === 'NEW') this.news.push(e.message.msgId);
        },
        error: () => this.restart(ws),
        complete: () => this.restart(ws),
      },
    );
  }

  private restart(ws: Client): void {
    if (this.stopped || this.ws !== ws || this.restarting) return;
    this.restarting = true;
    void ws.dispose();
    setTimeout(() => this.start(), 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.ws?.dispose();
  }
}

beforeAll(async () => {
  stack = await startStack({ realtime: { retryDelayMs: RETRY_MS } });
  ({ c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT'));
  let id: number | null;
  ({ c: p1, companyId: id } = await signIn(stack.url, 'partner1@example.com', 'PARTNER'));
  p1Company = id!;
  oper = await signInOperator(stack.url);
});
afterAll(async () => {
  for (const s of subs.splice(0)) await s.stop();
  await stack?.close();
});

describe('chat realtime reliability (issue 4)', () => {
  it(`${TOTAL} messages through upstream cuts and a gateway restart: each once, in order, counters exact`, async () => {
    const t0 = Date.now();
    // A request chat between the client and partner1.
    const created = await ok(
      client,
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id } } } }`,
      { input: orderInput() },
    );
    const orderId = created.createOrder.order.id as string;
    await mutate(oper, 'takeOrderForReview', 'OrderActionInput', { orderId }, 'TakeOrderForReviewSuccess');
    await mutate(
      oper,
      'sendOrderToPartners',
      'SendOrderToPartnersInput',
      { orderId, partnerIds: [p1Company] },
      'SendOrderToPartnersSuccess',
    );
    const group = (
      await mutate(
        client,
        'openOrderChat',
        'OpenOrderChatInput',
        { orderId },
        'OpenOrderChatSuccess',
        'group { id groupId }',
      )
    ).group as { id: string; groupId: number };
    await mutate(p1, 'openOrderChat', 'OpenOrderChatInput', { orderId }, 'OpenOrderChatSuccess');
    const p1User = (await ok(p1, '{ viewer { userId } }')).viewer.userId as number;

    const sc = new ResumingSub(client, 'client');
    const sp = new ResumingSub(p1, 'partner1');
    subs.push(sc, sp);
    sc.start();
    sp.start();
    await until(
      'both upstream channels',
      () => stack.gateway.realtime.size >= 2 && stack.gateway.realtime.inspect(p1User)?.subscribers === 1,
    );
    await sleep(200);

    // Send in parallel batches; cut partner1's upstream at a few points and restart the gateway once mid-way.
    const base = Date.now() * 10;
    const sent: number[] = [];
    const batches = TOTAL / BATCH;
    const cutAt = new Set([5, 12, 20, 33, 41]);
    const restartAt = 25;
    let cuts = 0;
    let restarts = 0;
    let restartMs = 0;
    for (let b = 0; b < batches; b++) {
      const sending = Promise.all(
        Array.from({ length: BATCH }, (_, i) => {
          const n = b * BATCH + i;
          return backend(client, `/api/secured/common/chat/group/${group.groupId}/messages`, {
            method: 'POST',
            body: { extMsgId: `msg_${base + n}`, text: `сообщение ${n + 1}` },
          });
        }),
      );
      if (cutAt.has(b)) {
        // cut while the batch is in flight (a connection that is still being reopened cannot be cut: wait for it)
        await until(
          `partner1 upstream open (cut ${cuts + 1})`,
          () => stack.gateway.realtime.dropUpstream(p1User),
          5_000,
        );
        cuts++;
      }
      if (b === restartAt) {
        const r0 = Date.now();
        await stack.restartGateway();
        restarts++;
        restartMs = Date.now() - r0;
      }
      const batch = await sending;
      sent.push(...batch.map((m) => m.msgId as number));
    }
    expect(new Set(sent).size).toBe(TOTAL);

    // The backend's view of the chat: every message id, ascending (paged 50 at a time).
    const all: number[] = [];
    for (let after = 0; ;) {
      const page = await backend(
        client,
        `/api/secured/common/chat/group/${group.groupId}/messages?after=${after}&limit=50`,
      );
      all.push(...page.content.map((m: { id?: number; msgId?: number }) => m.msgId ?? m.id));
      if (!page.content.length || page.last) break;
      after = all[all.length - 1];
    }
    expect(all.length).toBe(TOTAL);
    expect([...all].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));

    for (const s of [sc, sp]) {
      await until(`${s.name}: all ${TOTAL} messages`, () => s.news.length >= TOTAL, 30_000);
    }
    await sleep(300); // anything doubled would arrive now
    const deliveredMs = Date.now() - t0;

    for (const s of [sc, sp]) {
      expect(s.errors, s.name).toEqual([]);
      expect(s.resyncs, s.name).toEqual([]);
      expect(s.news.length, `${s.name}: exactly once`).toBe(TOTAL);
      expect(s.news, `${s.name}: every message, in the backend's order`).toEqual(all);
      expect(new Set(s.cursors).size, `${s.name}: unique cursors`).toBe(s.cursors.length);
      expect(s.cursors, `${s.name}: ascending cursors`).toEqual([...s.cursors].sort((x, y) => x - y));
      expect(s.subscriptions, `${s.name}: resubscribed after the restart`).toBeGreaterThanOrEqual(2);
    }

    // Counters through GraphQL (the new gateway) equal what the backend reports.
    const COUNTERS = `query ($g: Int!) { viewer { unreadStatistic { unreadMessagesCount lastMessageId } chatGroup(groupId: $g) { statistics { unreadMessagesCount } } } }`;
    const counters: Record<string, unknown> = {};
    for (const [name, c] of [
      ['client', client],
      ['partner1', p1],
    ] as const) {
      const gq = (await ok(c, COUNTERS, { g: group.groupId })).viewer;
      const unread = await backend(c, '/api/secured/common/chat/messages/unread');
      const detail = await backend(c, `/api/secured/common/chat/group/${group.groupId}`);
      expect(gq.unreadStatistic, name).toEqual({
        unreadMessagesCount: unread.unreadMessagesCount,
        lastMessageId: unread.lastMessageId,
      });
      expect(gq.chatGroup.statistics.unreadMessagesCount, name).toBe(detail.statistics.unreadMessagesCount);
      counters[name] = gq.unreadStatistic;
    }
    // partner1 read nothing: all 1 000 of the client's messages are unread in this chat; the sender has none
    expect((await ok(p1, COUNTERS, { g: group.groupId })).viewer.chatGroup.statistics.unreadMessagesCount).toBe(TOTAL);
    expect((await ok(client, COUNTERS, { g: group.groupId })).viewer.chatGroup.statistics.unreadMessagesCount).toBe(0);

    const upstreamConnects = stack.gateway.realtime.inspect(p1User)?.connects ?? 0;
    console.log(
      `[chat reliability] messages=${TOTAL} (batches of ${BATCH}), upstream cuts=${cuts}, gateway restarts=${restarts} ` +
        `(restart ${restartMs} ms), subscriptions client=${sc.subscriptions} partner1=${sp.subscriptions}, ` +
        `partner1 upstream connects on the new gateway=${upstreamConnects}, duration=${deliveredMs} ms, counters=${JSON.stringify(counters)}`,
    );
    expect(cuts).toBeGreaterThanOrEqual(3);
    expect(restarts).toBe(1);
    // The time limit bounds a hang, not the speed (speed is measured by benchmarks): the run takes ~23 s alone on this
    // 2-core machine, but 60–117 s while the other vitest worker runs browser tests beside it, over vitest's 60 s.
  }, 180_000);
});
