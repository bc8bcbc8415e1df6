ALTER TABLE "camp_settings" ADD COLUMN "colour" text DEFAULT '#12355b' NOT NULL;--> statement-breakpoint
ALTER TABLE "camp_settings" ADD COLUMN "accent_colour" text DEFAULT '#ffd166' NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "kind" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "music" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "music_level" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transitions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "caption_style" text DEFAULT 'lines' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "title_card" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "title_card_name" boolean DEFAULT false NOT NULL;