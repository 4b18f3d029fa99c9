/**
 * Scoping and access of the payment agent's calls (spec core §6 "a payment agent sees only the orders sent to it";
 * §7 "Payment agent (partner)"; §8 401 and CSRF 403 retryCsrf; issue 3 "nothing leaks and nothing changes"):
 * every order route for an agent the order was not sent to → 404 with nothing changed; other roles → 403;
 * no session → 401; no anti-forgery token → 403 retryCsrf.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, clientAction, offerBody, partnerCompanyId, PBASE, PORDER } from './deal-partner-helpers.js';
import { day, freshDataDir, pdf } from './orders-helpers.js';

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: boolean;
}

for (const driver of DRIVERS) {
  describe(`payment agent access and scoping [${driver}]`, () => {
    let t: TestApp;
    let p1: TestClient;
    let p2: TestClient;
    let E: number;
    let calls: Call[];
    let orderCalls: Call[];

    const send = (c: TestClient, call: Call, csrf = true) => {
      if (call.upload)
        return csrf
          ? c.upload(call.url, 'x.pdf', pdf(200, 'scope'))
          : c.request('POST', call.url, {
              csrf: false,
              payload: 'x',
              headers: { 'content-type': 'multipart/form-data; boundary=b' },
            });
      return c.request(call.method, call.url, { body: call.body, csrf });
    };

    beforeAll(async () => {
      t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
      const client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      p2 = await t.signedIn('partner2@example.com');
      const alfa = await partnerCompanyId(t, 'Альфа Платежи');
      // E: sent to partner1 only, accepted, with a document example and an offer document.
      E = await activeOrder(t, client, [alfa]);
      await p1.post(`${PORDER}/${E}/take`);
      const example = (await p1.upload(`${PORDER}/${E}/offer/docs-example`, 'sample.pdf', pdf(300, 'sample'))).json();
      const sent = await p1.post(
        `${PORDER}/${E}/offer/send`,
        offerBody({ day: (n) => day(t, n) }, { sampleContractFileId: example.fileId }),
      );
      expect(sent.statusCode).toBe(200);
      await clientAction(t, 'CLIENT_ACCEPT_OFFER', E, alfa);
      const doc = (await p1.upload(`${PORDER}/${E}/offer/docs`, 'doc.pdf', pdf(300, 'doc'))).json();
      const company = (await p1.get(`${PBASE}/payment-companies`)).json()[0];

      const o = `${PORDER}/${E}`;
      orderCalls = [
        { method: 'GET', url: o },
        { method: 'POST', url: `${o}/take` },
        { method: 'POST', url: `${o}/reject`, body: { reason: 'Причина' } },
        { method: 'GET', url: `${o}/offer/docs-example` },
        { method: 'POST', url: `${o}/offer/docs-example`, upload: true },
        { method: 'GET', url: `${o}/offer/docs-example/${example.id}` },
        { method: 'GET', url: `${o}/offer/docs-example/${example.id}/content` },
        { method: 'DELETE', url: `${o}/offer/docs-example/${example.id}` },
        { method: 'POST', url: `${o}/offer/send`, body: offerBody({ day: (n) => day(t, n) }) },
        { method: 'GET', url: `${o}/offer/commission` },
        { method: 'POST', url: `${PBASE}/commission/calculate?orderId=${E}`, body: { clientFeePercent: '1.5' } },
        ...['docs', 'final-docs'].flatMap((set): Call[] => [
          { method: 'GET', url: `${o}/offer/${set}` },
          { method: 'POST', url: `${o}/offer/${set}`, upload: true },
          { method: 'GET', url: `${o}/offer/${set}/${doc.id}` },
          { method: 'GET', url: `${o}/offer/${set}/${doc.id}/content` },
          { method: 'DELETE', url: `${o}/offer/${set}/${doc.id}` },
          { method: 'POST', url: `${o}/offer/${set}/sign` },
          { method: 'POST', url: `${o}/offer/${set}/confirm` },
          { method: 'POST', url: `${o}/offer/${set}/send` },
        ]),
        { method: 'GET', url: `${o}/offer/pay-checks/payment-company/${company.id}` },
        { method: 'GET', url: `${o}/offer/pay-checks/active` },
        { method: 'POST', url: `${o}/offer/pay-checks/active/confirm`, body: { paymentCompanyId: company.id } },
        {
          method: 'POST',
          url: `${o}/offer/pay-checks/amount-convert`,
          body: { amount: { cost: '1', currency: 'USD' }, targetCurrency: 'RUB' },
        },
        { method: 'POST', url: `${o}/payment/confirm` },
      ];
      calls = [
        ...orderCalls,
        { method: 'POST', url: `${PORDER}/filter`, body: {} },
        { method: 'POST', url: `${PORDER}/filter/count`, body: {} },
        { method: 'GET', url: `${PBASE}/settings/currencies` },
        { method: 'GET', url: `${PBASE}/settings/currency?code=USD` },
        { method: 'GET', url: `${PBASE}/payment-companies` },
      ];
    });
    afterAll(async () => {
      await t?.close();
      if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
    });

    it('answers 404 on every order route to an agent the order was not sent to, and changes nothing', async () => {
      const before = await t.snapshot();
      for (const call of orderCalls) {
        const res = await send(p2, call);
        expect({ call: `${call.method} ${call.url}`, status: res.statusCode, code: res.json().code }).toEqual({
          call: `${call.method} ${call.url}`,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      expect((await p2.post(`${PORDER}/filter`, { id: E })).json().totalElements).toBe(0);
      expect((await p2.post(`${PORDER}/filter/count`, {})).json().count).toBe(0);
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses other roles with 403 and changes nothing', async () => {
      const others: Array<[string, TestClient]> = [];
      for (const email of ['client@example.com', 'operator@example.com', 'agent@example.com'])
        others.push([email, await t.signedIn(email)]);
      const before = await t.snapshot();
      for (const [email, c] of others) {
        for (const call of calls) {
          const res = await send(c, call);
          expect({
            who: email,
            call: `${call.method} ${call.url}`,
            status: res.statusCode,
            code: res.json().code,
          }).toMatchObject({ status: 403, code: 'FORBIDDEN' });
        }
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('answers 401 without a session and 403 retryCsrf without the anti-forgery token', async () => {
      const before = await t.snapshot();
      const anon = t.client();
      for (const call of calls) {
        const res = await send(anon, call);
        expect({ call: `${call.method} ${call.url}`, status: res.statusCode }).toEqual({
          call: `${call.method} ${call.url}`,
          status: 401,
        });
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
      }
      for (const call of calls.filter((c) => c.method !== 'GET')) {
        const res = await send(p1, call, false);
        expect({ call: `${call.method} ${call.url}`, status: res.statusCode, body: res.json() }).toMatchObject({
          status: 403,
          body: { code: 'CSRF_INVALID', retryCsrf: true },
        });
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it('lets the agent the order was sent to read it', async () => {
      const res = await p1.get(`${PORDER}/${E}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: E,
        status: 'OFFER_ACCEPTED',
        partnerOrders: [{ status: 'ACCEPTED', offer: { clientFeePercent: '1.5' } }],
      });
      expect(res.json().actions).toEqual(expect.arrayContaining(['PARTNER_SEND_OFFER_DOCS', 'PARTNER_REJECT']));
    });
  });
}
