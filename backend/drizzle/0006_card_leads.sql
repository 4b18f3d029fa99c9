CREATE TABLE "card_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"power_of_attorney" boolean NOT NULL,
	"city" text,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"handled_by_user_id" integer,
	"handled_at" timestamp with time zone,
	CONSTRAINT "card_leads_status_chk" CHECK ("card_leads"."status" in ('NEW', 'HANDLED'))
);
--> statement-breakpoint
ALTER TABLE "card_leads" ADD CONSTRAINT "card_leads_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_leads_created_idx" ON "card_leads" USING btree ("created_at");