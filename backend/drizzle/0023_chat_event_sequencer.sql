ALTER TABLE "chat_events_pending" ADD COLUMN "tx" bigint DEFAULT txid_current() NOT NULL;
--> statement-breakpoint
-- Issue 15 ("Subscriptions"): ids are given by a sequencer, no longer in the writer's COMMIT. Migration 0022's deferred
-- trigger made every appending transaction hold the chat_event_counter row lock and PostgreSQL's notify-commit lock
-- through its own WAL flush, so all chat writes of all replicas committed one at a time (~200 tx/s on this machine).
-- Now a writer only inserts its events into chat_events_pending, which commits with it (no shared lock, no NOTIFY:
-- concurrent commits share WAL flushes). After the commit the backend (src/chat/sequencer.ts) calls
-- chat_events_sequence(), one short transaction of its own that moves ALL committed pending rows into chat_events.
-- (The ADD COLUMN above: `tx`, the writer's top-level transaction id, keeps each transaction's events adjacent.)
DROP TRIGGER IF EXISTS "chat_events_pending_commit" ON "chat_events_pending";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "chat_events_assign_ids"();
--> statement-breakpoint
-- One sequencer run (call it on its own, in autocommit — never inside another transaction: its ids must become visible
-- with its own commit). VOLATILE plpgsql under READ COMMITTED takes a new snapshot for each statement, so:
-- 1. nothing pending → return NULL at once (no lock, no transaction id: the 1 s safety sweep costs one read);
-- 2. lock the single counter row (created here when absent): concurrent sequencers (several replicas) queue here;
-- 3. the DELETE's snapshot is taken after the lock was granted, so it sees every pending row committed before that,
--    and none of the rows the previous lock holder moved (its commit is visible; a row deleted by a concurrent
--    committed transaction would be skipped by READ COMMITTED anyway). The rows get the next contiguous ids, one
--    writer transaction after the other (grouped by `tx`, its top-level transaction id, ordered by its first seq: a
--    transaction that began after another committed has the higher seqs), each transaction's events adjacent and in
--    input order (seq order; concurrent writers' seqs interleave, hence the grouping). A transaction's rows commit
--    together, so one run moves all of them;
-- 4. raise the counter, NOTIFY the last id, return it. The caller commits (synchronous commit: a reader never sees an
--    id that a crash could give again). Ids are thus contiguous and visible in ascending order: every id ≤ head is
--    committed when head is (they were all assigned under the lock, by this or an earlier committed run).
CREATE FUNCTION "chat_events_sequence"() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head bigint;
  last bigint;
BEGIN
  PERFORM 1 FROM chat_events_pending LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT c.last_id INTO head FROM chat_event_counter c WHERE c.id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO chat_event_counter (id, last_id) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
    SELECT c.last_id INTO head FROM chat_event_counter c WHERE c.id = 1 FOR UPDATE;
  END IF;
  WITH moved AS (
    DELETE FROM chat_events_pending RETURNING seq, tx, recipients, kind, payload
  ), appended AS (
    INSERT INTO chat_events (id, recipients, kind, payload)
    SELECT head + row_number() OVER (ORDER BY m.first, m.seq), m.recipients, m.kind, m.payload
    FROM (SELECT moved.*, min(moved.seq) OVER (PARTITION BY moved.tx) AS first FROM moved) m
    RETURNING id
  )
  SELECT max(a.id) INTO last FROM appended a;
  IF last IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE chat_event_counter SET last_id = last, updated_at = now() WHERE id = 1;
  PERFORM pg_notify('chat_events', last::text);
  RETURN last;
END $$;
