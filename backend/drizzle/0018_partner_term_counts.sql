CREATE TABLE "partner_order_term_counts" (
	"partner_company_id" integer NOT NULL,
	"status" text NOT NULL,
	"bound" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "partner_order_term_counts_key_idx" ON "partner_order_term_counts" USING btree ("partner_company_id","bound","day","status","n");--> statement-breakpoint
-- Issue 15: partner_order_term_counts (db/schema/orders.ts), kept like the counters of migration 0011 by
-- statement-level triggers on partner_orders (delta rows, never an UPDATE), from its copies of the order's term
-- (migration 0015: they follow the order's in every transaction).
CREATE FUNCTION "partner_order_term_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_term_counts (partner_company_id, status, bound, day, n)
    SELECT partner_company_id, status, 'TO', order_payment_date_to, count(*) FROM new_rows
      GROUP BY partner_company_id, status, order_payment_date_to
    UNION ALL
    SELECT partner_company_id, status, 'FROM', order_payment_date_from, count(*) FROM new_rows
      GROUP BY partner_company_id, status, order_payment_date_from;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_term_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_term_counts (partner_company_id, status, bound, day, n)
    SELECT partner_company_id, status, 'TO', order_payment_date_to, -count(*) FROM old_rows
      GROUP BY partner_company_id, status, order_payment_date_to
    UNION ALL
    SELECT partner_company_id, status, 'FROM', order_payment_date_from, -count(*) FROM old_rows
      GROUP BY partner_company_id, status, order_payment_date_from;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_order_term_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_order_term_counts (partner_company_id, status, bound, day, n)
    SELECT partner_company_id, status, bound, day, sum(n) FROM (
      SELECT o.partner_company_id, o.status, b.bound, b.old_day AS day, -1 AS n
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        CROSS JOIN LATERAL (VALUES ('TO', o.order_payment_date_to, w.order_payment_date_to),
                                   ('FROM', o.order_payment_date_from, w.order_payment_date_from)) b(bound, old_day, new_day)
        WHERE (o.partner_company_id, o.status, b.old_day) IS DISTINCT FROM (w.partner_company_id, w.status, b.new_day)
      UNION ALL
      SELECT w.partner_company_id, w.status, b.bound, b.new_day, 1
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        CROSS JOIN LATERAL (VALUES ('TO', o.order_payment_date_to, w.order_payment_date_to),
                                   ('FROM', o.order_payment_date_from, w.order_payment_date_from)) b(bound, old_day, new_day)
        WHERE (o.partner_company_id, o.status, b.old_day) IS DISTINCT FROM (w.partner_company_id, w.status, b.new_day)
    ) d GROUP BY partner_company_id, status, bound, day HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_orders_term_counts_insert" AFTER INSERT ON "partner_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_term_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_term_counts_delete" AFTER DELETE ON "partner_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_term_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "partner_orders_term_counts_update" AFTER UPDATE ON "partner_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "partner_order_term_counts_on_update"();
--> statement-breakpoint
-- The counters of the rows already there (partner_orders is locked by the triggers' creation until commit).
INSERT INTO "partner_order_term_counts" ("partner_company_id", "status", "bound", "day", "n")
  SELECT "partner_company_id", "status", 'TO', "order_payment_date_to", count(*) FROM "partner_orders"
    GROUP BY "partner_company_id", "status", "order_payment_date_to"
  UNION ALL
  SELECT "partner_company_id", "status", 'FROM', "order_payment_date_from", count(*) FROM "partner_orders"
    GROUP BY "partner_company_id", "status", "order_payment_date_from";
--> statement-breakpoint
-- Migration 0015's compaction, now folding partner_order_term_counts too.
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
  WITH d AS (DELETE FROM partner_order_term_counts RETURNING partner_company_id, status, bound, day, n)
  INSERT INTO partner_order_term_counts (partner_company_id, status, bound, day, n)
    SELECT partner_company_id, status, bound, day, sum(n) FROM d GROUP BY partner_company_id, status, bound, day
    HAVING sum(n) <> 0;
$$;
