/** The re-login region's pure helper (issue 11): the order filter body (ids, paging: admin/ids.ts, connection.ts). */
import { describe, expect, it } from 'vitest';
import { orderFilterBody } from './index.js';

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
});
