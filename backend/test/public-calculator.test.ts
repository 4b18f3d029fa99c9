/**
 * The public fee calculator GET /api/public/calculator/fee (spec core §1 "fee calculator", "fee from 0.4%
 * (calculator minimum 50 000 rubles)", §9; issue 13), on the demo payment agents of the template: partner1 quotes USD at
 * 92.5000 with a 0.4 % service commission, partner2 USD at 92.4000 with 0.5 %, AED only partner2 (25.1600).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { companies } from '../src/db/schema/core.js';
import { partnerCurrencySettings } from '../src/db/schema/partner.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';

const PATH = '/api/public/calculator/fee';

for (const driver of DRIVERS) {
  describe(`public fee calculator [${driver}]`, () => {
    let t: TestApp;
    let guest: TestClient;
    beforeAll(async () => {
      t = await createTestApp({ driver });
      guest = t.client();
    });
    afterAll(() => t.close());

    const fee = async (query: Record<string, string>) => {
      const res = await guest.get(PATH, { query });
      return { status: res.statusCode, body: res.json() as any };
    };

    it('a guest gets the cheapest total over the active agents, by the deal rule with the 0.4 % floor', async () => {
      const { status, body } = await fee({ amount: '10000', currency: 'usd' });
      expect(status).toBe(200);
      // partner1: 925 000 + 0.4 % (3 700) = 928 700; partner2: 924 000 + 0.5 % (4 620) = 928 620 → partner2's terms
      expect(body).toEqual({
        currency: 'USD',
        amount: '10000.00',
        feePercent: '0.5',
        fee: '50.00',
        rate: '92.4000',
        settlementCurrency: 'RUB',
        amountConverted: '924000.00',
        feeConverted: '4620.00',
        totalToPay: '928620.00',
        minAmountRub: '50000.00',
      });
    });

    it('roubles at rate 1; the lowest service commission but never under 0.4 %', async () => {
      const { status, body } = await fee({ amount: '100000,50', currency: 'RUB' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ rate: '1.0000', feePercent: '0.4', fee: '400.00', totalToPay: '100400.50' });
    });

    it('follows the agents: a suspended agent or a changed indicative rate changes the estimate', async () => {
      const [p2] = await t.db
        .select({ id: partnerCurrencySettings.partnerCompanyId })
        .from(partnerCurrencySettings)
        .where(eq(partnerCurrencySettings.currencyCode, 'AED'));
      expect((await fee({ amount: '10000', currency: 'AED' })).body.rate).toBe('25.1600');
      await t.db.update(companies).set({ status: 'SUSPENDED' }).where(eq(companies.id, p2.id));
      try {
        expect((await fee({ amount: '10000', currency: 'USD' })).body).toMatchObject({
          rate: '92.5000',
          feePercent: '0.4',
          totalToPay: '928700.00',
        });
        const aed = await fee({ amount: '10000', currency: 'AED' });
        expect(aed.status).toBe(400);
        expect(aed.body.errors).toEqual([
          { field: 'currency', code: 'CURRENCY_NOT_SUPPORTED', message: 'Валюта пока не поддерживается' },
        ]);
      } finally {
        await t.db.update(companies).set({ status: 'VERIFIED' }).where(eq(companies.id, p2.id));
      }
      await t.db
        .update(partnerCurrencySettings)
        .set({ indicativeRate: '26.0000' })
        .where(inArray(partnerCurrencySettings.currencyCode, ['AED']));
      expect((await fee({ amount: '10000', currency: 'AED' })).body).toMatchObject({
        rate: '26.0000',
        amountConverted: '260000.00',
        fee: '50.00',
        feeConverted: '1300.00',
      });
    });

    it('the minimum is 50 000 roubles after conversion', async () => {
      const below = await fee({ amount: '49999.99', currency: 'RUB' });
      expect(below.status).toBe(400);
      expect(below.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Минимальная сумма для расчёта — 50 000 ₽',
        errors: [{ field: 'amount', code: 'BELOW_MINIMUM', message: 'Минимальная сумма для расчёта — 50 000 ₽' }],
      });
      expect((await fee({ amount: '50000', currency: 'RUB' })).status).toBe(200);
      // 540 USD × 92.40 = 49 896 RUB < 50 000
      expect((await fee({ amount: '540', currency: 'USD' })).body.errors[0].code).toBe('BELOW_MINIMUM');
    });

    it('bad input: a 400 with a stable code and nothing written', async () => {
      const before = await t.snapshot();
      const cases: [Record<string, string>, string][] = [
        [{ amount: 'abc', currency: 'USD' }, 'DECIMAL_FORMAT'],
        [{ amount: '1e9', currency: 'USD' }, 'DECIMAL_FORMAT'],
        [{ amount: '0', currency: 'USD' }, 'NOT_POSITIVE'],
        [{ amount: '-5', currency: 'USD' }, 'NOT_POSITIVE'],
        [{ amount: '99999999999999999', currency: 'USD' }, 'TOO_LARGE'],
        [{ amount: '100000', currency: 'U$D' }, 'CURRENCY_INVALID'],
        [{ amount: '100000', currency: 'CHF' }, 'CURRENCY_NOT_SUPPORTED'],
        // a NUL character is refused by the input guard of every route before the calculator's own check (issue 14)
        [{ amount: '100000', currency: 'U\u0000D' }, 'NUL_CHARACTER'],
      ];
      for (const [query, code] of cases) {
        const r = await fee(query);
        expect(r.status, JSON.stringify(query)).toBe(400);
        expect(r.body.errors?.[0]?.code ?? r.body.code, JSON.stringify(query)).toBe(code);
      }
      const incomplete: Record<string, string>[] = [
        { currency: 'USD' },
        { amount: '1000' },
        { amount: '1'.repeat(21), currency: 'USD' },
      ];
      for (const query of incomplete) {
        const r = await fee(query);
        expect(r.status).toBe(400);
        expect(r.body.code).toBe('VALIDATION_ERROR');
      }
      expect(await t.snapshot()).toEqual(before);
    });
  });
}

describe('public fee calculator: the rate limit per client address (issue 13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        publicRateLimit: {
          forms: { max: 10, windowSeconds: 600 },
          calculator: { max: 2, windowSeconds: 60 },
          redisPrefix: `calc-test-${process.pid}:`,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('the 3rd call from one address is 429 RATE_LIMITED with Retry-After; another address still passes', async () => {
    const c = t.client();
    const from = (ip: string) => ({ query: { amount: '100000', currency: 'RUB' }, headers: { 'x-forwarded-for': ip } });
    expect((await c.get(PATH, from('198.51.100.41'))).statusCode).toBe(200);
    expect((await c.get(PATH, from('198.51.100.41'))).statusCode).toBe(200);
    const over = await c.get(PATH, from('198.51.100.41'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Слишком много запросов. Попробуйте позже.' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await c.get(PATH, from('198.51.100.42'))).statusCode).toBe(200);
  });
});
