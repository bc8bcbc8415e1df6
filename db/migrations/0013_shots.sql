CREATE TABLE "shots" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"chosen_clip_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "shot_id" integer;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "script_check" jsonb;--> statement-breakpoint
ALTER TABLE "shots" ADD CONSTRAINT "shots_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shots" ADD CONSTRAINT "shots_chosen_clip_id_clips_id_fk" FOREIGN KEY ("chosen_clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shots_show_position_idx" ON "shots" USING btree ("show_id","position");--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_shot_id_shots_id_fk" FOREIGN KEY ("shot_id") REFERENCES "public"."shots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_shot_idx" ON "clips" USING btree ("shot_id");