/**
 * The Relay connections over backend pages: the administration lists' right guard (issue 10), paging over backend
 * pages, totalCount (also the referral partner's lists, issue 11).
 */
import { GraphQLError } from 'graphql/index.js';
import { offsetToCursor } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import type { CurrentUserDto } from '../../rest/contract.js';
import { adminConnection, pagedConnection } from './connection.js';

const viewer = (rights: string[]) =>
  ({ userId: 1, account: { type: 'OPER' }, userRights: rights }) as unknown as CurrentUserDto;

/** A backend of 25 rows numbered 0..24 that records the pages asked. */
function backend() {
  const asked: [number, number][] = [];
  const rows = Array.from({ length: 25 }, (_, i) => i);
  return {
    asked,
    fetchPage: (page: number, size: number) => {
      asked.push([page, size]);
      return Promise.resolve({ content: rows.slice(page * size, page * size + size), totalElements: rows.length });
    },
  };
}

describe('adminConnection', () => {
  it('is null without the right and asks nothing', async () => {
    const b = backend();
    expect(await adminConnection(viewer(['AUDIT_LOG']), {}, { right: 'CLIENTS', fetchPage: b.fetchPage })).toBeNull();
    expect(await adminConnection(null, {}, { right: 'CLIENTS', fetchPage: b.fetchPage })).toBeNull();
    expect(b.asked).toEqual([]);
  });

  it('answers the first page of the default size with the total', async () => {
    const b = backend();
    const c = await adminConnection(viewer(['CLIENTS']), {}, { right: 'CLIENTS', defaultFirst: 20, ...b });
    expect(b.asked).toEqual([[0, 20]]);
    expect(c?.totalCount).toBe(25);
    expect(c?.edges.map((e) => e.node)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(c?.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: offsetToCursor(0),
      endCursor: offsetToCursor(19),
    });
  });

  it('covers a window spanning two backend pages and maps rows to nodes', async () => {
    const b = backend();
    const c = await adminConnection(
      viewer(['CLIENTS']),
      { first: 10, after: offsetToCursor(14) },
      { right: 'CLIENTS', fetchPage: b.fetchPage, toNode: (row) => ({ id: row }) },
    );
    expect(b.asked).toEqual([
      [1, 10],
      [2, 10],
    ]);
    expect(c?.edges.map((e) => e.node.id)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(c?.edges[0].cursor).toBe(offsetToCursor(15));
    expect(c?.pageInfo.hasNextPage).toBe(false);
    expect(c?.pageInfo.hasPreviousPage).toBe(true);
  });

  it('refuses a bad first with BAD_USER_INPUT', async () => {
    const b = backend();
    const err = await adminConnection(viewer(['CLIENTS']), { first: 0 }, { right: 'CLIENTS', ...b }).catch((e) => e);
    expect(err).toBeInstanceOf(GraphQLError);
    expect((err as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
    expect(b.asked).toEqual([]);
  });
});

describe('pagedConnection', () => {
  it('maps Relay forward paging onto backend pages (10 by default) and refuses a bad first', async () => {
    const b = backend();
    const first = await pagedConnection({}, b.fetchPage);
    expect(first.edges.map((e) => e.node)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.totalCount).toBe(25);
    const next = await pagedConnection({ first: 2, after: offsetToCursor(0) }, b.fetchPage);
    expect(next.edges.map((e) => e.node)).toEqual([1, 2]);
    expect(b.asked).toEqual([
      [0, 10],
      [0, 2],
      [1, 2],
    ]);
    await expect(pagedConnection({ first: 0 }, b.fetchPage)).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(b.asked).toHaveLength(3);
  });

  it('answers an empty connection without cursors for an empty list', async () => {
    const c = await pagedConnection({ first: 5 }, () => Promise.resolve({ content: [], totalElements: 0 }));
    expect(c).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      totalCount: 0,
    });
  });
});
