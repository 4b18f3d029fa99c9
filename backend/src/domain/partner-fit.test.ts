/** Unit tests of the payment agent fit (issue 10; spec core §3 "Payment agent profile": product passport, limits). */
import { describe, expect, it } from 'vitest';
import { amountInUsd, partnerFit, type FitAgent, type FitOrder } from './partner-fit.js';

const order = (over: Partial<FitOrder> = {}): FitOrder => ({
  amount: '10000.00',
  currency: 'USD',
  countryCode: 'CN',
  paymentType: 'SENDING',
  goodsLocation: 'IMPORTED',
  ...over,
});
const agent = (over: Partial<FitAgent> = {}): FitAgent => ({
  blocked: false,
  supportedCountries: [],
  currencies: [
    { currencyCode: 'USD', indicativeRate: '90.0000' },
    { currencyCode: 'CNY', indicativeRate: '12.0000' },
    { currencyCode: 'EUR', indicativeRate: null },
  ],
  limits: [{ currencyCode: 'USD', amountFrom: '5000.00', amountTo: '100000.00' }],
  clientDirection: 'BOTH',
  goodsImportRule: 'UNIMPORTANT',
  minPaymentUsd: null,
  minMonthlyVolumeUsd: null,
  ...over,
});
const codes = (o: FitOrder, a: FitAgent, monthly: string | null = null) =>
  partnerFit(o, a, { monthlyVolumeUsd: monthly }).reasons.map((r) => r.code);

describe('partner fit (spec core §3 payment agent product passport and limits)', () => {
  it('an order inside every rule fits with no reasons', () => {
    expect(partnerFit(order(), agent(), { monthlyVolumeUsd: '50000.00' })).toEqual({ fits: true, reasons: [] });
  });
  it('countries: an empty list is any country, otherwise the counterparty country must be listed', () => {
    expect(codes(order({ countryCode: 'AE' }), agent())).toEqual([]);
    expect(codes(order({ countryCode: 'AE' }), agent({ supportedCountries: ['CN', 'TR'] }))).toEqual([
      'COUNTRY_NOT_SUPPORTED',
    ]);
    expect(codes(order({ countryCode: 'TR' }), agent({ supportedCountries: ['CN', 'TR'] }))).toEqual([]);
  });
  it('currency must be among the currency settings', () => {
    expect(codes(order({ currency: 'AED' }), agent())).toEqual(['CURRENCY_NOT_SUPPORTED']);
  });
  it('limits of the order currency: below from, above to; bounds inclusive; no limit row = no limit', () => {
    expect(codes(order({ amount: '4999.99' }), agent())).toEqual(['BELOW_LIMIT']);
    expect(codes(order({ amount: '5000' }), agent())).toEqual([]);
    expect(codes(order({ amount: '100000.00' }), agent())).toEqual([]);
    expect(codes(order({ amount: '100000.01' }), agent())).toEqual(['ABOVE_LIMIT']);
    expect(codes(order({ currency: 'CNY', amount: '1.00' }), agent())).toEqual([]);
    const open = agent({ limits: [{ currencyCode: 'USD', amountFrom: null, amountTo: '6000.00' }] });
    expect(codes(order({ amount: '1.00' }), open)).toEqual([]);
  });
  it('direction: SENDING is import, RECEIVING is export, BOTH serves either', () => {
    expect(codes(order({ paymentType: 'SENDING' }), agent({ clientDirection: 'EXPORT' }))).toEqual([
      'DIRECTION_MISMATCH',
    ]);
    expect(codes(order({ paymentType: 'RECEIVING' }), agent({ clientDirection: 'IMPORT' }))).toEqual([
      'DIRECTION_MISMATCH',
    ]);
    expect(codes(order({ paymentType: 'SENDING' }), agent({ clientDirection: 'IMPORT' }))).toEqual([]);
    expect(codes(order({ paymentType: 'RECEIVING' }), agent({ clientDirection: 'EXPORT' }))).toEqual([]);
  });
  it('goods rule: REQUIRED needs IMPORTED, NOT_REQUIRED needs NOT_IMPORTED, UNIMPORTANT any', () => {
    expect(codes(order({ goodsLocation: 'NOT_IMPORTED' }), agent({ goodsImportRule: 'REQUIRED' }))).toEqual([
      'GOODS_RULE_MISMATCH',
    ]);
    expect(codes(order({ goodsLocation: 'IMPORTED' }), agent({ goodsImportRule: 'NOT_REQUIRED' }))).toEqual([
      'GOODS_RULE_MISMATCH',
    ]);
    expect(codes(order({ goodsLocation: 'IMPORTED' }), agent({ goodsImportRule: 'REQUIRED' }))).toEqual([]);
    expect(codes(order({ goodsLocation: 'NOT_IMPORTED' }), agent({ goodsImportRule: 'UNIMPORTANT' }))).toEqual([]);
  });
  it('minimum payment: USD directly, other currencies through both indicative rates, else not judged', () => {
    const a = agent({ minPaymentUsd: '8000.00', limits: [] });
    expect(codes(order({ amount: '7999.99' }), a)).toEqual(['BELOW_MIN_PAYMENT']);
    expect(codes(order({ amount: '8000.00' }), a)).toEqual([]);
    // 60 000 CNY × 12 / 90 = 8 000 USD
    expect(amountInUsd(order({ currency: 'CNY', amount: '60000.00' }), a)).toBe('8000.00');
    expect(codes(order({ currency: 'CNY', amount: '60000.00' }), a)).toEqual([]);
    expect(codes(order({ currency: 'CNY', amount: '59000.00' }), a)).toEqual(['BELOW_MIN_PAYMENT']);
    expect(codes(order({ currency: 'EUR', amount: '1.00' }), a)).toEqual([]);
    expect(amountInUsd(order({ currency: 'EUR', amount: '1.00' }), a)).toBeNull();
  });
  it('minimum monthly volume against the client checklist total; not judged without a checklist', () => {
    const a = agent({ minMonthlyVolumeUsd: '100000.00' });
    expect(codes(order(), a, '99999.99')).toEqual(['BELOW_MIN_MONTHLY_VOLUME']);
    expect(codes(order(), a, '100000')).toEqual([]);
    expect(codes(order(), a, null)).toEqual([]);
  });
  it('a blocked agent never fits; several reasons are all listed with Russian messages', () => {
    const r = partnerFit(
      order({ currency: 'AED', countryCode: 'AE' }),
      agent({ blocked: true, supportedCountries: ['CN'] }),
      {
        monthlyVolumeUsd: null,
      },
    );
    expect(r.fits).toBe(false);
    expect(r.reasons.map((x) => x.code)).toEqual([
      'PARTNER_BLOCKED',
      'COUNTRY_NOT_SUPPORTED',
      'CURRENCY_NOT_SUPPORTED',
    ]);
    expect(r.reasons[0].message).toBe('Платёжный агент заблокирован');
  });
});
