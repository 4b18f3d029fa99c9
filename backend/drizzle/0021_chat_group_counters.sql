CREATE TABLE "chat_group_marks" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"last_deleted_id" bigint DEFAULT 0 NOT NULL,
	"last_reaction_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "msg_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "child_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "last_message_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "last_mention_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "viewed_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "viewed_child_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "child_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD COLUMN "group_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD COLUMN "message_sender_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_group_marks" ADD CONSTRAINT "chat_group_marks_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 15: the group statistics (unread counts, mentions, reactions) without reading each unread message. A
-- member's messages above the read pointer are chat_groups.msg_seq - chat_members.viewed_seq; the statistics read only
-- the exceptions (the member's own messages and deleted ones above the pointer, mentions, new reactions). See
-- db/schema/chat.ts and chat/repository/group-views.ts. First the values of the rows already there:
UPDATE "chat_messages" m SET "seq" = x."seq", "child_seq" = x."child_seq"
FROM (
  SELECT "id", row_number() OVER w AS "seq", count(*) FILTER (WHERE "type" = 'CHILD_MSG') OVER w AS "child_seq"
  FROM "chat_messages"
  WINDOW w AS (PARTITION BY "group_id" ORDER BY "id" ROWS UNBOUNDED PRECEDING)
) x
WHERE x."id" = m."id";
--> statement-breakpoint
UPDATE "chat_groups" g SET "msg_seq" = x."seq", "child_seq" = x."child_seq", "last_message_id" = x."id",
  "last_message_at" = x."created_at",
  "last_mention_id" = coalesce((SELECT max(n."id") FROM "chat_messages" n
                                WHERE n."group_id" = g."id" AND n."mentioned" <> '{}'::int[]), 0)
FROM (
  SELECT DISTINCT ON ("group_id") "group_id", "seq", "child_seq", "id", "created_at"
  FROM "chat_messages" ORDER BY "group_id", "id" DESC
) x
WHERE g."id" = x."group_id";
--> statement-breakpoint
UPDATE "chat_members" cm SET "viewed_seq" = p."seq", "viewed_child_seq" = p."child_seq"
FROM "chat_members" c2
CROSS JOIN LATERAL (
  SELECT m."seq", m."child_seq" FROM "chat_messages" m
  WHERE m."group_id" = c2."group_id" AND m."id" <= c2."last_viewed_message_id"
  ORDER BY m."id" DESC LIMIT 1
) p
WHERE cm."id" = c2."id";
--> statement-breakpoint
UPDATE "chat_reactions" r SET "group_id" = m."group_id", "message_sender_id" = m."sender_id"
FROM "chat_messages" m WHERE m."id" = r."message_id";
--> statement-breakpoint
INSERT INTO "chat_group_marks" ("group_id", "last_deleted_id", "last_reaction_id")
SELECT "group_id", max("deleted"), max("reaction") FROM (
  SELECT "group_id", max("id") AS "deleted", 0 AS "reaction" FROM "chat_messages" WHERE "deleted_at" IS NOT NULL
  GROUP BY "group_id"
  UNION ALL
  SELECT "group_id", 0, max("id") FROM "chat_reactions" GROUP BY "group_id"
) x GROUP BY "group_id";
--> statement-breakpoint
CREATE INDEX "chat_messages_group_sender_idx" ON "chat_messages" USING btree ("group_id","sender_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_group_deleted_idx" ON "chat_messages" USING btree ("group_id","id") WHERE "chat_messages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_group_mention_idx" ON "chat_messages" USING btree ("group_id","id") WHERE "chat_messages"."mentioned" <> '{}'::int[];--> statement-breakpoint
CREATE INDEX "chat_reactions_group_sender_idx" ON "chat_reactions" USING btree ("group_id","message_sender_id","id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type_chk" CHECK ("chat_messages"."type" in ('GROUP_MSG', 'CHILD_MSG'));
--> statement-breakpoint
-- A new message's place in its group: 1 + the newest message's seq. The group row is locked first (insertChatMessage
-- holds that lock already: then a no-op), so the inserts of a group run one after another and the newest is read
-- after the previous insert committed (each statement of a plpgsql function takes a new snapshot in READ COMMITTED;
-- rows of the same INSERT processed earlier are seen too). A duplicate skipped by ON CONFLICT DO NOTHING only had
-- its values computed: the counters move in the AFTER trigger, which fires for inserted rows only.
CREATE FUNCTION "chat_message_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer;
  c integer;
BEGIN
  PERFORM 1 FROM chat_groups WHERE id = NEW.group_id FOR NO KEY UPDATE;
  SELECT m.seq, m.child_seq INTO s, c FROM chat_messages m WHERE m.group_id = NEW.group_id ORDER BY m.id DESC LIMIT 1;
  NEW.seq := coalesce(s, 0) + 1;
  NEW.child_seq := coalesce(c, 0) + CASE WHEN NEW.type = 'CHILD_MSG' THEN 1 ELSE 0 END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_seq" BEFORE INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_message_seq"();
--> statement-breakpoint
-- The group's counters after the inserted messages (under the group lock taken above). A message inserted deleted
-- (none today) raises its group's deletion mark.
CREATE FUNCTION "chat_message_counters_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_groups g SET
    msg_seq = greatest(g.msg_seq, n.seq),
    child_seq = greatest(g.child_seq, n.child_seq),
    last_message_at = CASE WHEN n.id > g.last_message_id THEN n.created_at ELSE g.last_message_at END,
    last_message_id = greatest(g.last_message_id, n.id),
    last_mention_id = greatest(g.last_mention_id, n.mention_id)
  FROM (
    SELECT group_id, max(seq) AS seq, max(child_seq) AS child_seq, max(id) AS id,
           (array_agg(created_at ORDER BY id DESC))[1] AS created_at,
           coalesce(max(id) FILTER (WHERE mentioned <> '{}'::int[]), 0) AS mention_id
    FROM new_rows GROUP BY group_id
  ) n
  WHERE g.id = n.group_id;
  INSERT INTO chat_group_marks (group_id, last_deleted_id)
    SELECT group_id, max(id) FROM new_rows WHERE deleted_at IS NOT NULL GROUP BY group_id
  ON CONFLICT (group_id) DO UPDATE SET last_deleted_id = greatest(chat_group_marks.last_deleted_id, excluded.last_deleted_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_counters_insert" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "chat_message_counters_on_insert"();
--> statement-breakpoint
-- A deletion raises the group's deletion mark (chat_group_marks, not the group row: see db/schema/chat.ts).
CREATE FUNCTION "chat_message_marks_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_group_marks (group_id, last_deleted_id) VALUES (NEW.group_id, NEW.id)
  ON CONFLICT (group_id) DO UPDATE SET last_deleted_id = greatest(chat_group_marks.last_deleted_id, excluded.last_deleted_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_marks_delete" AFTER UPDATE OF "deleted_at" ON "chat_messages"
  FOR EACH ROW WHEN (OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL)
  EXECUTE FUNCTION "chat_message_marks_on_delete"();
--> statement-breakpoint
-- What the counters assume: a message stays in its group with its sender, type, mentions and place, and is never
-- removed (deleting is setting deleted_at).
CREATE FUNCTION "chat_message_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'chat messages are never removed (set deleted_at): the group counters count them';
  END IF;
  IF (NEW.group_id, NEW.sender_id, NEW.type, NEW.mentioned, NEW.seq, NEW.child_seq)
     IS DISTINCT FROM (OLD.group_id, OLD.sender_id, OLD.type, OLD.mentioned, OLD.seq, OLD.child_seq) THEN
    RAISE EXCEPTION 'group_id, sender_id, type, mentioned, seq and child_seq of a chat message do not change';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_fixed_update" BEFORE UPDATE OF "group_id", "sender_id", "type", "mentioned", "seq", "child_seq"
  ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "chat_message_fixed"();
--> statement-breakpoint
CREATE TRIGGER "chat_messages_fixed_delete" BEFORE DELETE ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_message_fixed"();
--> statement-breakpoint
-- The read pointer's place: seq / child_seq of the newest message of the group at or below it (0 when none).
CREATE FUNCTION "chat_member_viewed_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer;
  c integer;
BEGIN
  IF NEW.last_viewed_message_id > 0 THEN
    SELECT m.seq, m.child_seq INTO s, c FROM chat_messages m
    WHERE m.group_id = NEW.group_id AND m.id <= NEW.last_viewed_message_id ORDER BY m.id DESC LIMIT 1;
  END IF;
  NEW.viewed_seq := coalesce(s, 0);
  NEW.viewed_child_seq := coalesce(c, 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_members_viewed_seq" BEFORE INSERT OR UPDATE OF "last_viewed_message_id", "group_id", "viewed_seq", "viewed_child_seq"
  ON "chat_members" FOR EACH ROW EXECUTE FUNCTION "chat_member_viewed_seq"();
--> statement-breakpoint
-- A reaction carries its message's group and sender (a reaction never moves to another message).
CREATE FUNCTION "chat_reaction_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.message_id IS NOT DISTINCT FROM OLD.message_id THEN
    NEW.group_id := OLD.group_id;
    NEW.message_sender_id := OLD.message_sender_id;
    RETURN NEW;
  END IF;
  SELECT m.group_id, m.sender_id INTO NEW.group_id, NEW.message_sender_id FROM chat_messages m WHERE m.id = NEW.message_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_reactions_message" BEFORE INSERT OR UPDATE OF "message_id", "group_id", "message_sender_id"
  ON "chat_reactions" FOR EACH ROW EXECUTE FUNCTION "chat_reaction_message"();
--> statement-breakpoint
CREATE FUNCTION "chat_reaction_marks_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_group_marks (group_id, last_reaction_id) VALUES (NEW.group_id, NEW.id)
  ON CONFLICT (group_id) DO UPDATE SET last_reaction_id = greatest(chat_group_marks.last_reaction_id, excluded.last_reaction_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_reactions_marks_insert" AFTER INSERT ON "chat_reactions"
  FOR EACH ROW EXECUTE FUNCTION "chat_reaction_marks_on_insert"();
--> statement-breakpoint
ANALYZE "chat_groups";
--> statement-breakpoint
ANALYZE "chat_members";
--> statement-breakpoint
ANALYZE "chat_messages";
--> statement-breakpoint
ANALYZE "chat_reactions";
