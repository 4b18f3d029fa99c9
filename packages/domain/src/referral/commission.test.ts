import { describe, expect, it } from 'vitest';
import { commissionTotals, referralCommission } from './commission.js';

describe("the referral partner's commission (issue 11)", () => {
  it('is the percent of the service fee, rounded half-up to 2 decimals, in its currency', () => {
    expect(referralCommission({ serviceFee: '50.00', currency: 'usd', percent: '10.0000' })).toEqual({
      baseAmount: '50.00',
      baseCurrency: 'USD',
      percent: '10',
      amount: '5.00',
      currency: 'USD',
    });
    // 33.35 × 12.5 % = 4.16875 → 4.17 (half-up)
    expect(referralCommission({ serviceFee: '33.35', currency: 'EUR', percent: '12.5' })?.amount).toBe('4.17');
    // 0.05 × 10 % = 0.005 → 0.01
    expect(referralCommission({ serviceFee: '0.05', currency: 'EUR', percent: '10' })?.amount).toBe('0.01');
  });

  it('is zero without a profile (percent null)', () => {
    expect(referralCommission({ serviceFee: '120', currency: 'CNY', percent: null })).toMatchObject({
      baseAmount: '120.00',
      percent: '0',
      amount: '0.00',
    });
  });

  it('refuses values that are not decimals or out of range', () => {
    expect(referralCommission({ serviceFee: 'x', currency: 'USD', percent: '1' })).toBeNull();
    expect(referralCommission({ serviceFee: '1', currency: 'USD', percent: '1e2' })).toBeNull();
    expect(referralCommission({ serviceFee: '-1', currency: 'USD', percent: '1' })).toBeNull();
    expect(referralCommission({ serviceFee: '1', currency: 'USD', percent: '-0.5' })).toBeNull();
    expect(referralCommission({ serviceFee: '1', currency: 'USD', percent: '100' })).toBeNull();
  });

  it('totals per currency, exactly', () => {
    expect(
      commissionTotals([
        { amount: '0.10', currency: 'USD' },
        { amount: '1.00', currency: 'EUR' },
        { amount: '0.20', currency: 'USD' },
      ]),
    ).toEqual([
      { currency: 'EUR', amount: '1.00' },
      { currency: 'USD', amount: '0.30' },
    ]);
    expect(commissionTotals([])).toEqual([]);
  });
});
