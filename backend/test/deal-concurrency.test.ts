/**
 * Compare-and-set of the deal flow (issue 3: "two concurrent actions cannot both win: when a client accepts two
 * offers of one order at the same moment, exactly one succeeds and the other gets a conflict error with nothing
 * changed"), through real HTTP requests of two signed-in users of the same company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { actors, CLIENT, OPER, newOrder, orderWithOffers, partnerOrderId, type Actors } from './deal-helpers.js';

for (const driver of DRIVERS) {
  describe(`deal compare-and-set [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('two accepts of two offers of one order at the same moment: exactly one 200, one 409, nothing else changed', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await orderWithOffers(t, a);
        const second = await t.signedIn('client@example.com');
        const [o1, o2] = [await partnerOrderId(t, id, a.p1Id), await partnerOrderId(t, id, a.p2Id)];
        await a.client.fetchCsrf();
        await second.fetchCsrf();
        const before = await t.snapshot();
        const results = await Promise.all([
          a.client.post(`${CLIENT}/${id}/offers/${o1}/accept`, {}),
          second.post(`${CLIENT}/${id}/offers/${o2}/accept`, {}),
        ]);
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toEqual([200, 409]);
        const winner = results.find((r) => r.statusCode === 200)!.json();
        const loser = results.find((r) => r.statusCode === 409)!.json();
        expect(['CONFLICT', 'INVALID_STATE']).toContain(loser.code);
        const accepted = winner.offers.filter((o: { status: string }) => o.status === 'ACCEPTED');
        expect(accepted).toHaveLength(1);
        expect(winner.offers.filter((o: { status: string }) => o.status === 'SIGNED_ANOTHER_OFFER')).toHaveLength(1);
        // Exactly the winner's changes: order, two offers, three history rows and their three live order events
        // (issue 12), and the status counters' deltas of the order and the offers (issue 15, migration 0011) —
        // nothing of the loser.
        const after = await t.snapshot();
        const changedTables = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
        // the status counters' delta rows (migrations 0011, 0014, 0015) follow the winner's order and offer changes
        expect(changedTables.sort()).toEqual([
          'chat_event_counter',
          'chat_events',
          'order_agent_status_counts',
          'order_status_counts',
          'order_status_history',
          'order_validator_status_counts',
          'orders',
          'partner_order_country_counts',
          'partner_order_status_counts',
          'partner_order_term_counts',
          'partner_orders',
        ]);
        expect(after.order_status_history.length - before.order_status_history.length).toBe(3);
        expect(after.chat_events.length - before.chat_events.length).toBe(3);
      }
    });

    it('two operators taking the same order at once: one wins, the other gets 409', async () => {
      const id = await newOrder(t, a);
      const oper2 = await t.signedIn('operator@example.com');
      await a.oper.fetchCsrf();
      await oper2.fetchCsrf();
      const res = await Promise.all([a.oper.post(`${OPER}/${id}/take`, {}), oper2.post(`${OPER}/${id}/take`, {})]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });
}
