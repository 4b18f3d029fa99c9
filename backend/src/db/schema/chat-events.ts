/**
 * The realtime event log of the chat (DESIGN "Realtime"; spec chat §4 "Incoming realtime message types",
 * "Realtime connection"). Written by appendChatEvents (src/chat/events.ts) inside the caller's write
 * transaction; read by the SSE stream (src/chat/stream/**) for replay after a reconnect and for fan-out.
 *
 * Ordering guarantee ("each event gets a monotonic id at commit"): a writer inserts its events into
 * `chat_events_pending`; the deferred constraint trigger `chat_events_pending_commit` (migration 0021) fires at the
 * transaction's COMMIT, takes the ids from the single row of `chat_event_counter` and moves the rows into
 * `chat_events`. The counter row lock is held from there to the end of the commit, so ids become visible strictly
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
 * - lastId: the highest id ever assigned (committed), i.e. the head of the log; raised only at COMMIT by the trigger.
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
 * Events of transactions that have not committed yet (src/chat/events.ts appendChatEvents). `seq` (identity) keeps
 * the input order; at COMMIT the deferred trigger `chat_events_pending_commit` (migration 0021) deletes the
 * transaction's rows and inserts them into chat_events with their final ids, so no committed row stays here and
 * other transactions never see one (uncommitted rows are invisible to them).
 */
export const chatEventsPending = pgTable('chat_events_pending', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** As chat_events.recipients. */
  recipients: integer('recipients').array().notNull(),
  /** As chat_events.kind. */
  kind: text('kind').notNull(),
  /** As chat_events.payload. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});
