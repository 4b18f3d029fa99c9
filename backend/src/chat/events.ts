/**
 * Appending durable realtime events to the chat event log (DESIGN "Realtime"; spec chat §4 "Incoming realtime
 * message types", "Realtime connection"). Chat write paths call appendChatEvents inside their own transaction,
 * so an event exists exactly when the change that caused it commits: a rolled-back transaction emits nothing.
 *
 * Ids: "each event gets a monotonic id at commit" (DESIGN "Realtime") — since migration 0023 at the commit of the log,
 * not of the writer. The caller's transaction only inserts its events into chat_events_pending (input order kept by
 * its identity column `seq`); they commit with it, without any shared lock or NOTIFY, so concurrent writers' commits
 * share WAL flushes. After the commit the sequencer (src/chat/sequencer.ts; kicked through the after-commit hook of
 * src/db/client.ts, which the transaction() call awaits) runs one short transaction that locks the single
 * chat_event_counter row, moves all committed pending rows into chat_events with the next contiguous ids (seq order),
 * raises the counter and NOTIFYs the last id. The runs serialise on the counter row (several replicas too), so ids are
 * contiguous and become visible in ascending order — the committed ids always form a prefix 1..head (a reader that
 * sees id N can never later meet a committed id < N that it did not see, and "read id > last delivered" loses nothing);
 * a transaction that began after another committed gets higher ids; several events of one transaction keep their input
 * order and stay adjacent; a rolled-back transaction takes no id and leaves no row. Rows a crash left pending (writer
 * committed, process died before its run) are moved by the stream hub's safety sweep (src/chat/stream/hub.ts).
 * Consequences: the ids are not known before the commit — appendChatEvents cannot return them; between a writer's
 * commit and its run (normally the few ms the transaction() call waits for) its events are committed but not in the log.
 *
 * Fan-out: the sequencer runs `pg_notify('chat_events', '<last id>')` (one per run, whatever the number of writers it
 * served); PostgreSQL (and PGlite) deliver it when its commit is done, to every backend process LISTENing
 * (src/chat/stream/hub.ts), which then reads the new rows.
 */
import { sql } from 'drizzle-orm';
import type { RealtimeMessageType } from '@platform/domain/chat/events';
import type { ORDER_EVENT_KIND } from '@platform/domain/deal/events';
import { afterCommit, type DbOrTx } from '../db/client.js';
import { kickSequencerOf } from './sequencer.js';

/**
 * NOTIFY channel of durable events; the payload is the highest id given by a sequencer run (decimal). Sent by
 * chat_events_sequence() of migration 0023, which spells the name itself.
 */
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

/**
 * Appends `events` to the log in the caller's transaction `tx` (pass a transaction: with a plain Db the statement
 * commits on its own, and the sequencer run is awaited here). One statement (issue 15, the send route's cost): the
 * events travel as one JSON parameter (`[{ r: recipients, k: kind, p: payload }]`, in input order) into
 * chat_events_pending; once `tx` has committed, the sequencer run that the transaction() call awaits gives them their
 * ids, moves them into chat_events and NOTIFYs (file header; DESIGN "Realtime"; spec chat §4 "Realtime connection").
 * @returns the number of events appended (0 for none: nothing is written). Their ids are not known here; they are
 *   contiguous, in input order, at or below the NOTIFY payload of the run that moved them.
 * Errors: whatever the database raises (the caller's transaction then rolls back as a whole). A failed sequencer run
 *   is logged, not raised (the writer has committed; the next run or the hub's sweep moves the rows).
 */
export async function appendChatEvents(tx: DbOrTx, events: NewChatEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const json = JSON.stringify(
    events.map((e) => ({ r: [...new Set(e.recipients.map(Number))], k: e.kind, p: e.payload })),
  );
  await tx.execute(sql`
    insert into chat_events_pending (recipients, kind, payload)
    select array(select r.id::int from jsonb_array_elements_text(e.value -> 'r') with ordinality r(id, ord) order by r.ord),
      e.value ->> 'k', e.value -> 'p'
    from jsonb_array_elements(${json}::jsonb) with ordinality e(value, ord)
    order by e.ord`);
  await afterCommit(tx, kickSequencerOf);
  return events.length;
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
