/**
 * API tokens (issue 12 "API tokens"; docs/rest-api.md "API tokens"): create, list and revoke one's own tokens; bearer
 * authentication (only the hash stored, 401 API_TOKEN_INVALID, read-only 403 API_TOKEN_READ_ONLY, no cookie and no
 * anti-forgery header needed); role scoping and bad input. Also: sign-in without a body (spec core §7).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/db/schema/api-tokens.js';
import { users } from '../src/db/schema/core.js';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp, type TestClient } from './harness.js';

const DAY = 86_400_000;

for (const driver of DRIVERS) {
  describe(`API tokens [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function create(c: TestClient, body: unknown) {
      return c.post('/api/secured/api-tokens', body);
    }
    /** A request with only the bearer token: no cookie, no anti-forgery header. */
    function withToken(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) {
      return t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    }

    it('creates a token shown once, stores only its hash, lists and revokes it', async () => {
      const c = await t.signedIn('client@example.com');
      const res = await create(c, { name: '  Отчёты 1С  ' });
      expect(res.statusCode).toBe(201);
      const { token, apiToken } = res.json();
      expect(token).toMatch(/^vpt_[A-Za-z0-9_-]{43}$/);
      expect(apiToken).toMatchObject({
        name: 'Отчёты 1С',
        scope: 'REPORTING',
        prefix: token.slice(0, 12),
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
        status: 'ACTIVE',
      });
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
      expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);

      const list = await c.get('/api/secured/api-tokens');
      expect(list.statusCode).toBe(200);
      const listed = list.json().find((x: { id: number }) => x.id === apiToken.id);
      expect(listed).toMatchObject({ name: 'Отчёты 1С', prefix: token.slice(0, 12) });
      expect(JSON.stringify(list.json())).not.toContain(token);

      const me = await withToken('GET', '/api/secured/common/current/user', token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'client@example.com' });
      const used = (await c.get('/api/secured/api-tokens')).json().find((x: { id: number }) => x.id === apiToken.id);
      expect(used.lastUsedAt).not.toBeNull();

      const revoked = await c.delete(`/api/secured/api-tokens/${apiToken.id}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ status: 'REVOKED' });
      const after = await withToken('GET', '/api/secured/common/current/user', token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'API_TOKEN_INVALID' });
    });

    it('refreshes last use at most once a minute', async () => {
      const c = await t.signedIn('client@example.com');
      const { token, apiToken } = (await create(c, { name: 'last use' })).json();
      const lastUsed = async () =>
        (await t.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0].lastUsedAt?.getTime();
      t.clock.freeze();
      await withToken('GET', '/api/secured/common/current/user', token);
      const first = await lastUsed();
      t.clock.advance(30_000);
      await withToken('GET', '/api/secured/common/current/user', token);
      expect(await lastUsed()).toBe(first);
      t.clock.advance(31_000);
      await withToken('GET', '/api/secured/common/current/user', token);
      expect(await lastUsed()).toBe(first! + 61_000);
      t.clock.unfreeze();
    });

    it('refuses unknown, expired and blocked-user tokens with 401 API_TOKEN_INVALID', async () => {
      const unknown = await withToken('GET', '/api/secured/common/current/user', `vpt_${'A'.repeat(43)}`);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'API_TOKEN_INVALID', error: 'Unauthorized' });

      const c = await t.signedIn('client@example.com');
      const expiresAt = new Date(t.clock.now().getTime() + DAY).toISOString();
      const { token } = (await create(c, { name: 'expiring', expiresAt })).json();
      expect((await withToken('GET', '/api/secured/common/current/user', token)).statusCode).toBe(200);
      t.clock.advance(DAY + 1000);
      try {
        const expired = await withToken('GET', '/api/secured/common/current/user', token);
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toMatchObject({ code: 'API_TOKEN_INVALID' });
      } finally {
        t.clock.advance(-(DAY + 1000));
      }

      const p = await t.signedIn('partner1@example.com');
      const partnerToken = (await create(p, { name: 'agent' })).json().token;
      await t.db.update(users).set({ status: 'USER_SUSPENDED' }).where(eq(users.email, 'partner1@example.com'));
      try {
        const blocked = await withToken('GET', '/api/secured/common/current/user', partnerToken);
        expect(blocked.statusCode).toBe(401);
        expect(blocked.json()).toMatchObject({ code: 'API_TOKEN_INVALID' });
      } finally {
        await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'partner1@example.com'));
      }
    });

    it('is read-only: POST, PUT and DELETE with a token → 403 API_TOKEN_READ_ONLY and nothing written', async () => {
      const c = await t.signedIn('client@example.com');
      const { token, apiToken } = (await create(c, { name: 'read only' })).json();
      const before = await t.snapshot();
      for (const [method, url, body] of [
        ['POST', '/api/secured/api-tokens', { name: 'more' }],
        ['DELETE', `/api/secured/api-tokens/${apiToken.id}`, undefined],
        ['PUT', '/api/secured/common/current/user', { firstName: 'X' }],
      ] as const) {
        const res = await withToken(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'API_TOKEN_READ_ONLY',
          message: 'API-токен даёт доступ только на чтение',
        });
      }
      expect(await t.snapshot()).toEqual(before);
      // A token session may not even list the tokens.
      const list = await withToken('GET', '/api/secured/api-tokens', token);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'API_TOKEN_SESSION_FORBIDDEN' });
    });

    it('needs no cookie and no anti-forgery header, and ignores the cookie session', async () => {
      const client = await t.signedIn('client@example.com');
      const { token } = (await create(client, { name: 'no cookie' })).json();
      const oper = await t.signedIn('operator@example.com');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/secured/common/current/user',
        headers: { authorization: `Bearer ${token}`, cookie: oper.cookieHeader() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: 'client@example.com' });
    });

    it('scopes by role: payment agent and operator may, referral partner 403, guest 401, other user 404', async () => {
      const guest = await t.client().get('/api/secured/api-tokens');
      expect(guest.statusCode).toBe(401);
      const agent = await t.signedIn('agent@example.com');
      const refused = await agent.post('/api/secured/api-tokens', { name: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      const partner = await t.signedIn('partner1@example.com');
      expect((await create(partner, { name: 'agent token' })).statusCode).toBe(201);
      const oper = await t.signedIn('operator@example.com');
      const operToken = await create(oper, { name: 'platform' });
      expect(operToken.statusCode).toBe(201);

      const client = await t.signedIn('client@example.com');
      const before = await t.snapshot();
      const foreign = await client.delete(`/api/secured/api-tokens/${operToken.json().apiToken.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'API_TOKEN_NOT_FOUND' });
      expect(await t.snapshot()).toEqual(before);
      const ids = (await client.get('/api/secured/api-tokens')).json().map((x: { id: number }) => x.id);
      expect(ids).not.toContain(operToken.json().apiToken.id);
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      const c = await t.signedIn('newclient@example.com');
      const now = t.clock.now().getTime();
      const cases: Array<[unknown, string]> = [
        [{ name: '' }, 'NAME_REQUIRED'],
        [{ name: '   ' }, 'NAME_REQUIRED'],
        [{ name: 'a'.repeat(101) }, 'NAME_TOO_LONG'],
        [{ name: 'a\u0001b' }, 'NAME_INVALID'],
        [{ name: 'a\u0000b' }, 'NUL_CHARACTER'], // refused by the input guard of every route first (issue 14)
        [{ name: 'past', expiresAt: new Date(now - 1000).toISOString() }, 'EXPIRY_IN_PAST'],
        [{ name: 'far', expiresAt: new Date(now + 366 * DAY).toISOString() }, 'EXPIRY_TOO_FAR'],
        [{ name: 'bad date', expiresAt: 'tomorrow' }, 'INVALID_FORMAT'],
        [{}, 'REQUIRED'],
      ];
      const before = await t.snapshot();
      for (const [body, code] of cases) {
        const res = await create(c, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().errors.map((e: { code: string }) => e.code)).toContain(code);
      }
      expect(await t.snapshot()).toEqual(before);

      for (let i = 0; i < 20; i++) expect((await create(c, { name: `t${i}` })).statusCode).toBe(201);
      const full = await t.snapshot();
      const over = await create(c, { name: 't21' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ code: 'API_TOKEN_LIMIT' });
      expect(await t.snapshot()).toEqual(full);
      // A revoked token no longer counts.
      const first = (await c.get('/api/secured/api-tokens')).json()[0];
      await c.delete(`/api/secured/api-tokens/${first.id}`);
      expect((await create(c, { name: 't21' })).statusCode).toBe(201);
    });
  });

  describe(`sign-in without a body [${driver}] (spec core §7)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver });
    });
    afterAll(async () => {
      await t?.close();
    });

    const basic = `Basic ${Buffer.from(`client@example.com:${DEMO_PASSWORD}`).toString('base64')}`;
    for (const contentType of [undefined, 'application/json']) {
      it(`signs in with only the Basic header (Content-Type ${contentType ?? 'absent'})`, async () => {
        const c = t.client();
        const res = await c.request('POST', '/api/public/common/login', {
          headers: { authorization: basic, ...(contentType ? { 'content-type': contentType } : {}) },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ email: 'client@example.com' });
        expect((await c.get('/api/secured/common/current/user')).statusCode).toBe(200);
      });
    }
  });
}
