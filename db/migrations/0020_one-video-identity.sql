ALTER TABLE "render_jobs" ADD COLUMN "narration" text;--> statement-breakpoint
ALTER TABLE "show_reviews" ADD COLUMN "sent_fingerprint" text;