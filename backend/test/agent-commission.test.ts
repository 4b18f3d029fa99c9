/**
 * The referral partner's view of his clients' requests and his commission (issue 11; docs/rest-api.md "Re-login,
 * requests and commissions", "Referral partner commission"): a request created by re-login runs to EXECUTED through
 * the deal routes; the commission is stored once in the transaction of EXECUTED; the partner's list, card and
 * commission calls are scoped to his clients.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerOrderOffers } from '../src/db/schema/deal.js';
import { orderStatusHistory } from '../src/db/schema/orders.js';
import { referralCommissions } from '../src/db/schema/referral.js';
import { recordReferralCommission } from '../src/referral/commissions.js';
import { percentOf } from '@platform/domain/deal/money';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, CLIENT, OPER, partnerCompanyId, partnerOrderId, partnerStep, sendOffer } from './deal-helpers.js';
import { reloginFixture, reloginUrl, type ReloginFixture } from './agent-relogin-helpers.js';

const AGENT_ORDERS = '/api/secured/agent/order/exch';

for (const driver of DRIVERS) {
  describe(`the partner's requests and commission [${driver}]`, () => {
    let t: TestApp;
    let f: ReloginFixture;
    let agent: TestClient;
    let orderId: number;
    let p1Id: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      f = await reloginFixture(t);
      p1Id = await partnerCompanyId(t, 'Альфа Платежи');
      agent = await t.signedIn('agent@example.com');
    });
    afterAll(() => t.close());

    const ok = (res: { statusCode: number; body: string }, what: string) => {
      if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    };

    it('runs a request created by re-login to EXECUTED and stores the commission once', async () => {
      const acting = await t.signedIn('agent@example.com');
      ok(await acting.post(reloginUrl(f.linkId), {}), 're-login');
      orderId = await activeOrder(t, acting, [p1Id]);
      await sendOffer(t, await t.signedIn('partner1@example.com'), orderId);
      const po = await partnerOrderId(t, orderId, p1Id);
      // Accepting an offer is not reserved to the original client: the partner does it, recorded as AGENT.
      ok(await acting.post(`${CLIENT}/${orderId}/offers/${po}/accept`, {}), 'accept');
      const accepted = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
      expect(accepted.find((h) => h.toStatus === 'OFFER_ACCEPTED')).toMatchObject({
        byUserId: f.agentUserId,
        actorRole: 'AGENT',
      });

      const client = await t.signedIn('client@example.com');
      const oper = await t.signedIn('operator@example.com');
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_OFFER_DOCS', orderId);
      expect((await acting.post(`${CLIENT}/${orderId}/offer/docs/confirm`, {})).statusCode).toBe(403);
      ok(await client.post(`${CLIENT}/${orderId}/offer/docs/confirm`, {}), 'offer docs');
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_PAYCHECK', orderId, {
        payCheck: { amount: '12500.00', currency: 'USD', commission: '187.50', convertedCommissionAmount: '17343.75' },
      });
      ok(await acting.post(`${CLIENT}/${orderId}/payment/made`, {}), 'payment made by the partner');
      ok(await oper.post(`${OPER}/${orderId}/pay-checks/confirm`, {}), 'payment confirmed');
      await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_FINAL_DOCS', orderId);
      expect((await client.get(`${AGENT_ORDERS}/${orderId}`)).statusCode).toBe(403);
      const done = await client.post(`${CLIENT}/${orderId}/offer/final-docs/confirm`, {});
      expect(done.json().status).toBe('EXECUTED');

      const [offer] = await t.db.select().from(partnerOrderOffers).where(eq(partnerOrderOffers.partnerOrderId, po));
      const rows = await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        partnerCompanyId: f.agentCompanyId,
        clientCompanyId: f.clientCompanyId,
        partnerOrderId: po,
        baseAmount: offer.serviceFee,
        baseCurrency: offer.paymentCurrency,
        amount: percentOf(offer.serviceFee, '20'),
        currency: offer.paymentCurrency,
      });
      expect(Number(rows[0].percent)).toBe(20);
      expect(Number(rows[0].amount)).toBeGreaterThan(0);
      // Idempotent: a second recording is a no-op.
      expect(await recordReferralCommission(t.db, { orderId, partnerOrderId: po, now: t.clock.now() })).toBeNull();
      expect(
        await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId)),
      ).toHaveLength(1);
    });

    it("lists the partner's requests with the display status, documents and commission; never another partner's", async () => {
      const page = await agent.post(`${AGENT_ORDERS}/filter?page=0&size=5`, { statuses: ['EXECUTED'] });
      expect(page.statusCode).toBe(200);
      const row = page.json().content.find((r: { id: number }) => r.id === orderId);
      const [c] = await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId));
      expect(row).toMatchObject({
        status: 'EXECUTED',
        displayStatus: { code: 'EXECUTED' },
        client: { companyId: f.clientCompanyId },
        commission: { amount: c.amount, currency: c.currency, percent: '20' },
      });
      const count = await agent.post(`${AGENT_ORDERS}/filter/count`, { clientCompanyId: f.clientCompanyId });
      expect(count.json().count).toBeGreaterThanOrEqual(1);
      expect(
        (await agent.post(`${AGENT_ORDERS}/filter/count`, { clientCompanyId: f.clientCompanyId + 100000 })).json(),
      ).toEqual({ count: 0 });
      expect((await agent.post(`${AGENT_ORDERS}/filter`, { id: String(orderId) })).json().content).toHaveLength(1);
      expect((await agent.post(`${AGENT_ORDERS}/filter?size=500`, {})).statusCode).toBe(400);
      expect((await agent.post(`${AGENT_ORDERS}/filter`, { statuses: ['NOPE'] })).statusCode).toBe(400);

      const card = await agent.get(`${AGENT_ORDERS}/${orderId}`);
      expect(card.statusCode).toBe(200);
      expect(card.json()).toMatchObject({ id: orderId, status: 'EXECUTED', documents: expect.any(Array) });

      const other = await t.signedIn('agent2@example.com');
      expect((await other.post(`${AGENT_ORDERS}/filter`, {})).json()).toMatchObject({ content: [], totalElements: 0 });
      const foreign = await other.get(`${AGENT_ORDERS}/${orderId}`);
      expect(foreign.statusCode).toBe(404);
      expect((await other.get('/api/secured/agent/commissions')).json().totalElements).toBe(0);
      expect((await other.get('/api/secured/agent/commissions/total')).json()).toEqual([]);
      const client = await t.signedIn('client@example.com');
      expect((await client.post(`${AGENT_ORDERS}/filter`, {})).statusCode).toBe(403);
    });

    it('lists the commissions and their sums per currency', async () => {
      const list = await agent.get('/api/secured/agent/commissions?page=0&size=10');
      expect(list.statusCode).toBe(200);
      const [c] = await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId));
      expect(list.json()).toMatchObject({ totalElements: 1, last: true });
      expect(list.json().content[0]).toMatchObject({
        orderId,
        client: { companyId: f.clientCompanyId },
        percent: '20',
        amount: c.amount,
        currency: c.currency,
      });
      expect((await agent.get('/api/secured/agent/commissions/total')).json()).toEqual([
        { amount: c.amount, currency: c.currency },
      ]);
      expect((await agent.get('/api/secured/agent/commissions?page=-1')).statusCode).toBe(400);
    });
  });
}
