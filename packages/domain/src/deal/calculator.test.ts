/** The public fee calculator (spec core §1 "fee from 0.4% (calculator minimum 50 000 rubles)", §9). */
import { describe, expect, it } from 'vitest';
import { BELOW_MINIMUM_MESSAGE, CALCULATOR_MAX_AMOUNT, estimateFee } from './calculator.js';

const usd = [
  { rate: '92.5000', serviceFeePercent: '0.4000' },
  { rate: '92.4000', serviceFeePercent: '0.5000' },
];

describe('estimateFee (spec core §1, §9)', () => {
  it('uses the 0.4 % floor and the deal rule, and picks the cheapest quote', () => {
    const r = estimateFee({ amount: '10000', currency: 'usd', quotes: usd.slice(0, 1) });
    expect(r).toEqual({
      ok: true,
      estimate: {
        currency: 'USD',
        amount: '10000.00',
        feePercent: '0.4',
        fee: '40.00',
        rate: '92.5000',
        settlementCurrency: 'RUB',
        amountConverted: '925000.00',
        feeConverted: '3700.00',
        totalToPay: '928700.00',
        minAmountRub: '50000.00',
      },
    });
    // 0.5 % at 92.40: 924 000 + 4 620 = 928 620 < 928 700 — the cheaper total wins although its fee % is higher
    const r2 = estimateFee({ amount: '10000.00', currency: 'USD', quotes: usd });
    expect(r2.ok && r2.estimate.totalToPay).toBe('928620.00');
    // the same in the other order: a dearer later quote does not replace the cheaper one
    const r3 = estimateFee({ amount: '10000', currency: 'USD', quotes: usd.slice().reverse() });
    expect(r3.ok && [r3.estimate.rate, r3.estimate.totalToPay]).toEqual(['92.4000', '928620.00']);
  });

  it('never goes under the floor: a service commission of 0.1 % still gives 0.4 %', () => {
    const r = estimateFee({ amount: '100000', currency: 'RUB', quotes: [{ rate: '1', serviceFeePercent: '0.1' }] });
    expect(r.ok && [r.estimate.feePercent, r.estimate.fee, r.estimate.totalToPay]).toEqual([
      '0.4',
      '400.00',
      '100400.00',
    ]);
  });

  it('a service commission above the floor is the fee', () => {
    const r = estimateFee({ amount: '100000,50', currency: 'RUB', quotes: [{ rate: '1', serviceFeePercent: '1.25' }] });
    expect(r.ok && [r.estimate.amount, r.estimate.feePercent, r.estimate.fee]).toEqual([
      '100000.50',
      '1.25',
      '1250.01',
    ]);
  });

  it('the minimum is 50 000 roubles after conversion', () => {
    expect(estimateFee({ amount: '50000', currency: 'RUB', quotes: [{ rate: '1', serviceFeePercent: '0' }] }).ok).toBe(
      true,
    );
    expect(
      estimateFee({ amount: '49999.99', currency: 'RUB', quotes: [{ rate: '1', serviceFeePercent: '0' }] }),
    ).toEqual({ ok: false, code: 'BELOW_MINIMUM', field: 'amount', message: BELOW_MINIMUM_MESSAGE });
    // 540 USD × 92.5 = 49 950 RUB: below; 541 × 92.5 = 50 042.50: enough
    expect(estimateFee({ amount: '540', currency: 'USD', quotes: usd.slice(0, 1) })).toMatchObject({
      code: 'BELOW_MINIMUM',
    });
    expect(estimateFee({ amount: '541', currency: 'USD', quotes: usd.slice(0, 1) }).ok).toBe(true);
    expect(BELOW_MINIMUM_MESSAGE).toBe('Минимальная сумма для расчёта — 50 000 ₽');
  });

  it('refuses bad input with a code, a field and a Russian message', () => {
    const q = [{ rate: '1', serviceFeePercent: '0.4' }];
    expect(estimateFee({ amount: 'abc', currency: 'RUB', quotes: q })).toMatchObject({
      code: 'DECIMAL_FORMAT',
      field: 'amount',
      message: 'Введите число',
    });
    expect(estimateFee({ amount: '1e6', currency: 'RUB', quotes: q })).toMatchObject({ code: 'DECIMAL_FORMAT' });
    expect(estimateFee({ amount: '0', currency: 'RUB', quotes: q })).toMatchObject({ code: 'NOT_POSITIVE' });
    expect(estimateFee({ amount: '-100000', currency: 'RUB', quotes: q })).toMatchObject({ code: 'NOT_POSITIVE' });
    expect(estimateFee({ amount: '1000000000000.01', currency: 'RUB', quotes: q })).toMatchObject({
      code: 'TOO_LARGE',
    });
    expect(estimateFee({ amount: CALCULATOR_MAX_AMOUNT, currency: 'RUB', quotes: q }).ok).toBe(true);
    expect(estimateFee({ amount: '100000', currency: 'US', quotes: q })).toMatchObject({
      code: 'CURRENCY_INVALID',
      field: 'currency',
    });
    expect(
      estimateFee({ amount: 100000 as unknown as string, currency: 7 as unknown as string, quotes: q }),
    ).toMatchObject({ code: 'CURRENCY_INVALID' });
    expect(estimateFee({ amount: 100000 as unknown as string, currency: 'RUB', quotes: q })).toMatchObject({
      code: 'DECIMAL_FORMAT',
    });
  });

  it('no usable quote: the currency is not supported (malformed stored values are skipped)', () => {
    expect(estimateFee({ amount: '100000', currency: 'CHF', quotes: [] })).toEqual({
      ok: false,
      code: 'CURRENCY_NOT_SUPPORTED',
      field: 'currency',
      message: 'Валюта пока не поддерживается',
    });
    expect(
      estimateFee({
        amount: '100000',
        currency: 'CHF',
        quotes: [
          { rate: '0', serviceFeePercent: '0.4' },
          { rate: '100', serviceFeePercent: 'x' },
        ],
      }),
    ).toMatchObject({ code: 'CURRENCY_NOT_SUPPORTED' });
  });
});
