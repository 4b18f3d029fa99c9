/**
 * Reporting module (issue 12): the REST query parameters of a ReportFilter (lists repeat the parameter) and the CSV
 * export's gateway path.
 */
import { describe, expect, it } from 'vitest';
import { csvUrl, filterQuery } from '../src/modules/reporting/index.js';

describe('reporting filter', () => {
  it('maps a filter to REST query parameters, leaving out empty fields', () => {
    expect(filterQuery(null)).toEqual({});
    expect(
      filterQuery({
        createdFrom: '2026-11-01T00:00:00Z',
        status: ['ACTIVE', 'EXECUTED'],
        displayStatus: [],
        currency: ['USD'],
        paymentType: 'SENDING',
        countryCode: ['CN'],
        paymentAgentIds: [7, 9],
      }),
    ).toEqual({
      createdFrom: '2026-11-01T00:00:00Z',
      status: ['ACTIVE', 'EXECUTED'],
      currency: ['USD'],
      paymentType: 'SENDING',
      countryCode: ['CN'],
      paymentAgentId: [7, 9],
    });
  });

  it('builds the CSV path with repeated list parameters', () => {
    expect(csvUrl(undefined)).toBe('/reports/orders.csv');
    expect(csvUrl({ status: ['ACTIVE', 'EXECUTED'], updatedTo: '2026-11-30T23:59:59Z' })).toBe(
      '/reports/orders.csv?updatedTo=2026-11-30T23%3A59%3A59Z&status=ACTIVE&status=EXECUTED',
    );
  });
});
