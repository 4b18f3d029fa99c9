/** The re-login region's pure helpers (issue 11): the order filter body and ids (paging: admin/connection.ts). */
import { toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { backendIdOf, orderFilterBody } from './index.js';

describe('re-login, requests and commissions in the graph (issue 11)', () => {
  it('sends only the given filter fields to the backend', () => {
    expect(orderFilterBody(null)).toEqual({});
    expect(orderFilterBody({ statuses: [], number: '  ', clientCompanyId: null })).toEqual({});
    expect(orderFilterBody({ statuses: ['EXECUTED'], number: ' 42 ', clientCompanyId: 5 })).toEqual({
      statuses: ['EXECUTED'],
      id: '42',
      clientCompanyId: 5,
    });
  });

  it('reads a global id of the right type or a plain number', () => {
    expect(backendIdOf('ReferralClient', toGlobalId('ReferralClient', '7'))).toBe(7);
    expect(backendIdOf('ReferralClient', '12')).toBe(12);
    expect(backendIdOf('ReferralClient', toGlobalId('ReferralOrder', '7'))).toBeNull();
    expect(backendIdOf('ReferralClient', '0')).toBeNull();
    expect(backendIdOf('ReferralClient', 'bogus')).toBeNull();
  });
});
