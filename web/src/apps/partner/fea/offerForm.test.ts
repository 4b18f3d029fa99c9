import { describe, expect, it } from 'vitest';
import {
  type OfferFormValues,
  commissionInput,
  normalizeDecimal,
  offerFieldOf,
  offerFormDefaults,
  sendOfferInput,
  validatePercent,
  validateRate,
  validateSum,
} from './offerForm';

const base: OfferFormValues = {
  ...offerFormDefaults({
    amount: '12500.00',
    currency: 'USD',
    paymentDateFrom: '2026-12-01',
    paymentDateTo: '2026-12-15',
    indicativeRate: '92.4512',
    rateRules: 'ЦБ РФ',
  }),
  clientFeePercent: '1,5',
};

describe('offer form defaults (spec core §3 Offer: payment sum prefilled from the order)', () => {
  it('takes the sum, term and indicative rate as Russian-typed decimals', () => {
    expect(base.paymentSum).toBe('12500,00');
    expect(base.course).toBe('92,4512');
    expect(base.paymentDateFrom).toBe('2026-12-01');
    expect(base.courseRules).toBe('ЦБ РФ');
    expect(base.dealMethod).toBe('UNPROTECTED');
  });
  it('uses rate 1 for a rouble order', () => {
    expect(
      offerFormDefaults({ amount: '1', currency: 'RUB', paymentDateFrom: '', paymentDateTo: '', indicativeRate: null })
        .course,
    ).toBe('1');
  });
});

describe('normalizeDecimal (decimal strings, never floats)', () => {
  it.each([
    ['1 234,50', 2, '1234.50'],
    ['0,5', 2, '0.5'],
    ['007', 2, '7'],
    ['92.4512', 4, '92.4512'],
    ['12\u00A0500', 2, '12500'],
  ])('%s → %s', (input, scale, out) => expect(normalizeDecimal(input, scale)).toBe(out));
  it.each(['', 'abc', '1e3', '-1', '1,234', '1.2.3', '0', '0,00'])('refuses %j', (input) =>
    expect(normalizeDecimal(input, 2)).toBeNull(),
  );
  it('accepts zero when allowed', () => expect(normalizeDecimal('0,00', 2, { allowZero: true })).toBe('0.00'));
  it('keeps digits a float would lose', () =>
    expect(normalizeDecimal('12345678901234567,89', 2)).toBe('12345678901234567.89'));
});

describe('field rules', () => {
  it('percent', () => {
    expect(validatePercent('1,5')).toBe(true);
    expect(validatePercent('100')).toBe(true);
    expect(validatePercent('')).toBe('Обязательное поле');
    expect(validatePercent('100,01')).toBe('Не более 100%');
    expect(validatePercent('1,555')).toMatch(/процент/);
  });
  it('rate keeps 4 decimals', () => {
    expect(validateRate('92,4512')).toBe(true);
    expect(validateRate('92,45121')).toMatch(/курс/);
  });
  it('sum', () => {
    expect(validateSum('12 500,00')).toBe(true);
    expect(validateSum('0')).toMatch(/сумму/);
  });
});

describe('commissionInput (live calculateCommission)', () => {
  it('is null until the client fee is a valid percent', () => {
    expect(commissionInput({ ...base, clientFeePercent: '' })).toBeNull();
    expect(commissionInput({ ...base, clientFeePercent: 'x' })).toBeNull();
  });
  it('sends decimal strings and drops blank expense rows', () => {
    const input = commissionInput({
      ...base,
      expenses: [
        { amount: '150,5', currency: 'eur', rate: '100,1234', description: ' банк ' },
        { amount: '', currency: 'USD', rate: '', description: '' },
      ],
    });
    expect(input).toEqual({
      clientFeePercent: '1.5',
      paymentSum: '12500.00',
      course: '92.4512',
      additionalExpenses: [{ amount: { amount: '150.5', currency: 'EUR' }, rate: '100.1234', description: 'банк' }],
    });
  });
  it('is null while an expense row is incomplete', () => {
    expect(
      commissionInput({ ...base, expenses: [{ amount: '10', currency: 'USD', rate: '', description: '' }] }),
    ).toBeNull();
  });
  it('leaves the rate to the server when it is empty', () => {
    expect(commissionInput({ ...base, course: '' })).not.toHaveProperty('course');
  });
});

describe('sendOfferInput (spec core §3 Offer → SendOfferInput)', () => {
  it('maps every field with decimals as strings and dates as YYYY-MM-DD', () => {
    const input = sendOfferInput('UGFydG5lck9yZGVyOjE6Mg==', {
      ...base,
      dealMethod: 'PROTECTED',
      transactionType: ' SWIFT ',
      expenses: [{ amount: '150', currency: 'EUR', rate: '100,5', description: '' }],
      sampleContract: { documentId: 7, fileId: '0b9d3c9e-6f1c-4c3e-9a39-2f0a5a1f4e11', name: 'Договор.pdf', size: 10 },
    });
    expect(input).toEqual({
      partnerOrderId: 'UGFydG5lck9yZGVyOjE6Mg==',
      dealMethod: 'PROTECTED',
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-15',
      fees: {
        clientFeePercent: '1.5',
        paymentSum: '12500.00',
        additionalExpenses: [{ amount: { amount: '150', currency: 'EUR' }, rate: '100.5', description: null }],
      },
      exchangeRate: {
        course: '92.4512',
        courseDeterminationRules: 'ЦБ РФ',
        expensesCurrencyCode: 'EUR',
        expensesCourse: '100.5',
      },
      transactionType: 'SWIFT',
      sampleContractFileId: '0b9d3c9e-6f1c-4c3e-9a39-2f0a5a1f4e11',
    });
    for (const v of [input.fees.clientFeePercent, input.fees.paymentSum, input.exchangeRate.course])
      expect(typeof v).toBe('string');
  });
  it('leaves the expenses currency empty when expenses are in several currencies', () => {
    const input = sendOfferInput('x', {
      ...base,
      expenses: [
        { amount: '1', currency: 'EUR', rate: '100', description: '' },
        { amount: '2', currency: 'USD', rate: '90', description: '' },
      ],
    });
    expect(input.exchangeRate.expensesCurrencyCode).toBeNull();
    expect(input.exchangeRate.expensesCourse).toBeNull();
    expect(input.sampleContractFileId).toBeNull();
  });
});

describe('offerFieldOf (server field errors next to their inputs)', () => {
  it.each([
    ['fees.clientFeePercent', 'clientFeePercent'],
    ['clientFeePercent', 'clientFeePercent'],
    ['fees.paymentSum', 'paymentSum'],
    ['exchangeRate.course', 'course'],
    ['course', 'course'],
    ['paymentDateFrom', 'paymentDateFrom'],
    ['fees.additionalExpenses.1.rate', 'expenses.1.rate'],
    ['additionalExpenses[0].amount.amount', 'expenses.0.amount'],
    ['additionalExpenses.2.amount.currency', 'expenses.2.currency'],
    ['sampleContractFileId', 'sampleContract'],
  ])('%s → %s', (path, field) => expect(offerFieldOf(path)).toBe(field));
  it('unknown paths belong to no field', () => {
    expect(offerFieldOf('partnerOrderId')).toBeNull();
    expect(offerFieldOf(null)).toBeNull();
  });
});
