/**
 * Order of the chat group list (spec chat §4 "Group list"). Pure, no I/O.
 *
 * The full order, compared key by key:
 *   1. favourites (favoriteId set) before the others;
 *   2. favourites by favoriteId ascending (0 first);
 *   3. then by activity time descending: the last message's timeCreate, or the group's dateTimeCreate when it
 *      has no messages (so a new empty group sits where a group with a message at that time would);
 *   4. then by group id descending (newer groups first), so the order is total and cursors are stable.
 * Times are UTC ISO 8601 strings compared as instants.
 */

/** The part of a group the order reads (chat §3). `favoriteId` null/undefined: not a favourite. */
export interface OrderedGroup {
  id: number;
  favoriteId?: number | null;
  dateTimeCreate?: string | null;
  lastMessage?: { timeCreate: string } | null;
}

function activity(g: OrderedGroup): number {
  const t = g.lastMessage?.timeCreate ?? g.dateTimeCreate;
  const ms = t ? Date.parse(t) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Comparator for Array.prototype.sort: negative when `a` comes first (order above). */
export function compareGroups(a: OrderedGroup, b: OrderedGroup): number {
  const fa = a.favoriteId ?? null;
  const fb = b.favoriteId ?? null;
  if (fa !== null && fb === null) return -1;
  if (fa === null && fb !== null) return 1;
  if (fa !== null && fb !== null && fa !== fb) return fa - fb;
  const ta = activity(a);
  const tb = activity(b);
  if (ta !== tb) return ta > tb ? -1 : 1;
  return b.id - a.id;
}

/** A sorted copy of the groups (order above). */
export function sortGroups<G extends OrderedGroup>(groups: readonly G[]): G[] {
  return [...groups].sort(compareGroups);
}
