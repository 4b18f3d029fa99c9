/** Chat UI constants (spec chat §4 "Group list", §9). Durations in ms. */

/** Groups per page (chat §9). */
export const GROUP_PAGE_SIZE = 20;
/** Group search debounce (chat §4, §9), ms. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Delay before the empty-results display, counted from the start of searching (chat §4, §9), ms. */
export const EMPTY_RESULTS_DELAY_MS = 500;
/** Default minimum search length (chat §5, §9). */
export const MIN_SEARCH_LENGTH = 3;

/** Whether a search string is long enough to fetch (chat §5): at least 3 characters after trimming. */
export function shouldSearch(searchStr: string, min = MIN_SEARCH_LENGTH): boolean {
  return [...searchStr.trim()].length >= min;
}

/**
 * Whether the empty-results display shows (chat §4): no results, not loading, and at least 500 ms since the
 * search started. `startedAt` and `now` in ms since the epoch; `startedAt` null means no search is running.
 */
export function showEmptyResults(p: {
  startedAt: number | null;
  now: number;
  loading: boolean;
  resultCount: number;
}): boolean {
  return p.startedAt !== null && !p.loading && p.resultCount === 0 && p.now - p.startedAt >= EMPTY_RESULTS_DELAY_MS;
}

/**
 * Whether another page should be loaded (chat §4 "Paging loads pages until a short or last page arrives").
 * @param page the last page: its item count and the `last` flag when the answer had one (§7 paged answers)
 */
export function hasMorePages(page: { count: number; last?: boolean | null }, pageSize = GROUP_PAGE_SIZE): boolean {
  return page.last !== true && page.count >= pageSize;
}
