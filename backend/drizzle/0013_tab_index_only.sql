DROP INDEX "orders_company_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_company_status_created_id_idx" ON "orders" USING btree ("company_id","status","created_at","id");