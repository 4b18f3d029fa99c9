/**
 * Offer expiry (spec core §4 exits: "an offer expires if the client does not accept in time"): the scheduled job
 * (src/deal/expiry-job.ts runExpiry) with the app clock moved past the offer's payment term.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExpiry } from '../src/deal/expiry-job.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { activeOrderOfBoth, actors, CLIENT, partnerOrderId, sendOffer, type Actors } from './deal-helpers.js';
import { day } from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`offer expiry [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('expires a sent offer after the last day of its payment term (Moscow), not before; the order stays ACTIVE', async () => {
      const id = await activeOrderOfBoth(t, a);
      await sendOffer(t, a.p1, id, 3);
      await sendOffer(t, a.p2, id, 10);
      const last = day(t, 3);
      const o1 = await partnerOrderId(t, id, a.p1Id);

      // 23:59 Moscow on the last day (20:59 UTC): still valid.
      expect((await runExpiry(t.db, new Date(`${last}T20:59:00Z`))).expired).not.toContain(o1);
      // 00:00 Moscow the day after (21:00 UTC): expired.
      const run = await runExpiry(t.db, new Date(`${last}T21:00:00Z`));
      expect(run.expired).toEqual([o1]);
      expect((await runExpiry(t.db, new Date(`${last}T21:00:00Z`))).expired).toEqual([]);

      const deal = (await a.client.get(`${CLIENT}/${id}/offers`)).json();
      expect(deal.status).toBe('ACTIVE');
      const s = Object.fromEntries(
        deal.offers.map((o: { partnerId: number; status: string }) => [o.partnerId, o.status]),
      );
      expect(s).toEqual({ [a.p1Id]: 'REFUSE_OPER', [a.p2Id]: 'SEND_OFFER' });
      expect((await a.client.post(`${CLIENT}/${id}/offers/${o1}/accept`, {})).statusCode).toBe(409);

      const hist = (await a.oper.get(`/api/secured/oper/order/exch/${id}`)).json().history;
      expect(
        hist.find(
          (h: { entity: string; to: string; entityId: number }) =>
            h.entity === 'OFFER' && h.to === 'REFUSE_OPER' && h.entityId === o1,
        ),
      ).toMatchObject({ actorRole: 'SYSTEM', actor: null, comment: 'Срок оплаты по предложению истёк' });
    });

    it('an accepted offer never expires', async () => {
      const id = await activeOrderOfBoth(t, a);
      await sendOffer(t, a.p1, id, 2);
      const o1 = await partnerOrderId(t, id, a.p1Id);
      await a.client.post(`${CLIENT}/${id}/offers/${o1}/accept`, {});
      const run = await runExpiry(t.db, new Date(`${day(t, 30)}T12:00:00Z`));
      expect(run.expired).not.toContain(o1);
    });
  });
}
