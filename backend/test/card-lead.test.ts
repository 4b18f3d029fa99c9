/**
 * The debit card lead of /clients/cards (issue 13; spec core §1 foreign bank cards, §5 messages, §7 Public
 * POST /api/public/lead/card/debit): good input stored, bad input 400 with nothing stored, the anti-forgery check, the
 * operators' inbox (kind LEAD: listed, marked handled with its audit entry, CLIENTS right), and the rate limit of the
 * public forms per client address (plugins/rate-limit.ts): 429 RATE_LIMITED with Retry-After, another address still
 * passes, X-Forwarded-For believed only from a trusted proxy, the Redis store shared by two apps.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLeads } from '../src/db/schema/accounts.js';
import { auditLog } from '../src/db/schema/admin.js';
import type { PublicRateLimitConfig } from '../src/config.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const LEAD = '/api/public/lead/card/debit';
const INBOX = '/api/secured/oper/inbox';
const GOOD = { name: 'Анна Картина', phone: '9161234567', powerOfAttorney: true };
const RATE_LIMITED = 'Слишком много запросов. Попробуйте позже.';

const leadCount = async (t: TestApp) => (await t.db.select({ id: cardLeads.id }).from(cardLeads)).length;

/** Public limits for a test: `max` forms per minute. */
const limits = (max: number, redisPrefix = 'platform-backend-rate-limit:'): PublicRateLimitConfig => ({
  forms: { max, windowSeconds: 60 },
  calculator: { max: 60, windowSeconds: 60 },
  redisPrefix,
});

/** POST `url` with the anti-forgery token of `c`, from the socket address `remoteAddress` with extra `headers`. */
async function postFrom(
  app: FastifyInstance,
  c: TestClient,
  url: string,
  body: unknown,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const token = c.token ?? (await c.fetchCsrf());
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...headers, cookie: c.cookieHeader(), 'x-xsrf-token': token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

for (const driver of DRIVERS) {
  describe(`debit card lead [${driver}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ driver, config: { publicRateLimit: limits(1000) } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stores a good lead: 201 { id }, trimmed, e-mail lower-cased, empty optional texts null', async () => {
      const c = t.client();
      const res = await c.post(LEAD, {
        name: '  Анна Картина ',
        phone: '9161234567',
        email: ' Anna@Example.COM ',
        powerOfAttorney: true,
        city: ' Казань ',
        comment: 'Карта банка Казахстана',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: number };
      const [row] = await t.db.select().from(cardLeads).where(eq(cardLeads.id, id));
      expect(row).toMatchObject({
        type: 'CARD_DEBIT',
        name: 'Анна Картина',
        phone: '9161234567',
        email: 'anna@example.com',
        powerOfAttorney: true,
        city: 'Казань',
        comment: 'Карта банка Казахстана',
        status: 'NEW',
        handledByUserId: null,
      });
      const bare = await c.post(LEAD, { ...GOOD, powerOfAttorney: false, email: '', city: null, comment: '  ' });
      expect(bare.statusCode, bare.body).toBe(201);
      const [second] = await t.db
        .select()
        .from(cardLeads)
        .where(eq(cardLeads.id, (bare.json() as { id: number }).id));
      expect(second).toMatchObject({ powerOfAttorney: false, email: null, city: null, comment: null });
    });

    it('answers each bad input with 400 and the §5 message, storing nothing', async () => {
      const c = t.client();
      const before = await leadCount(t);
      const cases: [unknown, string, string | null][] = [
        [{ ...GOOD, phone: '+7 916 123-45-67' }, 'phone', 'Номер телефона — 10 цифр'],
        [{ ...GOOD, phone: '916123456' }, 'phone', 'Номер телефона — 10 цифр'],
        [{ ...GOOD, phone: '' }, 'phone', 'Обязательное поле'],
        [{ ...GOOD, name: '   ' }, 'name', 'Обязательное поле'],
        [{ ...GOOD, email: 'not-an-email' }, 'email', 'Проверьте корректность данных'],
        [{ name: GOOD.name, phone: GOOD.phone }, 'powerOfAttorney', null],
        [{ ...GOOD, powerOfAttorney: 'yes' }, 'powerOfAttorney', null],
        [{ ...GOOD, name: 'я'.repeat(101) }, 'name', null],
        [{ ...GOOD, city: 'г'.repeat(101) }, 'city', null],
        [{ ...GOOD, comment: 'к'.repeat(2001) }, 'comment', null],
        [{ ...GOOD, extra: 1 }, '', null],
      ];
      for (const [body, field, message] of cases) {
        const res = await c.post(LEAD, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const answer = res.json() as { code: string; errors?: { field: string; message: string }[] };
        expect(answer.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
        if (field) expect(answer.errors?.map((e) => e.field).join(), JSON.stringify(body)).toContain(field);
        if (message) expect(answer.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ message }));
      }
      const all = await c.post(LEAD, { name: ' ', phone: '12', email: 'x@', powerOfAttorney: false });
      expect((all.json() as { errors: { field: string; code: string }[] }).errors).toEqual([
        expect.objectContaining({ field: 'name', code: 'REQUIRED' }),
        expect.objectContaining({ field: 'phone', code: 'PHONE_INVALID' }),
        expect.objectContaining({ field: 'email', code: 'EMAIL_INVALID' }),
      ]);
      expect(await leadCount(t)).toBe(before);
    });

    it('needs the anti-forgery token: 403 CSRF_INVALID with retryCsrf, nothing stored', async () => {
      const before = await leadCount(t);
      const res = await t.client().request('POST', LEAD, { csrf: false, body: GOOD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_INVALID', retryCsrf: true });
      expect(await leadCount(t)).toBe(before);
    });

    it("lists the lead in the operators' inbox (kind LEAD) and marks it handled with an audit entry", async () => {
      const created = await t.client().post(LEAD, { ...GOOD, name: 'Лид Для Оператора', city: 'Тверь' });
      const id = (created.json() as { id: number }).id;
      const oper = await t.signedIn('operator@example.com');
      const page = await oper.post(`${INBOX}/filter`, { kind: 'LEAD' });
      expect(page.statusCode, page.body).toBe(200);
      const item = (page.json() as { content: Record<string, unknown>[] }).content.find((i) => i.id === id);
      expect(item).toMatchObject({
        kind: 'LEAD',
        type: 'CARD_DEBIT',
        name: 'Лид Для Оператора',
        phone: '9161234567',
        powerOfAttorney: true,
        city: 'Тверь',
        status: 'NEW',
        companyName: null,
        recommender: null,
      });
      const all = (await oper.post(`${INBOX}/filter`, {})).json() as { content: { kind: string; id: number }[] };
      expect(all.content[0]).toMatchObject({ kind: 'LEAD', id });
      const countNew = async () => ((await oper.get(`${INBOX}/new-count`)).json() as { count: number }).count;
      const newBefore = await countNew();

      const done = await oper.put(`${INBOX}/LEAD/${id}/status`, { status: 'HANDLED' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        kind: 'LEAD',
        id,
        status: 'HANDLED',
        handledBy: { email: 'operator@example.com' },
      });
      expect(await countNew()).toBe(newBefore - 1);
      const [row] = await t.db.select().from(cardLeads).where(eq(cardLeads.id, id));
      expect(row.status).toBe('HANDLED');
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'CARD_LEAD'), eq(auditLog.entityId, String(id))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'LEAD_STATUS_CHANGE' });
      const again = await oper.put(`${INBOX}/LEAD/${id}/status`, { status: 'HANDLED' });
      expect(again.json()).toMatchObject({ code: 'STATUS_UNCHANGED' });
      const back = await oper.put(`${INBOX}/LEAD/${id}/status`, { status: 'NEW' });
      expect(back.json()).toMatchObject({ status: 'NEW', handledBy: null, handledAt: null });
      expect((await oper.put(`${INBOX}/LEAD/999999/status`, { status: 'HANDLED' })).json()).toMatchObject({
        code: 'INBOX_ITEM_NOT_FOUND',
      });
    });

    it('refuses the inbox to a client (403 FORBIDDEN) and leaves the lead as it was', async () => {
      const created = await t.client().post(LEAD, GOOD);
      const id = (created.json() as { id: number }).id;
      const client = await t.signedIn('client@example.com');
      const list = await client.post(`${INBOX}/filter`, { kind: 'LEAD' });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'FORBIDDEN' });
      const change = await client.put(`${INBOX}/LEAD/${id}/status`, { status: 'HANDLED' });
      expect(change.statusCode).toBe(403);
      const [row] = await t.db.select().from(cardLeads).where(eq(cardLeads.id, id));
      expect(row.status).toBe('NEW');
    });
  });
}

describe('rate limit of the public forms per client address (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicRateLimit: limits(3) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts callbacks and leads together: the 4th from one address is 429 RATE_LIMITED with Retry-After, nothing stored; another address passes', async () => {
    const c = t.client();
    const xff = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    expect((await c.post(LEAD, GOOD, xff('198.51.100.7'))).statusCode).toBe(201);
    const callback = { name: 'Олег', phone: '9260001122' };
    expect((await c.post('/api/public/common/user/callback', callback, xff('198.51.100.7'))).statusCode).toBe(201);
    expect((await c.post('/api/public/common/user/callback/agent', callback, xff('198.51.100.7'))).statusCode).toBe(
      201,
    );
    const before = await leadCount(t);
    const over = await c.post(LEAD, GOOD, xff('198.51.100.7'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITED });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((over.json() as { retryAfterSeconds: number }).retryAfterSeconds).toBe(retryAfter);
    const overCallback = await c.post('/api/public/common/user/callback/cards', callback, xff('198.51.100.7'));
    expect(overCallback.statusCode).toBe(429);
    expect(await leadCount(t)).toBe(before);

    const other = await c.post(LEAD, GOOD, xff('198.51.100.8'));
    expect(other.statusCode, other.body).toBe(201);
    expect(await leadCount(t)).toBe(before + 1);
  });

  it('believes X-Forwarded-For only from a trusted proxy: a direct client cannot pick its key', async () => {
    const c = t.client();
    for (let i = 0; i < 3; i++) {
      const res = await postFrom(t.app, c, LEAD, GOOD, '203.0.113.20', { 'x-forwarded-for': `192.0.2.${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const spoofed = await postFrom(t.app, c, LEAD, GOOD, '203.0.113.20', { 'x-forwarded-for': '192.0.2.99' });
    expect(spoofed.statusCode).toBe(429);
    // Behind the gateway (a loopback proxy) the browser's address it appended is the key, not a hop the browser sent.
    const viaProxy = await postFrom(t.app, c, LEAD, GOOD, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.20, 198.51.100.30',
    });
    expect(viaProxy.statusCode, viaProxy.body).toBe(201);
  });
});

describe('rate limit of the public forms with the Redis store (REDIS_URL; replicas share the counters)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `test-rate-limit-${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl, publicRateLimit: limits(2, prefix) } });
    b = await createTestApp({ config: { redisUrl, publicRateLimit: limits(2, prefix) } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two backends count one address together; the third request, on the other replica, is refused', async () => {
    const xff = { headers: { 'x-forwarded-for': '198.51.100.77' } };
    expect((await a.client().post(LEAD, GOOD, xff)).statusCode).toBe(201);
    expect((await b.client().post(LEAD, GOOD, xff)).statusCode).toBe(201);
    const over = await a.client().post(LEAD, GOOD, xff);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await b.client().post(LEAD, GOOD, { headers: { 'x-forwarded-for': '198.51.100.78' } })).statusCode).toBe(
      201,
    );
  });
});
