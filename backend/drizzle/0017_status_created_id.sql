DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_status_created_id_idx" ON "orders" USING btree ("status","created_at","id");