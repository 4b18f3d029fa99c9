import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job.js';

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the first delay and then every interval, logs what a run answers, stops on stop()', async () => {
    const log = vi.fn();
    let n = 0;
    const stop = startPeriodicJob(async () => `run ${++n}`, { intervalMs: 1000, firstDelayMs: 10, failure: 'x', log });
    await vi.advanceTimersByTimeAsync(10);
    expect(n).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(n).toBe(2);
    expect(log.mock.calls).toEqual([['run 1'], ['run 2']]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(n).toBe(2);
  });

  it('without a first delay the first run comes after one interval', async () => {
    let n = 0;
    const stop = startPeriodicJob(async () => void n++, { intervalMs: 1000, failure: 'x' });
    await vi.advanceTimersByTimeAsync(999);
    expect(n).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(n).toBe(1);
    stop();
  });

  it('never runs twice at once and keeps going after a failure', async () => {
    const log = vi.fn();
    let started = 0;
    let release: () => void = () => {};
    const stop = startPeriodicJob(
      () => {
        started++;
        if (started === 1) return new Promise<void>((r) => (release = r));
        return Promise.reject(new Error('boom'));
      },
      { intervalMs: 100, failure: 'job failed', log },
    );
    await vi.advanceTimersByTimeAsync(350); // ticks at 100, 200, 300 while the first run is still going
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    expect(log).toHaveBeenCalledWith('job failed', expect.any(Error));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(3);
    stop();
  });
});
