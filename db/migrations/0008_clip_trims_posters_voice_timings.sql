ALTER TABLE "clips" ADD COLUMN "trim_start_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "trim_end_seconds" double precision;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "voice_overs" ADD COLUMN "sentences" jsonb;