CREATE TABLE "partner_order_country_counts" (
	"partner_company_id" integer NOT NULL,
	"status" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_orders" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD COLUMN "order_country_code" char(2);--> statement-breakpoint
ALTER TABLE "partner_orders" ADD COLUMN "order_payment_date_from" date;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD COLUMN "order_payment_date_to" date;--> statement-breakpoint
-- Issue 15: the order's fields the payment agent's list filters and sorts by, copied onto partner_orders
-- (db/schema/orders.ts partnerOrders.order*), and the agent's counters per (agent, offer status, country). Writes to
-- orders wait for this migration (the copies below must see every committed order).
LOCK TABLE "orders" IN SHARE MODE;
--> statement-breakpoint
-- The copies of the rows already there. The status counter triggers of partner_orders are off meanwhile (this UPDATE
-- changes no status, agent or order; their transition tables would hold 2 000 000 rows twice).
ALTER TABLE "partner_orders" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "partner_orders" p SET "order_created_at" = o."created_at", "order_country_code" = o."country_code",
    "order_payment_date_from" = o."payment_date_from", "order_payment_date_to" = o."payment_date_to"
  FROM "orders" o WHERE o."id" = p."order_id";
--> statement-breakpoint
ALTER TABLE "partner_orders" ENABLE TRIGGER USER;
--> statement-breakpoint
-- A partner order takes its order's fields when written (whatever the statement sets them to). The order is read FOR
-- SHARE: an order whose fields a concurrent transaction is changing is waited for and read as committed (that
-- transaction's trigger below did not see this partner order), and a later change of the order waits for this
-- transaction (then its trigger sees the partner order): the copies equal the order's fields in every transaction.
CREATE FUNCTION "partner_orders_copy_order_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.created_at, o.country_code, o.payment_date_from, o.payment_date_to
    INTO NEW.order_created_at, NEW.order_country_code, NEW.order_payment_date_from, NEW.order_payment_date_to
    FROM orders o WHERE o.id = NEW.order_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_orders_copy_order_fields" BEFORE INSERT OR UPDATE OF "order_id", "order_created_at",
    "order_country_code", "order_payment_date_from", "order_payment_date_to" ON "partner_orders"
  FOR EACH ROW EXECUTE FUNCTION "partner_orders_copy_order_fields"();
--> statement-breakpoint
-- A change of an order's copied fields (the operator's edit of the order) is copied to its partner orders.
CREATE FUNCTION "orders_copy_fields_to_partner_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE partner_orders SET order_created_at = NEW.created_at, order_country_code = NEW.country_code,
      order_payment_date_from = NEW.payment_date_from, order_payment_date_to = NEW.payment_date_to
    WHERE order_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_copy_fields_to_partner_orders" AFTER UPDATE OF "created_at", "country_code",
    "payment_date_from", "payment_date_to" ON "orders" FOR EACH ROW
  WHEN ((OLD.created_at, OLD.country_code, OLD.payment_date_from, OLD.payment_date_to)
    IS DISTINCT FROM (NEW.created_at, NEW.country_code, NEW.payment_date_from, NEW.payment_date_to))
  EXECUTE FUNCTION "orders_copy_fields_to_partner_orders"();
--> statement-breakpoint
-- partner_order_country_counts, kept like the counters of migration 0011 (delta rows, never an UPDATE).
CREATE FUNCTION "partner_order_country_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_country_counts (partner_company_id, status, country_code, n)
    SELECT partner_company_id, status, order_country_code, count(*) FROM new_rows
      GROUP BY partner_company_id, status, order_country_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_country_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_country_counts (partner_company_id, status, country_code, n)
    SELECT partner_company_id, status, order_country_code, -count(*) FROM old_rows
      GROUP BY partner_company_id, status, order_country_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_country_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_country_counts (partner_company_id, status, country_code, n)
    SELECT partner_company_id, status, country_code, sum(n) FROM (
      SELECT o.partner_company_id, o.status, o.order_country_code AS country_code, -1 AS n
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.partner_company_id, o.status, o.order_country_code)
          IS DISTINCT FROM (w.partner_company_id, w.status, w.order_country_code)
      UNION ALL
      SELECT w.partner_company_id, w.status, w.order_country_code, 1 AS n
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE (o.partner_company_id, o.status, o.order_country_code)
          IS DISTINCT FROM (w.partner_company_id, w.status, w.order_country_code)
    ) d GROUP BY partner_company_id, status, country_code HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_orders_country_counts_insert" AFTER INSERT ON "partner_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_country_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_country_counts_delete" AFTER DELETE ON "partner_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_country_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_country_counts_update" AFTER UPDATE ON "partner_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_country_counts_on_update"();
--> statement-breakpoint
INSERT INTO "partner_order_country_counts" ("partner_company_id", "status", "country_code", "n")
  SELECT "partner_company_id", "status", "order_country_code", count(*) FROM "partner_orders"
  GROUP BY "partner_company_id", "status", "order_country_code";
--> statement-breakpoint
-- Migration 0014's compaction, now folding partner_order_country_counts too.
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
  WITH d AS (DELETE FROM partner_order_country_counts RETURNING partner_company_id, status, country_code, n)
  INSERT INTO partner_order_country_counts (partner_company_id, status, country_code, n)
    SELECT partner_company_id, status, country_code, sum(n) FROM d GROUP BY partner_company_id, status, country_code
    HAVING sum(n) <> 0;
$$;
--> statement-breakpoint
CREATE INDEX "partner_order_country_counts_key_idx" ON "partner_order_country_counts" USING btree ("partner_company_id","country_code","status","n");--> statement-breakpoint
CREATE INDEX "orders_company_status_amount_id_idx" ON "orders" USING btree ("company_id","status","amount","id");--> statement-breakpoint
CREATE INDEX "partner_orders_partner_created_idx" ON "partner_orders" USING btree ("partner_company_id","order_created_at","order_id");--> statement-breakpoint
CREATE INDEX "partner_orders_partner_status_created_idx" ON "partner_orders" USING btree ("partner_company_id","status","order_created_at","order_id");--> statement-breakpoint
CREATE INDEX "partner_orders_partner_country_created_idx" ON "partner_orders" USING btree ("partner_company_id","order_country_code","order_created_at","order_id");--> statement-breakpoint
CREATE INDEX "partner_orders_partner_term_idx" ON "partner_orders" USING btree ("partner_company_id","order_payment_date_to","order_payment_date_from","status");--> statement-breakpoint
-- Fresh statistics for the new columns (the planner's choice between the agent's indexes depends on them).
ANALYZE "partner_orders";