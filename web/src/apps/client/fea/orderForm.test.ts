import { describe, expect, it } from 'vitest';
import { EMPTY_ORDER_FORM, orderFormField, orderInput } from './orderForm';

describe('create-request form (spec core §3 Request, docs/rest-api.md OrderInput)', () => {
  it('defaults to sending in USD', () => {
    expect(EMPTY_ORDER_FORM.paymentType).toBe('SENDING');
    expect(EMPTY_ORDER_FORM.currency).toBe('USD');
  });
  it('builds the OrderInput with a decimal string amount, API dates and an empty SWIFT as null', () => {
    const input = orderInput({
      ...EMPTY_ORDER_FORM,
      amount: '12 500,5',
      country: { countryCode: 'CN', countryName: 'Китай' },
      city: ' Шанхай ',
      bankName: 'Bank of China',
      swift: '',
      tnved: { code: '8471300000', name: 'Машины' },
      goodsLocation: 'IMPORTED',
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-15',
      files: [{ id: 'f1', name: 'invoice.pdf', size: 10, contentType: 'application/pdf' }],
    });
    expect(input).toEqual({
      paymentType: 'SENDING',
      amount: { amount: '12500.5', currency: 'USD' },
      counterparty: { countryCode: 'CN', city: 'Шанхай', bankName: 'Bank of China', swift: null },
      tnvedCode: '8471300000',
      goodsLocation: 'IMPORTED',
      paymentDateFrom: '2026-12-01',
      paymentDateTo: '2026-12-15',
      comment: null,
      fileIds: ['f1'],
    });
  });
  it('upper-cases a given SWIFT', () => {
    expect(orderInput({ ...EMPTY_ORDER_FORM, swift: 'bkchcnbj' }).counterparty.swift).toBe('BKCHCNBJ');
  });
  it('puts server field errors next to their form fields', () => {
    expect(orderFormField('amount.cost')).toBe('amount');
    expect(orderFormField('amount.amount')).toBe('amount');
    expect(orderFormField('counterparty.city')).toBe('city');
    expect(orderFormField('counterparty.countryCode')).toBe('country');
    expect(orderFormField('input.tnvedCode')).toBe('tnved');
    expect(orderFormField('fileIds.0')).toBe('files');
    expect(orderFormField('paymentDateTo')).toBe('paymentDateTo');
    expect(orderFormField('somethingElse')).toBeNull();
  });
});
