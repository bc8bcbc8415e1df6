ALTER TABLE "recordings" ADD COLUMN "draft_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_user_draft_key_idx" ON "recordings" USING btree ("user_id","draft_key");