/** spec chat §4 "Group list", §5 search minimum, §8 pin limit, §9 constants. */
import { describe, expect, it } from 'vitest';
import {
  CHAT_GROUP_PAGE_SIZE as GROUP_PAGE_SIZE,
  CHAT_MIN_SEARCH_LENGTH as MIN_GROUP_SEARCH_LENGTH,
  MAX_PINNED_CHATS,
} from '../limits.js';
import { CHAT_ERRORS } from './errors.js';
import {
  containsPattern,
  groupSearchTerm,
  isSearchLongEnough,
  pinGroup,
  searchLength,
  unpinGroup,
  type Favourites,
} from './groupList.js';

describe('group search (chat §5)', () => {
  it('needs at least 3 characters before anything is fetched', () => {
    expect(MIN_GROUP_SEARCH_LENGTH).toBe(3);
    expect(groupSearchTerm('ab')).toEqual({ kind: 'tooShort' });
    expect(groupSearchTerm(' ab ')).toEqual({ kind: 'tooShort' });
    expect(groupSearchTerm('abc')).toEqual({ kind: 'search', term: 'abc' });
    expect(groupSearchTerm('  Иван ')).toEqual({ kind: 'search', term: 'Иван' });
  });
  it('no search string means no filter; the minimum can be changed', () => {
    expect(groupSearchTerm(undefined)).toEqual({ kind: 'none' });
    expect(groupSearchTerm('   ')).toEqual({ kind: 'none' });
    expect(groupSearchTerm('ab', 2)).toEqual({ kind: 'search', term: 'ab' });
  });
  it('counts Unicode code points, so an emoji or a CJK character is one character (one rule for every tier)', () => {
    // '😀' is one code point but two UTF-16 units: 'a😀' is 2 characters for the user, 3 units for String.length
    expect('a😀'.length).toBe(3);
    expect(searchLength(' a😀 ')).toBe(2);
    expect(isSearchLongEnough('a😀')).toBe(false);
    expect(groupSearchTerm('a😀')).toEqual({ kind: 'tooShort' });
    expect(isSearchLongEnough('a😀b')).toBe(true);
    expect(isSearchLongEnough('日本語')).toBe(true);
    expect(isSearchLongEnough('Юля')).toBe(true);
    expect(isSearchLongEnough('ёж')).toBe(false);
    expect(isSearchLongEnough(null)).toBe(false);
    expect(searchLength(undefined)).toBe(0);
    expect(isSearchLongEnough('ab', 2)).toBe(true);
  });
  it('page size is 20', () => expect(GROUP_PAGE_SIZE).toBe(20));
  it('the contains pattern escapes the LIKE wildcards and the escape character, so input matches literally', () => {
    expect(containsPattern('Иван')).toBe('%Иван%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('favourites (chat §4, §9)', () => {
  const favs = (...ids: number[]): Favourites => new Map(ids.map((id, i) => [id, i]));
  const order = (f: Favourites) => [...f].sort((a, b) => a[1] - b[1]).map(([id]) => id);

  it('pinning puts the group at order 0 and shifts the others by one', () => {
    const r = pinGroup(favs(10, 20), 30);
    expect(r.ok && Object.fromEntries(r.favourites)).toEqual({ 30: 0, 10: 1, 20: 2 });
  });
  it('at most 5: a sixth pin fails with the pin limit error', () => {
    expect(MAX_PINNED_CHATS).toBe(5);
    const r = pinGroup(favs(1, 2, 3, 4, 5), 6);
    expect(r).toEqual({ ok: false, code: 'PIN_LIMIT', message: 'Превышен лимит закреплённых чатов (максимум 5)' });
    expect(CHAT_ERRORS.PIN_LIMIT).toBe('Превышен лимит закреплённых чатов (максимум 5)');
  });
  it('re-pinning a pinned group at the limit moves it to the top without an error', () => {
    const r = pinGroup(favs(1, 2, 3, 4, 5), 4);
    expect(r.ok && order(r.favourites)).toEqual([4, 1, 2, 3, 5]);
  });
  it('unpinning removes the mark and closes the gap; unpinning twice is harmless', () => {
    const f = unpinGroup(favs(1, 2, 3), 2);
    expect(Object.fromEntries(f)).toEqual({ 1: 0, 3: 1 });
    expect(unpinGroup(f, 2)).toEqual(f);
    expect(pinGroup(f, 2).ok).toBe(true);
  });
});
