/**
 * Paging state of the operator administration lists (issue 10; spec core §9): forward cursor paging that starts again
 * from the first page whenever the filter changes, and the deferred refresh that keeps the previous page on screen,
 * dimmed, while the next one loads, with a loading indicator shown for at least 1000 ms.
 */
import { useDeferredValue, useState } from 'react';
import { useMinimumDisplay } from '../../../system/useMinimumDisplay';

/** The page of a cursor-paged list to show, and how to move between pages. */
export interface CursorPaging {
  /** Index of the page shown, from 0. */
  page: number;
  /** The `after` cursor of that page; null for the first page. */
  after: string | null;
  /** Goes to the next page, which starts after `endCursor` (the `pageInfo.endCursor` of the page shown). */
  onNext: (endCursor: string) => void;
  /** Goes back to the previous page (the cursors of the pages visited are kept). */
  onPrev: () => void;
}

/**
 * The cursors of the pages visited under the current filter: page i starts after cursors[i] (null: the first).
 * `filterKey` is any string that changes exactly when the filter does (e.g. the JSON of the GraphQL filter); a new
 * key starts again from the first page.
 */
export function useCursorPaging(filterKey: string): CursorPaging {
  const [paging, setPaging] = useState<{ filterKey: string; cursors: Array<string | null> }>({
    filterKey,
    cursors: [null],
  });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [null];
  const page = cursors.length - 1;
  return {
    page,
    after: cursors[page] ?? null,
    onNext: (endCursor) => setPaging({ filterKey, cursors: [...cursors, endCursor] }),
    onPrev: () => setPaging({ filterKey, cursors: cursors.slice(0, -1) }),
  };
}

/**
 * The query variables to render with (`deferred`, React's deferred copy of `vars`), whether they lag behind the
 * latest `vars` (`stale`: the previous page is still shown, to be dimmed and marked `aria-busy`) and whether to show
 * the loading indicator (`showLoading`: `stale`, held for at least 1000 ms, spec core §9). `vars` must be memoised:
 * a new object counts as a change.
 */
export function useDeferredListVars<T>(vars: T): { deferred: T; stale: boolean; showLoading: boolean } {
  const deferred = useDeferredValue(vars);
  const stale = deferred !== vars;
  const showLoading = useMinimumDisplay(stale);
  return { deferred, stale, showLoading };
}
