/**
 * The public fee calculator through the gateway (spec core §1 "a fee calculator", "fee from 0.4% (calculator minimum
 * 50 000 rubles)", §9; issue 13): Query.feeEstimate for a guest, computed by the backend
 * (GET /api/public/calculator/fee) with the deal flow's commission rule over the demo payment agents' terms
 * (partner1 USD 92.5000 at 0.4 %, partner2 USD 92.4000 at 0.5 %); bad input comes back as a UserError with the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const FEE = `query Fee($amount: String!, $currency: String!) { feeEstimate(amount: $amount, currency: $currency) {
  __typename
  ... on FeeEstimate { amount { amount currency } feePercent fee { amount currency } rate
    amountConverted { amount currency } feeConverted { amount currency } totalToPay { amount currency }
    minAmount { amount currency } }
  ... on UserError { code message field fieldErrors { field code message } } } }`;

describe('the public fee calculator through the gateway (issue 13)', () => {
  let stack: Stack;
  let guest: GqlClient;
  beforeAll(async () => {
    stack = await startStack();
    guest = new GqlClient(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a guest gets the indicative fee computed by the server', async () => {
    const r = (await ok(guest, FEE, { amount: '10000', currency: 'USD' })).feeEstimate;
    expect(r).toEqual({
      __typename: 'FeeEstimate',
      amount: { amount: '10000.00', currency: 'USD' },
      feePercent: '0.5',
      fee: { amount: '50.00', currency: 'USD' },
      rate: '92.4000',
      amountConverted: { amount: '924000.00', currency: 'RUB' },
      feeConverted: { amount: '4620.00', currency: 'RUB' },
      totalToPay: { amount: '928620.00', currency: 'RUB' },
      minAmount: { amount: '50000.00', currency: 'RUB' },
    });
  });

  it('below the minimum, malformed or unsupported input is a UserError naming the field', async () => {
    const below = (await ok(guest, FEE, { amount: '49999,99', currency: 'RUB' })).feeEstimate;
    expect(below).toEqual({
      __typename: 'UserError',
      code: 'VALIDATION_ERROR',
      message: 'Минимальная сумма для расчёта — 50 000 ₽',
      field: 'amount',
      fieldErrors: [{ field: 'amount', code: 'BELOW_MINIMUM', message: 'Минимальная сумма для расчёта — 50 000 ₽' }],
    });
    const word = (await ok(guest, FEE, { amount: 'десять', currency: 'USD' })).feeEstimate;
    expect(word.fieldErrors).toEqual([{ field: 'amount', code: 'DECIMAL_FORMAT', message: 'Введите число' }]);
    const chf = (await ok(guest, FEE, { amount: '100000', currency: 'CHF' })).feeEstimate;
    expect(chf.fieldErrors).toEqual([
      { field: 'currency', code: 'CURRENCY_NOT_SUPPORTED', message: 'Валюта пока не поддерживается' },
    ]);
    const huge = (await ok(guest, FEE, { amount: '9'.repeat(5000), currency: 'USD' })).feeEstimate;
    expect(huge.__typename).toBe('UserError');
    expect(huge.code).toBe('VALIDATION_ERROR');
  });
});
