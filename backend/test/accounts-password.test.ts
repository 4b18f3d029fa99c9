/**
 * Password reset and change, suspended accounts (spec core §2 forgot password / change password / expired link,
 * §4 "USER_SUSPENDED blocks login", §5 password rules and "Password change", §7, §8; docs/rest-api.md).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/core.js';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp } from './harness.js';

for (const driver of DRIVERS) {
  describe(`password reset and change [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    const suspend = (email: string, status = 'USER_SUSPENDED') =>
      t.db.update(users).set({ status }).where(eq(users.email, email));

    it('resets a forgotten password by the mailed link, once, and signs the account out everywhere', async () => {
      const old = await t.signedIn('partner1@example.com');
      const c = t.client();
      const res = await c.post('/api/public/common/password/reset/mail', {
        email: 'Partner1@Example.com',
        userType: 'PARTNER',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: 'partner1@example.com' });
      const mail = t.mailer.last('partner1@example.com')!;
      expect(mail.subject).toBe('Восстановление пароля');
      expect(mail.text).toContain('http://localhost:4000/partner/auth/forgot/pass?token=');
      expect(mail.html).toContain('href="http://localhost:4000/partner/auth/forgot/pass?token=');
      const token = t.mailer.lastToken('partner1@example.com')!;

      const weak = await c.post('/api/public/common/password/reset', {
        token,
        password: 'weakpass',
        passwordSecondTime: 'weakpass',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.map((e: { code: string }) => e.code)).toEqual([
        'PASSWORD_UPPERCASE',
        'PASSWORD_DIGIT',
        'PASSWORD_SPECIAL',
      ]);
      const mismatch = await c.post('/api/public/common/password/reset', {
        token,
        password: 'Fresh-Pass-1',
        passwordSecondTime: 'Fresh-Pass-2',
      });
      expect(mismatch.json().errors).toEqual([
        { field: 'passwordSecondTime', code: 'PASSWORD_MISMATCH', message: 'Пароли не совпадают' },
      ]);

      const ok = await c.post('/api/public/common/password/reset', {
        token,
        password: 'Fresh-Pass-1',
        passwordSecondTime: 'Fresh-Pass-1',
      });
      expect(ok.statusCode).toBe(204);
      expect((await old.get('/api/secured/common/current/user')).statusCode).toBe(401);
      expect((await t.client().signIn('partner1@example.com')).statusCode).toBe(401);
      expect((await t.client().signIn('partner1@example.com', 'Fresh-Pass-1')).statusCode).toBe(200);
      const again = await c.post('/api/public/common/password/reset', {
        token,
        password: 'Other-Pass-1',
        passwordSecondTime: 'Other-Pass-1',
      });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ code: 'LINK_EXPIRED', message: 'Ссылка устарела' });
    });

    it('uses the client and agent areas in reset links and voids the older link', async () => {
      const c = t.client();
      await c.post('/api/public/common/password/reset/mail', { email: 'newclient@example.com' });
      expect(t.mailer.last('newclient@example.com')!.text).toContain(
        'http://localhost:4000/client/auth/forgot/pass?token=',
      );
      const first = t.mailer.lastToken('newclient@example.com')!;
      const early = await c.post('/api/public/common/password/reset/mail', { email: 'newclient@example.com' });
      expect(early.statusCode).toBe(429);
      expect(early.json().code).toBe('RESEND_TOO_EARLY');
      t.clock.advance(121_000);
      await c.post('/api/public/common/password/reset/mail', { email: 'newclient@example.com' });
      expect(
        (
          await c.post('/api/public/common/password/reset', {
            token: first,
            password: 'Fresh-Pass-1',
            passwordSecondTime: 'Fresh-Pass-1',
          })
        ).statusCode,
      ).toBe(410);
      await c.post('/api/public/common/password/reset/mail', { email: 'agent@example.com', userType: 'AGENT' });
      expect(t.mailer.last('agent@example.com')!.text).toContain('http://localhost:4000/agent/auth/forgot/pass?token=');
    });

    it('expires a reset link after one hour', async () => {
      const c = t.client();
      await c.post('/api/public/common/password/reset/mail', { email: 'partner2@example.com' });
      const token = t.mailer.lastToken('partner2@example.com')!;
      t.clock.advance(3600_000 + 1000);
      const before = await t.snapshot();
      const res = await c.post('/api/public/common/password/reset', {
        token,
        password: 'Fresh-Pass-1',
        passwordSecondTime: 'Fresh-Pass-1',
      });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('Ссылка устарела');
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses reset mail for unknown, wrong-type and invalid addresses, writing nothing', async () => {
      const c = t.client();
      const before = await t.snapshot();
      const unknown = await c.post('/api/public/common/password/reset/mail', { email: 'ghost@example.com' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'Клиент с такой почтой не найден' });
      const wrongType = await c.post('/api/public/common/password/reset/mail', {
        email: 'client@example.com',
        userType: 'AGENT',
      });
      expect(wrongType.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'Партнёр с такой почтой не найден' });
      expect((await c.post('/api/public/common/password/reset/mail', { email: 'x' })).json().code).toBe(
        'EMAIL_INVALID',
      );
      expect((await c.post('/api/public/common/password/reset/mail', {})).json().errors[0]).toMatchObject({
        field: 'email',
        code: 'REQUIRED',
      });
      expect(
        (
          await c.request('POST', '/api/public/common/password/reset/mail', {
            csrf: false,
            body: { email: 'client@example.com' },
          })
        ).json().retryCsrf,
      ).toBe(true);
      expect((await c.post('/api/public/common/password/reset', { password: 'Fresh-Pass-1' })).json().code).toBe(
        'VALIDATION_ERROR',
      );
      expect(
        (
          await c.post('/api/public/common/password/reset', {
            token: 'nope',
            password: 'Fresh-Pass-1',
            passwordSecondTime: 'Fresh-Pass-1',
          })
        ).statusCode,
      ).toBe(410);
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses a password reset for a suspended account, also with a link mailed before the suspension', async () => {
      const c = t.client();
      await c.post('/api/public/common/password/reset/mail', { email: 'newclient@example.com' });
      t.clock.advance(121_000);
      const token = t.mailer.lastToken('newclient@example.com')!;
      await suspend('newclient@example.com');
      try {
        const before = await t.snapshot();
        const mail = await c.post('/api/public/common/password/reset/mail', { email: 'newclient@example.com' });
        expect(mail.statusCode).toBe(403);
        expect(mail.json()).toEqual({
          code: 'ACCOUNT_SUSPENDED',
          message: 'Аккаунт, зарегистрированный на эту почту, заблокирован',
        });
        const reset = await c.post('/api/public/common/password/reset', {
          token,
          password: 'Fresh-Pass-1',
          passwordSecondTime: 'Fresh-Pass-1',
        });
        expect(reset.statusCode).toBe(403);
        expect(reset.json().code).toBe('ACCOUNT_SUSPENDED');
        expect(await t.snapshot()).toEqual(before);
      } finally {
        await suspend('newclient@example.com', 'ACTIVE');
      }
    });

    it('does not let a suspended user sign in and drops the session of one already signed in', async () => {
      const c = await t.signedIn('client@example.com');
      await suspend('client@example.com');
      try {
        const res = await t.client().signIn('client@example.com');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'ACCOUNT_SUSPENDED',
          message: 'Аккаунт, зарегистрированный на эту почту, заблокирован',
        });
        expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(401);
      } finally {
        await suspend('client@example.com', 'ACTIVE');
      }
    });

    it('changes the password of the signed-in user and signs out the other sessions', async () => {
      const c = await t.signedIn('operator@example.com');
      const other = await t.signedIn('operator@example.com');
      const before = await t.snapshot();
      const same = await c.post('/api/secured/common/password/change', {
        oldPassword: DEMO_PASSWORD,
        password: DEMO_PASSWORD,
        passwordSecondTime: DEMO_PASSWORD,
      });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Ошибка валидации',
        errors: [{ field: 'password', code: 'PASSWORD_SAME_AS_OLD', message: 'Новый пароль совпадает со старым' }],
      });
      const wrongOld = await c.post('/api/secured/common/password/change', {
        oldPassword: 'Wrong-Pass-1',
        password: 'Next-Pass-1',
        passwordSecondTime: 'Next-Pass-1',
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Неверный текущий пароль' });
      const rules = await c.post('/api/secured/common/password/change', {
        oldPassword: DEMO_PASSWORD,
        password: 'next pass',
        passwordSecondTime: 'next pass',
      });
      expect(rules.json().errors.map((e: { code: string }) => e.code)).toEqual([
        'PASSWORD_SPACE',
        'PASSWORD_UPPERCASE',
        'PASSWORD_DIGIT',
        'PASSWORD_SPECIAL',
      ]);
      expect((await c.post('/api/secured/common/password/change', { oldPassword: DEMO_PASSWORD })).json().code).toBe(
        'VALIDATION_ERROR',
      );
      expect(
        (
          await c.post('/api/secured/common/password/change', {
            oldPassword: DEMO_PASSWORD,
            password: ['x'],
            passwordSecondTime: 1,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await c.request('POST', '/api/secured/common/password/change', {
            csrf: false,
            body: { oldPassword: DEMO_PASSWORD, password: 'Next-Pass-1', passwordSecondTime: 'Next-Pass-1' },
          })
        ).json(),
      ).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      const anonymous = await t.client().post('/api/secured/common/password/change', {
        oldPassword: DEMO_PASSWORD,
        password: 'Next-Pass-1',
        passwordSecondTime: 'Next-Pass-1',
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
      expect(await t.snapshot()).toEqual(before);

      const ok = await c.post('/api/secured/common/password/change', {
        oldPassword: DEMO_PASSWORD,
        password: 'Next-Pass-1',
        passwordSecondTime: 'Next-Pass-1',
      });
      expect(ok.statusCode).toBe(204);
      expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      expect((await other.get('/api/secured/common/current/user')).statusCode).toBe(401);
      expect((await t.client().signIn('operator@example.com', 'Next-Pass-1')).statusCode).toBe(200);
    });
  });
}
