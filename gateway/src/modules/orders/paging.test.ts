/** Relay forward paging over the backend's pages (docs/rest-api.md "Pages"). */
import { offsetToCursor } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { pageWindow, sliceWindow } from './paging.js';

describe('pageWindow', () => {
  it('first page by default: 10 items (spec core §9)', () => {
    expect(pageWindow(undefined, undefined)).toEqual({ offset: 0, first: 10, pages: [0] });
  });
  it('an aligned cursor costs one backend page', () => {
    expect(pageWindow(10, offsetToCursor(9))).toEqual({ offset: 10, first: 10, pages: [1] });
  });
  it('an unaligned cursor costs two pages and slices the window', () => {
    const win = pageWindow(4, offsetToCursor(4)); // offset 5
    expect(win.pages).toEqual([1, 2]);
    expect(
      sliceWindow(win, [
        [4, 5, 6, 7],
        [8, 9, 10, 11],
      ]),
    ).toEqual([5, 6, 7, 8]);
  });
  it('refuses bad sizes and cursors', () => {
    expect(() => pageWindow(0, undefined)).toThrow(RangeError);
    expect(() => pageWindow(101, undefined)).toThrow(RangeError);
    expect(() => pageWindow(10, 'garbage')).toThrow(RangeError);
  });
});
