/**
 * The launcher's restart back-off (scripts/lib/restart-policy.mjs; issue 14 defect 8; README "Operations: restarts"):
 * 1 s, 2 s, 4 s … capped at 30 s for restarts in a row, back to 1 s after a run of 60 s.
 */
import { describe, expect, it } from 'vitest';
import { nextRestart } from '../../scripts/lib/restart-policy.mjs';

describe('launcher restart back-off', () => {
  it('doubles from 1 s for quick crashes in a row and stops at 30 s', () => {
    const delays: number[] = [];
    let failures = 0;
    for (let i = 0; i < 8; i++) {
      const next = nextRestart(failures, 500);
      failures = next.failures;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(failures).toBe(8);
    expect(nextRestart(1_000, 0).delayMs).toBe(30000);
  });

  it('starts over at 1 s when the tier ran 60 s or more', () => {
    expect(nextRestart(6, 59_999)).toEqual({ failures: 7, delayMs: 30000 });
    expect(nextRestart(6, 60_000)).toEqual({ failures: 1, delayMs: 1000 });
    expect(nextRestart(0, 3_600_000)).toEqual({ failures: 1, delayMs: 1000 });
  });
});
