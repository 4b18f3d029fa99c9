/**
 * GET /api/secured/client/order/exch/tab-counts (issue 15): every client tab's count in one call — the same numbers as
 * POST …/filter/count with each tab's statuses (spec core §4), only the caller's company's orders; a guest gets 401,
 * another role 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TAB_STATUSES } from '@platform/domain/deal/display';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { actors, CLIENT, newOrder, type Actors } from './deal-helpers.js';
import { secondClientCompany } from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`client tab counts [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let other: TestClient;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      await secondClientCompany(t, 'other@example.com');
      other = await t.signedIn('other@example.com');
    });
    afterAll(async () => {
      await t?.close();
    });

    /** The tab counts `c` gets, asserting 200. */
    async function tabCounts(c: TestClient): Promise<Record<string, number>> {
      const res = await c.get(`${CLIENT}/tab-counts`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    /** What …/filter/count answers `c` for each tab's statuses. */
    async function countsPerTab(c: TestClient): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const [tab, statuses] of Object.entries(CLIENT_TAB_STATUSES)) {
        const res = await c.post(`${CLIENT}/filter/count`, { statuses });
        expect(res.statusCode, res.body).toBe(200);
        out[tab] = (res.json() as { count: number }).count;
      }
      return out;
    }

    it('answers the count of each tab, as filter/count does per tab, for the caller’s company only', async () => {
      expect(await tabCounts(a.client)).toEqual({ current: 0, completed: 0, cancelled: 0 });
      await newOrder(t, a);
      const cancelled = await newOrder(t, a);
      await newOrder(t, a);
      const cancel = await a.client.delete(`${CLIENT}/${cancelled}`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await tabCounts(a.client)).toEqual({ current: 2, completed: 0, cancelled: 1 });
      expect(await tabCounts(a.client)).toEqual(await countsPerTab(a.client));
      expect(await tabCounts(other)).toEqual({ current: 0, completed: 0, cancelled: 0 });
    });

    it('refuses a guest with 401 and other roles with 403', async () => {
      expect((await t.client().get(`${CLIENT}/tab-counts`)).statusCode).toBe(401);
      expect((await a.p1.get(`${CLIENT}/tab-counts`)).statusCode).toBe(403);
      expect((await a.oper.get(`${CLIENT}/tab-counts`)).statusCode).toBe(403);
    });
  });
}
