/**
 * Reading and pruning the chat event log (DESIGN "Realtime"; spec chat §4 "Realtime connection").
 * Ids are a committed prefix 1..head (see src/chat/events.ts), so "id > x" reads lose nothing.
 */
import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatEvents } from '../../db/schema/chat-events.js';
import type { RetainedWindow } from '../../domain/chat/replay.js';
import { withStatusEventViews } from '../repository/messages.js';

/** A stored durable event as the stream sends it: `id:` id, `event:` kind, `data:` JSON of payload. */
export interface LoggedEvent {
  id: number;
  recipients: number[];
  kind: string;
  payload: Record<string, unknown>;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Head (highest committed id, 0 when empty) and retention bound (ids ≥ retainedFromId are all kept). */
export async function readLogBounds(db: Db): Promise<{ headId: number; retainedFromId: number }> {
  const [row] = rowsOf<{ last_id: string | number; pruned_through: string | number }>(
    await db.execute(sql`select last_id, pruned_through from chat_event_counter where id = 1`),
  );
  return row
    ? { headId: Number(row.last_id), retainedFromId: Number(row.pruned_through) + 1 }
    : { headId: 0, retainedFromId: 1 };
}

/**
 * Reads, in one REPEATABLE READ snapshot, the retained events of `userId` after `afterId` (at most `limit`,
 * ascending) together with the head and the retention bound — the input of resumeFrom (domain/chat/replay.ts).
 * `afterId` null or invalid reads no events (live start). When more than `limit` events are missed, `truncated`
 * is true and the caller should treat the gap as a resync.
 */
export async function readRetainedWindow(
  db: Db,
  userId: number,
  afterId: number | null,
  limit: number,
): Promise<RetainedWindow<LoggedEvent> & { truncated: boolean }> {
  return db.transaction(
    async (tx) => {
      const bounds = await readLogBounds(tx as unknown as Db);
      let events: LoggedEvent[] = [];
      if (
        afterId !== null &&
        Number.isFinite(afterId) &&
        afterId >= bounds.retainedFromId - 1 &&
        afterId < bounds.headId
      ) {
        const rows = await tx
          .select()
          .from(chatEvents)
          .where(
            and(
              gt(chatEvents.id, afterId),
              lte(chatEvents.id, bounds.headId),
              sql`${chatEvents.recipients} @> ARRAY[${userId}]::int[]`,
            ),
          )
          .orderBy(asc(chatEvents.id))
          .limit(limit + 1);
        events = await withStatusEventViews(
          tx,
          rows.map((r) => ({ id: r.id, recipients: r.recipients, kind: r.kind, payload: r.payload })),
        );
      }
      const truncated = events.length > limit;
      return { events: truncated ? events.slice(0, limit) : events, ...bounds, truncated };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Up to `limit` committed events with id > afterId, ascending, for every recipient (the fan-out read). Status events
 * (MSG_DELIVERED / MSG_VIEWED) get the message's view (repository/messages.ts withStatusEventViews), as in a replay.
 */
export async function readEventsAfter(db: Db, afterId: number, limit: number): Promise<LoggedEvent[]> {
  const rows = await db
    .select()
    .from(chatEvents)
    .where(gt(chatEvents.id, afterId))
    .orderBy(asc(chatEvents.id))
    .limit(limit);
  return withStatusEventViews(
    db,
    rows.map((r) => ({ id: r.id, recipients: r.recipients, kind: r.kind, payload: r.payload })),
  );
}

/** Retention of the log: events older than `maxAgeMs` or beyond the newest `maxEvents` may be pruned. */
export interface RetentionPolicy {
  /** Milliseconds (default 7 days). */
  maxAgeMs: number;
  /** Count of newest events always kept at most (default 1 000 000). */
  maxEvents: number;
}

/**
 * Deletes the events outside the retention window and raises `pruned_through` accordingly, in one transaction
 * (it takes the counter row lock, so it is serialised with the commits of appends, which take it at COMMIT:
 * src/chat/events.ts; it reads and deletes committed events only — pending ones live in chat_events_pending). A stream resuming from a cursor below the
 * new bound gets RESYNC. `now` is the app clock's time.
 * @returns the number of events deleted and the new retention bound (first retained id).
 */
export async function pruneChatEvents(
  db: Db,
  policy: RetentionPolicy,
  now: Date,
): Promise<{ deleted: number; retainedFromId: number }> {
  return db.transaction(async (tx) => {
    const [c] = rowsOf<{ last_id: string | number; pruned_through: string | number }>(
      await tx.execute(sql`select last_id, pruned_through from chat_event_counter where id = 1 for update`),
    );
    if (!c) return { deleted: 0, retainedFromId: 1 };
    const head = Number(c.last_id);
    const prunedThrough = Number(c.pruned_through);
    const cutoff = new Date(now.getTime() - policy.maxAgeMs);
    const [byAge] = rowsOf<{ m: string | number | null }>(
      await tx.execute(
        sql`select max(id) as m from chat_events where created_at < ${cutoff.toISOString()}::timestamptz`,
      ),
    );
    const through = Math.min(head, Math.max(prunedThrough, Number(byAge?.m ?? 0), head - policy.maxEvents));
    if (through <= prunedThrough) return { deleted: 0, retainedFromId: prunedThrough + 1 };
    const del = await tx.delete(chatEvents).where(lte(chatEvents.id, through)).returning({ id: chatEvents.id });
    await tx.execute(sql`update chat_event_counter set pruned_through = ${through}, updated_at = now() where id = 1`);
    return { deleted: del.length, retainedFromId: through + 1 };
  });
}
