/**
 * Read models of the deal flow added after the first slice of issue 3:
 * - the client's order list and GET carry each partner order's id, brand, status, partnerSignRequired, offer (hidden
 *   per spec core §4) and active bill; the payment agent's list rows carry its own offer, bill, refusal reason and the
 *   order fields — loaded in batched queries (the number of SQL statements of a page does not grow with its size);
 * - the offer read model: exchange rate source (course_source), agent and service fee %, percents trimmed;
 * - downloads: the client's sample contract of an offer, the operator's download of the client's order files;
 * - the payment agent's history (ORDER rows and its own offer's rows only, no operator identities) and the operator's
 *   view of a bill's payment company.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { partnerPaymentCompanies } from '../src/db/schema/partner.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { activeOrderOfBoth, actors, CLIENT, OPER, partnerOrderId, partnerStep, type Actors } from './deal-helpers.js';
import { clientAction, offerBody, PORDER } from './deal-partner-helpers.js';
import { day, orderInput, pdf } from './orders-helpers.js';

for (const driver of DRIVERS) {
  describe(`deal read models [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let id: number;
    let sampleFileId: string;
    const d = { day: (n: number) => day(t, n) };

    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      for (const c of [a.client, a.oper, a.p1, a.p2]) await c.fetchCsrf();
      id = await activeOrderOfBoth(t, a);
      // Agent 1: a sample contract among its document examples, an offer with an explicit rate source.
      expect((await a.p1.post(`${PORDER}/${id}/take`, {})).statusCode).toBe(200);
      const up = await a.p1.upload(`${PORDER}/${id}/offer/docs-example`, 'Договор (образец).pdf', pdf(3000, 'sample'));
      expect(up.statusCode).toBe(201);
      sampleFileId = up.json().fileId;
      const sent = await a.p1.post(
        `${PORDER}/${id}/offer/send`,
        offerBody(d, {
          clientFeePercent: '1.5',
          sampleContractFileId: sampleFileId,
          exchangeRate: { course: '92.5', source: 'Биржа (MOEX)', courseDeterminationRules: 'Курс на 10:00' },
        }),
      );
      expect(sent.statusCode, sent.body).toBe(200);
      // Agent 2 only takes it: IN_PROGRESS, details hidden from the client.
      expect((await a.p2.post(`${PORDER}/${id}/take`, {})).statusCode).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("the client's list and GET carry every partner order with id, brand, offer (hidden per §4) and bill; percents trimmed, rate source shown", async () => {
      const page = (await a.client.post(`${CLIENT}/filter`, { pageable: { page: 0, pageSize: 10 } })).json();
      const row = page.content.find((o: { id: number }) => o.id === id);
      const one = (await a.client.get(`${CLIENT}/${id}`)).json();
      for (const o of [row, one]) {
        const [p1, p2] = o.partnerOrders;
        expect(p1).toMatchObject({
          id: await partnerOrderId(t, id, a.p1Id),
          partnerId: a.p1Id,
          brand: 'Альфа Платежи',
          status: 'SEND_OFFER',
          partnerSignRequired: false,
          paycheck: null,
          offer: {
            clientFeePercent: '1.5',
            agentFeePercent: '1.1',
            serviceFeePercent: '0.4',
            totalFee: '187.50',
            sampleContractFileId: sampleFileId,
            totalCommission: { amount: expect.any(String), percent: expect.stringMatching(/^\d+(\.\d*[1-9])?$/) },
            exchangeRateInfo: {
              currencyCode: 'USD',
              course: '92.5000',
              source: 'Биржа (MOEX)',
              courseDeterminationRules: 'Курс на 10:00',
            },
          },
        });
        expect(p1.rejectReason).toBeNull();
        expect(p2).toMatchObject({
          id: await partnerOrderId(t, id, a.p2Id),
          partnerId: a.p2Id,
          brand: 'Бета Трансфер',
          status: 'IN_PROGRESS',
          offer: null,
          paycheck: null,
        });
      }
    });

    it("the rate source defaults to the agent's currency settings; the operator sees every offer with the same read model", async () => {
      const sent = await a.p2.post(
        `${PORDER}/${id}/offer/send`,
        offerBody(d, { clientFeePercent: '2', exchangeRate: { course: '92.4' }, additionalExpenses: [] }),
      );
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().partnerOrders[0].offer.exchangeRateInfo.source).toEqual(expect.any(String));
      const oper = (await a.oper.get(`${OPER}/${id}`)).json();
      const p2 = oper.partnerOrders.find((p: { partnerId: number }) => p.partnerId === a.p2Id);
      expect(p2.offer).toMatchObject({
        clientFeePercent: '2',
        exchangeRateInfo: { course: '92.4000', source: expect.any(String) },
      });
      expect(p2.offer.exchangeRateInfo.source.length).toBeGreaterThan(0);
      expect(p2.offer.agentFeePercent).not.toMatch(/\.\d*0$/);
      expect(p2.offer.serviceFeePercent).not.toMatch(/\.\d*0$/);
    });

    it("the payment agent's rows carry its own offer, bill, refusal reason and the order fields", async () => {
      const rows = (await a.p1.post(`${PORDER}/filter`, { tab: 'all' })).json().content;
      const row = rows.find((r: { orderId: number }) => r.orderId === id);
      expect(row).toMatchObject({
        partnerOrderId: await partnerOrderId(t, id, a.p1Id),
        status: 'SEND_OFFER',
        rejectReason: null,
        paycheck: null,
        offer: { clientFeePercent: '1.5', agentFeePercent: '1.1', exchangeRateInfo: { source: 'Биржа (MOEX)' } },
        city: expect.any(String),
        bankName: expect.any(String),
        tnvedCode: expect.stringMatching(/^\d{10}$/),
        files: [],
        clientId: expect.any(Number),
      });
      const detail = (await a.p1.get(`${PORDER}/${id}`)).json();
      expect(row).toMatchObject({
        city: detail.counterparty.city,
        bankName: detail.counterparty.bankName,
        tnvedCode: detail.tnvedCode,
        clientId: detail.client.companyId,
      });
      expect(row.offer).toEqual(detail.partnerOrders[0].offer);
    });

    // Statements are counted through PGlite's query hook, so this one is registered for the PGlite run only.
    if (driver === 'pglite')
      it('a page costs the same number of SQL statements for 3 and for 10 orders (batched, not per row)', async () => {
        for (let i = 0; i < 10; i++) await activeOrderOfBoth(t, a);
        const pg = t.dbh.pglite!;
        const count = async (fn: () => Promise<unknown>) => {
          const q = vi.spyOn(pg, 'query');
          const e = vi.spyOn(pg, 'exec');
          try {
            await fn();
            // Background work of the chat stream hub (its safety poll and the event sequencer's 1 s sweep) may run in
            // the same moment; it reads only the chat event log, which an order page never touches.
            const own = (call: unknown[]) => !/chat_events/i.test(String(call[0]));
            return q.mock.calls.filter(own).length + e.mock.calls.filter(own).length;
          } finally {
            q.mockRestore();
            e.mockRestore();
          }
        };
        const clientPage = (n: number) => () =>
          a.client.post(`${CLIENT}/filter`, { pageable: { page: 0, pageSize: n } });
        const partnerPage = (n: number) => () => a.p1.post(`${PORDER}/filter`, { pageable: { page: 0, pageSize: n } });
        const [c3, c10, p3, p10] = [
          await count(clientPage(3)),
          await count(clientPage(10)),
          await count(partnerPage(3)),
          await count(partnerPage(10)),
        ];
        expect(c3).toBeGreaterThan(0);
        expect(c10).toBe(c3);
        expect(p10).toBe(p3);
      });

    it("downloads: the client gets the sample contract only while the offer's details are visible; the operator gets the client's files", async () => {
      const po1 = await partnerOrderId(t, id, a.p1Id);
      const po2 = await partnerOrderId(t, id, a.p2Id);
      const res = await a.client.get(`${CLIENT}/${id}/offers/${po1}/sample-contract`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf(3000, 'sample'))).toBe(true);
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await a.client.get(`${CLIENT}/${id}/offers/${po2}/sample-contract`)).statusCode).toBe(404); // no sample contract
      expect((await a.client.get(`${CLIENT}/${id}/offers/999999/sample-contract`)).statusCode).toBe(404);
      expect((await a.p1.get(`${CLIENT}/${id}/offers/${po1}/sample-contract`)).statusCode).toBe(403);

      // The operator downloads the client's order files (uploaded with a new request).
      const up = await a.client.upload(`${CLIENT}/files`, 'Инвойс.pdf', pdf(1234, 'invoice'));
      expect(up.statusCode).toBe(201);
      const fileId = up.json().id as string;
      const created = await a.client.post(CLIENT, orderInput(t, { fileIds: [fileId] }));
      expect(created.statusCode, created.body).toBe(201);
      const withFile = created.json().id as number;
      const got = await a.oper.get(`${OPER}/${withFile}/files/${fileId}`);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(pdf(1234, 'invoice'))).toBe(true);
      expect((await a.oper.get(`${OPER}/${id}/files/${fileId}`)).statusCode).toBe(404); // not a file of that order
      expect((await a.client.get(`${OPER}/${withFile}/files/${fileId}`)).statusCode).toBe(403);

      // Once another offer is accepted, agent 1's offer is SIGNED_ANOTHER_OFFER: details hidden, no download.
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', id, a.p2Id);
      expect((await a.client.get(`${CLIENT}/${id}/offers/${po1}/sample-contract`)).statusCode).toBe(404);
    });

    it("the payment agent's history: ORDER rows and its own offer's rows, no other agent's, no operator identities", async () => {
      // Agent 2's offer was accepted above: agent 1's offer is SIGNED_ANOTHER_OFFER.
      const h1 = (await a.p1.get(`${PORDER}/${id}/history`)).json() as Array<{
        entity: string;
        partnerId: number | null;
        actorRole: string;
        actor: unknown;
        to: string;
        comment: string | null;
      }>;
      expect(h1.length).toBeGreaterThan(0);
      expect(h1.every((h) => h.entity === 'ORDER' || h.partnerId === a.p1Id)).toBe(true);
      expect(h1.filter((h) => h.entity === 'OFFER').map((h) => h.to)).toEqual(
        expect.arrayContaining(['ALLOWED', 'IN_PROGRESS', 'SEND_OFFER', 'SIGNED_ANOTHER_OFFER']),
      );
      expect(h1.filter((h) => h.actorRole === 'OPER' || h.actorRole === 'CLIENT').every((h) => h.actor === null)).toBe(
        true,
      );
      expect(h1.some((h) => h.actorRole === 'PARTNER' && h.actor !== null)).toBe(true); // its own colleagues are named
      const h2 = (await a.p2.get(`${PORDER}/${id}/history`)).json() as typeof h1;
      expect(h2.every((h) => h.entity === 'ORDER' || h.partnerId === a.p2Id)).toBe(true);
      expect(h2.some((h) => h.partnerId === a.p1Id)).toBe(false);
      // The operator still sees everything, with names.
      const all = (await a.oper.get(`${OPER}/${id}`)).json().history as typeof h1;
      expect(all.length).toBeGreaterThan(h1.length);
      expect(all.some((h) => h.actorRole === 'OPER' && h.actor !== null)).toBe(true);
    });

    it('the operator sees the payment company of a bill of the order, and only of that order', async () => {
      await partnerStep(t, 'partner2@example.com', 'PARTNER_SEND_OFFER_DOCS', id);
      await clientAction(t, 'CLIENT_CONFIRM_OFFER_DOCS', id, a.p2Id);
      const [pc] = await t.db
        .select({ id: partnerPaymentCompanies.id, name: partnerPaymentCompanies.name })
        .from(partnerPaymentCompanies)
        .where(eq(partnerPaymentCompanies.partnerCompanyId, a.p2Id));
      const issued = await a.p2.post(`${PORDER}/${id}/offer/pay-checks/active/confirm`, { paymentCompanyId: pc.id });
      expect(issued.statusCode, issued.body).toBe(200);
      const bill = issued.json().partnerOrders[0].paycheck;
      const res = await a.oper.get(`${OPER}/${id}/pay-checks/${bill.id}/payment-company`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: pc.id, name: pc.name, requisites: expect.any(Array) });
      const other = await activeOrderOfBoth(t, a);
      expect((await a.oper.get(`${OPER}/${other}/pay-checks/${bill.id}/payment-company`)).statusCode).toBe(404);
      expect((await a.p2.get(`${OPER}/${id}/pay-checks/${bill.id}/payment-company`)).statusCode).toBe(403);
      // The client's list now shows the active bill of the accepted offer.
      const mine = (await a.client.get(`${CLIENT}/${id}`)).json();
      expect(mine.partnerOrders.find((p: { partnerId: number }) => p.partnerId === a.p2Id).paycheck).toMatchObject({
        id: bill.id,
        status: 'ACTIVE',
      });
    });
  });
}
