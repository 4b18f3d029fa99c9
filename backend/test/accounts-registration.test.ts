/**
 * E-mail confirmation and client registration (spec core §2 auth/registration stepper, §3 "Registration payload",
 * §4 resend delay 120 s, §5 validation, §7 Public, §8 'Ссылка устарела'; docs/rest-api.md "Public").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../src/db/schema/accounts.js';
import { companies, users } from '../src/db/schema/core.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const CHECKLIST = {
  countryCodes: ['CN', 'TR'],
  currencyCodes: ['CNY', 'USD'],
  paymentsNumber: 5,
  monthlyCurrencyPayment: 120000.5,
  comment: 'Импорт станков',
};
const NEW_COMPANY_OGRN = '1197746123453'; // ООО «Техноимпорт» in the fake registry, not registered yet

function payload(
  token: string,
  email: string,
  over: Record<string, unknown> = {},
  userOver: Record<string, unknown> = {},
) {
  return {
    ogrn: NEW_COMPANY_OGRN,
    token,
    user: {
      name: 'Сергей',
      surname: 'Лебедев',
      patronymic: 'Николаевич',
      email,
      password: 'Secret-123',
      passwordSecondTime: 'Secret-123',
      phone: '9031234567',
      processingPersonalDataAgreement: true,
      ...userOver,
    },
    checklist: CHECKLIST,
    ...over,
  };
}

for (const driver of DRIVERS) {
  describe(`e-mail confirmation and registration [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Mails a registration link to `email`, opens it, and returns the token. */
    async function confirmed(c: TestClient, email: string): Promise<string> {
      expect((await c.post('/api/public/common/email/send-confirmation', { email })).statusCode).toBe(200);
      const token = t.mailer.lastToken(email)!;
      expect((await c.post('/api/public/common/email/confirm', { token })).statusCode).toBe(200);
      return token;
    }

    it('walks a newcomer from an unknown e-mail to a signed-in client of a new, unverified company', async () => {
      const c = t.client();
      const status = (email: string) =>
        c.post('/api/public/common/email/check/status', { email }).then((r) => r.json().status);

      expect((await c.post('/api/public/common/email/check', { email: 'First.Comer@Example.com' })).json()).toEqual({
        email: 'first.comer@example.com',
        available: true,
      });
      expect(await status('first.comer@example.com')).toBe('NEW');

      // The resend delay is counted on the app clock: stop it so a slow machine does not shorten the 120 s answered.
      t.clock.freeze();
      const sent = await c.post('/api/public/common/email/send-confirmation', { email: 'First.Comer@example.com' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ email: 'first.comer@example.com', resendAfterSeconds: 120 });
      const mail = t.mailer.last('first.comer@example.com')!;
      expect(mail.subject).toBe('Подтверждение адреса электронной почты');
      expect(mail.text).toMatch(/^http:\/\/localhost:4000\/client\/auth\/registration\?token=/m);
      expect(await status('first.comer@example.com')).toBe('NOT_CONFIRMED');

      // §4: resend delay 120 s
      const before = await t.snapshot();
      const early = await c.post('/api/public/common/email/send-confirmation', { email: 'first.comer@example.com' });
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({ code: 'RESEND_TOO_EARLY', retryAfterSeconds: 120 });
      expect(early.json().message).toMatch(/Повторная отправка/);
      expect(await t.snapshot()).toEqual(before);
      t.clock.advance(121_000);
      t.clock.unfreeze();
      const again = await c.post('/api/public/common/email/send-confirmation', { email: 'first.comer@example.com' });
      expect(again.statusCode).toBe(200);
      const firstToken = /token=([^\s]+)/.exec(mail.text)![1];
      const token = t.mailer.lastToken('first.comer@example.com')!;
      expect(token).not.toBe(firstToken);
      // the first link was voided by the second mail
      expect((await c.post('/api/public/common/email/confirm', { token: firstToken })).json()).toMatchObject({
        code: 'LINK_EXPIRED',
        message: 'Ссылка устарела',
      });

      expect(
        (await c.post('/api/public/common/email/check/check-confirmed', { email: 'first.comer@example.com' })).json(),
      ).toEqual({ email: 'first.comer@example.com', confirmed: false });
      const confirm = await c.post('/api/public/common/email/confirm', { token });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ email: 'first.comer@example.com', token, status: 'CONFIRMED' });
      expect((await c.post('/api/public/common/email/confirm', { token })).statusCode).toBe(200); // opening the link twice is fine
      expect(await status('first.comer@example.com')).toBe('CONFIRMED');
      expect(
        (await c.post('/api/public/common/email/check/check-confirmed', { email: 'first.comer@example.com' })).json()
          .confirmed,
      ).toBe(true);

      // the user typed the wrong address: change it (§2 "a way to change the e-mail")
      t.clock.advance(121_000);
      const change = await c.post('/api/public/common/email/confirm/change', {
        email: 'first.comer@example.com',
        newEmail: 'Newcomer@Example.com',
      });
      expect(change.statusCode).toBe(200);
      expect(change.json()).toEqual({ email: 'newcomer@example.com', resendAfterSeconds: 120 });
      expect((await c.post('/api/public/common/email/confirm', { token })).statusCode).toBe(410); // old link voided
      expect(await status('first.comer@example.com')).toBe('NEW');
      expect(await status('newcomer@example.com')).toBe('NOT_CONFIRMED');
      const newToken = t.mailer.lastToken('newcomer@example.com')!;
      expect((await c.post('/api/public/common/email/confirm', { token: newToken })).json().status).toBe('CONFIRMED');

      // company selection by INN and by name (§5)
      const byInn = await c.get('/api/public/client/registration/companies', { query: { query: '7704' } });
      expect(byInn.statusCode).toBe(200);
      expect(byInn.json()).toEqual([
        expect.objectContaining({
          ogrn: NEW_COMPANY_OGRN,
          inn: '7704123450',
          shortName: 'ООО «Техноимпорт»',
          ceo: { firstName: 'Сергей', middleName: 'Николаевич', lastName: 'Лебедев' },
        }),
      ]);
      const byName = await c.get('/api/public/client/registration/companies', { query: { query: 'техноимп' } });
      expect(byName.json().map((x: { ogrn: string }) => x.ogrn)).toEqual([NEW_COMPANY_OGRN]);

      const res = await c.post('/api/public/client/registration', payload(newToken, 'NEWCOMER@example.com'));
      expect(res.statusCode).toBe(201);
      const me = res.json();
      expect(me).toMatchObject({
        email: 'newcomer@example.com',
        name: 'Сергей',
        surname: 'Лебедев',
        patronymic: 'Николаевич',
        phone: '9031234567',
        account: { type: 'CLIENT', status: 'ACTIVE' },
        verified: false,
        userRights: [],
      });
      expect(me.company).toMatchObject({ ogrn: NEW_COMPANY_OGRN, inn: '7704123450', status: 'NEW', verified: false });
      expect(res.cookies.find((x) => x.name === 'USER_TYPE')?.value).toBe('CLIENT');
      expect(res.cookies.find((x) => x.name === 'SESSION')?.httpOnly).toBe(true);

      const current = await c.get('/api/secured/common/current/user');
      expect(current.statusCode).toBe(200);
      expect(current.json().company).toMatchObject({ status: 'NEW', verified: false });
      const checklist = await c.get('/api/secured/client/checklist');
      expect(checklist.statusCode).toBe(200);
      expect(checklist.json()).toEqual(CHECKLIST);
      expect(await status('newcomer@example.com')).toBe('REGISTERED');

      // the link is used up
      const reuse = await t.client().post('/api/public/client/registration', payload(newToken, 'newcomer@example.com'));
      expect(reuse.statusCode).toBe(410);
      // and the account signs in with the new password
      expect((await t.client().signIn('newcomer@example.com', 'Secret-123')).statusCode).toBe(200);
    });

    it('refuses to register into a company already on the platform, so its verification cannot be taken over', async () => {
      const c = t.client();
      const token = await confirmed(c, 'colleague@example.com');
      const before = await t.snapshot();
      const res = await c.post(
        '/api/public/client/registration',
        payload(token, 'colleague@example.com', { ogrn: '1177746126040' }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'COMPANY_ALREADY_REGISTERED' });
      expect(res.cookies.find((x) => x.name === 'SESSION')).toBeUndefined();
      // nothing written: no user, no company, and the link is still usable
      expect(await t.snapshot()).toEqual(before);
      expect(await t.db.select().from(users).where(eq(users.email, 'colleague@example.com'))).toHaveLength(0);
    });

    it('expires a registration link after 24 hours', async () => {
      const c = t.client();
      await c.post('/api/public/common/email/send-confirmation', { email: 'late@example.com' });
      const token = t.mailer.lastToken('late@example.com')!;
      t.clock.advance(24 * 3600_000 + 1000);
      const res = await c.post('/api/public/common/email/confirm', { token });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ code: 'LINK_EXPIRED', message: 'Ссылка устарела' });
      expect((await c.post('/api/public/common/email/check/status', { email: 'late@example.com' })).json().status).toBe(
        'NOT_CONFIRMED',
      );
      // a new mail is allowed and works
      expect(
        (await c.post('/api/public/common/email/send-confirmation', { email: 'late@example.com' })).statusCode,
      ).toBe(200);
      expect(
        (await c.post('/api/public/common/email/confirm', { token: t.mailer.lastToken('late@example.com')! }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses registration with a confirmed link that has expired meanwhile', async () => {
      const c = t.client();
      const token = await confirmed(c, 'slow@example.com');
      t.clock.advance(24 * 3600_000 + 1000);
      const before = await t.snapshot();
      const res = await c.post('/api/public/client/registration', payload(token, 'slow@example.com'));
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('Ссылка устарела');
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses registration with a link that was mailed but not opened', async () => {
      const c = t.client();
      await c.post('/api/public/common/email/send-confirmation', { email: 'unopened@example.com' });
      const before = await t.snapshot();
      const res = await c.post(
        '/api/public/client/registration',
        payload(t.mailer.lastToken('unopened@example.com')!, 'unopened@example.com'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'EMAIL_NOT_CONFIRMED',
        message: 'Адрес электронной почты не подтверждён',
      });
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses invalid registration data with one Russian item per problem and writes nothing', async () => {
      const c = t.client();
      const token = await confirmed(c, 'careful@example.com');
      const before = await t.snapshot();
      const res = await c.post(
        '/api/public/client/registration',
        payload(
          token,
          'other@example.com',
          { ogrn: '1197746123454', checklist: { ...CHECKLIST, countryCodes: ['XX'], currencyCodes: ['ABC'] } },
          {
            name: 'Sergey',
            surname: 'Лебедев1',
            password: 'short',
            passwordSecondTime: 'shorter',
            phone: '+79031234567',
            processingPersonalDataAgreement: false,
          },
        ),
      );
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toBe('Ошибка валидации');
      const items = Object.fromEntries(
        body.errors.map((e: { field: string; code: string; message: string }) => [`${e.field}:${e.code}`, e.message]),
      );
      expect(items).toMatchObject({
        'user.email:EMAIL_MISMATCH': 'Адрес не совпадает с подтверждённым',
        'user.name:RUSSIAN_LETTERS': 'Используйте русские буквы и дефис',
        'user.surname:RUSSIAN_LETTERS': 'Используйте русские буквы и дефис',
        'user.phone:PHONE_INVALID': 'Номер телефона — 10 цифр',
        'user.processingPersonalDataAgreement:CONSENT_REQUIRED': 'Необходимо согласие на обработку персональных данных',
        'user.password:PASSWORD_LENGTH': 'Пароль должен содержать от 8 до 20 символов',
        'user.password:PASSWORD_UPPERCASE': 'Нет заглавной латинской буквы',
        'user.password:PASSWORD_DIGIT': 'Нет цифры',
        'user.password:PASSWORD_SPECIAL': 'Нет специального символа',
        'user.passwordSecondTime:PASSWORD_MISMATCH': 'Пароли не совпадают',
        'ogrn:OGRN_INVALID': 'Некорректный ОГРН или ОГРНИП',
        'checklist.countryCodes.0:COUNTRY_INVALID': 'Неизвестный код страны',
        'checklist.currencyCodes.0:CURRENCY_INVALID': 'Неизвестный код валюты',
      });
      expect(await t.snapshot()).toEqual(before);
      // the link still works after a refused attempt
      expect(
        (
          await c.post(
            '/api/public/client/registration',
            payload(token, 'careful@example.com', { ogrn: '1077800123455' }),
          )
        ).statusCode,
      ).toBe(201);
    });

    it('refuses missing and wrong-typed fields with schema items', async () => {
      const c = t.client();
      const before = await t.snapshot();
      const missing = await c.post('/api/public/client/registration', { ogrn: NEW_COMPANY_OGRN });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('VALIDATION_ERROR');
      expect(missing.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'token', code: 'REQUIRED', message: 'Обязательное поле' },
          { field: 'user', code: 'REQUIRED', message: 'Обязательное поле' },
          { field: 'checklist', code: 'REQUIRED', message: 'Обязательное поле' },
        ]),
      );
      const wrong = await c.post(
        '/api/public/client/registration',
        payload(
          'x',
          'a@example.com',
          { checklist: { ...CHECKLIST, paymentsNumber: 'many', countryCodes: 'CN,TR' } },
          { processingPersonalDataAgreement: 'yes' },
        ),
      );
      expect(wrong.statusCode).toBe(400);
      const fields = wrong.json().errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(
        expect.arrayContaining(['checklist.paymentsNumber', 'user.processingPersonalDataAgreement']),
      );
      const empty = await c.post('/api/public/client/registration', {
        ...payload('x', 'a@example.com'),
        checklist: { ...CHECKLIST, countryCodes: [] },
      });
      expect(empty.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'checklist.countryCodes', code: 'MIN_ITEMS', message: 'Выберите хотя бы одно значение' },
        ]),
      );
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses an OGRN the registry does not know, and a liquidated company', async () => {
      const c = t.client();
      const token = await confirmed(c, 'unknown.co@example.com');
      const before = await t.snapshot();
      const unknown = await c.post(
        '/api/public/client/registration',
        payload(token, 'unknown.co@example.com', { ogrn: '1027700132195' }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND', message: 'Компания с таким ОГРН не найдена' });
      const liquidated = await c.post(
        '/api/public/client/registration',
        payload(token, 'unknown.co@example.com', { ogrn: '1211650123453' }),
      );
      expect(liquidated.statusCode).toBe(400);
      expect(liquidated.json().code).toBe('COMPANY_LIQUIDATED');
      expect(await t.snapshot()).toEqual(before);
    });

    it('writes nothing when the account cannot be created (one transaction)', async () => {
      const c = t.client();
      const token = await confirmed(c, 'race@example.com');
      // Another account takes the address after confirmation (as a concurrent registration would).
      const [existing] = await t.db.select().from(users).where(eq(users.email, 'client@example.com'));
      await t.db.insert(users).values({
        email: 'race@example.com',
        passwordHash: existing.passwordHash,
        accountType: 'PARTNER',
        name: 'Гонка',
        surname: 'Гонщик',
      });
      const before = await t.snapshot();
      const res = await c.post(
        '/api/public/client/registration',
        payload(token, 'race@example.com', { ogrn: '1196658123452' }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Этот адрес электронной почты уже используется',
      });
      expect(await t.snapshot()).toEqual(before);
      expect(await t.db.select().from(companies).where(eq(companies.ogrn, '1196658123452'))).toEqual([]);
      const [link] = await t.db.select().from(emailTokens).where(eq(emailTokens.email, 'race@example.com'));
      expect(link.usedAt).toBeNull();
    });

    it('refuses a registration without the anti-forgery token, with a wrong one, and with an unknown token', async () => {
      const c = t.client();
      const before = await t.snapshot();
      const none = await c.request('POST', '/api/public/client/registration', {
        csrf: false,
        body: payload('x', 'a@example.com'),
      });
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      await c.fetchCsrf();
      c.token = 'forged';
      const forged = await c.post('/api/public/client/registration', payload('x', 'a@example.com'));
      expect(forged.statusCode).toBe(403);
      expect(forged.json().retryCsrf).toBe(true);
      const unknown = await t
        .client()
        .post('/api/public/client/registration', payload('no-such-token', 'a@example.com'));
      expect(unknown.statusCode).toBe(410);
      expect(await t.snapshot()).toEqual(before);
    });

    it('answers e-mail checks for taken, suspended, invalid and role-specific addresses', async () => {
      const c = t.client();
      const taken = await c.post('/api/public/common/email/check', { email: 'CLIENT@example.com' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'Этот адрес электронной почты уже используется' });
      const invalid = await c.post('/api/public/common/email/check', { email: 'not-an-email' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' });
      const missing = await c.post('/api/public/common/email/check', {});
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'email', code: 'REQUIRED', message: 'Обязательное поле' }],
      });
      const wrongType = await c.post('/api/public/common/email/check', { email: { a: 1 } });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors[0]).toMatchObject({ field: 'email', code: 'WRONG_TYPE' });

      expect((await c.post('/api/public/common/email/check/status', { email: 'client@example.com' })).json()).toEqual({
        email: 'client@example.com',
        status: 'REGISTERED',
      });
      const partnerUnknown = await c.post('/api/public/common/email/check/status', {
        email: 'client@example.com',
        userType: 'PARTNER',
      });
      expect(partnerUnknown.statusCode).toBe(404);
      expect(partnerUnknown.json()).toEqual({
        code: 'USER_NOT_FOUND',
        message: 'Платёжный агент с такой почтой не найден',
      });
      expect(
        (
          await c.post('/api/public/common/email/check/status', { email: 'nobody@example.com', userType: 'AGENT' })
        ).json().message,
      ).toBe('Партнёр с такой почтой не найден');
      expect(
        (
          await c.post('/api/public/common/email/check/status', { email: 'partner1@example.com', userType: 'PARTNER' })
        ).json().status,
      ).toBe('REGISTERED');
      expect(
        (await c.post('/api/public/common/email/check/status', { email: 'a@b.c', userType: 'BOSS' })).statusCode,
      ).toBe(400);

      await t.db.update(users).set({ status: 'USER_SUSPENDED' }).where(eq(users.email, 'agent@example.com'));
      try {
        expect(
          (await c.post('/api/public/common/email/check/status', { email: 'agent@example.com' })).json().status,
        ).toBe('SUSPENDED');
        const blocked = await c.post('/api/public/common/email/check', { email: 'agent@example.com' });
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json()).toEqual({
          code: 'ACCOUNT_SUSPENDED',
          message: 'Аккаунт, зарегистрированный на эту почту, заблокирован',
        });
        expect(
          (await c.post('/api/public/common/email/send-confirmation', { email: 'agent@example.com' })).statusCode,
        ).toBe(403);
      } finally {
        await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'agent@example.com'));
      }
    });

    it('refuses a confirmation mail for a taken or invalid address and without the anti-forgery token, writing nothing', async () => {
      const c = t.client();
      const before = await t.snapshot();
      expect(
        (await c.post('/api/public/common/email/send-confirmation', { email: 'partner1@example.com' })).json().code,
      ).toBe('EMAIL_TAKEN');
      expect((await c.post('/api/public/common/email/send-confirmation', { email: 'bad@' })).json().code).toBe(
        'EMAIL_INVALID',
      );
      expect((await c.post('/api/public/common/email/send-confirmation', { email: 42 })).statusCode).toBe(400);
      const noCsrf = await c.request('POST', '/api/public/common/email/send-confirmation', {
        csrf: false,
        body: { email: 'fresh@example.com' },
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().retryCsrf).toBe(true);
      expect(await t.snapshot()).toEqual(before);
      expect(t.mailer.last('fresh@example.com')).toBeUndefined();
    });

    it('refuses an e-mail correction without a pending link, to a taken address, or too early', async () => {
      const c = t.client();
      const before = await t.snapshot();
      const none = await c.post('/api/public/common/email/confirm/change', {
        email: 'never@example.com',
        newEmail: 'other@example.com',
      });
      expect(none.statusCode).toBe(404);
      expect(none.json().code).toBe('CONFIRMATION_NOT_FOUND');
      expect(
        (
          await c.post('/api/public/common/email/confirm/change', { email: 'never@example.com', newEmail: 'nope' })
        ).json(),
      ).toMatchObject({ code: 'EMAIL_INVALID', errors: [{ field: 'newEmail' }] });
      expect(
        (await c.post('/api/public/common/email/confirm/change', { email: 'never@example.com' })).json().errors[0],
      ).toMatchObject({ field: 'newEmail', code: 'REQUIRED' });
      expect(await t.snapshot()).toEqual(before);

      await c.post('/api/public/common/email/send-confirmation', { email: 'typo@example.com' });
      const mid = await t.snapshot();
      expect(
        (
          await c.post('/api/public/common/email/confirm/change', {
            email: 'typo@example.com',
            newEmail: 'client@example.com',
          })
        ).statusCode,
      ).toBe(409);
      expect(await t.snapshot()).toEqual(mid);
      expect(
        (
          await c.post('/api/public/common/email/confirm/change', {
            email: 'typo@example.com',
            newEmail: 'fixed@example.com',
          })
        ).statusCode,
      ).toBe(200);
      const tooEarly = await c.post('/api/public/common/email/confirm/change', {
        email: 'fixed@example.com',
        newEmail: 'fixed@example.com',
      });
      expect(tooEarly.statusCode).toBe(429);
      expect(tooEarly.json().retryAfterSeconds).toBeGreaterThan(0);
    });

    it('validates the company search query', async () => {
      const c = t.client();
      expect((await c.get('/api/public/client/registration/companies')).json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'query', code: 'REQUIRED' }],
      });
      expect((await c.get('/api/public/client/registration/companies', { query: { query: '' } })).statusCode).toBe(400);
      expect(
        (await c.get('/api/public/client/registration/companies', { query: { query: 'x'.repeat(101) } })).statusCode,
      ).toBe(400);
      expect(
        (await c.get('/api/public/client/registration/companies', { query: { query: 'нет такой компании' } })).json(),
      ).toEqual([]);
    });
  });
}
