/**
 * The realtime event log of the chat (DESIGN "Realtime"; spec chat §4 "Incoming realtime message types",
 * "Realtime connection"). Written by appendChatEvents (src/chat/events.ts) inside the caller's write
 * transaction; read by the SSE stream (src/chat/stream/**) for replay after a reconnect and for fan-out.
 *
 * Ordering guarantee ("each event gets a monotonic id at commit" — of the log): a writer inserts its events into
 * `chat_events_pending`, which commits with it; after the commit the sequencer (src/chat/sequencer.ts, SQL function
 * chat_events_sequence() of migration 0023) locks the single row of `chat_event_counter`, moves all committed pending
 * rows into `chat_events` with the next ids and commits. Runs serialise on that row, so ids become visible strictly
 * in ascending order: a reader that sees id N has already been able to see every id < N (no later commit can carry a
 * smaller id), and a rolled-back transaction takes no id. `chat_events` only ever holds rows with their final ids.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One durable realtime event addressed to a set of users. */
export const chatEvents = pgTable(
  'chat_events',
  {
    /** Monotonic at commit, contiguous (see the file header). */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** User ids the event is delivered to (GIN-indexed; query with `recipients @> ARRAY[userId]`). */
    recipients: integer('recipients').array().notNull(),
    /** Incoming realtime message type of spec chat §4: GROUP_MSG, MODIFY_MSG, CHILD_MSG, MODIFY_GROUP_MSG, NOTIFY_MSG, GROUP_REQDOC_MSG. */
    kind: text('kind').notNull(),
    /** The event body as sent in the SSE `data:` line (JSON object). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_events_recipients_gin').using('gin', t.recipients),
    index('chat_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The single-row id counter and retention bound of chat_events (row id = 1, created by the first append).
 * - lastId: the highest id ever assigned (committed), i.e. the head of the log; raised only by the sequencer's runs.
 * - prunedThrough: every event with id ≤ prunedThrough may have been pruned; ids above it are all retained.
 */
export const chatEventCounter = pgTable('chat_event_counter', {
  id: integer('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Events whose ids are not given yet (src/chat/events.ts appendChatEvents): inserted by the writer's transaction and
 * committed with it, moved into chat_events by the next sequencer run (src/chat/sequencer.ts, migration 0023), which
 * deletes them here. `seq` (identity) keeps the input order; other transactions never see uncommitted rows.
 */
export const chatEventsPending = pgTable('chat_events_pending', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /**
   * The writer's top-level transaction id (txid_current(), also inside a savepoint; migration 0023): the sequencer
   * keeps the events of one transaction adjacent (concurrent writers' seq values interleave).
   */
  tx: bigint('tx', { mode: 'number' })
    .notNull()
    .default(sql`txid_current()`),
  /** As chat_events.recipients. */
  recipients: integer('recipients').array().notNull(),
  /** As chat_events.kind. */
  kind: text('kind').notNull(),
  /** As chat_events.payload. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});
