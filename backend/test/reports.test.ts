/**
 * Reports for integrators (issue 12 "Reporting"; routes/reports, src/reports): role scoping, every filter, keyset
 * cursor stability over a concurrent insert, aggregates equal to the sums of the listed rows, the CSV bytes and the
 * refusals of bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, type TestApp, type TestClient } from './harness.js';
import { actors, activeOrderOfBoth, newOrder, orderWithOffers, type Actors } from './deal-helpers.js';
import { clientAction, userOf } from './deal-partner-helpers.js';
import { referralCommissions } from '../src/db/schema/referral.js';
import { created, orderInput, secondClientCompany } from './orders-helpers.js';

const R = '/api/secured/reports/orders';

interface Item {
  id: number;
  status: string;
  displayStatus: string;
  partnerOrderStatus: string | null;
  amount: string;
  currency: string;
  paymentAgents: { id: number; name: string; status: string }[];
  acceptedPaymentAgentId: number | null;
  fee: string | null;
  serviceFee: string | null;
  referralCommission: string | null;
  companyId: number;
  createdAt: string;
}
interface Page {
  items: Item[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

function qs(q: Record<string, string | string[] | number>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, String(x));
  return p.toString();
}

for (const driver of DRIVERS) {
  describe(`reports [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let since: string;
    let other: TestClient;
    const ids: Record<string, number> = {};

    async function page(c: TestClient, q: Record<string, string | string[] | number> = {}): Promise<Page> {
      const res = await c.get(`${R}?${qs({ createdFrom: since, ...q })}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    }
    const idsOf = (p: Page) => p.items.map((i) => i.id);

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      t.clock.advance(1000);
      since = t.clock.now().toISOString();
      ids.validation = await newOrder(t, a, { amount: { cost: '100.50', currency: 'EUR' } });
      t.clock.advance(1000);
      ids.active = await activeOrderOfBoth(t, a);
      t.clock.advance(1000);
      ids.offers = await orderWithOffers(t, a);
      t.clock.advance(1000);
      ids.accepted = await orderWithOffers(t, a);
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', ids.accepted, a.p1Id);
      t.clock.advance(1000);
      await secondClientCompany(t, 'other-reports@example.com');
      other = await t.signedIn('other-reports@example.com');
      ids.other = (
        await created(
          other,
          orderInput(t, {
            paymentType: 'RECEIVING',
            counterparty: { countryCode: 'TR', city: 'Istanbul', bankName: '=HYPERLINK("x")' },
          }),
        )
      ).id as number;
    });
    afterAll(() => t.close());

    it('scopes by role: client his company, agent the orders sent to him, operator all; AGENT 403, guest 401', async () => {
      expect(idsOf(await page(a.client))).toEqual([ids.validation, ids.active, ids.offers, ids.accepted]);
      expect(idsOf(await page(other))).toEqual([ids.other]);
      const p1 = await page(a.p1);
      expect(idsOf(p1)).toEqual([ids.active, ids.offers, ids.accepted]);
      expect(p1.items.map((i) => i.partnerOrderStatus)).toEqual(['ALLOWED', 'SEND_OFFER', 'ACCEPTED']);
      expect(p1.items.map((i) => i.displayStatus)).toEqual(['NEW', 'OFFER', 'OFFER_ACCEPTED']);
      expect(p1.items.every((i) => i.paymentAgents.length === 1 && i.paymentAgents[0].id === a.p1Id)).toBe(true);
      const p2 = await page(a.p2);
      expect(p2.items.map((i) => i.partnerOrderStatus)).toEqual(['ALLOWED', 'SEND_OFFER', 'SIGNED_ANOTHER_OFFER']);
      expect(p2.items[2].fee).toBeNull();
      const oper = await page(a.oper);
      expect(idsOf(oper)).toEqual([ids.validation, ids.active, ids.offers, ids.accepted, ids.other]);
      expect(oper.totalCount).toBe(5);
      expect(oper.items.map((i) => i.displayStatus)).toEqual([
        'VALIDATION',
        'ON_REVIEW',
        'OFFER',
        'OFFER',
        'VALIDATION',
      ]);
      const agent = await t.signedIn('agent@example.com');
      expect((await agent.get(R)).json().code).toBe('FORBIDDEN');
      expect((await agent.get(R)).statusCode).toBe(403);
      expect((await t.client().get(R)).statusCode).toBe(401);
      expect((await t.client().get(`${R}.csv`)).statusCode).toBe(401);
    });

    it('gives the client display status, payment agents and the accepted offer fee', async () => {
      const c = await page(a.client);
      expect(c.items.map((i) => i.displayStatus)).toEqual([
        'CHECK',
        'WAITING_FOR_OFFERS',
        'HAS_OFFERS',
        'OFFER_ACCEPTED',
      ]);
      const acc = c.items[3];
      expect(acc.acceptedPaymentAgentId).toBe(a.p1Id);
      expect(acc.fee).toMatch(/^\d+\.\d{2}$/);
      expect(acc.serviceFee).toMatch(/^\d+\.\d{2}$/);
      expect(c.items[2].fee).toBeNull();
      expect(c.items[1].paymentAgents).toEqual([]); // ALLOWED offers are hidden from the client
      expect(c.items[2].paymentAgents.map((p) => p.id).sort()).toEqual([a.p1Id, a.p2Id].sort());
    });

    it('applies every filter', async () => {
      expect(idsOf(await page(a.oper, { status: 'ACTIVE' }))).toEqual([ids.active, ids.offers]);
      expect(idsOf(await page(a.oper, { status: ['ACTIVE', 'OFFER_ACCEPTED'] }))).toEqual([
        ids.active,
        ids.offers,
        ids.accepted,
      ]);
      expect(idsOf(await page(a.client, { displayStatus: 'HAS_OFFERS' }))).toEqual([ids.offers]);
      expect(idsOf(await page(a.oper, { displayStatus: 'ON_REVIEW' }))).toEqual([ids.active]);
      expect(idsOf(await page(a.p2, { displayStatus: 'ANOTHER_OFFER_ACCEPTED' }))).toEqual([ids.accepted]);
      expect(idsOf(await page(a.client, { currency: 'EUR' }))).toEqual([ids.validation]);
      expect(idsOf(await page(a.oper, { paymentType: 'RECEIVING' }))).toEqual([ids.other]);
      expect(idsOf(await page(a.oper, { countryCode: 'TR' }))).toEqual([ids.other]);
      expect(idsOf(await page(a.oper, { paymentAgentId: a.p1Id }))).toEqual([ids.active, ids.offers, ids.accepted]);
      const second = (await page(a.oper)).items[1].createdAt;
      expect(idsOf(await page(a.oper, { createdTo: second }))).toEqual([ids.validation, ids.active]);
      const upd = await page(a.oper, { updatedFrom: (await page(a.oper)).items[4].createdAt });
      expect(idsOf(upd)).toEqual([ids.other]);
      expect(idsOf(await page(a.oper, { updatedTo: since }))).toEqual([]);
    });

    it('keeps cursors stable over a concurrent insert: no duplicate, no skip', async () => {
      const seen: number[] = [];
      let after: string | undefined;
      let first = true;
      let inserted = 0;
      for (;;) {
        const p = await page(a.oper, { first: 2, ...(after ? { after } : {}) });
        seen.push(...idsOf(p));
        if (first) {
          t.clock.advance(1000);
          inserted = await newOrder(t, a);
          first = false;
        }
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor!;
      }
      expect(seen).toEqual([ids.validation, ids.active, ids.offers, ids.accepted, ids.other, inserted]);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('computes aggregates equal to the sums of the listed rows', async () => {
      const rows = (await page(a.oper, { first: 500 })).items;
      const res = await a.oper.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'CURRENCY' })}`);
      expect(res.statusCode, res.body).toBe(200);
      const agg = res.json() as {
        key: string;
        currency: string;
        count: number;
        amountSum: string;
        commissionSum: string;
        referralCommissionSum: string;
      }[];
      for (const g of agg) {
        const mine = rows.filter((r) => r.currency === g.currency);
        expect(g.count).toBe(mine.length);
        const cents = mine.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
        expect(Math.round(Number(g.amountSum) * 100)).toBe(cents);
        const fee = mine.reduce((s, r) => s + Math.round(Number(r.serviceFee ?? 0) * 100), 0);
        expect(Math.round(Number(g.commissionSum) * 100)).toBe(fee);
      }
      expect(agg.reduce((s, g) => s + g.count, 0)).toBe(rows.length);
      expect(agg.every((g) => g.referralCommissionSum === '0')).toBe(true);
      // A referral partner's commission of the accepted order counts for operators only.
      const agentUser = await userOf(t, 'agent@example.com');
      await t.db.insert(referralCommissions).values({
        orderId: ids.accepted,
        partnerCompanyId: agentUser.companyId!,
        clientCompanyId: rows.find((r) => r.id === ids.accepted)!.companyId,
        baseAmount: '10.00',
        baseCurrency: 'USD',
        percent: '10',
        amount: '1.25',
        currency: 'USD',
        createdAt: t.clock.now(),
      });
      const withRef = (await a.oper.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'CURRENCY' })}`)).json();
      expect(withRef.find((g: { currency: string }) => g.currency === 'USD').referralCommissionSum).toBe('1.25');
      expect((await page(a.oper, { status: 'OFFER_ACCEPTED' })).items[0].referralCommission).toBe('1.25');
      expect((await page(a.client, { status: 'OFFER_ACCEPTED' })).items[0].referralCommission).toBeNull();
      const clientAgg = (
        await a.client.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'CURRENCY' })}`)
      ).json();
      expect(clientAgg.every((g: { referralCommissionSum: string }) => g.referralCommissionSum === '0')).toBe(true);
      const month = (await a.oper.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'MONTH' })}`)).json();
      expect(month[0].key).toMatch(/^\d{4}-\d{2}$/);
      const byAgent = (
        await a.oper.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'PAYMENT_AGENT' })}`)
      ).json();
      expect(byAgent.find((g: { key: string }) => g.key === String(a.p1Id))).toMatchObject({ count: 1 });
      const byStatus = (await a.client.get(`${R}/aggregates?${qs({ createdFrom: since, groupBy: 'STATUS' })}`)).json();
      expect(byStatus.map((g: { key: string }) => g.key)).toContain('OFFER_ACCEPTED');
    });

    it('exports CSV: BOM, ";", CRLF, Russian header, RFC 4180 quoting, decimal comma, formula guard', async () => {
      const res = await a.oper.get(`${R}.csv?${qs({ createdFrom: since })}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      const lines = text.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0].split(';')[0]).toBe('ID заявки');
      expect(lines[0]).toContain('Сумма');
      expect(lines).toHaveLength(1 + 6 + 1);
      expect(text).toContain(';100,50;EUR;');
      expect(text).toContain(`;"'=HYPERLINK(""x"")";`);
    });

    it('refuses bad input with 400 and a stable code', async () => {
      const bad = async (q: string, code: string) => {
        const res = await a.oper.get(`${R}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code, q).toBe(code);
      };
      await bad('status=NOPE', 'VALIDATION_ERROR');
      await bad('first=0', 'VALIDATION_ERROR');
      await bad('first=501', 'VALIDATION_ERROR');
      await bad('createdFrom=yesterday', 'REPORT_FILTER_INVALID');
      await bad('createdFrom=2026-02-01T00:00:00Z&createdTo=2026-01-01T00:00:00Z', 'REPORT_FILTER_INVALID');
      await bad('updatedFrom=2026-13-01T00:00:00Z', 'REPORT_FILTER_INVALID');
      await bad('after=garbage', 'REPORT_CURSOR_INVALID');
      // a NUL character is refused by the input guard of every route first (issue 14): VALIDATION_ERROR, item NUL_CHARACTER
      await bad('after=%00', 'VALIDATION_ERROR');
      await bad('displayStatus=CHECK%00', 'VALIDATION_ERROR');
      await bad('displayStatus=HAS_OFFERS', 'REPORT_FILTER_INVALID'); // a client code, not an operator's
      await bad('currency=usd', 'VALIDATION_ERROR');
      const agg = await a.oper.get(`${R}/aggregates?groupBy=YEAR`);
      expect(agg.statusCode).toBe(400);
      const csv = await a.oper.get(`${R}.csv?createdFrom=2026-02-01T00:00:00Z&createdTo=2026-01-01T00:00:00Z`);
      expect(csv.statusCode).toBe(400);
      expect(csv.json().code).toBe('REPORT_FILTER_INVALID');
    });
  });
}
