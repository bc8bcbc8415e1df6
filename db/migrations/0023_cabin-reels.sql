CREATE TABLE "reels" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"cabin_id" integer,
	"camp_session_id" integer,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"captions" boolean NOT NULL,
	"max_seconds_per_camper" integer,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reels_cabin_or_session" CHECK (("reels"."cabin_id" IS NULL) <> ("reels"."camp_session_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ALTER COLUMN "show_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "show_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "reel_id" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "reel_id" integer;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_camp_session_id_camp_sessions_id_fk" FOREIGN KEY ("camp_session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reels_cabin_idx" ON "reels" USING btree ("cabin_id","created_at");--> statement-breakpoint
CREATE INDEX "reels_session_idx" ON "reels" USING btree ("camp_session_id","created_at");--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_jobs_reel_idx" ON "render_jobs" USING btree ("reel_id");--> statement-breakpoint
CREATE INDEX "share_links_reel_idx" ON "share_links" USING btree ("reel_id","created_at");--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_show_or_reel" CHECK (("render_jobs"."show_id" IS NULL) <> ("render_jobs"."reel_id" IS NULL));--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_show_or_reel" CHECK (("share_links"."show_id" IS NULL) <> ("share_links"."reel_id" IS NULL));