/**
 * The operator's two navigation badges (spec chat §3 "Unread statistic", "Group statistics by group type", §4 unread
 * counters), derived from the server's numbers (`Viewer.unreadStatistic` with its `groupTypeCounts`), never counted
 * locally:
 * - 'Поддержка': the support chats having unread messages (`groupTypeCounts` ECVP_SUPPORT → `unreadGroupCount`);
 * - 'Чаты': the overall unread messages minus the support chats' unread messages (ECVP_SUPPORT →
 *   `unreadMessagesCount`), since support chats live on the desk and not in the chat list; never below 0.
 * The statistic is reloaded (debounced, `createDebouncedRefresh`) whenever an event or a mutation touches a support
 * chat, so that the overall and the per-type numbers always come from the same answer.
 */

/** What the badges read of one `ChatGroupTypeCount`. */
export interface GroupTypeUnread {
  groupType: string;
  unreadGroupCount: number;
  unreadMessagesCount: number;
}

/** The group type of the support chats. */
const SUPPORT = 'ECVP_SUPPORT';

/** Delay of the badge statistic reload after the last support chat change (events come in bursts). */
export const SUPPORT_REFRESH_DELAY_MS = 300;

function supportEntry(counts: ReadonlyArray<GroupTypeUnread> | null | undefined): GroupTypeUnread | undefined {
  return counts?.find((c) => c.groupType === SUPPORT);
}

/** The 'Поддержка' badge: support chats with at least one unread message (0 when the type is absent). */
export function supportBadgeCount(counts: ReadonlyArray<GroupTypeUnread> | null | undefined): number {
  return Math.max(0, supportEntry(counts)?.unreadGroupCount ?? 0);
}

/**
 * The 'Чаты' badge: `totalUnread` (the overall statistic) without the support chats' unread messages (`counts` is
 * null for accounts without a support desk: their support chat is in their chat list). Never negative.
 */
export function chatsBadgeCount(
  totalUnread: number,
  counts: ReadonlyArray<GroupTypeUnread> | null | undefined,
): number {
  return Math.max(0, totalUnread - Math.max(0, supportEntry(counts)?.unreadMessagesCount ?? 0));
}

/** The badge text: the number, '99+' above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A debounced reload (see `createDebouncedRefresh`). */
export interface DebouncedRefresh {
  /** Asks for a reload: runs `delayMs` after the last request; a request during a run runs once more after it. */
  request(): void;
  /** Cancels a pending reload; later requests do nothing. */
  dispose(): void;
}

/**
 * Debounces `run` (the badge statistic query): a burst of requests gives one run `delayMs` after the last one; a
 * request while a run is in flight schedules one more run after it settles (its answer may predate the change), so
 * the last answer is never older than the last change. A failed run is reported to `onError`.
 */
export function createDebouncedRefresh(
  run: () => Promise<unknown>,
  delayMs: number,
  onError: (error: unknown) => void = () => {},
): DebouncedRefresh {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let again = false;
  let disposed = false;

  const start = () => {
    timer = null;
    if (disposed) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    run()
      .catch(onError)
      .finally(() => {
        inFlight = false;
        if (again && !disposed) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(start, delayMs);
  };
  return {
    request() {
      if (disposed) return;
      if (inFlight) again = true;
      else schedule();
    },
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
