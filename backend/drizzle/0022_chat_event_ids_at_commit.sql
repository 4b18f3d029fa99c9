CREATE TABLE "chat_events_pending" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_events_pending_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipients" integer[] NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
-- Issue 15 (DESIGN "Realtime": "each event gets a monotonic id at commit"). appendChatEvents (src/chat/events.ts)
-- inserts a transaction's events here; this deferred constraint trigger fires at the transaction's COMMIT, once per
-- pending row. The first firing of the transaction moves all of its pending rows (a transaction sees no other
-- transaction's pending rows: they are uncommitted, and each transaction deletes its own before it commits) into
-- chat_events with the next ids of the single chat_event_counter row, in their input order (seq), and NOTIFYs the last
-- id; the later firings find their row gone and return. The counter row lock is thus held only inside COMMIT
-- processing (this trigger, the NOTIFY queue, the WAL flush), not across the client's round trips: the committed
-- ids still form a prefix 1..head in commit order, and a rolled-back transaction takes no id.
CREATE FUNCTION "chat_events_assign_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last bigint;
BEGIN
  PERFORM 1 FROM chat_events_pending WHERE seq = NEW.seq;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  WITH moved AS (
    DELETE FROM chat_events_pending RETURNING seq, recipients, kind, payload
  ), n AS (
    SELECT count(*) AS n FROM moved
  ), counter AS (
    INSERT INTO chat_event_counter (id, last_id) SELECT 1, n.n FROM n
    ON CONFLICT (id) DO UPDATE SET last_id = chat_event_counter.last_id + excluded.last_id, updated_at = now()
    RETURNING last_id
  ), appended AS (
    INSERT INTO chat_events (id, recipients, kind, payload)
    SELECT counter.last_id - n.n + row_number() OVER (ORDER BY m.seq), m.recipients, m.kind, m.payload
    FROM moved m, counter, n
  )
  SELECT counter.last_id INTO last FROM counter;
  PERFORM pg_notify('chat_events', last::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "chat_events_pending_commit" AFTER INSERT ON "chat_events_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "chat_events_assign_ids"();
