/**
 * Appending durable realtime events to the chat event log (DESIGN "Realtime"; spec chat §4 "Incoming realtime
 * message types", "Realtime connection"). Chat write paths call appendChatEvents inside their own transaction,
 * so an event exists exactly when the change that caused it commits: a rolled-back transaction emits nothing.
 *
 * Ids: monotonic in commit order and contiguous. They are allocated from the single row of
 * chat_event_counter (upsert `last_id = last_id + n … returning`) in the caller's transaction. The row lock is
 * held until that transaction ends, so a second appender waits until the first has committed (or rolled back,
 * which gives the ids back). Hence the committed ids always form a prefix 1..head: a reader that sees id N can
 * never later meet a committed id < N that it did not see, and "read id > last delivered" loses nothing.
 * Cost: appends of different chats are serialised for the rest of the appending transaction — keep those
 * transactions short (append last, just before commit, where possible).
 *
 * Fan-out: the same transaction runs `pg_notify('chat_events', '<last id>')`; PostgreSQL (and PGlite) deliver
 * it only at commit, to every backend process LISTENing (src/chat/stream/hub.ts), which then reads the new rows.
 */
import { sql } from 'drizzle-orm';
import type { RealtimeMessageType } from '@platform/domain/chat/events';
import type { ORDER_EVENT_KIND } from '@platform/domain/deal/events';
import type { DbOrTx } from '../db/client.js';

/** NOTIFY channel of durable events; the payload is the highest id appended by the transaction (decimal). */
export const CHAT_EVENTS_CHANNEL = 'chat_events';
/** NOTIFY channel of ephemeral events (typing, presence); payload: JSON {@link EphemeralNotice}. */
export const CHAT_EPHEMERAL_CHANNEL = 'chat_ephemeral';

/** A durable event to append: who receives it, its spec chat §4 type (the SSE `event:`), its JSON body (`data:`). */
export interface NewChatEvent {
  /** Recipient user ids (duplicates are dropped). */
  recipients: number[];
  /** A chat §4 kind, or ORDER_MSG: a live order event (issue 12, src/deal/order-events.ts). */
  kind: RealtimeMessageType | typeof ORDER_EVENT_KIND;
  /** The SSE data object; must be JSON-serialisable. */
  payload: Record<string, unknown>;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * Appends `events` to the log in the caller's transaction `tx` (pass a transaction: with a plain Db each
 * statement commits on its own and the guarantee above is per call only).
 * One statement (issue 15, the send route's cost): the counter upsert, the insert of the events with the ids it
 * returned and the `pg_notify`, as data-modifying CTEs; the events travel as one JSON parameter
 * (`[{ r: recipients, k: kind, p: payload }]`, in input order).
 * @returns the ids given to the events, in input order (ascending, contiguous); [] for no events.
 * Errors: whatever the database raises (the caller's transaction then rolls back as a whole).
 */
export async function appendChatEvents(tx: DbOrTx, events: NewChatEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const n = events.length;
  const json = JSON.stringify(
    events.map((e) => ({ r: [...new Set(e.recipients.map(Number))], k: e.kind, p: e.payload })),
  );
  const [row] = rowsOf<{ last_id: string | number }>(
    await tx.execute(sql`
    with counter as (
      insert into chat_event_counter (id, last_id) values (1, ${n})
      on conflict (id) do update set last_id = chat_event_counter.last_id + ${n}, updated_at = now()
      returning last_id
    ), appended as (
      insert into chat_events (id, recipients, kind, payload)
      select counter.last_id - ${n} + e.ord,
        array(select r.id::int from jsonb_array_elements_text(e.value -> 'r') with ordinality r(id, ord) order by r.ord),
        e.value ->> 'k', e.value -> 'p'
      from counter, jsonb_array_elements(${json}::jsonb) with ordinality e(value, ord)
    )
    select last_id, pg_notify(${CHAT_EVENTS_CHANNEL}, last_id::text) from counter`),
  );
  const last = Number(row.last_id);
  const first = last - n + 1;
  return events.map((_, i) => first + i);
}

/**
 * Ephemeral notification kinds carried live only (spec chat §4 "Notifications"), and SESSION_ENDED (issue 14): sessions
 * of the recipient ended (payload `{ sessions: string[] }`, session keys of chat/session-token.ts `sessionKey`); the
 * stream writes it as its own SSE event `SESSION_ENDED` and ends itself when its own session is among them.
 */
export type EphemeralKind = 'USER_TYPING_GROUP' | 'USER_ONLINE' | 'USER_OFFLINE' | 'SESSION_ENDED';

/** What travels on {@link CHAT_EPHEMERAL_CHANNEL}: recipients, kind and the data object. */
export interface EphemeralNotice {
  u: number[];
  k: EphemeralKind;
  p: Record<string, unknown>;
}

/** NOTIFY payloads are limited to 8000 bytes; larger ephemeral notices are dropped (they may be lost anyway). */
export const MAX_EPHEMERAL_NOTICE_BYTES = 7900;

/**
 * Sends an ephemeral event (typing, online, offline) to the connected streams of `userIds` on every backend
 * replica, via NOTIFY. Sent as SSE `event: NOTIFY_MSG` without an id; never stored, never replayed, dropped
 * for a congested stream. Inside a transaction it goes out at commit; with a plain Db at once.
 * @returns false when nothing was sent (no recipients, or the notice exceeds MAX_EPHEMERAL_NOTICE_BYTES).
 */
export async function publishEphemeralVia(
  db: DbOrTx,
  userIds: number[],
  kind: EphemeralKind,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const u = [...new Set(userIds.map(Number))];
  if (u.length === 0) return false;
  const text = JSON.stringify({ u, k: kind, p: payload } satisfies EphemeralNotice);
  if (Buffer.byteLength(text) > MAX_EPHEMERAL_NOTICE_BYTES) return false;
  await db.execute(sql`select pg_notify(${CHAT_EPHEMERAL_CHANNEL}, ${text})`);
  return true;
}
