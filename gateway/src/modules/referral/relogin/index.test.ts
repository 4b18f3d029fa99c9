/** The re-login region's pure helpers (issue 11): the order filter body, ids, and the paged connection. */
import { offsetToCursor, toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { backendIdOf, orderFilterBody, pagedConnection } from './index.js';

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

  it('maps Relay forward paging onto backend pages and refuses a bad first', async () => {
    const calls: Array<[number, number]> = [];
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const fetch = async (page: number, size: number) => {
      calls.push([page, size]);
      return { content: rows.slice(page * size, page * size + size), totalElements: rows.length };
    };
    const first = await pagedConnection({ first: 2 }, fetch);
    expect(first.edges.map((e) => e.node)).toEqual([0, 1]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.totalCount).toBe(5);
    const next = await pagedConnection({ first: 2, after: offsetToCursor(0) }, fetch);
    expect(next.edges.map((e) => e.node)).toEqual([1, 2]);
    expect(calls.slice(-2)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    await expect(pagedConnection({ first: 0 }, fetch)).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
