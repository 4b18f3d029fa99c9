/**
 * The Relay connections over the backend's `?page&size` lists: the administration lists of issue 10 (clients, payment
 * agents, referral partners, operators, the audit log; `adminConnection`), the referral partner's clients, requests
 * and commissions of issue 11 and the client's company documents (`pagedConnection`). Each maps Relay forward paging
 * (`first`, `after` = offset cursor) onto the backend's pages (docs/rest-api.md "Pages", orders/paging.ts) and answers
 * `{ edges, pageInfo, totalCount }`. An administration list is null, not an error, for a viewer without the module's
 * operator right.
 */
import { GraphQLError } from 'graphql/index.js';
import { offsetToCursor } from 'graphql-relay';
import type { CurrentUserDto } from '../../rest/contract.js';
import { queryResult } from '../../rest/errors.js';
import { pageWindow, sliceWindow } from '../orders/paging.js';
import { viewerHasRight } from './node.js';

/** A `BAD_USER_INPUT` GraphQL error with `message` (a bad argument of a query). */
export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** One backend page of a filter answer: the rows of page `page` and the total over all pages. */
export interface BackendPage<Row> {
  content: Row[];
  totalElements: number;
}

/** Relay forward paging arguments of a list field. */
export interface PagingArgs {
  first?: number | null;
  after?: string | null;
}

/** A Relay connection with the total number of rows matching the filter. */
export interface AdminConnection<Node> {
  edges: { cursor: string; node: Node }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

/** How a paged backend list is read. */
export interface PagedListOptions<Row, Node> {
  /** `first` when the client gives none (10 when absent: orders/paging.ts). */
  defaultFirst?: number;
  /** The edge's node of a row (the row itself by default). */
  toNode?: (row: Row) => Node;
}

/** How one administration list is read. */
export interface AdminListOptions<Row, Node> extends PagedListOptions<Row, Node> {
  /** The operator right the list needs (e.g. `CLIENTS`); without it the list is null. */
  right: string;
  /** `first` when the client gives none (spec core §9: 10 by default, 20 for operators and the audit log). */
  defaultFirst?: number;
  /** Calls the backend for page `page` (0-based) of `size` rows. */
  fetchPage: (page: number, size: number) => Promise<BackendPage<Row>>;
}

/**
 * The connection of one administration list for `viewer`, or null when the viewer lacks `options.right` (then the
 * backend is not asked); otherwise `pagedConnection`.
 */
export async function adminConnection<Row, Node = Row>(
  viewer: CurrentUserDto | null | undefined,
  args: PagingArgs,
  options: AdminListOptions<Row, Node>,
): Promise<AdminConnection<Node> | null> {
  if (!viewerHasRight(viewer, options.right)) return null;
  return pagedConnection(args, options.fetchPage, options);
}

/**
 * The Relay connection over a backend `?page&size` list: `fetchPage(page, size)` asks for page `page` (0-based) of
 * `size` rows. One backend call per page, two when the window spans two backend pages. A bad `first` (not
 * 1..MAX_PAGE_SIZE) or `after` throws BAD_USER_INPUT; upstream failures become GraphQL errors through `queryResult`
 * (a bad filter is BAD_USER_INPUT with fieldErrors).
 */
export async function pagedConnection<Row, Node = Row>(
  args: PagingArgs,
  fetchPage: (page: number, size: number) => Promise<BackendPage<Row>>,
  options: PagedListOptions<Row, Node> = {},
): Promise<AdminConnection<Node>> {
  let win;
  try {
    win = pageWindow(args.first ?? options.defaultFirst, args.after);
  } catch (err) {
    throw badInput(err instanceof Error ? err.message : 'bad paging arguments');
  }
  const pages = await queryResult(() => Promise.all(win.pages.map((page) => fetchPage(page, win.first))));
  const total = pages[0]?.totalElements ?? 0;
  const rows = sliceWindow(
    win,
    pages.map((p) => p.content),
  );
  const toNode = options.toNode ?? ((row: Row) => row as unknown as Node);
  return {
    edges: rows.map((row, i) => ({ cursor: offsetToCursor(win.offset + i), node: toNode(row) })),
    pageInfo: {
      hasNextPage: win.offset + rows.length < total,
      hasPreviousPage: win.offset > 0,
      startCursor: rows.length ? offsetToCursor(win.offset) : null,
      endCursor: rows.length ? offsetToCursor(win.offset + rows.length - 1) : null,
    },
    totalCount: total,
  };
}
