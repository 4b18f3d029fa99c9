/**
 * The offer's payment term on its partner order (issue 15; migration 0024): partner_orders.offer_payment_date_to equals
 * partner_order_offers.payment_date_to of its offer in every transaction — set when the agent sends the offer, moved
 * with any later write of the offer's term (also outside the routes), cleared when the offer row goes — and the offer
 * expiry job (src/deal/expiry-job.ts runExpiry, spec core §4 exits), which finds the due offers by that copy, expires an
 * offer whose term was moved into the past outside the routes and none whose term is still running.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExpiry } from '../src/deal/expiry-job.js';
import { partnerOrderOffers } from '../src/db/schema/deal.js';
import { partnerOrders } from '../src/db/schema/orders.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { activeOrderOfBoth, actors, partnerOrderId, sendOffer, type Actors } from './deal-helpers.js';
import { day } from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`offer term copy [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Every partner order whose copy differs from its offer's term (none expected). */
    const mismatches = async () =>
      (
        (await t.db.execute(sql`select p.id from partner_orders p
          left join partner_order_offers f on f.partner_order_id = p.id
          where p.offer_payment_date_to is distinct from f.payment_date_to`)) as unknown as { rows: unknown[] }
      ).rows;
    const copyOf = async (po: number) =>
      (
        await t.db.select({ to: partnerOrders.offerPaymentDateTo }).from(partnerOrders).where(eq(partnerOrders.id, po))
      )[0].to;

    it("the agent's offer sets the copy; a write of the term outside the routes moves it; the job finds it by the copy", async () => {
      const id = await activeOrderOfBoth(t, a);
      const o1 = await partnerOrderId(t, id, a.p1Id);
      expect(await copyOf(o1)).toBeNull();
      await sendOffer(t, a.p1, id, 5);
      await sendOffer(t, a.p2, id, 8);
      const o2 = await partnerOrderId(t, id, a.p2Id);
      expect([await copyOf(o1), await copyOf(o2)]).toEqual([day(t, 5), day(t, 8)]);
      expect(await mismatches()).toEqual([]);

      // today (Moscow): neither term is over
      const noon = new Date(`${day(t, 0)}T09:00:00Z`);
      expect((await runExpiry(t.db, noon)).expired).toEqual([]);
      // the offer's term moved into the past by SQL: the copy follows, and the job expires that offer only
      await t.db
        .update(partnerOrderOffers)
        .set({ paymentDateFrom: day(t, -3), paymentDateTo: day(t, -1) })
        .where(eq(partnerOrderOffers.partnerOrderId, o1));
      expect(await copyOf(o1)).toBe(day(t, -1));
      expect(await mismatches()).toEqual([]);
      expect((await runExpiry(t.db, noon)).expired).toEqual([o1]);
      expect((await runExpiry(t.db, noon)).expired).toEqual([]);
      // the day after o2's last day it expires too
      expect((await runExpiry(t.db, new Date(`${day(t, 9)}T09:00:00Z`))).expired).toEqual([o2]);
    });

    it('a rolled-back write of the term leaves the copy; removing the offer row clears it', async () => {
      const id = await activeOrderOfBoth(t, a);
      await sendOffer(t, a.p1, id, 4);
      const o1 = await partnerOrderId(t, id, a.p1Id);
      await expect(
        t.db.transaction(async (tx) => {
          await tx
            .update(partnerOrderOffers)
            .set({ paymentDateTo: day(t, 20) })
            .where(eq(partnerOrderOffers.partnerOrderId, o1));
          expect(
            (
              await tx
                .select({ to: partnerOrders.offerPaymentDateTo })
                .from(partnerOrders)
                .where(eq(partnerOrders.id, o1))
            )[0].to,
          ).toBe(day(t, 20));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await copyOf(o1)).toBe(day(t, 4));
      await t.db.delete(partnerOrderOffers).where(eq(partnerOrderOffers.partnerOrderId, o1));
      expect(await copyOf(o1)).toBeNull();
      expect(await mismatches()).toEqual([]);
    });
  });
}
