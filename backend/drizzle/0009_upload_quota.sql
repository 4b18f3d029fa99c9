ALTER TABLE "stored_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- Issue 14 defect 4: files already referenced by an order, a chat message or a document row count as attached since
-- their upload; the others are unattached uploads (quota, deleted 24 hours after upload: src/files/quota.ts).
UPDATE "stored_files" f SET "attached_at" = f."created_at"
WHERE f."order_id" IS NOT NULL
  OR EXISTS (SELECT 1 FROM "chat_messages" m WHERE m."file_id" = f."id" OR f."id" = ANY (m."picture_ids"))
  OR EXISTS (SELECT 1 FROM "deal_documents" d WHERE d."file_id" = f."id")
  OR EXISTS (SELECT 1 FROM "partner_order_offers" o WHERE o."sample_contract_file_id" = f."id")
  OR EXISTS (SELECT 1 FROM "verification_documents" v WHERE v."file_id" = f."id")
  OR EXISTS (SELECT 1 FROM "referral_partner_documents" r WHERE r."file_id" = f."id");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("owner_user_id","created_at") WHERE "stored_files"."attached_at" is null and "stored_files"."order_id" is null;
