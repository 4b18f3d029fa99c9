/**
 * Sign-in, sign-out, sessions and anti-forgery (spec core §7 Public login, Secured common logout; §8 retryCsrf,
 * 'Превышен лимит попыток входа'; §9 cookies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';

for (const driver of DRIVERS) {
  describe(`sessions and sign-in [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('signs in with the Basic header, sets an HttpOnly session and the last-login type cookie', async () => {
      const c = t.client();
      const res = await c.signIn('client@example.com');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.email).toBe('client@example.com');
      expect(body.account.type).toBe('CLIENT');
      expect(body.userRights).toContain('VERIFIED_CLIENT');
      const session = res.cookies.find((x) => x.name === 'SESSION');
      expect(session?.httpOnly).toBe(true);
      expect(res.cookies.find((x) => x.name === 'USER_TYPE')?.value).toBe('CLIENT');
      const me = await c.get('/api/secured/common/current/user');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        email: 'client@example.com',
        account: { type: 'CLIENT', status: 'ACTIVE' },
        company: { verified: true },
      });
    });

    it('rotates the session id at sign-in', async () => {
      const c = t.client();
      await c.signIn('client@example.com');
      const first = c.cookies.get('SESSION');
      await c.signIn('client@example.com');
      expect(c.cookies.get('SESSION')).toBeDefined();
      expect(c.cookies.get('SESSION')).not.toBe(first);
    });

    it('refuses a state-changing call without the anti-forgery header: 403 with retryCsrf, nothing written', async () => {
      const c = t.client();
      const before = await t.snapshot();
      const res = await c.request('POST', '/api/public/common/login', {
        csrf: false,
        headers: { authorization: `Basic ${Buffer.from('client@example.com:Demo-2026!').toString('base64')}` },
        body: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      expect(res.cookies.find((x) => x.name === 'SESSION')).toBeUndefined();
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses a wrong anti-forgery token', async () => {
      const c = t.client();
      await c.fetchCsrf();
      c.token = 'forged-token';
      const res = await c.signIn('client@example.com');
      expect(res.statusCode).toBe(403);
      expect(res.json().retryCsrf).toBe(true);
    });

    it('answers a wrong password with 401 BAD_CREDENTIALS and locks after five failures', async () => {
      const c = t.client();
      for (let i = 0; i < 4; i++) {
        const res = await c.signIn('partner2@example.com', 'Wrong-pass1!');
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('BAD_CREDENTIALS');
      }
      const fifth = await c.signIn('partner2@example.com', 'Wrong-pass1!');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().message).toBe('Превышен лимит попыток входа');
      const evenRight = await c.signIn('partner2@example.com');
      expect(evenRight.statusCode).toBe(429);
      t.clock.advance(16 * 60_000);
      const later = await c.signIn('partner2@example.com');
      expect(later.statusCode).toBe(200);
      t.clock.advance(-16 * 60_000);
    });

    it('gives the role-specific not-found message for an unknown payment agent or referral partner', async () => {
      const c = t.client();
      const partner = await c.signIn('nobody@example.com', 'Whatever1!', 'PARTNER');
      expect(partner.statusCode).toBe(404);
      expect(partner.json()).toMatchObject({
        code: 'USER_NOT_FOUND',
        message: 'Платёжный агент с такой почтой не найден',
      });
      const agent = await c.signIn('nobody@example.com', 'Whatever1!', 'AGENT');
      expect(agent.json().message).toBe('Партнёр с такой почтой не найден');
    });

    it('rejects a malformed Basic header with 400 and a Russian message', async () => {
      const c = t.client();
      const res = await c.request('POST', '/api/public/common/login', {
        headers: { authorization: 'Basic !!!' },
        body: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('expires a session after 30 minutes idle, and keeps it alive while used', async () => {
      const c = await t.signedIn('client@example.com');
      t.clock.advance(29 * 60_000);
      expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      t.clock.advance(29 * 60_000); // 58 minutes after sign-in, 29 after the last call
      expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      t.clock.advance(31 * 60_000);
      const res = await c.get('/api/secured/common/current/user');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
      t.clock.advance(31 * 60_000);
      const again = await c.get('/api/secured/common/current/user');
      expect(again.statusCode).toBe(401);
      t.clock.advance(-120 * 60_000);
    });

    it('expires a session 12 hours after sign-in even with activity', async () => {
      const c = await t.signedIn('operator@example.com');
      for (let minutes = 0; minutes < 11 * 60 + 40; minutes += 20) {
        t.clock.advance(20 * 60_000);
        expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      }
      // 12 h 0 min after sign-in: the last call was 20 minutes ago, so only the absolute limit applies
      t.clock.advance(20 * 60_000);
      const res = await c.get('/api/secured/common/current/user');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Unauthorized');
      t.clock.advance(-12 * 3600_000);
    });

    it('signs out', async () => {
      const c = await t.signedIn('operator@example.com');
      expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      const res = await c.post('/api/secured/common/logout');
      expect(res.statusCode).toBe(204);
      expect(c.cookies.get('USER_TYPE')).toBe('OPER');
      const after = await c.get('/api/secured/common/current/user');
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
    });
  });
}
