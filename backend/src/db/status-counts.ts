/**
 * Compaction of the status counters (issue 15; db/schema/orders.ts `orderStatusCounts`, `partnerOrderStatusCounts`,
 * migration 0011_status_counts): the triggers append a delta row per changed key and statement; the SQL function
 * `compact_status_counts()` folds them into one row per key in one transaction (readers see the sums before or after,
 * both exact). Run every minute by the backend (server.ts) so that a count reads a few rows per key.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { startPeriodicJob } from '../periodic-job.js';

/** Default period of the compaction: one minute. */
export const STATUS_COUNTS_COMPACT_INTERVAL_MS = 60_000;

/** Folds the counters' delta rows into one row per key (compact_status_counts(), migration 0011). */
export async function compactStatusCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`select compact_status_counts()`);
}

/**
 * Starts the compaction: after `firstDelayMs` (default 5 s) and then every `intervalMs` (default one minute), never
 * twice at once; errors go to `log` and do not stop it. Returns `stop()`.
 */
export function startStatusCountsCompaction(
  db: DbOrTx,
  opts: { intervalMs?: number; firstDelayMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): () => void {
  return startPeriodicJob(() => compactStatusCounts(db), {
    intervalMs: opts.intervalMs ?? STATUS_COUNTS_COMPACT_INTERVAL_MS,
    firstDelayMs: opts.firstDelayMs ?? 5_000,
    failure: 'status counter compaction failed',
    log: opts.log,
  });
}
