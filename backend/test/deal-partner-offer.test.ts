/**
 * The offer's fee rules and checks without I/O (src/deal/partner-offer.ts; spec core §3 "Offer", §5, §9 "rate with 4
 * decimals, amounts with 2"): the service fee % from the license contract, the agent fee % as the rest, half-up
 * rounding, RUB orders, expenses and the non-fee fields.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFees,
  checkOfferFields,
  normPercent,
  type OfferBody,
  type PartnerTerms,
} from '../src/deal/partner-offer.js';

const terms = (serviceFeePercent = '0.4', usdRate: string | null = '92.5000'): PartnerTerms => ({
  serviceFeePercent,
  currencies: new Map(
    usdRate
      ? [['USD', { rateSource: 'ЦБ РФ', rateRules: 'r', rateTime: null, comment: null, indicativeRate: usdRate }]]
      : [],
  ),
});
const fields = (r: { errors: Array<{ field: string; code: string }> }) => r.errors.map((e) => `${e.field}:${e.code}`);

describe('offer fees (server-side breakdown)', () => {
  it('derives the agent fee % as client − service and rounds money half-up to 2 decimals', () => {
    const r = checkFees({ clientFeePercent: '0.45' }, { amount: '333.33', currency: 'USD' }, terms('0.15', '90.1235'));
    expect(r.errors).toEqual([]);
    expect(r.value).toMatchObject({
      clientFeePercent: '0.45',
      agentFeePercent: '0.3',
      serviceFeePercent: '0.15',
      course: '90.1235',
    });
    // 333.33 × 0.45 % = 1.4999850 → 1.50; × 0.15 % = 0.499995 → 0.50; agent = 1.00.
    expect(r.value!.breakdown).toMatchObject({
      totalFee: '1.50',
      serviceFee: '0.50',
      agentFee: '1.00',
      amountConverted: '30040.87',
      totalFeeConverted: '135.19',
    });
  });

  it('refuses a rate with more than 4 decimals instead of rounding it silently', () => {
    expect(
      fields(checkFees({ clientFeePercent: '1', course: '90.12345' }, { amount: '10.00', currency: 'USD' }, terms())),
    ).toEqual(['course:RATE_FORMAT']);
  });

  it('uses the payment sum when given, the indicative rate by default and 1 for RUB', () => {
    expect(
      checkFees({ clientFeePercent: '1', paymentSum: '1000' }, { amount: '12500.00', currency: 'USD' }, terms()).value!
        .breakdown,
    ).toMatchObject({ amount: '1000.00', rate: '92.5000', totalFee: '10.00', amountConverted: '92500.00' });
    expect(
      checkFees({ clientFeePercent: '1' }, { amount: '5000.00', currency: 'RUB' }, terms()).value!.breakdown,
    ).toMatchObject({ rate: '1.0000', totalFee: '50.00', totalToPay: '5050.00' });
    expect(
      fields(checkFees({ clientFeePercent: '1', course: '2' }, { amount: '5000.00', currency: 'RUB' }, terms())),
    ).toEqual(['course:RATE_RUB']);
    expect(fields(checkFees({ clientFeePercent: '1' }, { amount: '10.00', currency: 'EUR' }, terms()))).toEqual([
      'course:REQUIRED',
    ]);
  });

  it('refuses malformed and inconsistent input with all field errors', () => {
    const r = checkFees(
      {
        clientFeePercent: '1.23456',
        paymentSum: '0',
        course: '-1',
        additionalExpenses: [{ amount: '1.234', currency: 'XXX', rate: '0' }],
      },
      { amount: '100.00', currency: 'USD' },
      terms(),
    );
    expect(fields(r)).toEqual([
      'paymentSum:AMOUNT_NOT_POSITIVE',
      'clientFeePercent:PERCENT_FORMAT',
      'course:RATE_FORMAT',
      'additionalExpenses.0.amount:AMOUNT_FORMAT',
      'additionalExpenses.0.currency:CURRENCY_UNKNOWN',
      'additionalExpenses.0.rate:NOT_POSITIVE',
    ]);
    expect(fields(checkFees({ clientFeePercent: '0.39' }, { amount: '100.00', currency: 'USD' }, terms()))).toEqual([
      'clientFeePercent:FEE_BELOW_SERVICE',
    ]);
    expect(
      fields(
        checkFees(
          { clientFeePercent: '1', agentFeePercent: '0.60', serviceFeePercent: '0.40' },
          { amount: '100.00', currency: 'USD' },
          terms(),
        ),
      ),
    ).toEqual([]);
    expect(
      fields(
        checkFees({ clientFeePercent: '1', agentFeePercent: '0.7' }, { amount: '100.00', currency: 'USD' }, terms()),
      ),
    ).toEqual(['agentFeePercent:FEE_PERCENT_MISMATCH']);
  });

  it('converts expenses at their own 4-decimal rates', () => {
    const r = checkFees(
      {
        clientFeePercent: '0.4',
        additionalExpenses: [{ amount: '100', currency: 'cny', rate: '12.75', description: ' SWIFT ' }],
      },
      { amount: '1000.00', currency: 'USD' },
      terms(),
    );
    expect(r.value!.breakdown.expenses).toEqual([
      { amount: '100.00', currency: 'CNY', rate: '12.7500', converted: '1275.00', description: 'SWIFT' },
    ]);
    expect(r.value!.breakdown.totalCommission).toEqual({ amount: '1645.00', percent: '1.78' }); // 370.00 + 1275.00 of 92500.00
  });

  it('checks deal method, payment term and rate texts', () => {
    const base: OfferBody = {
      dealMethod: 'UNPROTECTED',
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-10',
      clientFeePercent: '1',
      exchangeRate: { course: '1' },
    };
    expect(checkOfferFields(base, '2026-11-21')).toEqual([]);
    expect(
      fields({
        errors: checkOfferFields(
          { ...base, dealMethod: 'X' as never, paymentDateFrom: '2026-12-11', paymentDateTo: '2026-02-30' },
          '2026-11-21',
        ),
      }),
    ).toEqual(['dealMethod:INVALID_VALUE', 'paymentDateTo:DATE_FORMAT']);
    expect(fields({ errors: checkOfferFields({ ...base, paymentDateFrom: '2026-12-11' }, '2026-11-21') })).toEqual([
      'paymentDateTo:DATE_RANGE',
    ]);
    expect(fields({ errors: checkOfferFields({ ...base, paymentDateFrom: '2026-11-20' }, '2026-11-21') })).toEqual([
      'paymentDateFrom:DATE_IN_PAST',
    ]);
    expect(
      fields({
        errors: checkOfferFields(
          { ...base, exchangeRate: { course: '1', expensesCurrencyCode: 'QQQ', expensesCourse: '1.23456' } },
          '2026-11-21',
        ),
      }),
    ).toEqual(['exchangeRate.expensesCurrencyCode:CURRENCY_UNKNOWN', 'exchangeRate.expensesCourse:RATE_FORMAT']);
  });

  it('shows percents as typed', () => {
    expect(['0.4000', '1.0000', '0', '12.5050'].map(normPercent)).toEqual(['0.4', '1', '0', '12.505']);
  });
});
