/**
 * Group list rules (spec chat §4 "Group list", §5, §9): the search minimum (one rule for the backend, the gateway
 * and the web app), the LIKE pattern of a search, and the favourites (pinned chats) with their limit and order.
 * The numbers (page size, search minimum, pin limit) are in ../limits.ts.
 *
 * Favourites order (chat §4): favoriteId ascending, 0 first. Pinning gives the group order 0 and shifts every
 * other favourite by one (the same rule as GROUP_ADDED_FAVORITE); unpinning removes the mark and closes the
 * gap, so the orders stay 0..n-1. At most 5 groups are pinned (chat §9); a sixth pin fails with
 * CHAT_ERRORS.PIN_LIMIT.
 */
import { CHAT_MIN_SEARCH_LENGTH, MAX_PINNED_CHATS } from '../limits.js';
import { CHAT_ERRORS } from './errors.js';

/**
 * The length of a search string as the user sees it (chat §5): Unicode code points after trimming, so 'ёжи', '日本語'
 * and an emoji such as '😀' (two UTF-16 units) count one per character.
 */
export function searchLength(searchStr: string | null | undefined): number {
  return [...(searchStr ?? '').trim()].length;
}

/**
 * Whether a search string is long enough to fetch anything (chat §5 "Group search needs at least 3 characters"):
 * {@link searchLength} ≥ `min` (default CHAT_MIN_SEARCH_LENGTH, 3). The web app, the gateway and the backend all ask this.
 */
export function isSearchLongEnough(searchStr: string | null | undefined, min = CHAT_MIN_SEARCH_LENGTH): boolean {
  return searchLength(searchStr) >= min;
}

/**
 * Reads the searchStr of the group filter call (chat §5, §7). The string is trimmed first.
 *   { kind: 'none' }            absent or blank: no search filter
 *   { kind: 'search', term }    at least `min` characters (default 3)
 *   { kind: 'tooShort' }        1..min-1 characters: nothing is fetched (the answer is an empty page)
 */
export function groupSearchTerm(
  searchStr: string | null | undefined,
  min = CHAT_MIN_SEARCH_LENGTH,
): { kind: 'none' } | { kind: 'search'; term: string } | { kind: 'tooShort' } {
  const term = (searchStr ?? '').trim();
  if (term === '') return { kind: 'none' };
  return isSearchLongEnough(term, min) ? { kind: 'search', term } : { kind: 'tooShort' };
}

/**
 * The ILIKE pattern "contains `term`" (chat §5 group search): `%term%` with the LIKE wildcards of the term (`%`, `_`) and
 * the escape character `\` escaped, so user input only ever matches literally. The pattern is bound as a parameter.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/** A user's favourites: group id → favoriteId (order, 0 first). A group not in the map is not a favourite. */
export type Favourites = ReadonlyMap<number, number>;

/**
 * Pins a group (chat §4, §9): it gets order 0, the others shift by one. Pinning a group that is already
 * pinned moves it to the top without counting against the limit.
 * @returns `{ ok: true, favourites }`, or `{ ok: false, code: 'PIN_LIMIT', message }` (CHAT_ERRORS.PIN_LIMIT) when
 *   5 other groups are pinned already. Not thrown: an expected failure is data (DESIGN principle 4).
 */
export function pinGroup(
  favourites: Favourites,
  groupId: number,
): { ok: true; favourites: Favourites } | { ok: false; code: 'PIN_LIMIT'; message: string } {
  const others = [...favourites].filter(([id]) => id !== groupId).sort((a, b) => a[1] - b[1]);
  if (others.length >= MAX_PINNED_CHATS) return { ok: false, code: 'PIN_LIMIT', message: CHAT_ERRORS.PIN_LIMIT };
  const next = new Map<number, number>([[groupId, 0]]);
  others.forEach(([id], i) => next.set(id, i + 1));
  return { ok: true, favourites: next };
}

/** Unpins a group (chat §4 GROUP_REMOVED_FAVORITE); the rest keep their relative order as 0..n-1. Idempotent. */
export function unpinGroup(favourites: Favourites, groupId: number): Favourites {
  const rest = [...favourites].filter(([id]) => id !== groupId).sort((a, b) => a[1] - b[1]);
  return new Map(rest.map(([id], i) => [id, i]));
}
