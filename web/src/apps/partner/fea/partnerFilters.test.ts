import { describe, expect, it } from 'vitest';
import { EMPTY_PARTNER_FILTER, hasPartnerFilter, partnerListFilter } from './partnerFilters';
import { partnerTabApi, partnerTabOf } from './partnerTabs';

describe('request list filters (spec core §2, §5, §9)', () => {
  it('applies the number only when numeric', () => {
    expect(partnerListFilter({ ...EMPTY_PARTNER_FILTER, number: ' 125 ' }).number).toBe('125');
    expect(partnerListFilter({ ...EMPTY_PARTNER_FILTER, number: '12a' }).number).toBeNull();
  });
  it('sends the country code and valid API dates', () => {
    expect(
      partnerListFilter({
        number: '',
        country: { countryCode: 'CN', countryName: 'Китай' },
        dateFrom: '2026-12-01',
        dateTo: '2026-12-31',
      }),
    ).toEqual({ number: null, countryCode: 'CN', paymentDateFrom: '2026-12-01', paymentDateTo: '2026-12-31' });
  });
  it('leaves a half-typed or inverted term out', () => {
    expect(partnerListFilter({ ...EMPTY_PARTNER_FILTER, dateFrom: '2026-13-01' }).paymentDateFrom).toBeNull();
    const inverted = partnerListFilter({ ...EMPTY_PARTNER_FILTER, dateFrom: '2026-12-31', dateTo: '2026-12-01' });
    expect([inverted.paymentDateFrom, inverted.paymentDateTo]).toEqual([null, null]);
  });
  it('knows when a filter is set', () => {
    expect(hasPartnerFilter(EMPTY_PARTNER_FILTER)).toBe(false);
    expect(hasPartnerFilter({ ...EMPTY_PARTNER_FILTER, dateTo: '2026-12-01' })).toBe(true);
  });
});

describe('tabs (spec core §4 payment agent tabs)', () => {
  it('reads the query string and maps to the API', () => {
    expect(partnerTabOf('deals')).toBe('deals');
    expect(partnerTabOf('bogus')).toBe('new');
    expect(partnerTabOf(null)).toBe('new');
    expect(partnerTabApi('all')).toBe('ALL');
    expect(partnerTabApi('working')).toBe('WORKING');
  });
});
