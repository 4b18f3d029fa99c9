-- Issue 14: a chat session token now belongs to the session that asked for it; tokens issued before have none and
-- are dropped (clients renew them on the next 401, spec chat §4 "A missing or expired session token is renewed").
DELETE FROM "chat_session_tokens";--> statement-breakpoint
ALTER TABLE "chat_session_tokens" ADD COLUMN "session_sid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_session_tokens" ADD CONSTRAINT "chat_session_tokens_session_sid_sessions_sid_fk" FOREIGN KEY ("session_sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_session_tokens_session_idx" ON "chat_session_tokens" USING btree ("session_sid");