/**
 * Maps Relay forward paging (`first`, `after` = offset cursor) onto the backend's page/pageSize pages
 * (docs/rest-api.md "Pages"). Pure.
 */
import { cursorToOffset } from 'graphql-relay';
import { LIST_PAGE_SIZE, MAX_LIST_PAGE_SIZE } from '@platform/domain/limits';

/** Default `first` (spec core §9 list page size 10) and the largest one, from @platform/domain/limits. */
export const DEFAULT_PAGE_SIZE = LIST_PAGE_SIZE;
export const MAX_PAGE_SIZE = MAX_LIST_PAGE_SIZE;

/** The window [offset, offset+first) and the backend pages (of size `first`) that cover it: one or two. */
export interface PageWindow {
  offset: number;
  first: number;
  pages: number[];
}

/** Throws RangeError for a bad `first` or cursor (the resolver turns it into BAD_USER_INPUT). */
export function pageWindow(first: number | null | undefined, after: string | null | undefined): PageWindow {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new RangeError(`first must be 1..${MAX_PAGE_SIZE}`);
  let offset = 0;
  if (after) {
    const n = cursorToOffset(after);
    if (!Number.isInteger(n) || n < 0) throw new RangeError('after is not a cursor of this connection');
    offset = n + 1;
  }
  const firstPage = Math.floor(offset / size);
  const pages = offset % size === 0 ? [firstPage] : [firstPage, firstPage + 1];
  return { offset, first: size, pages };
}

/** Cuts the window out of the fetched pages (given in `pages` order, each of `first` items at most). */
export function sliceWindow<T>(win: PageWindow, fetched: T[][]): T[] {
  const all = fetched.flat();
  const start = win.offset - win.pages[0] * win.first;
  return all.slice(start, start + win.first);
}
