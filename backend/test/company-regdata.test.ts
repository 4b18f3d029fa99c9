/**
 * The client's company page data over HTTP (issue 8; spec core §2 Client "my company" tabs main data and account, §3
 * "Company", "Client info / contact", §5 name / phone / site rules, §7 Client "GET /api/secured/client/info" and
 * "Registration-data update" → designed PUT /api/secured/client/regdata; docs/rest-api.md "Company, bank requisites…").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/core.js';
import { verificationDocuments } from '../src/db/schema/verification.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { addRequisite, companyIdOf } from './verification-helpers.js';

const REGDATA = '/api/secured/client/regdata';
const GOOD = {
  name: 'Анна-Мария',
  surname: 'Кузнецова',
  patronymic: 'Сергеевна',
  phone: '9161112233',
  additionalPhone: '4951234567',
  companyWebsite: 'https://romashka.ru',
};

for (const driver of DRIVERS) {
  describe(`client info and registration data [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('shows every §3 Company field with verifiedAt', async () => {
      const c = await t.signedIn('client@example.com');
      const info = (await c.get('/api/secured/client/info')).json();
      expect(Object.keys(info.company).sort()).toEqual([
        'actualAddress',
        'ceo',
        'fullName',
        'id',
        'inn',
        'kpp',
        'legalAddress',
        'liquidated',
        'ogrn',
        'okved',
        'registrationAuthority',
        'registrationAuthorityAddress',
        'registrationDate',
        'shortName',
        'signatureConfirmed',
        'status',
        'verified',
        'verifiedAt',
      ]);
      expect(info.company).toMatchObject({ ogrn: '1177746126040', status: 'VERIFIED', verified: true });
      expect(info.company.verifiedAt === null || !Number.isNaN(Date.parse(info.company.verifiedAt))).toBe(true);
      const fresh = (await (await t.signedIn('newclient@example.com')).get('/api/secured/client/info')).json();
      expect(fresh.company).toMatchObject({ verified: false, verifiedAt: null });
    });

    it('saves the registration data and answers the client info', async () => {
      const c = await t.signedIn('client@example.com');
      const res = await c.put(REGDATA, { ...GOOD, name: ' Анна-Мария ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().contact).toMatchObject({ ...GOOD, email: 'client@example.com' });
      expect(res.json().company.ogrn).toBe('1177746126040');
      expect((await c.get('/api/secured/client/info')).json().contact).toMatchObject(GOOD);
      // Blank optional fields are cleared.
      const cleared = await c.put(REGDATA, { ...GOOD, patronymic: '', additionalPhone: ' ', companyWebsite: null });
      expect(cleared.json().contact).toMatchObject({ patronymic: null, additionalPhone: null, companyWebsite: null });
      expect(
        (
          await c.put(REGDATA, {
            name: 'Анна',
            surname: 'Кузнецова',
            phone: '9161112233',
            companyWebsite: 'ромашка.рф',
          })
        ).json().contact.companyWebsite,
      ).toBe('ромашка.рф');
    });

    it('refuses bad data with a Russian message per field, writing nothing', async () => {
      const c = await t.signedIn('client@example.com');
      const before = await t.snapshot();
      const bad = await c.put(REGDATA, {
        name: 'Anna',
        surname: 'Кузнецова',
        patronymic: 'Сергеевна1',
        phone: '916111223',
        additionalPhone: '+79161112233',
        companyWebsite: 'not a site',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Ошибка валидации',
        errors: [
          { field: 'name', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
          { field: 'patronymic', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
          { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
          { field: 'additionalPhone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
          { field: 'companyWebsite', code: 'SITE_INVALID', message: 'Некорректный адрес сайта' },
        ],
      });
      expect((await c.put(REGDATA, { ...GOOD, companyWebsite: 'ftp://romashka.ru' })).json().errors).toEqual([
        { field: 'companyWebsite', code: 'SITE_INVALID', message: 'Некорректный адрес сайта' },
      ]);
      expect((await c.put(REGDATA, { name: 'Анна', surname: 'Кузнецова' })).json().errors).toEqual(
        expect.arrayContaining([{ field: 'phone', code: 'REQUIRED', message: 'Обязательное поле' }]),
      );
      expect((await c.put(REGDATA, { ...GOOD, name: { first: 'Анна' } })).statusCode).toBe(400);
      expect((await c.request('PUT', REGDATA, { csrf: false, body: GOOD })).json()).toMatchObject({
        code: 'CSRF_INVALID',
        retryCsrf: true,
      });
      expect((await t.client().put(REGDATA, GOOD)).statusCode).toBe(401);
      expect(await t.snapshot()).toEqual(before);
    });

    it('is for clients only', async () => {
      for (const email of ['partner1@example.com', 'operator@example.com', 'agent@example.com']) {
        const other = await t.signedIn(email);
        const [before] = await t.db.select().from(users).where(eq(users.email, email));
        expect((await other.put(REGDATA, GOOD)).statusCode, email).toBe(403);
        expect((await other.get('/api/secured/client/info')).statusCode, email).toBe(403);
        expect((await t.db.select().from(users).where(eq(users.email, email)))[0]).toEqual(before);
      }
    });

    it('supersedes the unsigned verification application (regdata and the current-user update)', async () => {
      const c = await t.signedIn('newclient@example.com');
      await addRequisite(t, await companyIdOf(t, 'newclient@example.com'));
      const status = async (id: number) =>
        (await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id)))[0].status;
      let doc = (await c.get('/api/secured/client/verification/document')).json().id as number;
      await c.put(REGDATA, { ...GOOD, phone: '9160000009' });
      expect(await status(doc)).toBe('SUPERSEDED');
      doc = (await c.get('/api/secured/client/verification/document')).json().id as number;
      await c.put(REGDATA, { ...GOOD, phone: 'bad' });
      expect(await status(doc)).toBe('GENERATED');
      await c.put('/api/secured/common/current/user', { name: 'Мария', surname: 'Петрова', phone: '9160000010' });
      expect(await status(doc)).toBe('SUPERSEDED');
    });
  });
}
