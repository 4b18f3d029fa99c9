/**
 * Role scoping of every route of issue 3 (spec core §6: "a payment agent sees only the orders sent to it; a client
 * only its company's; an operator all"). The route list is read from the OpenAPI document of the app; a deal route
 * missing from ROUTES fails the test. Every route is called by every role — the owning client, a client of another
 * company, the payment agent the order was sent to, one it was not sent to, the operator, a referral partner (AGENT)
 * — and anonymously. Refused callers must get 401, 403 or 404 and leave every table unchanged (`t.snapshot()`).
 * Permitted callers are exercised on the read routes here (never 401/403/404 for an existing resource); their
 * state-changing calls are covered step by step by deal-operator/-client/-concurrency/-expiry and the partner tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealDocuments } from '../src/db/schema/deal.js';
import { storedFiles } from '../src/db/schema/orders.js';
import { partnerPaymentCompanies } from '../src/db/schema/partner.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrderOfBoth, actors, partnerOrderId, sendOffer, type Actors } from './deal-helpers.js';
import { offerBody } from './deal-partner-helpers.js';
import { day, orderInput, secondClientCompany } from './orders-helpers.js';
import { eq } from 'drizzle-orm';

type Who = 'CLIENT_OWN' | 'CLIENT_OTHER' | 'PARTNER_SENT' | 'PARTNER_NOT_SENT' | 'OPER' | 'AGENT' | 'ANON';
const EVERYONE: Who[] = ['CLIENT_OWN', 'CLIENT_OTHER', 'PARTNER_SENT', 'PARTNER_NOT_SENT', 'OPER', 'AGENT', 'ANON'];

/** Who may call each route of issue 3. 'PUBLIC': the operator sign-in pages (no role); 'ORDERS': client order calls of the earlier issue. */
const ACCESS: Record<string, 'CLIENT' | 'OPER' | 'PARTNER' | 'PARTNER_ANY' | 'PUBLIC' | 'ORDERS'> = {
  'POST /api/secured/client/order/exch/files': 'ORDERS',
  'POST /api/secured/client/order/exch/validation': 'ORDERS',
  'POST /api/secured/client/order/exch': 'ORDERS',
  'POST /api/secured/client/order/exch/filter': 'ORDERS',
  'POST /api/secured/client/order/exch/filter/count': 'ORDERS',
  'GET /api/secured/client/order/exch/tab-counts': 'ORDERS', // own company only, 401/403: client-tab-counts.test.ts
  'GET /api/secured/client/order/exch/{id}': 'ORDERS',
  'GET /api/secured/client/order/exch/batch': 'ORDERS', // null for others' orders: orders-batch.test.ts
  'GET /api/secured/client/order/exch/{id}/files/{fileId}': 'ORDERS',
  'DELETE /api/secured/client/order/exch/{id}': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/offers': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/accept': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/offer/docs': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/offer/final-docs': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/offer/documents/{docId}/content': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/offer/docs/confirm': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/pay-checks/active': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/payment/made': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/offer/final-docs/confirm': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/offer/docs/{docId}/sign': 'CLIENT',
  'POST /api/secured/client/order/exch/{id}/offer/final-docs/{docId}/sign': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/history': 'CLIENT',
  'GET /api/secured/client/order/exch/{id}/offers/{partnerOrderId}/sample-contract': 'CLIENT',
  'GET /api/secured/oper/order/exch/{id}/files/{fileId}': 'OPER',
  'GET /api/secured/oper/order/exch/{id}/pay-checks/{payCheckId}/payment-company': 'OPER',
  'GET /api/secured/partner/order/exch/{id}/history': 'PARTNER',
  'POST /api/secured/oper/order/exch/filter': 'OPER',
  'POST /api/secured/oper/order/exch/filter/count': 'OPER',
  'POST /api/secured/oper/order/exch/tab-counts': 'OPER', // 401/403/400 and answers: oper-tab-counts.test.ts
  'GET /api/secured/oper/order/exch/{id}': 'OPER',
  'GET /api/secured/oper/order/exch/batch': 'OPER',
  'PUT /api/secured/oper/order/exch/{id}': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/comment': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/take': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/reject': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/close': 'OPER',
  'GET /api/secured/oper/partners/active': 'OPER',
  'GET /api/secured/oper/users': 'OPER',
  'GET /api/secured/oper/order/exch/{id}/partners': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/partners/send': 'OPER',
  'GET /api/secured/oper/order/exch/{id}/partner/{partnerId}/doc-example': 'OPER',
  'GET /api/secured/oper/order/exch/{id}/offer/docs': 'OPER',
  'GET /api/secured/oper/order/exch/{id}/documents/{docId}/content': 'OPER',
  'POST /api/secured/oper/order/exch/{id}/pay-checks/confirm': 'OPER',
  'GET /oper-login': 'PUBLIC',
  'POST /oper-login': 'PUBLIC',
  'POST /api/public/oper/autologin': 'PUBLIC',
  'POST /api/secured/partner/order/exch/filter': 'PARTNER_ANY',
  'POST /api/secured/partner/order/exch/filter/count': 'PARTNER_ANY',
  'POST /api/secured/partner/order/exch/tab-counts': 'PARTNER_ANY', // own orders only, 401/403/400: partner-tab-counts.test.ts
  'GET /api/secured/partner/order/exch/{id}': 'PARTNER',
  // An agent the order was not sent to gets null in its place (200), not 404: orders-batch.test.ts.
  'GET /api/secured/partner/order/exch/batch': 'PARTNER_ANY',
  'POST /api/secured/partner/order/exch/{id}/take': 'PARTNER',
  'POST /api/secured/partner/order/exch/{id}/reject': 'PARTNER',
  'POST /api/secured/partner/commission/calculate': 'PARTNER',
  'GET /api/secured/partner/order/exch/{id}/offer/commission': 'PARTNER',
  'POST /api/secured/partner/order/exch/{id}/offer/send': 'PARTNER',
  'GET /api/secured/partner/settings/currencies': 'PARTNER_ANY',
  'GET /api/secured/partner/settings/currency': 'PARTNER_ANY',
  'GET /api/secured/partner/payment-companies': 'PARTNER_ANY',
  'GET /api/secured/partner/order/exch/{id}/offer/pay-checks/payment-company/{companyId}': 'PARTNER',
  'GET /api/secured/partner/order/exch/{id}/offer/pay-checks/active': 'PARTNER',
  'POST /api/secured/partner/order/exch/{id}/offer/pay-checks/active/confirm': 'PARTNER',
  'POST /api/secured/partner/order/exch/{id}/offer/pay-checks/amount-convert': 'PARTNER',
  'POST /api/secured/partner/order/exch/{id}/payment/confirm': 'PARTNER',
  'GET /api/secured/partner/order/exch/{id}/files/{fileId}': 'PARTNER',
};
for (const set of ['docs-example', 'docs', 'final-docs']) {
  const b = `/api/secured/partner/order/exch/{id}/offer/${set}`;
  for (const k of [`GET ${b}`, `POST ${b}`, `GET ${b}/{docId}`, `DELETE ${b}/{docId}`, `GET ${b}/{docId}/content`])
    ACCESS[k] = 'PARTNER';
  if (set !== 'docs-example')
    for (const k of [`POST ${b}/sign`, `POST ${b}/confirm`, `POST ${b}/send`, `POST ${b}/{docId}/sign`])
      ACCESS[k] = 'PARTNER';
}

/** Routes of issue 3 in the OpenAPI document: deal paths of the client, the operator, the payment agent, and the operator sign-in. */
function isDealPath(p: string): boolean {
  return (
    /^\/api\/secured\/(oper\/order|partner\/|client\/order\/exch)/.test(p) ||
    // the administration's /oper/partners/* and /oper/users/* (issue 10) are covered by admin-rights-matrix.test.ts
    p === '/api/secured/oper/partners/active' ||
    p === '/api/secured/oper/users' ||
    p === '/oper-login' ||
    p === '/api/public/oper/autologin'
  );
}

for (const driver of DRIVERS) {
  describe(`deal route scoping [${driver}]`, () => {
    let t: TestApp;
    let a: Actors;
    let callers: Record<Exclude<Who, 'ANON'>, TestClient> & { ANON: TestClient };
    let params: Record<string, number | string>;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      a = await actors(t);
      await secondClientCompany(t, 'other@example.com');
      callers = {
        CLIENT_OWN: a.client,
        CLIENT_OTHER: await t.signedIn('other@example.com'),
        PARTNER_SENT: a.p1,
        PARTNER_NOT_SENT: a.p2,
        OPER: a.oper,
        AGENT: await t.signedIn('agent@example.com'),
        ANON: t.client(),
      };
      // An order of client@example.com sent to partner1 only, with partner1's offer sent and an offer document.
      // Another order (sent to both agents), so that lists are not trivially empty.
      const id = await activeOrderOfBoth(t, a);
      // The order under test is sent to partner1 only (partner2 is the agent it was NOT sent to).
      const own = (await a.client.post('/api/secured/client/order/exch', orderInput(t))).json().id as number;
      await a.oper.post(`/api/secured/oper/order/exch/${own}/take`, {});
      await a.oper.post(`/api/secured/oper/order/exch/${own}/partners/send`, { partnerIds: [a.p1Id] });
      await sendOffer(t, a.p1, own);
      const po = await partnerOrderId(t, own, a.p1Id);
      const [file] = await t.db
        .insert(storedFiles)
        .values({
          id: crypto.randomUUID(),
          sha256: 'b'.repeat(64),
          size: 10,
          contentType: 'application/pdf',
          originalName: 'doc.pdf',
          ownerUserId: 1,
          createdAt: t.clock.now(),
        })
        .returning();
      const [doc] = await t.db
        .insert(dealDocuments)
        .values({
          orderId: own,
          partnerOrderId: po,
          partnerCompanyId: a.p1Id,
          kind: 'OFFER_DOCS',
          fileId: file.id,
          name: 'doc.pdf',
          status: 'SENT',
          createdAt: t.clock.now(),
        })
        .returning();
      const [pc] = await t.db
        .select({ id: partnerPaymentCompanies.id })
        .from(partnerPaymentCompanies)
        .where(eq(partnerPaymentCompanies.partnerCompanyId, a.p1Id));
      params = {
        id: own,
        partnerOrderId: po,
        docId: doc.id,
        partnerId: a.p1Id,
        companyId: pc.id,
        other: id,
        fileId: crypto.randomUUID(),
        payCheckId: 999999,
      };
      for (const c of Object.values(callers)) await c.fetchCsrf();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the table covers every deal route of the app', () => {
      const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const found = Object.entries(spec.paths)
        .flatMap(([p, ms]) => (isDealPath(p) ? Object.keys(ms).map((m) => `${m.toUpperCase()} ${p}`) : []))
        .filter((k) => k !== 'POST /api/secured/oper/users'); // creating an operator (issue 10): admin-operators.test.ts
      expect(found.filter((k) => !(k in ACCESS))).toEqual([]);
      expect(found.length).toBeGreaterThan(40);
    });

    it('refused callers get 401/403/404 and change nothing; permitted readers get their answer', async () => {
      const bodies: Record<string, unknown> = {
        'PUT /api/secured/oper/order/exch/{id}': orderInput(t),
        'POST /api/secured/oper/order/exch/{id}/comment': { comment: 'x' },
        'POST /api/secured/oper/order/exch/{id}/reject': { comment: 'x' },
        'POST /api/secured/oper/order/exch/{id}/close': { comment: 'x' },
        'POST /api/secured/oper/order/exch/{id}/partners/send': { partnerIds: [a.p2Id] },
        'POST /api/secured/partner/order/exch/{id}/reject': { reason: 'x' },
        'POST /api/secured/partner/order/exch/{id}/offer/send': offerBody({ day: (n) => day(t, n) }),
        'POST /api/secured/partner/commission/calculate': { clientFeePercent: '1.5' },
        'POST /api/secured/partner/order/exch/{id}/offer/pay-checks/active/confirm': {
          paymentCompanyId: params.companyId,
        },
        'POST /api/secured/partner/order/exch/{id}/offer/pay-checks/amount-convert': {
          amount: { cost: '1', currency: 'USD' },
          targetCurrency: 'RUB',
        },
        // Issue 8: the per-document qualified signature calls.
        'POST /api/secured/client/order/exch/{id}/offer/docs/{docId}/sign': { signature: 'AAAA' },
        'POST /api/secured/client/order/exch/{id}/offer/final-docs/{docId}/sign': { signature: 'AAAA' },
        'POST /api/secured/partner/order/exch/{id}/offer/docs/{docId}/sign': { signature: 'AAAA' },
        'POST /api/secured/partner/order/exch/{id}/offer/final-docs/{docId}/sign': { signature: 'AAAA' },
      };
      const queries: Record<string, Record<string, string>> = {
        'POST /api/secured/partner/commission/calculate': { orderId: String(params.id) },
        'GET /api/secured/partner/settings/currency': { code: 'USD' },
        'GET /api/secured/partner/order/exch/batch': { ids: String(params.id) },
        'GET /api/secured/oper/order/exch/batch': { ids: String(params.id) },
      };
      const before = await t.snapshot();
      const failures: string[] = [];
      for (const [key, access] of Object.entries(ACCESS)) {
        if (access === 'PUBLIC' || access === 'ORDERS') continue;
        const [method, path] = key.split(' ');
        const url = path.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
        const permitted: Who[] =
          access === 'CLIENT'
            ? ['CLIENT_OWN']
            : access === 'OPER'
              ? ['OPER']
              : access === 'PARTNER'
                ? ['PARTNER_SENT']
                : ['PARTNER_SENT', 'PARTNER_NOT_SENT'];
        for (const who of EVERYONE) {
          const isPermitted = permitted.includes(who);
          if (isPermitted && method !== 'GET') continue; // covered by the flow tests
          const res = await callers[who].request(method, url, {
            body: method === 'GET' ? undefined : (bodies[key] ?? {}),
            query: queries[key],
          });
          if (isPermitted) {
            if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
              failures.push(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          } else {
            if (![401, 403, 404].includes(res.statusCode))
              failures.push(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
            else if (method !== 'GET' || who === 'ANON') {
              const now = await t.snapshot();
              if (JSON.stringify(now) !== JSON.stringify(before))
                failures.push(`${key} as ${who}: changed the database`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await t.snapshot()).toEqual(before);
    });
  });
}
