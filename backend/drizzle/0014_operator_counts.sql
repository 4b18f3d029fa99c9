CREATE TABLE "order_agent_status_counts" (
	"partner_company_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_validator_status_counts" (
	"validator_user_id" integer,
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_agent_status_counts_key_idx" ON "order_agent_status_counts" USING btree ("partner_company_id","status","n");--> statement-breakpoint
CREATE INDEX "order_validator_status_counts_key_idx" ON "order_validator_status_counts" USING btree ("validator_user_id","status","n");--> statement-breakpoint
-- Issue 15: the counters of order_validator_status_counts (validator, order status) and order_agent_status_counts
-- (payment agent the order was sent to, ORDER status) — db/schema/orders.ts — kept like those of migration 0011 by
-- statement-level triggers that append delta rows, folded by compact_status_counts() (redefined below).
CREATE FUNCTION "order_operator_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a new order has no partner order yet (partner_orders.order_id references it): only the validator counters
  INSERT INTO order_validator_status_counts (validator_user_id, status, n)
    SELECT validator_user_id, status, count(*) FROM new_rows GROUP BY validator_user_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_operator_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the order's partner orders are gone already (the foreign key of partner_orders.order_id): their own trigger
  -- took them out of order_agent_status_counts
  INSERT INTO order_validator_status_counts (validator_user_id, status, n)
    SELECT validator_user_id, status, -count(*) FROM old_rows GROUP BY validator_user_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_operator_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_validator_status_counts (validator_user_id, status, n)
    SELECT validator_user_id, status, sum(n) FROM (
      SELECT o.validator_user_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.validator_user_id, o.status) IS DISTINCT FROM (w.validator_user_id, w.status)
      UNION ALL
      SELECT w.validator_user_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.validator_user_id, o.status) IS DISTINCT FROM (w.validator_user_id, w.status)
    ) d GROUP BY validator_user_id, status HAVING sum(n) <> 0;
  -- the order's partner orders move from the old status to the new one (a fresh snapshot: partner orders committed
  -- by a concurrent insert that locked the order FOR SHARE before this UPDATE got it are seen)
  INSERT INTO order_agent_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM (
      SELECT p.partner_company_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN partner_orders p ON p.order_id = w.id WHERE o.status IS DISTINCT FROM w.status
      UNION ALL
      SELECT p.partner_company_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN partner_orders p ON p.order_id = w.id WHERE o.status IS DISTINCT FROM w.status
    ) d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_operator_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_operator_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "orders_operator_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_operator_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "orders_operator_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_operator_counts_on_update"();
--> statement-breakpoint
-- Partner orders read their order's status FOR SHARE: an order whose status a concurrent transaction is changing is
-- waited for and read as committed (its trigger did not see this partner order), and an UPDATE of the order waits
-- for this transaction (then its trigger sees the partner order) — the counters stay exact either way.
CREATE FUNCTION "order_agent_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_agent_status_counts (partner_company_id, status, n)
    SELECT p.partner_company_id, o.status, count(*) FROM new_rows p
      JOIN (SELECT id, status FROM orders WHERE id IN (SELECT order_id FROM new_rows) FOR SHARE) o ON o.id = p.order_id
      GROUP BY p.partner_company_id, o.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_agent_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_agent_status_counts (partner_company_id, status, n)
    SELECT p.partner_company_id, o.status, -count(*) FROM old_rows p
      JOIN (SELECT id, status FROM orders WHERE id IN (SELECT order_id FROM old_rows) FOR SHARE) o ON o.id = p.order_id
      GROUP BY p.partner_company_id, o.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_agent_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
                 WHERE (o.order_id, o.partner_company_id) IS DISTINCT FROM (w.order_id, w.partner_company_id)) THEN
    RETURN NULL; -- an offer status change (the usual update) moves no order between agents
  END IF;
  INSERT INTO order_agent_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM (
      SELECT o.partner_company_id, s.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN (SELECT id, status FROM orders WHERE id IN (SELECT order_id FROM old_rows) FOR SHARE) s ON s.id = o.order_id
        WHERE (o.order_id, o.partner_company_id) IS DISTINCT FROM (w.order_id, w.partner_company_id)
      UNION ALL
      SELECT w.partner_company_id, s.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN (SELECT id, status FROM orders WHERE id IN (SELECT order_id FROM new_rows) FOR SHARE) s ON s.id = w.order_id
        WHERE (o.order_id, o.partner_company_id) IS DISTINCT FROM (w.order_id, w.partner_company_id)
    ) d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_orders_agent_counts_insert" AFTER INSERT ON "partner_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_agent_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_agent_counts_delete" AFTER DELETE ON "partner_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_agent_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_agent_counts_update" AFTER UPDATE ON "partner_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_agent_counts_on_update"();
--> statement-breakpoint
-- Migration 0011's compaction, now folding the two new counter tables too.
CREATE OR REPLACE FUNCTION "compact_status_counts"() RETURNS void LANGUAGE sql AS $$
  WITH d AS (DELETE FROM order_status_counts RETURNING company_id, status, n)
  INSERT INTO order_status_counts (company_id, status, n)
    SELECT company_id, status, sum(n) FROM d GROUP BY company_id, status HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM partner_order_status_counts RETURNING partner_company_id, status, n)
  INSERT INTO partner_order_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM order_validator_status_counts RETURNING validator_user_id, status, n)
  INSERT INTO order_validator_status_counts (validator_user_id, status, n)
    SELECT validator_user_id, status, sum(n) FROM d GROUP BY validator_user_id, status HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM order_agent_status_counts RETURNING partner_company_id, status, n)
  INSERT INTO order_agent_status_counts (partner_company_id, status, n)
    SELECT partner_company_id, status, sum(n) FROM d GROUP BY partner_company_id, status HAVING sum(n) <> 0;
$$;
--> statement-breakpoint
-- The counters of the rows already there (the triggers exist from here on, in the same transaction).
INSERT INTO "order_validator_status_counts" ("validator_user_id", "status", "n")
  SELECT "validator_user_id", "status", count(*) FROM "orders" GROUP BY "validator_user_id", "status";
--> statement-breakpoint
INSERT INTO "order_agent_status_counts" ("partner_company_id", "status", "n")
  SELECT p."partner_company_id", o."status", count(*) FROM "partner_orders" p JOIN "orders" o ON o."id" = p."order_id"
  GROUP BY p."partner_company_id", o."status";
