ALTER TABLE "recordings" ADD COLUMN "original_narration" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "voice" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "fit" text DEFAULT 'crop' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "captions" boolean;