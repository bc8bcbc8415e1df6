ALTER TABLE "uploads" ADD COLUMN "begun_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Uploads already under way began when they were created.
UPDATE "uploads" SET "begun_at" = "created_at";
