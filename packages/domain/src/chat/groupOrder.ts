/**
 * Order of the chat group list (spec chat §4 "Group list"). Pure, no I/O. The backend orders its pages by the same
 * keys in SQL; the web app re-places groups with it after realtime events without refetching the list.
 *
 * The full order, compared key by key:
 *   1. favourites (favoriteId set) before the others;
 *   2. favourites by favoriteId ascending (0 first);
 *   3. then by activity time descending: the last message's time, or the group's creation time when it has no
 *      messages (so a new empty group sits where a group with a message at that time would); no time at all: last;
 *   4. then by numeric group id descending (newer groups first) when both ids are known numbers, so the order is
 *      total and cursors are stable; otherwise equal ({@link sortGroups} then keeps the input order).
 * Times are UTC ISO 8601 strings compared as instants.
 */

/** The keys of a group the order reads (chat §3). `favoriteId` null/undefined: not a favourite. */
export interface GroupOrderKey {
  /** The backend group id, when known. */
  id?: number | null;
  favoriteId?: number | null;
  /** The last message's time, else the group's creation time (UTC ISO 8601); null when neither is known. */
  activityAt?: string | null;
}

/** The activity time of a group: its last message's time, else its creation time (rule 3 above). */
export function groupActivityAt(g: {
  lastMessage?: { timeCreate?: string | null } | null;
  dateTimeCreate?: string | null;
}): string | null {
  return g.lastMessage?.timeCreate ?? g.dateTimeCreate ?? null;
}

function activity(k: GroupOrderKey): number {
  const ms = k.activityAt ? Date.parse(k.activityAt) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Comparator for Array.prototype.sort: negative when `a` comes first (order above), 0 when the keys tie. */
export function compareGroups(a: GroupOrderKey, b: GroupOrderKey): number {
  const fa = a.favoriteId ?? null;
  const fb = b.favoriteId ?? null;
  if (fa !== null && fb === null) return -1;
  if (fa === null && fb !== null) return 1;
  if (fa !== null && fb !== null && fa !== fb) return fa - fb;
  const ta = activity(a);
  const tb = activity(b);
  if (ta !== tb) return ta > tb ? -1 : 1;
  return a.id != null && b.id != null ? b.id - a.id : 0;
}

/**
 * A sorted copy of `items` by {@link compareGroups} of their keys; stable (ties keep the input order).
 * @param key reads an item's keys (default: the item itself is the key)
 */
export function sortGroups<T>(items: readonly T[], key: (t: T) => GroupOrderKey = (t) => t as GroupOrderKey): T[] {
  return items
    .map((item, i) => ({ item, i, k: key(item) }))
    .sort((x, y) => compareGroups(x.k, y.k) || x.i - y.i)
    .map((x) => x.item);
}
