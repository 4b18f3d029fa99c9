DROP INDEX "orders_company_status_idx";--> statement-breakpoint
CREATE INDEX "orders_company_status_created_idx" ON "orders" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("number");