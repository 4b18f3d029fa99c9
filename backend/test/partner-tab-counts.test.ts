/**
 * The payment agent's list at scale (issue 15): POST /api/secured/partner/order/exch/tab-counts answers every tab's
 * count at once — the same numbers as POST …/filter/count with each `tab` and the same filters, only the caller's
 * company's orders; a guest gets 401, another role 403, a bad date 400 with the stable error shape. And the copies of
 * the order's fields on partner_orders (migration 0015_partner_order_fields) that the list filters and sorts by, and
 * the agent's country counters, follow every change of the order (the operator's edit, or any UPDATE) and of the
 * partner order, in the writing transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partnerOrders } from '../src/db/schema/orders.js';
import { compactStatusCounts } from '../src/db/status-counts.js';
import { countPartnerOrders, pagePartnerOrders, partnerTabCounts } from '../src/deal/partner-queries.js';
import { DRIVERS, type TestApp, type TestClient } from './harness.js';
import { partnerListWorld, PORDER } from './deal-partner-helpers.js';
import { day } from './orders-helpers.js';

const TABS = ['all', 'new', 'working', 'deals', 'results'] as const;

for (const driver of DRIVERS) {
  describe(`payment agent tab counts and the list's copies of the order [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient;
    let p1: TestClient;
    let p2: TestClient;
    let alfa: number;
    let beta: number;
    /** A: both agents, accepted with alfa (deals); B: both, refused by alfa (results); C: alfa only, TR, late term. */
    let A: number;
    let B: number;
    let C: number;

    beforeAll(async () => {
      ({ t, client, p1, p2, alfa, beta, A, B, C } = await partnerListWorld(driver));
      // B refused by alfa (results), A taken into work by alfa (working)
      expect((await p1.post(`${PORDER}/${B}/reject`, { reason: 'Не работаем с этим банком' })).statusCode).toBe(200);
      expect((await p1.post(`${PORDER}/${A}/take`)).statusCode).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
    });

    async function tabCounts(c: TestClient, body: Record<string, unknown> = {}): Promise<Record<string, number>> {
      const res = await c.post(`${PORDER}/tab-counts`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    async function countsPerTab(c: TestClient, body: Record<string, unknown> = {}): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const tab of TABS) {
        const res = await c.post(`${PORDER}/filter/count`, { ...body, tab });
        expect(res.statusCode, res.body).toBe(200);
        out[tab] = res.json().count;
      }
      return out;
    }
    const ids = async (c: TestClient, body: Record<string, unknown>) =>
      ((await c.post(`${PORDER}/filter`, body)).json().content as Array<{ orderId: number }>).map((r) => r.orderId);

    it('answers every tab at once, as filter/count per tab, for each filter and only the caller’s orders', async () => {
      expect(await tabCounts(p1)).toEqual({ all: 3, new: 1, working: 1, deals: 0, results: 1 });
      expect(await tabCounts(p2)).toEqual({ all: 2, new: 2, working: 0, deals: 0, results: 0 });
      for (const body of [
        {},
        { countryCode: 'tr' },
        { countryCode: 'CN' },
        { countryCode: 'US' },
        { paymentDateFrom: day(t, 21) },
        { paymentDateTo: day(t, 20), countryCode: 'CN' },
        { id: String(B) },
        { id: 'abc' },
        { statuses: ['ALLOWED', 'REJECTED'] },
        { statuses: ['ALLOWED'], countryCode: 'TR' },
      ]) {
        for (const c of [p1, p2])
          expect(await tabCounts(c, body), JSON.stringify(body)).toEqual(await countsPerTab(c, body));
      }
      expect(await tabCounts(p1, { countryCode: 'TR' })).toEqual({ all: 1, new: 1, working: 0, deals: 0, results: 0 });
    });

    it('refuses a guest with 401, other roles with 403 and a bad date with 400 VALIDATION_ERROR', async () => {
      expect((await t.client().post(`${PORDER}/tab-counts`, {})).statusCode).toBe(401);
      expect((await client.post(`${PORDER}/tab-counts`, {})).statusCode).toBe(403);
      const oper = await t.signedIn('operator@example.com');
      expect((await oper.post(`${PORDER}/tab-counts`, {})).statusCode).toBe(403);
      const bad = await p1.post(`${PORDER}/tab-counts`, { paymentDateTo: '2026-02-30' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'paymentDateTo', code: 'DATE_FORMAT' }],
      });
      const wrongType = await p1.post(`${PORDER}/tab-counts`, { statuses: ['NOT_A_STATUS'] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().code).toBe('VALIDATION_ERROR');
    });

    it('pages a tab of several statuses in created order (one index range per status, merged)', async () => {
      // alfa: A IN_PROGRESS (working), B REJECTED (results), C ALLOWED (new); newest first, ties by order id
      expect(await ids(p1, { pageable: { page: 0, pageSize: 10 } })).toEqual([C, B, A]);
      expect(await ids(p1, { statuses: ['ALLOWED', 'IN_PROGRESS', 'REJECTED'] })).toEqual([C, B, A]);
      expect(await ids(p1, { statuses: ['ALLOWED', 'IN_PROGRESS'], pageable: { page: 0, pageSize: 1 } })).toEqual([C]);
      expect(await ids(p1, { statuses: ['ALLOWED', 'IN_PROGRESS'], pageable: { page: 1, pageSize: 1 } })).toEqual([A]);
      expect(
        await ids(p1, {
          statuses: ['ALLOWED', 'IN_PROGRESS', 'IN_PROGRESS'],
          pageable: { page: 0, pageSize: 10, sortFields: [{ field: 'created', direction: 'ASC' }] },
        }),
      ).toEqual([A, C]);
      expect(
        await ids(p1, { pageable: { page: 0, pageSize: 10, sortFields: [{ field: 'amount', direction: 'ASC' }] } }),
      ).toHaveLength(3);
    });

    it("keeps the partner orders' copies of the order's country, term and creation time equal to the order's", async () => {
      const copies = async (orderId: number) =>
        t.db
          .select({
            createdAt: partnerOrders.orderCreatedAt,
            country: partnerOrders.orderCountryCode,
            from: partnerOrders.orderPaymentDateFrom,
            to: partnerOrders.orderPaymentDateTo,
          })
          .from(partnerOrders)
          .where(eq(partnerOrders.orderId, orderId));
      const expectCopies = async (orderId: number) => {
        const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
        const rows = await copies(orderId);
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows)
          expect(r).toEqual({
            createdAt: o.createdAt,
            country: o.countryCode,
            from: o.paymentDateFrom,
            to: o.paymentDateTo,
          });
      };
      for (const id of [A, B, C]) await expectCopies(id);
      /** The term filter's counts (the term counters, migration 0018) against a count of the joined rows. */
      const expectTermCounts = async () => {
        const ranges: Array<[string | undefined, string | undefined]> = [
          [day(t, 0), day(t, 100)],
          [day(t, 21), undefined],
          [undefined, day(t, 20)],
          [day(t, 45), day(t, 55)],
          [day(t, 5), day(t, 5)],
          [day(t, 35), day(t, 25)], // from after to: no counters, a count of the rows
        ];
        for (const company of [alfa, beta])
          for (const [termFrom, termTo] of ranges) {
            const rows = await t.db.execute(
              sql`select count(*)::int as n from partner_orders p join orders o on o.id = p.order_id
                  where p.partner_company_id = ${company}
                    and (${termFrom ?? null}::date is null or o.payment_date_to >= ${termFrom ?? null}::date)
                    and (${termTo ?? null}::date is null or o.payment_date_from <= ${termTo ?? null}::date)`,
            );
            const n = Number(
              ((rows as { rows?: Array<{ n: number }> }).rows ?? (rows as unknown as Array<{ n: number }>))[0].n,
            );
            const f = { partnerCompanyId: company, termFrom, termTo };
            expect(await countPartnerOrders(t.db, f), JSON.stringify([company, termFrom, termTo])).toBe(n);
            expect((await partnerTabCounts(t.db, f)).all).toBe(n);
          }
      };
      await expectTermCounts();

      // the order changes (any UPDATE: the operator's edit route writes the same columns): the copies and counters follow
      await t.db
        .update(orders)
        .set({ countryCode: 'AE', paymentDateFrom: day(t, 50), paymentDateTo: day(t, 60) })
        .where(eq(orders.id, A));
      await expectCopies(A);
      expect(await tabCounts(p1, { countryCode: 'AE' })).toEqual({ all: 1, new: 0, working: 1, deals: 0, results: 0 });
      expect(await tabCounts(p2, { countryCode: 'AE' })).toEqual({ all: 1, new: 1, working: 0, deals: 0, results: 0 });
      expect(await tabCounts(p1, { countryCode: 'CN' })).toEqual({ all: 1, new: 0, working: 0, deals: 0, results: 1 });
      expect(await ids(p1, { paymentDateFrom: day(t, 45) })).toEqual([A]);

      // a rolled-back change leaves copies and counters as they were
      await t.db
        .transaction(async (tx) => {
          await tx.update(orders).set({ countryCode: 'DE' }).where(eq(orders.id, A));
          expect(await countPartnerOrders(tx, { partnerCompanyId: alfa, countryCode: 'DE' })).toBe(1);
          throw new Error('rollback');
        })
        .catch((e: Error) => expect(e.message).toBe('rollback'));
      await expectCopies(A);
      expect(await countPartnerOrders(t.db, { partnerCompanyId: alfa, countryCode: 'DE' })).toBe(0);

      // the creation time moves: the page order follows (A becomes the newest)
      await t.db
        .update(orders)
        .set({ createdAt: new Date(t.clock.now().getTime() + 3_600_000) })
        .where(eq(orders.id, A));
      await expectCopies(A);
      expect(await ids(p1, {})).toEqual([A, C, B]);
      expect((await pagePartnerOrders(t.db, { partnerCompanyId: alfa }, [], 0, 1)).map((r) => r.orderId)).toEqual([A]);

      // a write that sets the copies to anything else is overridden by the order's own values
      await t.db.execute(sql`update partner_orders set order_country_code = 'ZZ' where order_id = ${C}`);
      await expectCopies(C);

      // a status change of the partner order moves it between the country counters; a new partner order counts too
      const [po] = await t.db
        .select({ id: partnerOrders.id })
        .from(partnerOrders)
        .where(sql`${partnerOrders.orderId} = ${A} and ${partnerOrders.partnerCompanyId} = ${alfa}`);
      await t.db.update(partnerOrders).set({ status: 'EXECUTED' }).where(eq(partnerOrders.id, po.id));
      expect(await tabCounts(p1, { countryCode: 'AE' })).toEqual({ all: 1, new: 0, working: 0, deals: 0, results: 1 });
      await t.db.insert(partnerOrders).values({ orderId: C, partnerCompanyId: beta, createdAt: t.clock.now() });
      await expectCopies(C);
      expect(await tabCounts(p2, { countryCode: 'TR' })).toEqual({ all: 1, new: 1, working: 0, deals: 0, results: 0 });
      await expectTermCounts();
      await compactStatusCounts(t.db);
      await expectTermCounts();
      // a deleted partner order leaves the counters
      await t.db.execute(sql`delete from partner_orders where order_id = ${C} and partner_company_id = ${beta}`);
      await expectTermCounts();
      expect(await tabCounts(p2, { countryCode: 'TR' })).toEqual({ all: 0, new: 0, working: 0, deals: 0, results: 0 });
      for (const [c, company] of [
        [p1, alfa],
        [p2, beta],
      ] as const) {
        for (const country of ['AE', 'CN', 'TR', 'DE']) {
          const body = { countryCode: country };
          expect(await tabCounts(c, body)).toEqual(await countsPerTab(c, body));
          const rows = await t.db.execute(
            sql`select count(*)::int as n from partner_orders p join orders o on o.id = p.order_id
                where p.partner_company_id = ${company} and o.country_code = ${country}`,
          );
          const n = Number(
            ((rows as { rows?: Array<{ n: number }> }).rows ?? (rows as unknown as Array<{ n: number }>))[0].n,
          );
          expect(await countPartnerOrders(t.db, { partnerCompanyId: company, countryCode: country })).toBe(n);
          expect((await partnerTabCounts(t.db, { partnerCompanyId: company, countryCode: country })).all).toBe(n);
        }
      }
    });
  });
}
