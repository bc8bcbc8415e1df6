CREATE TABLE "clip_heard_words" (
	"user_id" integer NOT NULL,
	"content_sha256" text NOT NULL,
	"listener" text NOT NULL,
	"script_sha256" text NOT NULL,
	"words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_heard_words_user_id_content_sha256_listener_script_sha256_pk" PRIMARY KEY("user_id","content_sha256","listener","script_sha256")
);
--> statement-breakpoint
CREATE TABLE "personal_detail_opinions" (
	"show_id" integer PRIMARY KEY NOT NULL,
	"texts_sha256" text NOT NULL,
	"findings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clip_heard_words" ADD CONSTRAINT "clip_heard_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_detail_opinions" ADD CONSTRAINT "personal_detail_opinions_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_jobs_user_status_idx" ON "render_jobs" USING btree ("user_id","status");