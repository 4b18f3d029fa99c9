/**
 * The referral partner's 'Моя компания' over HTTP (issue 11; spec core §3 "Company", "Referral partner", "Bank
 * requisite"; §5; docs/rest-api.md "Company, requisites, documents and acts"): the company with the operator's contract
 * and commission read-only, the contacts the partner edits (bad input writes nothing), and the bank requisites with the
 * client's rules (BIK against the ED807 directory of the test template, control key, duplicates, renumbering, another
 * company's requisite invisible). Wrong roles and a missing anti-forgery token are refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referralPartnerProfiles } from '../src/db/schema/admin.js';
import { users } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const COMPANY = '/api/secured/agent/company';
const REQ = '/api/secured/agent/requisites';
/** Сбербанк 044525225 and two settlement accounts with valid control keys (as in company-requisites.test.ts). */
const SBER = '044525225';
const SBER_ACC1 = '40702810938000000001';
const SBER_ACC2 = '40702810238000000002';

for (const driver of DRIVERS)
  describe(`referral partner company and requisites [${driver}]`, () => {
    let t: TestApp;
    let agent: TestClient;
    let client: TestClient;
    let companyId: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      agent = await t.signedIn('agent@example.com');
      client = await t.signedIn('client@example.com');
      const [u] = await t.db.select().from(users).where(eq(users.email, 'agent@example.com'));
      companyId = u.companyId!;
      // The operator's contract (issue 10 administration), read-only for the partner.
      await t.db
        .insert(referralPartnerProfiles)
        .values({ companyId, contractNumber: 'АГ-7', contractDate: '2026-02-01', commissionPercent: '12.5' })
        .onConflictDoUpdate({
          target: referralPartnerProfiles.companyId,
          set: { contractNumber: 'АГ-7', contractDate: '2026-02-01', commissionPercent: '12.5' },
        });
    }, 60_000);
    afterAll(() => t.close());

    it("answers the partner's company, kind, login, status and the operator's contract", async () => {
      const res = await agent.get(COMPANY);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        kind: 'SOLE_PROPRIETOR',
        status: 'ACTIVE',
        loginEmail: 'agent@example.com',
        contractNumber: 'АГ-7',
        contractDate: '2026-02-01',
        commissionPercent: '12.5',
      });
      expect(body.company).toMatchObject({ id: companyId });
      expect(body.company.ogrn).toHaveLength(15);
    });

    it('refuses other roles, no session and a missing anti-forgery token', async () => {
      expect((await client.get(COMPANY)).statusCode).toBe(403);
      expect((await client.get(REQ)).statusCode).toBe(403);
      expect((await t.client().get(COMPANY)).statusCode).toBe(401);
      const operator = await t.signedIn('operator@example.com');
      expect((await operator.get(REQ)).statusCode).toBe(403);
      const noCsrf = await agent.put(`${COMPANY}/contacts`, { extraPhones: [], extraEmails: [] }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF_INVALID');
    });

    it('refuses bad contacts with every failed field and writes nothing (§5)', async () => {
      const before = await t.snapshot();
      const res = await agent.put(`${COMPANY}/contacts`, {
        extraPhones: ['123', '9161234567', '9161234567'],
        extraEmails: ['not-an-email'],
        actualAddress: 'x'.repeat(501),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      const items = res.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
      expect(items).toEqual(
        expect.arrayContaining([
          'extraPhones.0:PHONE_INVALID',
          'extraPhones:DUPLICATE',
          'extraEmails.0:EMAIL_INVALID',
          'actualAddress:TOO_LONG',
        ]),
      );
      expect(res.json().errors.find((e: { field: string }) => e.field === 'extraPhones.0').message).toBe(
        'Номер телефона — 10 цифр',
      );
      const schemaRefusal = await agent.put(`${COMPANY}/contacts`, { extraPhones: 'nope' });
      expect(schemaRefusal.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it('saves the extra contacts and the actual address, with an audit entry of the changed fields', async () => {
      const res = await agent.put(`${COMPANY}/contacts`, {
        extraPhones: [' 9161234567 ', ''],
        extraEmails: ['Buh@Example.com'],
        actualAddress: 'г. Москва, ул. Тверская, д. 1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        extraPhones: ['9161234567'],
        extraEmails: ['buh@example.com'],
        commissionPercent: '12.5',
      });
      expect(res.json().company.actualAddress).toBe('г. Москва, ул. Тверская, д. 1');
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_PARTNER_CONTACTS'), eq(auditLog.entityId, String(companyId))));
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ extraEmails: ['buh@example.com'] });
      // The same contacts again change nothing and log nothing; an absent address keeps the stored one.
      const again = await agent.put(`${COMPANY}/contacts`, {
        extraPhones: ['9161234567'],
        extraEmails: ['buh@example.com'],
      });
      expect(again.json().company.actualAddress).toBe('г. Москва, ул. Тверская, д. 1');
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'REFERRAL_PARTNER_CONTACTS'))).toHaveLength(
        1,
      );
    });

    it('keeps bank requisites with the rules of the client: directory, control key, duplicates, renumbering', async () => {
      expect((await agent.get(REQ)).json()).toEqual([]);
      const bad = await agent.post(REQ, { bankBik: '044525999', checkAccount: SBER_ACC1 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'bankBik', code: 'BIK_NOT_FOUND' });
      const key = await agent.post(REQ, { bankBik: SBER, checkAccount: '40702810038000000001' });
      expect(key.statusCode).toBe(400);
      expect(key.json().errors[0]).toMatchObject({ field: 'checkAccount', code: 'ACCOUNT_CONTROL_KEY' });

      const first = await agent.post(REQ, { bankBik: SBER, checkAccount: SBER_ACC1 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', index: 1 });
      const dup = await agent.post(REQ, { bankBik: SBER, checkAccount: SBER_ACC1 });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('REQUISITE_DUPLICATE');
      const second = await agent.post(REQ, { bankBik: SBER, checkAccount: SBER_ACC2 });
      expect(second.json().index).toBe(2);

      const changed = await agent.put(`${REQ}/${second.json().id}`, { bankBik: SBER, checkAccount: SBER_ACC1 });
      expect(changed.statusCode).toBe(409);
      const del = await agent.delete(`${REQ}/${first.json().id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual([expect.objectContaining({ id: second.json().id, index: 1 })]);
    });

    it("cannot see or change another company's requisite (404 like a missing one)", async () => {
      const mine = await client.post('/api/secured/client/requisites/create', {
        bankBik: SBER,
        checkAccount: SBER_ACC1,
      });
      expect(mine.statusCode, mine.body).toBe(200);
      const before = await t.snapshot();
      const put = await agent.put(`${REQ}/${mine.json().id}`, { bankBik: SBER, checkAccount: SBER_ACC2 });
      expect(put.statusCode).toBe(404);
      expect(put.json().code).toBe('REQUISITE_NOT_FOUND');
      expect((await agent.delete(`${REQ}/${mine.json().id}`)).statusCode).toBe(404);
      expect((await agent.delete(`${REQ}/abc`)).statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });
  });
