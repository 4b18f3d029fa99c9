/**
 * Order of the chat list (spec chat §4 "Group list"): favourites first by favoriteId ascending, then by last
 * message time, newest first (a group without messages by its creation time). Used to re-place groups after
 * realtime events without refetching the list.
 */
export interface GroupOrderKey {
  favoriteId: number | null | undefined;
  lastAt: string | null | undefined;
}

export function compareGroups(a: GroupOrderKey, b: GroupOrderKey): number {
  const fa = a.favoriteId != null;
  const fb = b.favoriteId != null;
  if (fa !== fb) return fa ? -1 : 1;
  if (fa && fb && a.favoriteId !== b.favoriteId) return (a.favoriteId as number) - (b.favoriteId as number);
  const ta = a.lastAt ? Date.parse(a.lastAt) : 0;
  const tb = b.lastAt ? Date.parse(b.lastAt) : 0;
  return tb - ta;
}

/** A stable sort by compareGroups. */
export function sortGroups<T>(items: readonly T[], key: (t: T) => GroupOrderKey): T[] {
  return items
    .map((item, i) => ({ item, i, k: key(item) }))
    .sort((x, y) => compareGroups(x.k, y.k) || x.i - y.i)
    .map((x) => x.item);
}
