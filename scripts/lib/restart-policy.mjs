/**
 * Restart back-off of the launcher (scripts/start.mjs; issue 14 defect 8; README "Operations: restarts"): the n-th
 * restart in a row waits 1 s, 2 s, 4 s … at most 30 s; a tier that ran at least 60 s before stopping counts as
 * healthy, so its next restart is the first of a new row again.
 */

/** First delay, cap of the delay, and the run time after which the back-off starts over (milliseconds). */
export const RESTART_FIRST_MS = 1000;
export const RESTART_MAX_MS = 30_000;
export const RESTART_RESET_AFTER_MS = 60_000;

/**
 * The next restart of a tier that stopped after running `upMs` milliseconds, having been restarted `failures` times
 * in a row before: `{ failures, delayMs }` — the new count in a row (1 after a run of 60 s or more) and the delay.
 */
export function nextRestart(failures, upMs) {
  const n = (upMs >= RESTART_RESET_AFTER_MS ? 0 : failures) + 1;
  return { failures: n, delayMs: Math.min(RESTART_FIRST_MS * 2 ** Math.min(n - 1, 30), RESTART_MAX_MS) };
}
