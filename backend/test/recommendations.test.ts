/**
 * POST /api/secured/client/recommendations/new-client (issue 11; spec core §2 Shared "recommend-a-client form", §5, §7
 * Client): validation of every field with the spec's messages, the client role, the stored row (status NEW) and the
 * per-company daily limit (429 RECOMMENDATION_LIMIT with Retry-After).
 */
import { RECOMMENDATION_LIMITS, RECOMMENDATIONS_PER_DAY } from '@platform/domain/operator/inbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema/core.js';
import { clientRecommendations } from '../src/db/schema/referral.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const URL = '/api/secured/client/recommendations/new-client';
const valid = { companyName: 'ООО «Ромашка»', contactName: 'Иван Петров', phone: '9161234567' };

type ErrorAnswer = { code: string; message: string; errors?: Array<{ field: string; code: string; message: string }> };

for (const driver of DRIVERS) {
  describe(`recommend a client [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient;
    let clientUserId: number;
    let clientCompanyId: number;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('newclient@example.com');
      const [u] = await t.db
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(eq(users.email, 'newclient@example.com'));
      clientUserId = u.id;
      clientCompanyId = u.companyId!;
    });
    afterAll(async () => {
      await t?.close();
    });

    const fieldErrors = async (body: unknown) => {
      const before = await t.db.$count(clientRecommendations);
      const res = await client.post(URL, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(await t.db.$count(clientRecommendations)).toBe(before);
      const answer = res.json() as ErrorAnswer;
      expect(answer.code).toBe('VALIDATION_ERROR');
      return (answer.errors ?? []).map((e) => `${e.field}:${e.code}:${e.message}`);
    };

    it('stores a recommendation with status NEW, trimmed, e-mail lower-cased, empty fields null → 201 { id }', async () => {
      const res = await client.post(URL, {
        companyName: '  ООО «Ромашка»  ',
        inn: '7707083893',
        contactName: 'Иван Петров',
        phone: '9161234567',
        email: 'Ivan@Romashka.RU',
        comment: 'Импортируют оборудование из Китая',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: number };
      const [row] = await t.db.select().from(clientRecommendations).where(eq(clientRecommendations.id, id));
      expect(row).toMatchObject({
        recommenderCompanyId: clientCompanyId,
        recommenderUserId: clientUserId,
        companyName: 'ООО «Ромашка»',
        inn: '7707083893',
        contactName: 'Иван Петров',
        phone: '9161234567',
        email: 'ivan@romashka.ru',
        comment: 'Импортируют оборудование из Китая',
        status: 'NEW',
        handledByUserId: null,
        handledAt: null,
      });
      const minimal = await client.post(URL, { ...valid, inn: '', email: null, comment: '   ' });
      expect(minimal.statusCode, minimal.body).toBe(201);
      const [m] = await t.db
        .select()
        .from(clientRecommendations)
        .where(eq(clientRecommendations.id, (minimal.json() as { id: number }).id));
      expect(m).toMatchObject({ inn: null, email: null, comment: null });
    });

    it('requires company name, contact and phone (REQUIRED)', async () => {
      expect(await fieldErrors({ companyName: ' ', contactName: '', phone: '' })).toEqual([
        'companyName:REQUIRED:Обязательное поле',
        'contactName:REQUIRED:Обязательное поле',
        'phone:REQUIRED:Обязательное поле',
      ]);
      expect((await fieldErrors({ companyName: 'ООО «Ромашка»' })).map((e) => e.split(':')[0]).sort()).toEqual([
        'contactName',
        'phone',
      ]);
    });

    it('checks phone, e-mail and INN with the spec messages (spec core §5)', async () => {
      expect(await fieldErrors({ ...valid, phone: '+7 916 123-45-67' })).toEqual([
        'phone:PHONE_INVALID:Номер телефона — 10 цифр',
      ]);
      expect(await fieldErrors({ ...valid, phone: '916123456' })).toEqual([
        'phone:PHONE_INVALID:Номер телефона — 10 цифр',
      ]);
      expect(await fieldErrors({ ...valid, email: 'ivan@' })).toEqual([
        'email:EMAIL_INVALID:Проверьте корректность данных',
      ]);
      expect(await fieldErrors({ ...valid, inn: '7707083890' })).toEqual(['inn:INN_INVALID:Некорректный ИНН']);
      expect(await fieldErrors({ ...valid, inn: '77070838' })).toEqual(['inn:INN_INVALID:Некорректный ИНН']);
    });

    it('refuses texts over the character limits and unknown fields', async () => {
      expect(
        await fieldErrors({
          ...valid,
          companyName: 'Я'.repeat(RECOMMENDATION_LIMITS.companyName + 1),
          contactName: 'Я'.repeat(RECOMMENDATION_LIMITS.contactName + 1),
          comment: 'x'.repeat(RECOMMENDATION_LIMITS.comment + 1),
        }),
      ).toEqual([
        'companyName:MAX_LENGTH:Превышен лимит символов',
        'contactName:MAX_LENGTH:Превышен лимит символов',
        'comment:MAX_LENGTH:Превышен лимит символов',
      ]);
      // Oversized input stops at the schema (the nullable union also names the other branch).
      expect(await fieldErrors({ ...valid, comment: 'x'.repeat(5000) })).toContain(
        'comment:MAX_LENGTH:Превышен лимит символов',
      );
      expect((await fieldErrors({ ...valid, extra: 1 }))[0]).toMatch(/^extra:UNKNOWN_FIELD/);
    });

    it('is for clients only: 401 without a session, 403 FORBIDDEN for an operator and a payment agent, 403 CSRF_INVALID', async () => {
      const before = await t.db.$count(clientRecommendations);
      expect((await t.client().post(URL, valid)).statusCode).toBe(401);
      for (const email of ['operator@example.com', 'partner1@example.com', 'agent@example.com']) {
        const res = await (await t.signedIn(email)).post(URL, valid);
        expect(res.statusCode, email).toBe(403);
        expect((res.json() as ErrorAnswer).code).toBe('FORBIDDEN');
      }
      const noToken = await client.post(URL, valid, { csrf: false });
      expect(noToken.statusCode).toBe(403);
      expect((noToken.json() as ErrorAnswer).code).toBe('CSRF_INVALID');
      expect(await t.db.$count(clientRecommendations)).toBe(before);
    });

    it(`limits a company to ${RECOMMENDATIONS_PER_DAY} in 24 hours: 429 RECOMMENDATION_LIMIT with Retry-After`, async () => {
      let other = await t.signedIn('client@example.com');
      const [c] = await t.db
        .select({ id: companies.id })
        .from(companies)
        .innerJoin(users, eq(users.companyId, companies.id))
        .where(eq(users.email, 'client@example.com'));
      t.clock.freeze();
      try {
        const count = () => t.db.$count(clientRecommendations, eq(clientRecommendations.recommenderCompanyId, c.id));
        const start = await count();
        for (let i = start; i < RECOMMENDATIONS_PER_DAY; i++) {
          expect((await other.post(URL, { ...valid, companyName: `Компания ${i}` })).statusCode).toBe(201);
          t.clock.advance(60_000);
        }
        const refused = await other.post(URL, valid);
        expect(refused.statusCode, refused.body).toBe(429);
        const body = refused.json() as ErrorAnswer & { retryAfterSeconds: number };
        expect(body.code).toBe('RECOMMENDATION_LIMIT');
        expect(body.retryAfterSeconds).toBeGreaterThan(0);
        expect(body.retryAfterSeconds).toBeLessThanOrEqual(86_400);
        expect(refused.headers['retry-after']).toBe(String(body.retryAfterSeconds));
        expect(await count()).toBe(RECOMMENDATIONS_PER_DAY);
        // Another company is not affected.
        expect((await client.post(URL, valid)).statusCode).toBe(201);
        // When the oldest one leaves the 24-hour window, one more is allowed.
        t.clock.advance(body.retryAfterSeconds * 1000);
        other = await t.signedIn('client@example.com');
        expect((await other.post(URL, valid)).statusCode).toBe(201);
        expect((await other.post(URL, valid)).statusCode).toBe(429);
      } finally {
        t.clock.unfreeze();
      }
    });
  });
}
