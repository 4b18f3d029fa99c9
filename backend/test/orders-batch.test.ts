/**
 * Batch reads of orders by id (issue 14 defect 7: `nodes(ids:)` reads many orders in ONE upstream call per role):
 * GET /api/secured/{client|partner|oper}/order/exch/batch?ids=… answers `{ items }`, one entry per id in request order,
 * each exactly what the role's GET {id} answers, or null where GET {id} is 404 (another company's order, an order not
 * sent to the agent, an unknown id: existence is not revealed). Bad ids are 400 VALIDATION_ERROR and write nothing;
 * a guest gets 401, another role 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { actors, newOrder, sendOffer, type Actors } from './deal-helpers.js';
import { created, orderInput, secondClientCompany } from './orders-helpers.js';

const CLIENT = '/api/secured/client/order/exch';
const PARTNER = '/api/secured/partner/order/exch';
const OPER = '/api/secured/oper/order/exch';
const query = (ids: readonly (number | string)[]) => ids.map((id) => `ids=${encodeURIComponent(String(id))}`).join('&');

for (const driver of DRIVERS) {
  describe(`batch order reads [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let other: TestClient;
    /** Sent to agent 1 only, with its offer; still on the operator's check; another company's. */
    let sent: number, checking: number, foreign: number;
    const UNKNOWN = 987654;
    const BEYOND_INT4 = 4294967296; // orders have bigserial ids: a valid id, just absent

    /** `{ items }` of the batch read of `base` as `c`, asserting 200. */
    async function batch(c: TestClient, base: string, ids: number[]): Promise<unknown[]> {
      const res = await c.get(`${base}/batch?${query(ids)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: unknown[] }).items;
    }
    /** What GET {id} answers `c` for each id: the body on 200, null on 404. */
    async function singles(c: TestClient, base: string, ids: number[]): Promise<unknown[]> {
      const out = [];
      for (const id of ids) {
        const res = await c.get(`${base}/${id}`);
        expect([200, 404], res.body).toContain(res.statusCode);
        out.push(res.statusCode === 200 ? res.json() : null);
      }
      return out;
    }

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      await secondClientCompany(t, 'other@example.com');
      other = await t.signedIn('other@example.com');
      sent = await newOrder(t, a);
      await a.oper.post(`${OPER}/${sent}/take`, {});
      await a.oper.post(`${OPER}/${sent}/partners/send`, { partnerIds: [a.p1Id] });
      await sendOffer(t, a.p1, sent);
      checking = await newOrder(t, a);
      foreign = (await created(other, orderInput(t))).id as number;
    });
    afterAll(async () => {
      await t?.close();
    });

    it("a client gets its company's orders as GET {id} answers them, null for others' and unknown ids, in order", async () => {
      const ids = [checking, foreign, UNKNOWN, sent, BEYOND_INT4];
      const items = await batch(a.client, CLIENT, ids);
      expect(items).toEqual(await singles(a.client, CLIENT, ids));
      expect(items.map((o) => (o as { id: number } | null)?.id ?? null)).toEqual([checking, null, null, sent, null]);
      expect(await batch(other, CLIENT, ids)).toEqual([
        null,
        await singles(other, CLIENT, [foreign]).then((x) => x[0]),
        null,
        null,
        null,
      ]);
    });

    it('a payment agent gets the orders sent to it with its own side, null for the rest', async () => {
      const ids = [sent, checking, foreign, UNKNOWN];
      const items = await batch(a.p1, PARTNER, ids);
      expect(items).toEqual(await singles(a.p1, PARTNER, ids));
      expect(items.map((o) => (o as { id: number } | null)?.id ?? null)).toEqual([sent, null, null, null]);
      expect((items[0] as { partnerOrders: { partnerId: number }[] }).partnerOrders.map((p) => p.partnerId)).toEqual([
        a.p1Id,
      ]);
      // Agent 2 was not sent any of them: all null, as its GET {id} is 404 for each.
      expect(await batch(a.p2, PARTNER, ids)).toEqual([null, null, null, null]);
    });

    it('an operator gets every order with history and comments, null for unknown ids', async () => {
      await a.oper.post(`${OPER}/${checking}/comment`, { comment: 'Проверить контракт' });
      const ids = [foreign, UNKNOWN, sent, checking];
      const items = await batch(a.oper, OPER, ids);
      expect(items).toEqual(await singles(a.oper, OPER, ids));
      expect(items.map((o) => (o as { orderId: number } | null)?.orderId ?? null)).toEqual([
        foreign,
        null,
        sent,
        checking,
      ]);
      expect((items[3] as { operatorComments: { comment: string }[] }).operatorComments[0].comment).toBe(
        'Проверить контракт',
      );
    });

    it('100 ids are one call; bad ids are 400 VALIDATION_ERROR for every role and write nothing', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
      expect(await batch(a.oper, OPER, hundred)).toHaveLength(100);
      const before = await t.snapshot();
      const bad = [
        '', // no ids at all
        'ids=',
        query(Array.from({ length: 101 }, (_, i) => i + 1)),
        query([sent, sent]),
        query([0]),
        query([-1]),
        query(['abc']),
        query([1.5]),
        query(['9007199254740992']),
        query(['12345678901234567890123']),
        query([`1\u0000`]),
      ];
      const wrong: string[] = [];
      for (const c of [a.client, a.p1, a.oper]) {
        for (const base of [CLIENT, PARTNER, OPER]) {
          for (const q of bad) {
            const res = await c.get(`${base}/batch${q ? `?${q}` : ''}`);
            if (res.statusCode !== 400 || (res.json() as { code: string }).code !== 'VALIDATION_ERROR')
              wrong.push(`${base} ?${q}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(await t.snapshot()).toEqual(before);
    });

    it('a guest gets 401, another role 403 FORBIDDEN', async () => {
      const guest = t.client();
      const q = `?${query([sent])}`;
      for (const base of [CLIENT, PARTNER, OPER]) expect((await guest.get(`${base}/batch${q}`)).statusCode).toBe(401);
      const refused: Array<[TestClient, string]> = [
        [a.p1, CLIENT],
        [a.oper, CLIENT],
        [a.client, PARTNER],
        [a.oper, PARTNER],
        [a.client, OPER],
        [a.p1, OPER],
      ];
      for (const [c, base] of refused) {
        const res = await c.get(`${base}/batch${q}`);
        expect(res.statusCode, `${base}`).toBe(403);
        expect((res.json() as { code: string }).code).toBe('FORBIDDEN');
      }
    });
  });
}
