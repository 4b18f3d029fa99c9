/**
 * The sign-in lockout (issue 14 defect 3; spec core §8 'Превышен лимит попыток входа'; accounts/login-throttle.ts):
 * atomic under concurrency (at most 5 passwords checked of 40 or 200 concurrent wrong ones, then 429 also for the
 * right password until the lock ends), per (e-mail, client address) — another address is not locked out — identical
 * for unknown e-mails, and per e-mail across addresses (50 failures an hour → 429 for everyone).
 * Runs on PGlite, and on PostgreSQL too with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp, type TestClient } from './harness.js';

const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('../src/accounts/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/accounts/passwords.js')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      calls.verify++;
      return real.verifyPassword(password, stored);
    },
  };
});

const LOGIN = '/api/public/common/login';
const LIMIT_TEXT = 'Превышен лимит попыток входа';

/** POST login as `email` with `password` from client address `ip` (the loopback peer forwards it, as the gateway). */
function signInFrom(c: TestClient, email: string, password: string, ip: string, userType?: string) {
  const basic = Buffer.from(`${email}:${password}`).toString('base64');
  return c.request('POST', LOGIN, {
    headers: { authorization: `Basic ${basic}`, 'x-forwarded-for': ip },
    body: userType ? { userType } : {},
  });
}

for (const driver of DRIVERS) {
  describe(`sign-in lockout [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(() => t?.close());
    beforeEach(() => {
      calls.verify = 0;
    });

    for (const burst of [40, 200]) {
      it(`${burst} concurrent wrong passwords check at most 5; then the right one is 429 until the lock ends; another address is not locked`, async () => {
        const email = burst === 40 ? 'client@example.com' : 'partner1@example.com';
        const ip = burst === 40 ? '198.51.100.40' : '198.51.100.200';
        const c = t.client();
        await c.fetchCsrf();
        const answers = await Promise.all(
          Array.from({ length: burst }, () => signInFrom(c, email, 'Wrong-Pass-1!', ip)),
        );
        expect(calls.verify).toBeLessThanOrEqual(5);
        expect(calls.verify).toBe(5);
        const codes = answers.map((a) => a.statusCode);
        expect(codes.filter((s) => s === 401)).toHaveLength(4);
        expect(codes.filter((s) => s === 429)).toHaveLength(burst - 4);
        expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
          code: 'LOGIN_LIMIT',
          message: LIMIT_TEXT,
        });

        calls.verify = 0;
        const right = await signInFrom(c, email, DEMO_PASSWORD, ip);
        expect(right.statusCode).toBe(429);
        expect(right.json()).toMatchObject({ code: 'LOGIN_LIMIT' });
        expect(calls.verify).toBe(0);

        // The lock holds only for that address: the owner elsewhere signs in.
        expect((await signInFrom(t.client(), email, DEMO_PASSWORD, '203.0.113.9')).statusCode).toBe(200);

        t.clock.advance(14 * 60_000);
        expect((await signInFrom(c, email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
        t.clock.advance(61_000);
        expect((await signInFrom(c, email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
      });
    }

    it('an unknown e-mail gets the identical 429 after 5 failures, with the password compare done each time', async () => {
      const c = t.client();
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push((await signInFrom(c, 'agent@example.com', 'Wrong-Pass-1!', '198.51.100.5')).statusCode);
        unknown.push((await signInFrom(c, 'nobody-here@example.com', 'Wrong-Pass-1!', '198.51.100.5')).statusCode);
      }
      expect(known).toEqual([401, 401, 401, 401, 429]);
      expect(unknown).toEqual([401, 401, 401, 401, 429]);
      expect(calls.verify).toBe(10);
      const a = await signInFrom(c, 'agent@example.com', 'Wrong-Pass-1!', '198.51.100.5');
      const b = await signInFrom(c, 'nobody-here@example.com', 'Wrong-Pass-1!', '198.51.100.5');
      expect(a.statusCode).toBe(429);
      expect(b.statusCode).toBe(429);
      expect(b.body).toBe(a.body);
      expect(calls.verify).toBe(10);
    });

    it('a success clears the count: 4 failures, the right password, 4 more failures are still 401', async () => {
      const c = t.client();
      const ip = '198.51.100.44';
      for (let i = 0; i < 4; i++)
        expect((await signInFrom(c, 'partner2@example.com', 'Wrong-Pass-1!', ip)).statusCode).toBe(401);
      expect((await signInFrom(c, 'partner2@example.com', DEMO_PASSWORD, ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await signInFrom(t.client(), 'partner2@example.com', 'Wrong-Pass-1!', ip)).statusCode).toBe(401);
    });

    it('50 failures from 50 addresses lock the e-mail for every address for the rest of the hour', async () => {
      const email = 'operator@example.com';
      const c = t.client();
      await c.fetchCsrf();
      for (let i = 0; i < 50; i++) {
        const res = await signInFrom(c, email, 'Wrong-Pass-1!', `192.0.2.${i + 1}`);
        expect(res.statusCode, `attempt ${i + 1}`).toBe(i < 49 ? 401 : 429);
      }
      calls.verify = 0;
      const fresh = await signInFrom(t.client(), email, DEMO_PASSWORD, '203.0.113.77');
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json()).toMatchObject({ code: 'LOGIN_LIMIT', message: LIMIT_TEXT });
      expect(calls.verify).toBe(0);
      t.clock.advance(61 * 60_000);
      expect((await signInFrom(t.client(), email, DEMO_PASSWORD, '203.0.113.77')).statusCode).toBe(200);
    });

    it('a password reset lifts the lock', async () => {
      const email = 'client@example.com';
      const c = t.client();
      for (let i = 0; i < 5; i++) await signInFrom(c, email, 'Wrong-Pass-1!', '198.51.100.66');
      expect((await signInFrom(c, email, DEMO_PASSWORD, '198.51.100.66')).statusCode).toBe(429);
      expect((await c.post('/api/public/common/password/reset/mail', { email })).statusCode).toBe(200);
      const token = t.mailer.lastToken(email)!;
      const reset = await c.post('/api/public/common/password/reset', {
        token,
        password: 'Fresh-Pass-1!',
        passwordSecondTime: 'Fresh-Pass-1!',
      });
      expect(reset.statusCode, reset.body).toBe(204);
      expect((await signInFrom(c, email, 'Fresh-Pass-1!', '198.51.100.66')).statusCode).toBe(200);
    });
  });
}
