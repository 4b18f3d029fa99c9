/**
 * The operator's two navigation badges (spec chat §3 "Unread statistic", §4 unread counters), derived from the
 * server's numbers, never counted locally:
 * - 'Поддержка': the support chats having unread messages, from the statistics of the loaded support groups
 *   (`GroupStatistics.unreadMessagesCount` of each ECVP_SUPPORT group, first SUPPORT_BADGE_PAGE of them);
 * - 'Чаты': the viewer's overall unread messages (`Viewer.unreadStatistic`) minus the unread messages of those
 *   support groups, since support chats live on the desk and not in the chat list; never below 0.
 */

/** How many support groups the badge query loads: the gateway's largest page (chatGroups `first` ≤ 100). */
export const SUPPORT_BADGE_PAGE = 100;

/** What the badges read of one group. */
export interface GroupUnread {
  statistics: { unreadMessagesCount: number };
}

/** Number of groups with at least one unread message. */
export function groupsWithUnread(groups: ReadonlyArray<GroupUnread>): number {
  return groups.filter((g) => g.statistics.unreadMessagesCount > 0).length;
}

/** Unread messages over the groups (negative server values count as 0). */
export function unreadMessagesIn(groups: ReadonlyArray<GroupUnread>): number {
  return groups.reduce((sum, g) => sum + Math.max(0, g.statistics.unreadMessagesCount), 0);
}

/**
 * The 'Чаты' badge: `totalUnread` (the overall statistic) without the unread messages of the support groups
 * (empty for accounts without a support desk). Never negative.
 */
export function chatsBadgeCount(totalUnread: number, supportGroups: ReadonlyArray<GroupUnread>): number {
  return Math.max(0, totalUnread - unreadMessagesIn(supportGroups));
}

/** The badge text: the number, '99+' above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
