/**
 * Live order events (issue 12): every write path of the deal flow appends exactly one ORDER_MSG event per change to the
 * shared event log, in the writer's transaction (a refused change appends nothing), addressed per the audience rule of
 * @platform/domain/deal/events (the order's company, the owning agent only for an offer's events, operators), and the
 * stream of an API-token request carries order events only.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEvents } from '../src/db/schema/chat-events.js';
import { users } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { actors, CLIENT, newOrder, OPER, partnerOrderId, sendOffer, userOf, type Actors } from './deal-helpers.js';
import { activeOrder } from './deal-partner-helpers.js';
import { append, listen, SseReader } from './chat-stream-helpers.js';

interface Ev {
  id: number;
  recipients: number[];
  type: string;
  partnerOrderId: number | null;
  status: string | null;
}

async function eventsOf(t: TestApp, orderId: number, afterId = 0): Promise<Ev[]> {
  const rows = await t.db
    .select()
    .from(chatEvents)
    .where(
      and(
        eq(chatEvents.kind, 'ORDER_MSG'),
        sql`(${chatEvents.payload}->>'orderId')::int = ${orderId}`,
        sql`${chatEvents.id} > ${afterId}`,
      ),
    )
    .orderBy(asc(chatEvents.id));
  return rows.map((r) => ({
    id: r.id,
    recipients: r.recipients,
    type: r.payload.type as string,
    partnerOrderId: (r.payload.partnerOrderId as number | null) ?? null,
    status: (r.payload.status as string | null) ?? null,
  }));
}

async function companyUsers(t: TestApp, email: string): Promise<number[]> {
  const u = await userOf(t, email);
  const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.companyId, u.companyId!));
  return rows.map((r) => r.id);
}

for (const driver of DRIVERS) {
  describe(`order events in the log [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let clientIds: number[];
    let p1Ids: number[];
    let p2Ids: number[];
    let operId: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      clientIds = await companyUsers(t, 'client@example.com');
      p1Ids = await companyUsers(t, 'partner1@example.com');
      p2Ids = await companyUsers(t, 'partner2@example.com');
      operId = (await userOf(t, 'operator@example.com')).id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a new order: one ORDER_CREATED to its company and the operators, no agent', async () => {
      const id = await newOrder(t, a);
      const evs = await eventsOf(t, id);
      expect(evs.map((e) => [e.type, e.status])).toEqual([['ORDER_CREATED', 'VALIDATION']]);
      expect(evs[0].recipients).toEqual(expect.arrayContaining([...clientIds, operId]));
      for (const p of [...p1Ids, ...p2Ids]) expect(evs[0].recipients).not.toContain(p);
    });

    it('one event per change through the flow; an offer event reaches only its own agent', async () => {
      const id = await activeOrder(t, a.client, [a.p1Id, a.p2Id]);
      const po1 = await partnerOrderId(t, id, a.p1Id);
      const po2 = await partnerOrderId(t, id, a.p2Id);
      const sent = await eventsOf(t, id);
      expect(sent.map((e) => [e.type, e.partnerOrderId, e.status])).toEqual([
        ['ORDER_CREATED', null, 'VALIDATION'],
        ['ORDER_STATUS_CHANGED', null, 'IN_VALIDATION'],
        ['ORDER_STATUS_CHANGED', null, 'ACTIVE'],
        ['OFFER_CREATED', po1, 'ALLOWED'],
        ['OFFER_CREATED', po2, 'ALLOWED'],
      ]);
      const active = sent[2];
      // the order's status after sending reaches both agents; each offer's creation only its agent
      expect(active.recipients).toEqual(expect.arrayContaining([...clientIds, ...p1Ids, ...p2Ids, operId]));
      expect(sent[3].recipients).toEqual(expect.arrayContaining([...clientIds, ...p1Ids, operId]));
      for (const p of p2Ids) expect(sent[3].recipients).not.toContain(p);
      for (const p of p1Ids) expect(sent[4].recipients).not.toContain(p);

      const head = sent.at(-1)!.id;
      await sendOffer(t, a.p1, id);
      const offered = await eventsOf(t, id, head);
      expect(offered.map((e) => [e.type, e.partnerOrderId, e.status])).toEqual([
        ['OFFER_STATUS_CHANGED', po1, 'IN_PROGRESS'],
        ['OFFER_STATUS_CHANGED', po1, 'SEND_OFFER'],
      ]);
      for (const e of offered) {
        expect(e.recipients).toEqual(expect.arrayContaining([...clientIds, ...p1Ids, operId]));
        for (const p of p2Ids) expect(e.recipients).not.toContain(p);
      }

      const acc = await a.client.post(`${CLIENT}/${id}/offers/${po1}/accept`, {});
      expect(acc.statusCode).toBe(200);
      const accepted = await eventsOf(t, id, offered.at(-1)!.id);
      expect(accepted.map((e) => [e.type, e.partnerOrderId, e.status])).toEqual([
        ['ORDER_STATUS_CHANGED', null, 'OFFER_ACCEPTED'],
        ['OFFER_STATUS_CHANGED', po1, 'ACCEPTED'],
        ['OFFER_STATUS_CHANGED', po2, 'SIGNED_ANOTHER_OFFER'],
      ]);
      // ids are contiguous within the one transaction
      expect(accepted.map((e) => e.id - accepted[0].id)).toEqual([0, 1, 2]);

      // a refused change (second accept: 409) appends nothing
      expect((await a.client.post(`${CLIENT}/${id}/offers/${po1}/accept`, {})).statusCode).toBe(409);
      expect(await eventsOf(t, id, accepted.at(-1)!.id)).toEqual([]);
    });

    it("an operator's comment: one COMMENT_ADDED to the company and the operators; an empty one appends nothing", async () => {
      const id = await activeOrder(t, a.client, [a.p1Id]);
      const head = (await eventsOf(t, id)).at(-1)!.id;
      expect((await a.oper.post(`${OPER}/${id}/comment`, { comment: '  ' })).statusCode).toBe(400);
      expect(await eventsOf(t, id, head)).toEqual([]);
      expect((await a.oper.post(`${OPER}/${id}/comment`, { comment: 'Проверьте SWIFT' })).statusCode).toBe(201);
      const evs = await eventsOf(t, id, head);
      expect(evs.map((e) => e.type)).toEqual(['COMMENT_ADDED']);
      expect(evs[0].recipients).toEqual(expect.arrayContaining([...clientIds, operId]));
      for (const p of p1Ids) expect(evs[0].recipients).not.toContain(p);
    });

    it('the stream of an API-token request carries order events only (replay and live); the cookie stream both', async () => {
      const url = `${await listen(t.app)}/api/secured/chat/stream`;
      const clientId = (await userOf(t, 'client@example.com')).id;
      const created = await a.client.post('/api/secured/api-tokens', { name: 'Поток заявок' });
      expect(created.statusCode).toBe(201);
      const token = created.json().token as string;
      const [head] = await t.db.select({ id: sql<number>`coalesce(max(${chatEvents.id}), 0)` }).from(chatEvents);
      const chatMsg = { recipients: [clientId], kind: 'GROUP_MSG' as const, payload: { msgId: 1, groupId: 1 } };
      await append(t.db, [chatMsg]);
      await newOrder(t, a);
      const after = { 'last-event-id': String(head.id) };
      const byToken = await SseReader.open(url, { authorization: `Bearer ${token}`, ...after });
      const byCookie = await SseReader.open(url, { cookie: a.client.cookieHeader(), ...after });
      try {
        expect(byToken.status).toBe(200);
        const kinds = (r: SseReader) =>
          r.blocks.map((b) => b.event).filter((k) => k === 'GROUP_MSG' || k === 'ORDER_MSG');
        await byCookie.waitFor((r) => kinds(r).length >= 2, 5000, 'cookie replay');
        expect(kinds(byCookie)).toEqual(['GROUP_MSG', 'ORDER_MSG']);
        await byToken.waitFor((r) => kinds(r).length >= 1, 5000, 'token replay');
        // live: another chat message, then another order
        await append(t.db, [chatMsg]);
        await newOrder(t, a);
        await byCookie.waitFor((r) => kinds(r).length >= 4, 5000, 'cookie live');
        await byToken.waitFor((r) => kinds(r).length >= 2, 5000, 'token live');
        expect(kinds(byToken)).toEqual(['ORDER_MSG', 'ORDER_MSG']);
        expect(kinds(byCookie)).toEqual(['GROUP_MSG', 'ORDER_MSG', 'GROUP_MSG', 'ORDER_MSG']);
      } finally {
        byToken.close();
        byCookie.close();
      }
    });
  });
}
