/** The public claims of spec core §1 and §9, written once. */
import { describe, expect, it } from 'vitest';
import * as claims from './claims.js';

describe('public site claims (spec core §1, §9)', () => {
  it('hold the numbers of the specification', () => {
    expect(claims.MIN_FEE_PERCENT).toBe('0.4');
    expect(claims.CALCULATOR_MIN_AMOUNT_RUB).toBe('50000.00');
    expect(claims.PAYMENT_MAX_WORKING_DAYS).toBe(5);
    expect(claims.MIN_PAYMENT).toEqual({ amount: '1000.00', currency: 'USD' });
    expect(claims.PARTNER_ACQUIRING_PERCENT).toEqual({ from: '1', to: '1.5' });
    expect(claims.CARD_DISCOUNT_PERCENT).toBe('10');
    expect(claims.CONVERSION_RATE_SOURCE).toBe('ЦБ РФ');
  });
});
