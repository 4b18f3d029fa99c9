CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'CLIENT' NOT NULL,
	"ogrn" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"brand" text,
	"registration_authority" text,
	"registration_authority_address" text,
	"registration_date" date,
	"okved" text,
	"legal_address" text,
	"actual_address" text,
	"ceo_first_name" text,
	"ceo_middle_name" text,
	"ceo_last_name" text,
	"liquidated" boolean DEFAULT false NOT NULL,
	"signature_confirmed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"patronymic" text,
	"phone" text,
	"additional_phone" text,
	"company_website" text,
	"position" text,
	"company_id" integer,
	"rights" text[] DEFAULT '{}'::text[] NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_banks" (
	"bik" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"engl_name" text,
	"corr_account" text,
	"city" text,
	"settlement_type" text,
	"address" text,
	"postal_index" text,
	"region" text,
	"pt_type" text,
	"parent_bik" text,
	"swift" text,
	"swift_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"participant_status" text
);
--> statement-breakpoint
CREATE TABLE "ref_swift" (
	"swift" text PRIMARY KEY NOT NULL,
	"institution_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text,
	"city" text,
	"country_code" text NOT NULL,
	"name_search" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_tnved" (
	"key_hash" uuid PRIMARY KEY NOT NULL,
	"parent_key_hash" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"level" text NOT NULL,
	"sort_order" integer NOT NULL,
	"has_children" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ref_tnved_code_uq" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_kind_ogrn_uq" ON "companies" USING btree ("kind","ogrn");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ref_banks_name_search_idx" ON "ref_banks" USING btree ("name_search" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_bik_prefix_idx" ON "ref_banks" USING btree ("bik" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_prefix_idx" ON "ref_swift" USING btree ("swift" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_name_search_idx" ON "ref_swift" USING btree ("name_search" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_country_idx" ON "ref_swift" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_tnved_parent_idx" ON "ref_tnved" USING btree ("parent_key_hash","sort_order");--> statement-breakpoint
CREATE INDEX "ref_tnved_code_prefix_idx" ON "ref_tnved" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_tnved_sort_idx" ON "ref_tnved" USING btree ("sort_order");