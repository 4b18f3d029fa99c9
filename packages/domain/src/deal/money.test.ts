/** Decimal money without floats (DESIGN "Money is never a float"; spec core §9: amounts 2 decimals, rates 4). */
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareDecimal,
  computeCommission,
  convert,
  DecimalFormatError,
  divideDecimal,
  formatDecimal,
  formatPercent,
  isDecimal,
  offerTotalToPay,
  parseDecimal,
  percentOf,
  roundMoney,
  roundRate,
  subtractMoney,
} from './money.js';

describe('decimal arithmetic', () => {
  it('adds exactly where floats do not (0.1 + 0.2)', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the reason this module exists
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(compareDecimal(addMoney('0.1', '0.2'), '0.3')).toBe(0);
    expect(addMoney('0.01', '0.02', '0.07')).toBe('0.10');
    expect(addMoney('9999999999999999.99', '0.01')).toBe('10000000000000000.00');
    expect(subtractMoney('0.3', '0.1')).toBe('0.20');
    expect(subtractMoney('1', '2.5')).toBe('-1.50');
    expect(addMoney()).toBe('0.00');
  });

  it('rounds half-up to 2 decimals for money', () => {
    expect(roundMoney('2.675')).toBe('2.68'); // a float gives 2.67
    expect(roundMoney('1.005')).toBe('1.01'); // a float gives 1.00
    expect(roundMoney('2.674999')).toBe('2.67');
    expect(roundMoney('-2.675')).toBe('-2.68');
    expect(roundMoney('-0.004')).toBe('0.00');
    expect(roundMoney('7')).toBe('7.00');
    expect(roundMoney('007,5')).toBe('7.50');
  });

  it('keeps exchange rates at 4 decimals', () => {
    expect(roundRate('92.123456')).toBe('92.1235');
    expect(roundRate('92.12344')).toBe('92.1234');
    expect(roundRate('92.12345')).toBe('92.1235');
    expect(roundRate('90')).toBe('90.0000');
    expect(convert('100.00', '92.12345')).toBe('9212.35'); // 100 × 92.1235, not 100 × 92.12345
    expect(convert('0.01', '0.4999')).toBe('0.00');
    expect(convert('0.01', '50.0000')).toBe('0.50');
  });

  it('takes percents exactly', () => {
    expect(percentOf('12500.00', '0.4')).toBe('50.00');
    expect(percentOf('12345.67', '0.4')).toBe('49.38'); // 49.38268
    expect(percentOf('1.25', '10')).toBe('0.13'); // 0.125 half-up
    expect(percentOf('100', '0')).toBe('0.00');
  });

  it('divides with half-up rounding and refuses division by zero', () => {
    expect(formatDecimal(divideDecimal(parseDecimal('1'), parseDecimal('3'), 4))).toBe('0.3333');
    expect(formatDecimal(divideDecimal(parseDecimal('2'), parseDecimal('3'), 2))).toBe('0.67');
    expect(formatDecimal(divideDecimal(parseDecimal('-1'), parseDecimal('8'), 2))).toBe('-0.13');
    expect(() => divideDecimal(parseDecimal('1'), parseDecimal('0'), 2)).toThrow(RangeError);
  });

  it('rejects anything but a plain decimal', () => {
    for (const bad of ['', 'abc', '1e3', '1.2.3', '1 000', 'NaN', 'Infinity', '.5']) {
      expect(isDecimal(bad), bad).toBe(false);
      expect(() => parseDecimal(bad)).toThrow(DecimalFormatError);
    }
    expect(isDecimal(' 12.50 ')).toBe(true);
  });
});

describe('computeCommission (the Offer breakdown, spec core §3)', () => {
  it('computes the breakdown of a USD payment with an expense in EUR', () => {
    const r = computeCommission({
      amount: '12500.00',
      currency: 'usd',
      clientFeePercent: '0.4',
      agentFeePercent: '0.3',
      serviceFeePercent: '0.1',
      rate: '92.12345',
      additionalExpenses: [{ amount: '25', currency: 'EUR', rate: '100.55555', description: ' SWIFT ' }],
    });
    expect(r).toEqual({
      ok: true,
      breakdown: {
        currency: 'USD',
        amount: '12500.00',
        clientFeePercent: '0.4',
        totalFee: '50.00',
        agentFee: '37.50',
        serviceFee: '12.50',
        rate: '92.1235',
        settlementCurrency: 'RUB',
        amountConverted: '1151543.75', // 12500 × 92.1235
        totalFeeConverted: '4606.18', // 50 × 92.1235 = 4606.175 → half-up
        expenses: [{ amount: '25.00', currency: 'EUR', rate: '100.5556', converted: '2513.89', description: 'SWIFT' }],
        expensesConverted: '2513.89',
        totalCommission: { amount: '7120.07', percent: '0.62' },
        totalToPay: '1158663.82',
      },
    });
  });

  it('the fee parts always add up to the total (the agent gets the rounding remainder)', () => {
    const r = computeCommission({
      amount: '333.33',
      currency: 'CNY',
      clientFeePercent: '1',
      agentFeePercent: '0.5',
      serviceFeePercent: '0.5',
      rate: '12.7',
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const { totalFee, agentFee, serviceFee } = r.breakdown;
      expect([totalFee, serviceFee, agentFee]).toEqual(['3.33', '1.67', '1.66']);
      expect(addMoney(agentFee, serviceFee)).toBe(totalFee);
      expect(r.breakdown.expensesConverted).toBe('0.00');
    }
  });

  it('refuses bad input as data with a field and Russian text', () => {
    const base = {
      amount: '100',
      currency: 'USD',
      clientFeePercent: '1',
      agentFeePercent: '0.7',
      serviceFeePercent: '0.3',
      rate: '90',
    };
    expect(computeCommission({ ...base, clientFeePercent: '1.1' })).toMatchObject({
      ok: false,
      code: 'FEE_PERCENT_MISMATCH',
      field: 'clientFeePercent',
    });
    expect(computeCommission({ ...base, amount: '0' })).toMatchObject({
      ok: false,
      code: 'NOT_POSITIVE',
      field: 'amount',
      message: 'Сумма должна быть больше нуля',
    });
    expect(computeCommission({ ...base, rate: '0.00001' })).toMatchObject({
      ok: false,
      code: 'NOT_POSITIVE',
      field: 'rate',
    });
    expect(computeCommission({ ...base, amount: '1e5' })).toMatchObject({
      ok: false,
      code: 'DECIMAL_FORMAT',
      field: 'amount',
    });
    expect(computeCommission({ ...base, agentFeePercent: '-0.1', clientFeePercent: '0.2' })).toMatchObject({
      ok: false,
      code: 'NEGATIVE',
      field: 'agentFeePercent',
    });
    expect(
      computeCommission({ ...base, additionalExpenses: [{ amount: '-1', currency: 'RUB', rate: '1' }] }),
    ).toMatchObject({ ok: false, code: 'NEGATIVE', field: 'additionalExpenses.0.amount' });
  });
});

describe('percent formatting and signed division (spec core §9)', () => {
  it('trims a percent given as a Decimal and reads negative zero as 0', () => {
    expect(formatPercent(parseDecimal('1.5000'))).toBe('1.5');
    expect(formatPercent('-0.00')).toBe('0');
    expect(formatPercent('abc')).toBe('abc');
  });
  it('divides by a negative number', () => {
    expect(formatDecimal(divideDecimal(parseDecimal('1'), parseDecimal('-8'), 2))).toBe('-0.13');
  });
});

describe('commission input errors name their field (spec core §3 "Offer")', () => {
  const base = {
    amount: '100',
    currency: 'USD',
    clientFeePercent: '1',
    agentFeePercent: '0.5',
    serviceFeePercent: '0.5',
    rate: '90',
  };
  const field = (over: Record<string, unknown>) => {
    const r = computeCommission({ ...base, ...over } as never);
    return r.ok ? null : (r as unknown as { field: string }).field;
  };
  it('refuses a non-decimal in every number field', () => {
    expect(field({ rate: 'x' })).toBe('rate');
    expect(field({ clientFeePercent: 'x' })).toBe('clientFeePercent');
    expect(field({ agentFeePercent: 'x' })).toBe('agentFeePercent');
    expect(field({ serviceFeePercent: 'x' })).toBe('serviceFeePercent');
  });
  it('refuses bad expenses and drops a blank description', () => {
    const exp = (e: Record<string, unknown>) => ({
      additionalExpenses: [{ amount: '1', currency: 'usd', rate: '2', ...e }],
    });
    expect(field(exp({ amount: 'x' }))).toBe('additionalExpenses.0.amount');
    expect(field(exp({ rate: 'x' }))).toBe('additionalExpenses.0.rate');
    expect(field(exp({ amount: '-1' }))).toBe('additionalExpenses.0.amount');
    expect(field(exp({ rate: '0' }))).toBe('additionalExpenses.0.rate');
    const ok = computeCommission({ ...base, ...exp({ description: '  ' }) });
    expect(ok.ok && ok.breakdown.expenses[0].description).toBeNull();
  });
  it('compares decimal strings and parses only strings', () => {
    expect(compareDecimal('0.3', '0.30')).toBe(0);
    expect(compareDecimal('1', parseDecimal('2'))).toBe(-1);
    expect(() => parseDecimal(12 as never)).toThrow(DecimalFormatError);
    expect(formatPercent('2')).toBe('2');
  });
});

describe('total to pay of an offer (the bill, spec core §3 "Offer")', () => {
  it('sending: the payment converted at the offer rate plus the total commission, in RUB', () => {
    // 12 500,00 × 92,4512 = 1 155 640,00; + 3 023,82 commission
    expect(
      offerTotalToPay({
        paymentType: 'SENDING',
        paymentSum: '12500.00',
        course: '92.4512',
        totalCommission: '3023.82',
      }),
    ).toBe('1158663.82');
  });
  it('rounds the conversion half up to kopecks', () => {
    expect(
      offerTotalToPay({ paymentType: 'SENDING', paymentSum: '0.05', course: '1.0001', totalCommission: '0' }),
    ).toBe('0.05');
    expect(
      offerTotalToPay({ paymentType: 'SENDING', paymentSum: '1.5', course: '0.0033', totalCommission: '0.00' }),
    ).toBe('0.00');
    expect(
      offerTotalToPay({ paymentType: 'SENDING', paymentSum: '1.5', course: '0.0034', totalCommission: '0.00' }),
    ).toBe('0.01');
  });
  it('receiving: the commission only', () => {
    expect(
      offerTotalToPay({
        paymentType: 'RECEIVING',
        paymentSum: '12500.00',
        course: '92.4512',
        totalCommission: '3023.8',
      }),
    ).toBe('3023.80');
  });
  it('null when a value is missing', () => {
    expect(
      offerTotalToPay({ paymentType: 'SENDING', paymentSum: '10', course: null, totalCommission: '1' }),
    ).toBeNull();
    expect(
      offerTotalToPay({ paymentType: 'SENDING', paymentSum: '10', course: '1', totalCommission: null }),
    ).toBeNull();
  });
});
