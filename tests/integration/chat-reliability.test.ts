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
import { until as waitFor, sleep, requestChat, ok } from '../support/chat.js';
import { signIn, signInOperator } from '../support/deal.js';
import {
  backendMessageIds,
  expectCountersAsBackend,
  expectEveryMessageOnce,
  ResumingSub,
  sendChatMessage,
} from '../support/reliability.js';
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
    const { group } = await requestChat(client, oper, [p1Company], [p1]);
    const p1User = (await ok(p1, '{ viewer { userId } }')).viewer.userId as number;

    const sc = new ResumingSub(stack.url, client, 'client');
    const sp = new ResumingSub(stack.url, p1, 'partner1');
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
        Array.from({ length: BATCH }, (_, i) =>
          sendChatMessage(stack.backendUrl, client, group.groupId, base, b * BATCH + i),
        ),
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
      sent.push(...batch);
    }
    expect(new Set(sent).size).toBe(TOTAL);

    // The backend's view of the chat: every message id, ascending (paged 50 at a time).
    const all = await backendMessageIds(stack.backendUrl, client, group.groupId);
    expect(all.length).toBe(TOTAL);
    expect([...all].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));

    for (const s of [sc, sp]) {
      await until(`${s.name}: all ${TOTAL} messages`, () => s.news.length >= TOTAL, 30_000);
    }
    await sleep(300); // anything doubled would arrive now
    const deliveredMs = Date.now() - t0;

    expectEveryMessageOnce([sc, sp], all);
    for (const s of [sc, sp])
      expect(s.subscriptions, `${s.name}: resubscribed after the restart`).toBeGreaterThanOrEqual(2);

    // Counters through GraphQL (the new gateway) equal what the backend reports.
    const counters = await expectCountersAsBackend(
      stack.backendUrl,
      [
        ['client', client],
        ['partner1', p1],
      ],
      group.groupId,
    );
    // partner1 read nothing: all 1 000 of the client's messages are unread in this chat; the sender has none
    expect(counters.partner1.chatUnread).toBe(TOTAL);
    expect(counters.client.chatUnread).toBe(0);

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
