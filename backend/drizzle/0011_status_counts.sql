CREATE TABLE "order_status_counts" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_order_status_counts" (
	"partner_company_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_status_counts_key_idx" ON "order_status_counts" USING btree ("company_id","status","n");--> statement-breakpoint
CREATE INDEX "partner_order_status_counts_key_idx" ON "partner_order_status_counts" USING btree ("partner_company_id","status","n");--> statement-breakpoint
CREATE INDEX "chat_messages_group_live_created_idx" ON "chat_messages" USING btree ("group_id","created_at") WHERE "chat_messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_validator_created_idx" ON "orders" USING btree ("validator_user_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_orders_partner_status_idx" ON "partner_orders" USING btree ("partner_company_id","status","order_id");--> statement-breakpoint
-- Issue 15: the counters of order_status_counts / partner_order_status_counts (db/schema/orders.ts), kept by
-- statement-level triggers that append delta rows (no UPDATE of a counter row: concurrent writers never wait), folded
-- by compact_status_counts().
CREATE FUNCTION "order_status_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (company_id, status, n)
    SELECT company_id, status, count(*) FROM new_rows GROUP BY company_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (company_id, status, n)
    SELECT company_id, status, -count(*) FROM old_rows GROUP BY company_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (company_id, status, n)
    SELECT company_id, status, sum(n) FROM (
      SELECT o.company_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.company_id, o.status) IS DISTINCT FROM (w.company_id, w.status)
      UNION ALL
      SELECT w.company_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.company_id, o.status) IS DISTINCT FROM (w.company_id, w.status)
    ) d GROUP BY company_id, status HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_on_update"();
--> statement-breakpoint
CREATE FUNCTION "partner_order_status_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, count(*) FROM new_rows GROUP BY partner_company_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_status_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, -count(*) FROM old_rows GROUP BY partner_company_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_status_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM (
      SELECT o.partner_company_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.partner_company_id, o.status) IS DISTINCT FROM (w.partner_company_id, w.status)
      UNION ALL
      SELECT w.partner_company_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.partner_company_id, o.status) IS DISTINCT FROM (w.partner_company_id, w.status)
    ) d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_orders_status_counts_insert" AFTER INSERT ON "partner_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_status_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_status_counts_delete" AFTER DELETE ON "partner_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_status_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_status_counts_update" AFTER UPDATE ON "partner_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_status_counts_on_update"();
--> statement-breakpoint
-- Folds the deltas into one row per key (rows that sum to 0 disappear). One transaction: a concurrent reader sees the
-- counters before or after it, never half; deltas appended meanwhile are not in its snapshot and stay.
CREATE FUNCTION "compact_status_counts"() RETURNS void LANGUAGE sql AS $$
  WITH d AS (DELETE FROM order_status_counts RETURNING company_id, status, n)
  INSERT INTO order_status_counts (company_id, status, n)
    SELECT company_id, status, sum(n) FROM d GROUP BY company_id, status HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM partner_order_status_counts RETURNING partner_company_id, status, n)
  INSERT INTO partner_order_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
$$;
--> statement-breakpoint
-- The counters of the rows already there (the triggers exist from here on, in the same transaction).
INSERT INTO "order_status_counts" ("company_id", "status", "n")
  SELECT "company_id", "status", count(*) FROM "orders" GROUP BY "company_id", "status";
--> statement-breakpoint
INSERT INTO "partner_order_status_counts" ("partner_company_id", "status", "n")
  SELECT "partner_company_id", "status", count(*) FROM "partner_orders" GROUP BY "partner_company_id", "status";
