/**
 * Chat list UI rules of the web app (spec chat §4 "Group list", §9). The numbers (page size, debounce, empty-results
 * delay, search minimum) and the search-length rule live once in @platform/domain (limits, chat/groupList
 * isSearchLongEnough); this file holds only the screen's own decisions. Durations in ms.
 */
import { CHAT_EMPTY_RESULTS_DELAY_MS, CHAT_GROUP_PAGE_SIZE } from '@platform/domain/limits';

/**
 * Whether the empty-results display shows (chat §4): no results, not loading, and at least 500 ms
 * (CHAT_EMPTY_RESULTS_DELAY_MS) since the search started. `startedAt` and `now` in ms since the epoch; `startedAt` null
 * means no search is running.
 */
export function showEmptyResults(p: {
  startedAt: number | null;
  now: number;
  loading: boolean;
  resultCount: number;
}): boolean {
  return (
    p.startedAt !== null && !p.loading && p.resultCount === 0 && p.now - p.startedAt >= CHAT_EMPTY_RESULTS_DELAY_MS
  );
}

/**
 * Whether another page should be loaded (chat §4 "Paging loads pages until a short or last page arrives").
 * @param page the last page: its item count and the `last` flag when the answer had one (§7 paged answers)
 * @param pageSize default CHAT_GROUP_PAGE_SIZE (20, chat §9)
 */
export function hasMorePages(page: { count: number; last?: boolean | null }, pageSize = CHAT_GROUP_PAGE_SIZE): boolean {
  return page.last !== true && page.count >= pageSize;
}
