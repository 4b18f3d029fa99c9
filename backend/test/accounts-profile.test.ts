/**
 * Current user, login e-mail change, client info and checklist, partners' view of a checklist, callbacks
 * (spec core §3 "Current user", "Client info", "Checklist"; §5; §6 roles; §7 Secured common, Client, Public callbacks).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackRequests } from '../src/db/schema/accounts.js';
import { companies, users } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';

const CHECKLIST = {
  countryCodes: ['AE', 'CN'],
  currencyCodes: ['AED', 'USD'],
  paymentsNumber: 3,
  monthlyCurrencyPayment: 45000,
  comment: 'Оборудование',
};

for (const driver of DRIVERS) {
  describe(`current user, client info and checklist, callbacks [${driver}]`, () => {
    let t: TestApp;
    let verifiedCompanyId: number;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      [{ id: verifiedCompanyId }] = await t.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.ogrn, '1177746126040'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('shows the current user to every role and 401 without a session', async () => {
      for (const [email, type] of [
        ['client@example.com', 'CLIENT'],
        ['partner1@example.com', 'PARTNER'],
        ['agent@example.com', 'AGENT'],
        ['operator@example.com', 'OPER'],
      ]) {
        const c = await t.signedIn(email);
        const me = await c.get('/api/secured/common/current/user');
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ email, account: { type }, originalUser: null, reLoggedRights: [] });
      }
      const anonymous = await t.client().get('/api/secured/common/current/user');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        code: 'UNAUTHORIZED',
        error: 'Unauthorized',
        message: 'Требуется вход в систему',
      });
    });

    it('updates name and phone, refusing non-Russian names and bad phones without writing', async () => {
      const c = await t.signedIn('newclient@example.com');
      const before = await t.snapshot();
      const bad = await c.put('/api/secured/common/current/user', {
        name: 'Anna',
        surname: 'Кузнецова',
        patronymic: 'Сергеевна1',
        phone: '12345',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { field: 'name', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
        { field: 'patronymic', code: 'RUSSIAN_LETTERS', message: 'Используйте русские буквы и дефис' },
        { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
      ]);
      expect((await c.put('/api/secured/common/current/user', { name: 'Анна' })).json().errors).toEqual(
        expect.arrayContaining([{ field: 'phone', code: 'REQUIRED', message: 'Обязательное поле' }]),
      );
      expect(
        (
          await c.put('/api/secured/common/current/user', {
            name: { first: 'Анна' },
            surname: 'Кузнецова',
            phone: '9161234567',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await c.request('PUT', '/api/secured/common/current/user', {
            csrf: false,
            body: { name: 'Анна', surname: 'Кузнецова', phone: '9161234567' },
          })
        ).json(),
      ).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      expect(
        (
          await t
            .client()
            .put('/api/secured/common/current/user', { name: 'Анна', surname: 'Кузнецова', phone: '9161234567' })
        ).statusCode,
      ).toBe(401);
      expect(await t.snapshot()).toEqual(before);

      const ok = await c.put('/api/secured/common/current/user', {
        name: 'Анна-Мария',
        surname: 'Кузнецова',
        patronymic: null,
        phone: '9160000000',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        name: 'Анна-Мария',
        surname: 'Кузнецова',
        patronymic: null,
        phone: '9160000000',
      });
      expect((await c.get('/api/secured/common/current/user')).json().name).toBe('Анна-Мария');
    });

    it('changes the login e-mail through a mailed link', async () => {
      const c = await t.signedIn('partner2@example.com');
      const res = await c.post('/api/secured/common/email/request-changed', { email: 'Beta.New@Example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: 'beta.new@example.com', resendAfterSeconds: 120 });
      const mail = t.mailer.last('beta.new@example.com')!;
      expect(mail.text).toContain('http://localhost:4000/partner/auth/email/confirm?token=');
      const again = await c.post('/api/secured/common/email/request-changed', { email: 'beta.new@example.com' });
      expect(again.statusCode).toBe(429);
      const token = t.mailer.lastToken('beta.new@example.com')!;
      const confirm = await t.client().post('/api/public/common/email/confirm', { token });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ email: 'beta.new@example.com', token, status: 'CONFIRMED' });
      expect((await c.get('/api/secured/common/current/user')).json().email).toBe('beta.new@example.com');
      expect((await t.client().signIn('beta.new@example.com')).statusCode).toBe(200);
      expect((await t.client().post('/api/public/common/email/confirm', { token })).statusCode).toBe(410);
    });

    it('refuses a login e-mail change to a taken or invalid address, without a session or anti-forgery token', async () => {
      const c = await t.signedIn('agent@example.com');
      const before = await t.snapshot();
      expect(
        (await c.post('/api/secured/common/email/request-changed', { email: 'client@example.com' })).json(),
      ).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(
        (await c.post('/api/secured/common/email/request-changed', { email: 'agent@example.com' })).statusCode,
      ).toBe(409);
      expect((await c.post('/api/secured/common/email/request-changed', { email: 'bad' })).json()).toMatchObject({
        code: 'EMAIL_INVALID',
        message: 'Проверьте корректность данных',
      });
      expect((await c.post('/api/secured/common/email/request-changed', {})).json().errors[0]).toMatchObject({
        field: 'email',
        code: 'REQUIRED',
      });
      expect(
        (
          await c.request('POST', '/api/secured/common/email/request-changed', {
            csrf: false,
            body: { email: 'x@example.com' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.client().post('/api/secured/common/email/request-changed', { email: 'x@example.com' })).statusCode,
      ).toBe(401);
      expect(await t.snapshot()).toEqual(before);
    });

    it('gives a client the company and contact data, and nobody else', async () => {
      const c = await t.signedIn('client@example.com');
      const res = await c.get('/api/secured/client/info');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        company: {
          id: verifiedCompanyId,
          ogrn: '1177746126040',
          inn: '7707393126',
          kpp: '770701001',
          shortName: 'ООО «ВЭД Трейд»',
          ceo: { firstName: 'Иван', middleName: 'Петрович', lastName: 'Смирнов' },
          registrationDate: '2017-02-14',
          liquidated: false,
          signatureConfirmed: true,
          status: 'VERIFIED',
          verified: true,
        },
        contact: {
          name: 'Иван',
          surname: 'Смирнов',
          patronymic: 'Петрович',
          phone: '9161234567',
          email: 'client@example.com',
          position: 'Генеральный директор',
          additionalPhone: null,
          companyWebsite: null,
        },
        status: 'VERIFIED',
      });
      const partner = await t.signedIn('partner1@example.com');
      const forbidden = await partner.get('/api/secured/client/info');
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ code: 'FORBIDDEN', message: 'Недостаточно прав' });
      expect((await t.client().get('/api/secured/client/info')).statusCode).toBe(401);
    });

    it('reads and replaces the client checklist with validation', async () => {
      const c = await t.signedIn('client@example.com');
      const seeded = await c.get('/api/secured/client/checklist');
      expect(seeded.statusCode).toBe(200);
      expect(seeded.json()).toEqual({
        countryCodes: ['CN', 'TR', 'AE'],
        currencyCodes: ['CNY', 'USD', 'AED'],
        paymentsNumber: 12,
        monthlyCurrencyPayment: 250000,
        comment: 'Импорт электроники и комплектующих',
      });

      const operator = await t.signedIn('operator@example.com');
      const before = await t.snapshot();
      const wrong = await c.put('/api/secured/client/checklist', {
        ...CHECKLIST,
        countryCodes: ['ZZ'],
        currencyCodes: ['XYZ'],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { field: 'countryCodes.0', code: 'COUNTRY_INVALID', message: 'Неизвестный код страны' },
        { field: 'currencyCodes.0', code: 'CURRENCY_INVALID', message: 'Неизвестный код валюты' },
      ]);
      const typed = await c.put('/api/secured/client/checklist', {
        ...CHECKLIST,
        paymentsNumber: 'three',
        monthlyCurrencyPayment: -5,
      });
      expect(typed.statusCode).toBe(400);
      expect(typed.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'paymentsNumber', code: 'WRONG_TYPE', message: 'Неверный тип значения' },
          { field: 'monthlyCurrencyPayment', code: 'MINIMUM', message: 'Значение меньше минимального' },
        ]),
      );
      const missing = await c.put('/api/secured/client/checklist', { countryCodes: ['CN'] });
      expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(
        expect.arrayContaining(['currencyCodes', 'paymentsNumber', 'monthlyCurrencyPayment']),
      );
      expect(
        (await c.request('PUT', '/api/secured/client/checklist', { csrf: false, body: CHECKLIST })).json().retryCsrf,
      ).toBe(true);
      expect((await operator.put('/api/secured/client/checklist', CHECKLIST)).statusCode).toBe(403);
      expect((await operator.get('/api/secured/client/checklist')).statusCode).toBe(403);
      expect((await t.client().put('/api/secured/client/checklist', CHECKLIST)).statusCode).toBe(401);
      expect(await t.snapshot()).toEqual(before);

      const ok = await c.put('/api/secured/client/checklist', {
        ...CHECKLIST,
        countryCodes: ['AE', 'CN', 'AE'],
        monthlyCurrencyPayment: 45000.123,
        comment: '  ',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ...CHECKLIST, monthlyCurrencyPayment: 45000.12, comment: null });
      expect((await c.get('/api/secured/client/checklist')).json()).toEqual({
        ...CHECKLIST,
        monthlyCurrencyPayment: 45000.12,
        comment: null,
      });
    });

    it('answers 404 for a client company without a checklist', async () => {
      const [company] = await t.db
        .insert(companies)
        .values({
          kind: 'CLIENT',
          ogrn: '1205400123455',
          inn: '5406123450',
          fullName: 'ООО «СИБИРСКИЙ ТЕКСТИЛЬ»',
          shortName: 'ООО «Сибирский текстиль»',
        })
        .returning();
      const [template] = await t.db.select().from(users).where(eq(users.email, 'client@example.com'));
      await t.db.insert(users).values({
        email: 'textile@example.com',
        passwordHash: template.passwordHash,
        accountType: 'CLIENT',
        name: 'Ольга',
        surname: 'Ким',
        companyId: company.id,
      });
      const c = await t.signedIn('textile@example.com');
      const res = await c.get('/api/secured/client/checklist');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CHECKLIST_NOT_FOUND', message: 'Чек-лист компании не заполнен' });
      const operator = await t.signedIn('operator@example.com');
      expect((await operator.get(`/api/secured/common/partners/checklist/${company.id}`)).json().code).toBe(
        'CHECKLIST_NOT_FOUND',
      );
    });

    it('shows a client checklist to operators only (referral partners wait for their own client list)', async () => {
      expect(
        (
          await (
            await t.signedIn('agent@example.com')
          ).get(`/api/secured/common/partners/checklist/${verifiedCompanyId}`)
        ).statusCode,
      ).toBe(403);
      for (const email of ['operator@example.com']) {
        const c = await t.signedIn(email);
        const res = await c.get(`/api/secured/common/partners/checklist/${verifiedCompanyId}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ paymentsNumber: expect.any(Number), countryCodes: expect.any(Array) });
      }
      const client = await t.signedIn('client@example.com');
      expect((await client.get(`/api/secured/common/partners/checklist/${verifiedCompanyId}`)).json()).toEqual({
        code: 'FORBIDDEN',
        message: 'Недостаточно прав',
      });
      expect(
        (
          await (
            await t.signedIn('partner1@example.com')
          ).get(`/api/secured/common/partners/checklist/${verifiedCompanyId}`)
        ).statusCode,
      ).toBe(403);
      expect((await t.client().get(`/api/secured/common/partners/checklist/${verifiedCompanyId}`)).statusCode).toBe(
        401,
      );
      const operator = await t.signedIn('operator@example.com');
      expect((await operator.get('/api/secured/common/partners/checklist/abc')).json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'id' }],
      });
      expect((await operator.get('/api/secured/common/partners/checklist/999999')).json()).toEqual({
        code: 'COMPANY_NOT_FOUND',
        message: 'Компания не найдена',
      });
      const [partnerCompany] = await t.db.select().from(companies).where(eq(companies.kind, 'PARTNER'));
      expect((await operator.get(`/api/secured/common/partners/checklist/${partnerCompany.id}`)).statusCode).toBe(404);
    });

    it('stores callback requests of every kind and refuses bad ones without writing', async () => {
      const c = t.client();
      const general = await c.post('/api/public/common/user/callback', { name: 'Игорь', phone: '9260001122' });
      expect(general.statusCode).toBe(201);
      const agent = await c.post('/api/public/common/user/callback/agent', {
        name: 'Мария',
        phone: '9260001123',
        email: 'Maria@Example.com',
        comment: 'Хочу стать партнёром',
      });
      expect(agent.statusCode).toBe(201);
      const typed = await c.post('/api/public/common/user/callback/cards-debit', {
        name: 'Олег',
        phone: '9260001124',
        email: null,
        comment: null,
      });
      expect(typed.statusCode).toBe(201);
      const rows = await t.db.select().from(callbackRequests).orderBy(callbackRequests.id);
      expect(rows.map((r) => [r.id, r.type, r.email])).toEqual([
        [general.json().id, 'GENERAL', null],
        [agent.json().id, 'AGENT', 'maria@example.com'],
        [typed.json().id, 'CARDS_DEBIT', null],
      ]);

      const before = await t.snapshot();
      const bad = await c.post('/api/public/common/user/callback', { name: '  ', phone: '+7 926', email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { field: 'name', code: 'REQUIRED', message: 'Обязательное поле' },
        { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
        { field: 'email', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
      ]);
      expect(
        (await c.post('/api/public/common/user/callback/agent', { phone: '9260001122' })).json().errors[0],
      ).toMatchObject({ field: 'name', code: 'REQUIRED' });
      expect(
        (await c.post('/api/public/common/user/callback', { name: { x: 1 }, phone: '9260001122' })).statusCode,
      ).toBe(400);
      expect(
        (await c.post('/api/public/common/user/callback/bad%20type!', { name: 'Олег', phone: '9260001124' }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await c.request('POST', '/api/public/common/user/callback', {
            csrf: false,
            body: { name: 'Олег', phone: '9260001124' },
          })
        ).json(),
      ).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      expect(await t.snapshot()).toEqual(before);
    });
  });
}
