/**
 * Rate limits of the sign-in calls per client address and per e-mail (issue 14 defect 3; plugins/rate-limit.ts,
 * config.authRateLimit): sign-in, the e-mail checks, the reset mail, and the callback forms per phone and e-mail —
 * 429 RATE_LIMITED 'Слишком много запросов. Попробуйте позже.' with Retry-After; with REDIS_URL two backends count
 * together.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { createTestApp, DEMO_PASSWORD, RELAXED_AUTH_RATE_LIMIT, type TestApp, type TestClient } from './harness.js';

const RATE_LIMITED = 'Слишком много запросов. Попробуйте позже.';

function limits(overrides: Partial<Config['authRateLimit']>): Config['authRateLimit'] {
  return { ...RELAXED_AUTH_RATE_LIMIT, ...overrides };
}

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function signInFrom(c: TestClient, email: string, password: string, ip: string) {
  const basic = Buffer.from(`${email}:${password}`).toString('base64');
  return c.request('POST', '/api/public/common/login', {
    headers: { authorization: `Basic ${basic}`, 'x-forwarded-for': ip },
    body: {},
  });
}

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITED });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('sign-in rate limits per client address and per e-mail (issue 14)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        authRateLimit: limits({
          login: { max: 3, windowSeconds: 60 },
          loginEmail: { max: 4, windowSeconds: 60 },
          emailCheck: { max: 3, windowSeconds: 60 },
          emailCheckEmail: { max: 2, windowSeconds: 60 },
          passwordReset: { max: 3, windowSeconds: 60 },
          passwordResetEmail: { max: 1, windowSeconds: 3600 },
          callbackContact: { max: 2, windowSeconds: 600 },
        }),
      },
    });
  });
  afterAll(() => t?.close());

  it('sign-in: the 4th call from one address is 429 RATE_LIMITED with Retry-After (also with the right password); another address passes', async () => {
    const c = t.client();
    const ip = '198.51.100.1';
    expect((await signInFrom(c, 'a1@example.com', 'x', ip)).statusCode).toBe(401);
    expect((await signInFrom(c, 'a2@example.com', 'x', ip)).statusCode).toBe(401);
    expect((await signInFrom(c, 'a3@example.com', 'x', ip)).statusCode).toBe(401);
    expectRateLimited(await signInFrom(c, 'client@example.com', DEMO_PASSWORD, ip));
    expect((await signInFrom(t.client(), 'client@example.com', DEMO_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('sign-in: the 5th call for one e-mail from any addresses is 429; another e-mail passes', async () => {
    const email = 'partner1@example.com';
    for (let i = 0; i < 4; i++)
      expect((await signInFrom(t.client(), email, 'Wrong-1!', `192.0.2.${10 + i}`)).statusCode).not.toBe(429);
    expectRateLimited(await signInFrom(t.client(), email, DEMO_PASSWORD, '192.0.2.20'));
    expectRateLimited(await signInFrom(t.client(), ' PARTNER1@example.com', DEMO_PASSWORD, '192.0.2.21'));
    expect((await signInFrom(t.client(), 'partner2@example.com', DEMO_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
  });

  it('the operator sign-in form: the 4th post from one address is a 429 page with the message and Retry-After', async () => {
    const browser = t.client();
    const page = await browser.get('/oper-login');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
    const post = (email: string) =>
      browser.request('POST', '/oper-login', {
        payload: new URLSearchParams({ _csrf: token, email, password: 'Wrong-1!' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.50' },
        csrf: false,
      });
    for (const email of ['o1@example.com', 'o2@example.com', 'o3@example.com'])
      expect((await post(email)).statusCode).toBe(401);
    const over = await post('operator@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain(RATE_LIMITED);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('the e-mail checks: per e-mail (the 3rd about one address) and per client address (the 4th call)', async () => {
    const c = t.client();
    const check = (email: string, ip: string, path = '/api/public/common/email/check/status') =>
      c.post(path, { email }, from(ip));
    expect((await check('x1@example.com', '198.51.100.10')).statusCode).toBe(200);
    expect((await check('X1@example.com', '198.51.100.11', '/api/public/common/email/check')).statusCode).toBe(200);
    expectRateLimited(await check('x1@example.com', '198.51.100.12'));
    // per address: 3 calls from one address whatever the e-mail
    expect((await check('y1@example.com', '198.51.100.13')).statusCode).toBe(200);
    expect((await check('y2@example.com', '198.51.100.13')).statusCode).toBe(200);
    expect((await check('y3@example.com', '198.51.100.13')).statusCode).toBe(200);
    expectRateLimited(await check('y4@example.com', '198.51.100.13'));
  });

  it('the reset mail: one per e-mail per hour, whatever the address; nothing mailed for the refused one', async () => {
    const c = t.client();
    const mail = (ip: string) =>
      c.post('/api/public/common/password/reset/mail', { email: 'operator@example.com' }, from(ip));
    expect((await mail('198.51.100.30')).statusCode).toBe(200);
    const sent = t.mailer.mails.length;
    t.clock.advance(5 * 60_000); // past the 120 s resend delay: the rate limit refuses, not RESEND_TOO_EARLY
    expectRateLimited(await mail('198.51.100.31'));
    expect(t.mailer.mails.length).toBe(sent);
  });

  it('the callback forms: the 3rd for one phone (from other addresses, other forms) is 429; nothing stored', async () => {
    const c = t.client();
    const body = (phone: string, email?: string) => ({ name: 'Иван', phone, ...(email ? { email } : {}) });
    expect(
      (await c.post('/api/public/common/user/callback', body('9161234567'), from('198.51.100.40'))).statusCode,
    ).toBe(201);
    expect(
      (await c.post('/api/public/common/user/callback/agent', body('9161234567'), from('198.51.100.41'))).statusCode,
    ).toBe(201);
    const before = await t.snapshot();
    expectRateLimited(
      await c.post('/api/public/common/user/callback/cards', body('9161234567'), from('198.51.100.42')),
    );
    expect(await t.snapshot()).toEqual(before);
    // per e-mail given, with different phones
    expect(
      (await c.post('/api/public/common/user/callback', body('9160000001', 'cb@example.com'), from('198.51.100.43')))
        .statusCode,
    ).toBe(201);
    expect(
      (await c.post('/api/public/common/user/callback', body('9160000002', 'CB@example.com'), from('198.51.100.44')))
        .statusCode,
    ).toBe(201);
    expectRateLimited(
      await c.post('/api/public/common/user/callback', body('9160000003', 'cb@example.com'), from('198.51.100.45')),
    );
  });
});

describe('sign-in rate limit with the Redis store: two backends count one e-mail together', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `test-auth-rate-${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = {
      redisUrl,
      publicRateLimit: {
        forms: { max: 10, windowSeconds: 600 },
        calculator: { max: 60, windowSeconds: 60 },
        redisPrefix: prefix,
      },
      authRateLimit: limits({ loginEmail: { max: 2, windowSeconds: 60 } }),
    };
    a = await createTestApp({ config });
    b = await createTestApp({ config });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('the third sign-in for one e-mail, on the other replica, is refused; another e-mail passes', async () => {
    expect((await signInFrom(a.client(), 'client@example.com', 'Wrong-1!', '198.51.100.90')).statusCode).toBe(401);
    expect((await signInFrom(b.client(), 'client@example.com', 'Wrong-1!', '198.51.100.91')).statusCode).toBe(401);
    expectRateLimited(await signInFrom(a.client(), 'client@example.com', DEMO_PASSWORD, '198.51.100.92'));
    expect((await signInFrom(b.client(), 'partner1@example.com', DEMO_PASSWORD, '198.51.100.92')).statusCode).toBe(200);
  });
});
