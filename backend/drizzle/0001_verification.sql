CREATE TABLE "bank_requisites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_bik" text NOT NULL,
	"bank_name" text NOT NULL,
	"check_account" text NOT NULL,
	"corr_account" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"verification_document_id" integer,
	"deal_document_id" bigint,
	"party" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"cms" "bytea" NOT NULL,
	"document_sha256" char(64) NOT NULL,
	"digest_algorithm" text NOT NULL,
	"signature_algorithm" text NOT NULL,
	"signer_name" text NOT NULL,
	"certificate" jsonb NOT NULL,
	"certificate_serial" text NOT NULL,
	"certificate_thumbprint" text NOT NULL,
	"certificate_valid_from" timestamp with time zone NOT NULL,
	"certificate_valid_to" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signatures_target_chk" CHECK (("signatures"."verification_document_id" is null) <> ("signatures"."deal_document_id" is null)),
	CONSTRAINT "signatures_party_chk" CHECK ("signatures"."party" in ('CLIENT', 'AGENT'))
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"status" text DEFAULT 'GENERATED' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_documents_status_chk" CHECK ("verification_documents"."status" in ('GENERATED', 'SIGNED', 'SUPERSEDED'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_requisites" ADD CONSTRAINT "bank_requisites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_verification_document_id_verification_documents_id_fk" FOREIGN KEY ("verification_document_id") REFERENCES "public"."verification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_deal_document_id_deal_documents_id_fk" FOREIGN KEY ("deal_document_id") REFERENCES "public"."deal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_requisites_account_uq" ON "bank_requisites" USING btree ("company_id","bank_bik","check_account");--> statement-breakpoint
CREATE INDEX "bank_requisites_company_idx" ON "bank_requisites" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "signatures_verification_idx" ON "signatures" USING btree ("verification_document_id");--> statement-breakpoint
CREATE INDEX "signatures_deal_document_idx" ON "signatures" USING btree ("deal_document_id","party");--> statement-breakpoint
CREATE INDEX "signatures_company_idx" ON "signatures" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "verification_documents_company_idx" ON "verification_documents" USING btree ("company_id","created_at");