/**
 * The client company's bank requisites over HTTP (issue 8; spec core §2 Client "my company" tab "bank requisites",
 * §3 "Bank requisite", §7 Client "GET /api/secured/client/requisites; POST .../requisites/create; PUT and DELETE
 * .../requisites/{id}"; docs/rest-api.md "Company, bank requisites…").
 *
 * Real directory: the test template loads the Bank of Russia ED807 directory of TEST_REFERENCE_DIR
 * (../shared/data/cbr-bik-ed807), where 044525225 is ПАО Сбербанк (corr. 30101810400000000225) and 044525974 АО "ТБанк"
 * (corr. 30101810145250000974). The settlement accounts below carry control keys computed by hand for those BIKs.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRequisites, verificationDocuments } from '../src/db/schema/verification.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { companyIdOf } from './verification-helpers.js';

const BASE = '/api/secured/client/requisites';
const SBER = { bankBik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225' };
const TBANK = { bankBik: '044525974', bankName: 'АО "ТБанк"', corrAccount: '30101810145250000974' };
/** Valid at Сбербанк 044525225 (key 9, 2, 5 in the 9th digit). */
const SBER_ACC1 = '40702810938000000001';
const SBER_ACC2 = '40702810238000000002';
const SBER_ACC3 = '40702810538000000003';
/** Valid at ТБанк 044525974. */
const TBANK_ACC = '40702810610000000001';
const TBANK_ACC2 = '40702810910000000002';
/** Valid at Сбербанк, used once the limit is reached. */
const SBER_ACC9 = '40702810338000000009';

const KEY_ERROR = {
  field: 'checkAccount',
  code: 'ACCOUNT_CONTROL_KEY',
  message: 'Номер счёта не соответствует БИК банка',
};

for (const driver of DRIVERS) {
  describe(`bank requisites [${driver}]`, () => {
    let t: TestApp;
    let c: TestClient;
    let companyId: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      c = await t.signedIn('newclient@example.com');
      companyId = await companyIdOf(t, 'newclient@example.com');
    });
    afterAll(async () => {
      await t?.close();
    });

    const rows = () => t.db.select().from(bankRequisites).where(eq(bankRequisites.companyId, companyId));

    it('adds requisites with the bank name and correspondent account from the directory, numbered 1, 2, …', async () => {
      expect((await c.get(BASE)).json()).toEqual([]);
      const first = await c.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ id: expect.any(Number), ...SBER, checkAccount: SBER_ACC1, index: 1 });
      // Spaces around the typed values are ignored.
      const second = await c.post(`${BASE}/create`, { bankBik: ` ${TBANK.bankBik} `, checkAccount: `${TBANK_ACC} ` });
      expect(second.json()).toEqual({ id: expect.any(Number), ...TBANK, checkAccount: TBANK_ACC, index: 2 });
      const list = await c.get(BASE);
      expect(list.json().map((r: { index: number; bankName: string }) => [r.index, r.bankName])).toEqual([
        [1, 'ПАО Сбербанк'],
        [2, 'АО "ТБанк"'],
      ]);
    });

    it('refuses bad input with a Russian message per field and writes nothing', async () => {
      const before = await t.snapshot();
      const cases: Array<[unknown, unknown[]]> = [
        [
          { bankBik: '04452522', checkAccount: SBER_ACC3 },
          [{ field: 'bankBik', code: 'BIK_INVALID', message: 'БИК — 9 цифр' }],
        ],
        [
          { bankBik: '04452522Х', checkAccount: '123' },
          [
            { field: 'bankBik', code: 'BIK_INVALID', message: 'БИК — 9 цифр' },
            { field: 'checkAccount', code: 'ACCOUNT_INVALID', message: 'Расчётный счёт — 20 цифр' },
          ],
        ],
        [
          { bankBik: '044525999', checkAccount: SBER_ACC3 },
          [{ field: 'bankBik', code: 'BIK_NOT_FOUND', message: 'Банк с таким БИК не найден' }],
        ],
        [
          { bankBik: SBER.bankBik, checkAccount: '4070281053800000000' },
          [{ field: 'checkAccount', code: 'ACCOUNT_INVALID', message: 'Расчётный счёт — 20 цифр' }],
        ],
        // One digit off (the last one), and the key of Сбербанк presented at ТБанк.
        [{ bankBik: SBER.bankBik, checkAccount: '40702810538000000004' }, [KEY_ERROR]],
        [{ bankBik: TBANK.bankBik, checkAccount: SBER_ACC3 }, [KEY_ERROR]],
      ];
      for (const [body, errors] of cases) {
        const res = await c.post(`${BASE}/create`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Ошибка валидации', errors });
      }
      expect((await c.post(`${BASE}/create`, { bankBik: SBER.bankBik })).json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'checkAccount', code: 'REQUIRED' }],
      });
      expect((await c.post(`${BASE}/create`, { bankBik: 44525225, checkAccount: SBER_ACC3 })).statusCode).toBe(400);
      const [r1] = (await c.get(BASE)).json();
      const badPut = await c.put(`${BASE}/${r1.id}`, { bankBik: SBER.bankBik, checkAccount: '40702810138000000011' });
      expect(badPut.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [KEY_ERROR] });
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses a duplicate (create or edit into one) with 409 REQUISITE_DUPLICATE', async () => {
      const before = await t.snapshot();
      const dup = await c.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ code: 'REQUISITE_DUPLICATE', message: 'Такие реквизиты уже добавлены' });
      const [, r2] = (await c.get(BASE)).json();
      const into = await c.put(`${BASE}/${r2.id}`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 });
      expect(into.statusCode).toBe(409);
      expect(await t.snapshot()).toEqual(before);
    });

    it('edits a requisite in place: new bank from the directory, same display number', async () => {
      const [, r2] = (await c.get(BASE)).json();
      const res = await c.put(`${BASE}/${r2.id}`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: r2.id, ...SBER, checkAccount: SBER_ACC2, index: 2 });
      // Saving the same values again is not a duplicate of itself.
      expect((await c.put(`${BASE}/${r2.id}`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC2 })).statusCode).toBe(
        200,
      );
    });

    it('deletes a requisite and renumbers the rest 1, 2, …', async () => {
      await c.post(`${BASE}/create`, { bankBik: TBANK.bankBik, checkAccount: TBANK_ACC });
      const [r1, r2, r3] = (await c.get(BASE)).json();
      expect([r1.index, r2.index, r3.index]).toEqual([1, 2, 3]);
      const res = await c.delete(`${BASE}/${r1.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { ...r2, index: 1 },
        { ...r3, index: 2 },
      ]);
      expect((await c.get(BASE)).json()).toEqual([
        { ...r2, index: 1 },
        { ...r3, index: 2 },
      ]);
      expect((await c.delete(`${BASE}/${r1.id}`)).json()).toMatchObject({ code: 'REQUISITE_NOT_FOUND' });
      // A new one continues the numbering.
      const added = await c.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC3 });
      expect(added.json().index).toBe(3);
    });

    it("keeps each company to its own requisites: another company's id answers 404 and changes nothing", async () => {
      const mine = (await c.get(BASE)).json();
      const other = await t.signedIn('client@example.com');
      expect((await other.get(BASE)).json()).toEqual([]);
      const before = await t.snapshot();
      const put = await other.put(`${BASE}/${mine[0].id}`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toMatchObject({ code: 'REQUISITE_NOT_FOUND', message: 'Реквизиты не найдены' });
      expect((await other.delete(`${BASE}/${mine[0].id}`)).statusCode).toBe(404);
      expect((await other.put(`${BASE}/999999`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 })).statusCode).toBe(
        404,
      );
      expect((await other.delete(`${BASE}/abc`)).statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it('is for clients only, needs a session and the anti-forgery token', async () => {
      const [r] = (await c.get(BASE)).json();
      const others = await Promise.all(
        ['partner1@example.com', 'operator@example.com', 'agent@example.com'].map((e) => t.signedIn(e)),
      );
      const before = await t.snapshot();
      for (const [i, other] of others.entries()) {
        const email = String(i);
        expect((await other.get(BASE)).statusCode, email).toBe(403);
        expect(
          (await other.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 })).statusCode,
          email,
        ).toBe(403);
        expect(
          (await other.put(`${BASE}/${r.id}`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 })).statusCode,
          email,
        ).toBe(403);
        expect((await other.delete(`${BASE}/${r.id}`)).statusCode, email).toBe(403);
      }
      const anonymous = t.client();
      expect((await anonymous.get(BASE)).statusCode).toBe(401);
      expect(
        (await anonymous.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC1 })).statusCode,
      ).toBe(401);
      const noToken = await c.request('POST', `${BASE}/create`, {
        csrf: false,
        body: { bankBik: TBANK.bankBik, checkAccount: TBANK_ACC2 },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      expect((await c.request('DELETE', `${BASE}/${r.id}`, { csrf: false })).statusCode).toBe(403);
      expect(await t.snapshot()).toEqual(before);
    });

    it('supersedes the unsigned verification application on every change', async () => {
      const docStatus = async (id: number) =>
        (await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id)))[0].status;
      const application = async () => (await c.get('/api/secured/client/verification/document')).json().id as number;
      const [r] = (await c.get(BASE)).json();

      let doc = await application();
      expect(await docStatus(doc)).toBe('GENERATED');
      await c
        .post(`${BASE}/create`, { bankBik: TBANK.bankBik, checkAccount: TBANK_ACC2 })
        .then((res) => expect(res.statusCode).toBe(200));
      expect(await docStatus(doc)).toBe('SUPERSEDED');

      doc = await application();
      await c.put(`${BASE}/${r.id}`, {
        bankBik: r.bankBik,
        checkAccount: r.checkAccount === SBER_ACC2 ? SBER_ACC1 : SBER_ACC2,
      });
      expect(await docStatus(doc)).toBe('SUPERSEDED');

      doc = await application();
      await c.delete(`${BASE}/${r.id}`);
      expect(await docStatus(doc)).toBe('SUPERSEDED');

      // A refused change leaves the application valid.
      doc = await application();
      await c.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: '40702810538000000004' });
      expect(await docStatus(doc)).toBe('GENERATED');
    });

    it(`refuses more than 20 requisites per company with 409 REQUISITES_LIMIT`, async () => {
      const now = t.clock.now();
      const existing = await rows();
      const start = Math.max(...existing.map((r) => r.position));
      await t.db.insert(bankRequisites).values(
        Array.from({ length: 20 - existing.length }, (_, i) => ({
          companyId,
          bankBik: SBER.bankBik,
          bankName: SBER.bankName,
          corrAccount: SBER.corrAccount,
          checkAccount: `4070281000000000${String(100 + i).padStart(4, '0')}`,
          position: start + i + 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const before = await t.snapshot();
      const res = await c.post(`${BASE}/create`, { bankBik: SBER.bankBik, checkAccount: SBER_ACC9 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'REQUISITES_LIMIT',
        message: 'Можно добавить не более 20 банковских реквизитов',
      });
      expect(await t.snapshot()).toEqual(before);
    });
  });
}
