/**
 * The scheduling every background job of the backend shares (server.ts: offer expiry, unattached upload expiry,
 * status counter compaction): a run every `intervalMs`, optionally a first one `firstDelayMs` after start, never two
 * at once (a tick while the previous run is still going is skipped), errors reported and never stopping the job.
 */

/** How to run a periodic job; `log` receives the run's own message and failures (with the error). */
export interface PeriodicJobOptions {
  /** Period in milliseconds. */
  intervalMs: number;
  /** Delay of a first run after start, in milliseconds; none when absent (the first run is after `intervalMs`). */
  firstDelayMs?: number;
  /** The message logged with the error when a run fails, e.g. 'offer expiry failed'. */
  failure: string;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * Starts `run` on the schedule of `opts`. `run` answers what to log about its work (or nothing). The timers do not keep
 * the process alive. Returns `stop()`, which clears them (a run in progress finishes).
 */
export function startPeriodicJob(
  run: () => Promise<string | null | undefined | void>,
  opts: PeriodicJobOptions,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .then((message) => {
        if (message) opts.log?.(message);
      })
      .catch((e) => opts.log?.(opts.failure, e))
      .finally(() => {
        running = false;
      });
  };
  const first = opts.firstDelayMs === undefined ? null : setTimeout(tick, opts.firstDelayMs);
  first?.unref();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}
