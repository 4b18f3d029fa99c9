CREATE TABLE "client_recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"recommender_company_id" integer NOT NULL,
	"recommender_user_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"inn" text,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"comment" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"handled_by_user_id" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_recommendations_status_chk" CHECK ("client_recommendations"."status" in ('NEW', 'HANDLED'))
);
--> statement-breakpoint
CREATE TABLE "referral_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"status" text NOT NULL,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"monthly_volume" numeric(18, 2),
	"monthly_payments" integer,
	"contact_user_id" integer,
	"extra_phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"approval_confirmed_at" timestamp with time zone NOT NULL,
	"added_by_user_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "referral_clients_status_chk" CHECK ("referral_clients"."status" in ('INVITED', 'CONSENT_REQUESTED', 'ACTIVE', 'DECLINED', 'REMOVED')),
	CONSTRAINT "referral_clients_payments_chk" CHECK ("referral_clients"."monthly_payments" is null or "referral_clients"."monthly_payments" >= 0),
	CONSTRAINT "referral_clients_volume_chk" CHECK ("referral_clients"."monthly_volume" is null or "referral_clients"."monthly_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"partner_order_id" bigint,
	"partner_company_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"base_amount" numeric(18, 2) NOT NULL,
	"base_currency" char(3) NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_commissions_amount_chk" CHECK ("referral_commissions"."amount" >= 0 and "referral_commissions"."base_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "signatures" DROP CONSTRAINT "signatures_target_chk";--> statement-breakpoint
ALTER TABLE "signatures" DROP CONSTRAINT "signatures_party_chk";--> statement-breakpoint
ALTER TABLE "signatures" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "status" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "handled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_recommendations" ADD CONSTRAINT "client_recommendations_recommender_company_id_companies_id_fk" FOREIGN KEY ("recommender_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_recommendations" ADD CONSTRAINT "client_recommendations_recommender_user_id_users_id_fk" FOREIGN KEY ("recommender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_recommendations" ADD CONSTRAINT "client_recommendations_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clients" ADD CONSTRAINT "referral_clients_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clients" ADD CONSTRAINT "referral_clients_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clients" ADD CONSTRAINT "referral_clients_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clients" ADD CONSTRAINT "referral_clients_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_partner_order_id_partner_orders_id_fk" FOREIGN KEY ("partner_order_id") REFERENCES "public"."partner_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_recommendations_created_idx" ON "client_recommendations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referral_clients_partner_idx" ON "referral_clients" USING btree ("partner_company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clients_live_client_uq" ON "referral_clients" USING btree ("client_company_id") WHERE "referral_clients"."status" in ('INVITED', 'CONSENT_REQUESTED', 'ACTIVE');--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_order_uq" ON "referral_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_partner_idx" ON "referral_commissions" USING btree ("partner_company_id","created_at");--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_status_chk" CHECK ("callback_requests"."status" in ('NEW', 'HANDLED'));--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_company_chk" CHECK ("signatures"."party" = 'OPERATOR' or "signatures"."company_id" is not null);--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_target_chk" CHECK (("signatures"."party" in ('CLIENT', 'AGENT') and ("signatures"."verification_document_id" is null) <> ("signatures"."deal_document_id" is null) and "signatures"."company_id" is not null) or ("signatures"."party" in ('REFERRAL_PARTNER', 'OPERATOR') and "signatures"."verification_document_id" is null and "signatures"."deal_document_id" is null));--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_party_chk" CHECK ("signatures"."party" in ('CLIENT', 'AGENT', 'REFERRAL_PARTNER', 'OPERATOR'));