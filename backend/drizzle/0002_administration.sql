CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text,
	"before" jsonb,
	"after" jsonb,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "referral_partner_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"description" text,
	"file_id" uuid NOT NULL,
	"agent_signature_id" integer,
	"operator_signature_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "referral_partner_documents_type_chk" CHECK ("referral_partner_documents"."type" in ('ACT', 'DOCUMENT'))
);
--> statement-breakpoint
CREATE TABLE "referral_partner_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"extra_phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"representative" text,
	"contract_number" text,
	"contract_date" date,
	"commission_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_partner_profiles_pct_chk" CHECK ("referral_partner_profiles"."commission_percent" >= 0 and "referral_partner_profiles"."commission_percent" < 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operator_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD COLUMN "fit_override_comment" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "group_of_companies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "group_description" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "beneficiaries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "client_direction" text DEFAULT 'BOTH' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "goods_import_rule" text DEFAULT 'UNIMPORTANT' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "min_monthly_volume_usd" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "min_payment_usd" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "supported_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "unsupported_purposes" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "required_closing_documents" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "expert_conclusion" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_documents" ADD CONSTRAINT "referral_partner_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_documents" ADD CONSTRAINT "referral_partner_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_documents" ADD CONSTRAINT "referral_partner_documents_agent_signature_id_signatures_id_fk" FOREIGN KEY ("agent_signature_id") REFERENCES "public"."signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_documents" ADD CONSTRAINT "referral_partner_documents_operator_signature_id_signatures_id_fk" FOREIGN KEY ("operator_signature_id") REFERENCES "public"."signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_documents" ADD CONSTRAINT "referral_partner_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_partner_profiles" ADD CONSTRAINT "referral_partner_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "referral_partner_documents_company_idx" ON "referral_partner_documents" USING btree ("company_id");--> statement-breakpoint
-- Operators that existed before roles keep the full access they had (issue 10).
UPDATE "users" SET "operator_roles" = ARRAY['ADMIN']::text[] WHERE "account_type" = 'OPER';