-- Issue 15: (1) the offer expiry job (deal/expiry-job.ts) read every SEND_OFFER partner order with its offer and its
-- order each minute (33 000 of 2 000 000 at data scale: a 0.8–1.1 s join) to find the few whose offer's payment term
-- is over. The offer's last day (partner_order_offers.payment_date_to, the agent's own term, not the order's) is
-- copied onto partner_orders by a trigger, and the SEND_OFFER ones are indexed by it: the job reads one index range.
-- (2) The group statistics count a member's own messages above the read pointer and their CHILD_MSG from the index
-- (group, sender, id, type) alone (was (group, sender, id) and a heap read per message).
ALTER TABLE "partner_orders" ADD COLUMN "offer_payment_date_to" date;
--> statement-breakpoint
-- Offers are written only with their partner order locked by the same transaction (the send path's transition), but a
-- concurrent writer of the offer is waited for here like any other.
LOCK TABLE "partner_order_offers" IN SHARE MODE;
--> statement-breakpoint
-- The copies of the offers already there. The counter triggers of partner_orders are off meanwhile (this UPDATE changes
-- no status, agent, order or term of the order; their transition tables would hold every offer's row twice).
ALTER TABLE "partner_orders" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "partner_orders" p SET "offer_payment_date_to" = f."payment_date_to"
  FROM "partner_order_offers" f WHERE f."partner_order_id" = p."id";
--> statement-breakpoint
ALTER TABLE "partner_orders" ENABLE TRIGGER USER;
--> statement-breakpoint
-- Every write of an offer's term (the agent's send and re-send: insert or update) is copied to its partner order in
-- the same transaction; a partner order whose offer is removed loses the copy. Only a change is written.
CREATE FUNCTION "partner_order_offers_copy_term"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND (TG_OP = 'DELETE' OR OLD.partner_order_id <> NEW.partner_order_id) THEN
    UPDATE partner_orders SET offer_payment_date_to = NULL
      WHERE id = OLD.partner_order_id AND offer_payment_date_to IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE partner_orders SET offer_payment_date_to = NEW.payment_date_to
      WHERE id = NEW.partner_order_id AND offer_payment_date_to IS DISTINCT FROM NEW.payment_date_to;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "partner_order_offers_copy_term" AFTER INSERT OR DELETE OR UPDATE OF "partner_order_id", "payment_date_to"
    ON "partner_order_offers" FOR EACH ROW EXECUTE FUNCTION "partner_order_offers_copy_term"();
--> statement-breakpoint
CREATE INDEX "partner_orders_send_offer_term_idx" ON "partner_orders" USING btree ("offer_payment_date_to") WHERE "partner_orders"."status" = 'SEND_OFFER';
--> statement-breakpoint
CREATE INDEX "chat_messages_group_sender_type_idx" ON "chat_messages" USING btree ("group_id","sender_id","id","type");
--> statement-breakpoint
DROP INDEX "chat_messages_group_sender_idx";
