/** spec core §9 and chat-and-shell §9 "Business constants and limits": the numbers every tier reads from here. */
import { describe, expect, it } from 'vitest';
import * as L from './limits.js';

describe('limits (core §9)', () => {
  it('list page size 10; operator users page size 20; filter debounce 600 ms; 50 MB per request', () => {
    expect(L.LIST_PAGE_SIZE).toBe(10);
    expect(L.MAX_LIST_PAGE_SIZE).toBeGreaterThanOrEqual(L.LIST_PAGE_SIZE);
    expect(L.OPERATOR_USERS_PAGE_SIZE).toBe(20);
    expect(L.LIST_FILTER_DEBOUNCE_MS).toBe(600);
    expect(L.MAX_FILE_BYTES).toBe(52_428_800);
  });
});

describe('limits (chat §9)', () => {
  it('group page size 20, search minimum 3, debounce and empty-results delay 500 ms', () => {
    expect(L.CHAT_GROUP_PAGE_SIZE).toBe(20);
    expect(L.CHAT_MIN_SEARCH_LENGTH).toBe(3);
    expect(L.CHAT_SEARCH_DEBOUNCE_MS).toBe(500);
    expect(L.CHAT_EMPTY_RESULTS_DELAY_MS).toBe(500);
    expect(L.CHAT_MESSAGE_PAGE_SIZE).toBe(30);
  });
  it('typing time-out 3000 ms; the composer renews the indicator before it expires', () => {
    expect(L.TYPING_TIMEOUT_MS).toBe(3000);
    expect(L.TYPING_SEND_INTERVAL_MS).toBeLessThan(L.TYPING_TIMEOUT_MS);
  });
  it('support user 10762, at most 5 pinned chats', () => {
    expect(L.SUPPORT_USER_ID).toBe(10762);
    expect(L.MAX_PINNED_CHATS).toBe(5);
  });
  it('online under 4 minutes; the offline marker 4 minutes back; "recently" after 2 weeks', () => {
    expect(L.ONLINE_THRESHOLD_MS).toBe(240_000);
    expect(L.OFFLINE_MARKER_MS).toBe(240_000);
    expect(L.LAST_SEEN_RECENTLY_AFTER_MS).toBe(14 * 86_400_000);
  });
  it('designed attachment and text limits (chat §5 leaves the numbers open)', () => {
    expect(L.MAX_PICTURES_PER_MESSAGE).toBe(10);
    expect(L.MAX_FILES_PER_MESSAGE).toBe(1);
    expect(L.MAX_CHAT_FILE_BYTES).toBe(L.MAX_FILE_BYTES);
    expect(L.MAX_MESSAGE_TEXT_LENGTH).toBe(10_000);
  });
});
