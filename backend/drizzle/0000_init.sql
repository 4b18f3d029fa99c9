CREATE TABLE "callback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"payments_number" integer NOT NULL,
	"monthly_currency_payment" numeric(18, 2) NOT NULL,
	"comment" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_event_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"recipients" integer[] NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"order_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chat_groups_type_chk" CHECK ("chat_groups"."type" in ('ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER', 'ECVP_SUPPORT'))
);
--> statement-breakpoint
CREATE TABLE "chat_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"invited_user_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "chat_invitations_status_chk" CHECK ("chat_invitations"."status" in ('PENDING', 'ACCEPTED', 'DECLINED'))
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'PARTICIPANT' NOT NULL,
	"favorite_id" integer,
	"last_viewed_message_id" bigint DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"last_seen_reaction_id" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "chat_members_role_chk" CHECK ("chat_members"."role" in ('OWNER', 'ADMIN', 'MODERATOR', 'PARTICIPANT')),
	CONSTRAINT "chat_members_pointer_chk" CHECK ("chat_members"."last_viewed_message_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"ext_msg_id" text,
	"text" text,
	"file_id" uuid,
	"picture_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reply_to_id" bigint,
	"forward_of_id" bigint,
	"mentioned" integer[] DEFAULT '{}'::int[] NOT NULL,
	"meta_data" jsonb,
	"type" text DEFAULT 'GROUP_MSG' NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chat_messages_status_chk" CHECK ("chat_messages"."status" in ('SENT', 'DELIVERED', 'VIEWED'))
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_session_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "deal_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"partner_order_id" bigint,
	"partner_company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'UPLOADED' NOT NULL,
	"client_signer_name" text,
	"client_signed_at" timestamp with time zone,
	"client_cert_valid_until" timestamp with time zone,
	"client_document_hash" text,
	"agent_signer_name" text,
	"agent_signed_at" timestamp with time zone,
	"agent_cert_valid_until" timestamp with time zone,
	"agent_document_hash" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deal_documents_kind_chk" CHECK ("deal_documents"."kind" in ('OFFER_DOCS', 'FINAL_DOCS', 'DOC_EXAMPLE')),
	CONSTRAINT "deal_documents_status_chk" CHECK ("deal_documents"."status" in ('UPLOADED', 'SIGNED', 'SENT', 'CONFIRMED'))
);
--> statement-breakpoint
CREATE TABLE "oper_login_codes" (
	"code_hash" char(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"author_user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_order_offer_expenses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" numeric(18, 4) NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "partner_order_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_order_id" bigint NOT NULL,
	"deal_method" text NOT NULL,
	"payment_sum" numeric(18, 2) NOT NULL,
	"payment_currency" char(3) NOT NULL,
	"payment_date_from" date NOT NULL,
	"payment_date_to" date NOT NULL,
	"client_fee_percent" numeric(9, 4) NOT NULL,
	"agent_fee_percent" numeric(9, 4),
	"service_fee_percent" numeric(9, 4),
	"total_fee" numeric(18, 2) NOT NULL,
	"agent_fee" numeric(18, 2) NOT NULL,
	"service_fee" numeric(18, 2) NOT NULL,
	"total_commission_amount" numeric(18, 2),
	"total_commission_percent" numeric(9, 2),
	"currency_code" char(3) NOT NULL,
	"course" numeric(18, 4) NOT NULL,
	"course_source" text,
	"course_determination_rules" text,
	"expenses_currency_code" char(3),
	"expenses_course" numeric(18, 4),
	"expenses_course_determination_rules" text,
	"transaction_type" text,
	"sample_contract_file_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_order_offers_method_chk" CHECK ("partner_order_offers"."deal_method" in ('PROTECTED', 'UNPROTECTED')),
	CONSTRAINT "partner_order_offers_dates_chk" CHECK ("partner_order_offers"."payment_date_from" <= "partner_order_offers"."payment_date_to"),
	CONSTRAINT "partner_order_offers_sum_chk" CHECK ("partner_order_offers"."payment_sum" > 0),
	CONSTRAINT "partner_order_offers_course_chk" CHECK ("partner_order_offers"."course" > 0)
);
--> statement-breakpoint
CREATE TABLE "pay_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_order_id" bigint NOT NULL,
	"payment_company_id" bigint,
	"amount" numeric(18, 2),
	"currency" char(3),
	"converted_commission_amount" numeric(18, 2),
	"commission" numeric(18, 2),
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status_date" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pay_checks_status_chk" CHECK ("pay_checks"."status" in ('ACTIVE', 'CHECK_PAYMENT', 'PAYMENT_CONFIRMED', 'ARCHIVED'))
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
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"comment" text,
	"entity" text DEFAULT 'ORDER' NOT NULL,
	"entity_id" bigint,
	"actor_role" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" bigint GENERATED ALWAYS AS (id) STORED NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"consultant_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"payment_type" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"country_code" char(2) NOT NULL,
	"city" text NOT NULL,
	"bank_name" text NOT NULL,
	"swift" text,
	"tnved_code" text NOT NULL,
	"goods_location" text NOT NULL,
	"payment_date_from" date NOT NULL,
	"payment_date_to" date NOT NULL,
	"comment" text,
	"status" text DEFAULT 'VALIDATION' NOT NULL,
	"status_date" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"validator_user_id" integer,
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount" > 0),
	CONSTRAINT "orders_payment_type_chk" CHECK ("orders"."payment_type" in ('SENDING', 'RECEIVING')),
	CONSTRAINT "orders_goods_location_chk" CHECK ("orders"."goods_location" in ('IMPORTED', 'NOT_IMPORTED')),
	CONSTRAINT "orders_status_chk" CHECK ("orders"."status" in ('VALIDATION', 'IN_VALIDATION', 'ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING', 'EXECUTED', 'REJECTED', 'CANCELED')),
	CONSTRAINT "orders_payment_dates_chk" CHECK ("orders"."payment_date_from" <= "orders"."payment_date_to")
);
--> statement-breakpoint
CREATE TABLE "partner_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"partner_company_id" integer NOT NULL,
	"status" text DEFAULT 'ALLOWED' NOT NULL,
	"partner_sign_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status_date" timestamp with time zone,
	"reject_reason" text
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sha256" char(64) NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"original_name" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" bigint
);
--> statement-breakpoint
CREATE TABLE "partner_currency_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"rate_source" text NOT NULL,
	"rate_rules" text NOT NULL,
	"rate_time" text,
	"comment" text,
	"indicative_rate" numeric(18, 4),
	CONSTRAINT "partner_currency_settings_rate_chk" CHECK ("partner_currency_settings"."indicative_rate" is null or "partner_currency_settings"."indicative_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"amount_from" numeric(18, 2),
	"amount_to" numeric(18, 2),
	CONSTRAINT "partner_limits_range_chk" CHECK ("partner_limits"."amount_from" is null or "partner_limits"."amount_to" is null or "partner_limits"."amount_from" <= "partner_limits"."amount_to")
);
--> statement-breakpoint
CREATE TABLE "partner_payment_companies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"name" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"ogrn" text,
	"legal_address" text NOT NULL,
	"actual_address_same_as_legal" boolean DEFAULT true NOT NULL,
	"actual_address" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payment_requisites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_company_id" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"bank_name" text NOT NULL,
	"bank_bik" text,
	"swift" text,
	"check_account" text NOT NULL,
	"corr_account" text
);
--> statement-breakpoint
CREATE TABLE "partner_profiles" (
	"partner_company_id" integer PRIMARY KEY NOT NULL,
	"site" text,
	"license_number" text,
	"license_date" date,
	"service_commission_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"sign_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_profiles_service_pct_chk" CHECK ("partner_profiles"."service_commission_percent" >= 0 and "partner_profiles"."service_commission_percent" < 100)
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_invitations" ADD CONSTRAINT "chat_invitations_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_invitations" ADD CONSTRAINT "chat_invitations_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_invitations" ADD CONSTRAINT "chat_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_session_tokens" ADD CONSTRAINT "chat_session_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_documents" ADD CONSTRAINT "deal_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_documents" ADD CONSTRAINT "deal_documents_partner_order_id_partner_orders_id_fk" FOREIGN KEY ("partner_order_id") REFERENCES "public"."partner_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_documents" ADD CONSTRAINT "deal_documents_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_documents" ADD CONSTRAINT "deal_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_documents" ADD CONSTRAINT "deal_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oper_login_codes" ADD CONSTRAINT "oper_login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_comments" ADD CONSTRAINT "operator_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_comments" ADD CONSTRAINT "operator_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_order_offer_expenses" ADD CONSTRAINT "partner_order_offer_expenses_offer_id_partner_order_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."partner_order_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_order_offers" ADD CONSTRAINT "partner_order_offers_partner_order_id_partner_orders_id_fk" FOREIGN KEY ("partner_order_id") REFERENCES "public"."partner_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_order_offers" ADD CONSTRAINT "partner_order_offers_sample_contract_file_id_stored_files_id_fk" FOREIGN KEY ("sample_contract_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_checks" ADD CONSTRAINT "pay_checks_partner_order_id_partner_orders_id_fk" FOREIGN KEY ("partner_order_id") REFERENCES "public"."partner_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_checks" ADD CONSTRAINT "pay_checks_payment_company_id_partner_payment_companies_id_fk" FOREIGN KEY ("payment_company_id") REFERENCES "public"."partner_payment_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consultant_user_id_users_id_fk" FOREIGN KEY ("consultant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_validator_user_id_users_id_fk" FOREIGN KEY ("validator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD CONSTRAINT "partner_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD CONSTRAINT "partner_orders_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_currency_settings" ADD CONSTRAINT "partner_currency_settings_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_limits" ADD CONSTRAINT "partner_limits_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_companies" ADD CONSTRAINT "partner_payment_companies_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_requisites" ADD CONSTRAINT "partner_payment_requisites_payment_company_id_partner_payment_companies_id_fk" FOREIGN KEY ("payment_company_id") REFERENCES "public"."partner_payment_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD CONSTRAINT "partner_profiles_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_requests_created_idx" ON "callback_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_uq" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_email_idx" ON "email_tokens" USING btree ("email","purpose");--> statement-breakpoint
CREATE INDEX "chat_events_recipients_gin" ON "chat_events" USING gin ("recipients");--> statement-breakpoint
CREATE INDEX "chat_events_created_idx" ON "chat_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_order_uq" ON "chat_groups" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chat_invitations_user_idx" ON "chat_invitations" USING btree ("invited_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_members_group_user_uq" ON "chat_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "chat_members_user_idx" ON "chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_author_ext_uq" ON "chat_messages" USING btree ("author_user_id","ext_msg_id");--> statement-breakpoint
CREATE INDEX "chat_messages_group_idx" ON "chat_messages" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reactions_uq" ON "chat_reactions" USING btree ("message_id","user_id","emoji");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_session_tokens_hash_uq" ON "chat_session_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_kind_ogrn_uq" ON "companies" USING btree ("kind","ogrn");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deal_documents_po_kind_idx" ON "deal_documents" USING btree ("partner_order_id","kind");--> statement-breakpoint
CREATE INDEX "deal_documents_order_idx" ON "deal_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "operator_comments_order_idx" ON "operator_comments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_order_offer_expenses_pos_uq" ON "partner_order_offer_expenses" USING btree ("offer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_order_offers_po_uq" ON "partner_order_offers" USING btree ("partner_order_id");--> statement-breakpoint
CREATE INDEX "pay_checks_po_idx" ON "pay_checks" USING btree ("partner_order_id");--> statement-breakpoint
CREATE INDEX "ref_banks_name_search_idx" ON "ref_banks" USING btree ("name_search" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_bik_prefix_idx" ON "ref_banks" USING btree ("bik" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_prefix_idx" ON "ref_swift" USING btree ("swift" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_name_search_idx" ON "ref_swift" USING btree ("name_search" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_swift_country_idx" ON "ref_swift" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_tnved_parent_idx" ON "ref_tnved" USING btree ("parent_key_hash","sort_order");--> statement-breakpoint
CREATE INDEX "ref_tnved_code_prefix_idx" ON "ref_tnved" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ref_tnved_sort_idx" ON "ref_tnved" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_orders_order_partner_uq" ON "partner_orders" USING btree ("order_id","partner_company_id");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_user_id","order_id");--> statement-breakpoint
CREATE INDEX "stored_files_order_idx" ON "stored_files" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_currency_settings_uq" ON "partner_currency_settings" USING btree ("partner_company_id","currency_code");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_limits_uq" ON "partner_limits" USING btree ("partner_company_id","currency_code");--> statement-breakpoint
CREATE INDEX "partner_payment_companies_partner_idx" ON "partner_payment_companies" USING btree ("partner_company_id");--> statement-breakpoint
CREATE INDEX "partner_payment_requisites_company_idx" ON "partner_payment_requisites" USING btree ("payment_company_id");