import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_LOADING_DISPLAY_MS, MinimumDisplay } from './useMinimumDisplay';

describe('minimum loading display (spec core §9: 1000 ms)', () => {
  let changes: boolean[];
  let rule: MinimumDisplay;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    changes = [];
    rule = new MinimumDisplay(MIN_LOADING_DISPLAY_MS, (v) => changes.push(v));
  });
  afterEach(() => {
    rule.dispose();
    vi.useRealTimers();
  });

  it('is 1000 ms', () => {
    expect(MIN_LOADING_DISPLAY_MS).toBe(1000);
  });

  it('shows at once and keeps a short load visible for the full 1000 ms', () => {
    rule.set(true);
    expect(rule.isVisible).toBe(true);
    vi.advanceTimersByTime(200);
    rule.set(false);
    expect(rule.isVisible).toBe(true);
    vi.advanceTimersByTime(799);
    expect(rule.isVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(rule.isVisible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('hides at once when the load took longer than 1000 ms', () => {
    rule.set(true);
    vi.advanceTimersByTime(1500);
    rule.set(false);
    expect(rule.isVisible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('a new load before the hide keeps it visible, measured from the first show', () => {
    rule.set(true);
    vi.advanceTimersByTime(300);
    rule.set(false);
    vi.advanceTimersByTime(300);
    rule.set(true);
    vi.advanceTimersByTime(2000);
    expect(rule.isVisible).toBe(true);
    rule.set(false);
    expect(rule.isVisible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('does nothing while never shown, and repeated hides do not restart the timer', () => {
    rule.set(false);
    expect(changes).toEqual([]);
    rule.set(true);
    vi.advanceTimersByTime(100);
    rule.set(false);
    vi.advanceTimersByTime(500);
    rule.set(false);
    vi.advanceTimersByTime(400);
    expect(rule.isVisible).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('dispose cancels a pending hide', () => {
    rule.set(true);
    rule.set(false);
    rule.dispose();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([true]);
  });
});
