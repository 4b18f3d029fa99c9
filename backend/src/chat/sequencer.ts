/**
 * The chat event sequencer (issue 15 "Subscriptions"; DESIGN "Realtime": each event gets a monotonic id at the commit
 * of the log; migration 0023). Writers only insert their events into chat_events_pending (src/chat/events.ts), which
 * commits with them; a sequencer run — the SQL function chat_events_sequence(), one short transaction of its own —
 * moves ALL committed pending rows into chat_events with the next contiguous ids of chat_event_counter, raises the
 * counter and NOTIFYs the last id. Runs serialise on the counter row (across replicas too), so ids are contiguous and
 * become visible in ascending order; see the migration for the argument.
 *
 * When it runs: after every transaction that appended events has committed (appendChatEvents registers
 * {@link kickSequencerOf} with afterCommit of src/db/client.ts, and the transaction() call awaits it), and from the
 * stream hub's safety sweep (src/chat/stream/hub.ts) for rows left pending by a crash between a writer's commit and
 * its run. Per process and database at most one run is in flight; kicks during a run schedule exactly one more, which
 * starts after the current one ends and serves every kick made meanwhile (batching: under load one run moves the
 * events of many transactions, with one counter update, one NOTIFY and one WAL flush).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * One sequencer run on `db` (autocommit: never call it with a transaction handle, nor while a transaction of a
 * single-connection PGlite is open in the same async flow — it would wait for that transaction). Moves every committed
 * pending event into chat_events, NOTIFYs `chat_events` with the last id.
 * @returns the last id given (the new head of the log), or null when nothing was pending.
 * Errors: whatever the database raises (nothing is moved then; the rows stay pending for the next run).
 */
export async function sequenceChatEvents(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ last: string | number | null }>(await db.execute(sql`select chat_events_sequence() as last`));
  return row?.last == null ? null : Number(row.last);
}

/** Receives the warnings of failed runs (a pino/fastify logger fits). */
export interface SequencerLog {
  warn(obj: unknown, msg?: string): void;
}

/** The batched sequencer of one database handle (one per process and handle: {@link sequencerFor}). */
export class ChatEventSequencer {
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Where failed runs are reported (set by the stream hub to the app's logger); none: silent. */
  log: SequencerLog | undefined;
  /** Counters for tests and diagnostics: runs started, runs that moved events, runs that failed. */
  readonly stats = { runs: 0, moved: 0, failed: 0 };

  constructor(private readonly db: Db) {}

  /**
   * Asks for a run that starts after this call: starts one when none is in flight, else schedules (or joins) the one
   * that follows the current run. Resolves when that run has ended — its commit done when it succeeded; a failed run
   * is logged and resolves too (the rows stay pending; the next kick or the hub's sweep moves them). Never rejects.
   */
  kick(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.inFlight) return (this.inFlight = this.launch());
    const queued = this.inFlight.then(() => {
      this.queued = null;
      return (this.inFlight = this.launch());
    });
    this.queued = queued;
    return queued;
  }

  private launch(): Promise<void> {
    this.stats.runs++;
    const run: Promise<void> = sequenceChatEvents(this.db)
      .then(
        (last) => {
          if (last !== null) this.stats.moved++;
        },
        (err: unknown) => {
          this.stats.failed++;
          this.log?.warn({ err }, 'chat event sequencer run failed; events stay pending until the next run');
        },
      )
      .finally(() => {
        if (this.inFlight === run) this.inFlight = null;
      });
    return run;
  }
}

const sequencers = new WeakMap<Db, ChatEventSequencer>();

/** The sequencer of database handle `db` (created on first use; one per handle and process). */
export function sequencerFor(db: Db): ChatEventSequencer {
  let s = sequencers.get(db);
  if (!s) sequencers.set(db, (s = new ChatEventSequencer(db)));
  return s;
}

/**
 * The after-commit task of appendChatEvents (src/db/client.ts afterCommit): kicks the sequencer of `db` and resolves
 * when a run that started after the commit has ended. One function, so a transaction that appends several times
 * registers it once.
 */
export function kickSequencerOf(db: Db): Promise<void> {
  return sequencerFor(db).kick();
}
