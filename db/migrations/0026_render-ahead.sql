CREATE TABLE "render_parts" (
	"show_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "render_parts_show_id_key_pk" PRIMARY KEY("show_id","key")
);
--> statement-breakpoint
CREATE TABLE "render_prepared" (
	"show_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"options" jsonb NOT NULL,
	"narration" text,
	"output_key" text NOT NULL,
	"captions_key" text,
	"duration_seconds" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "render_prepares" (
	"show_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"claimed_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "render_parts" ADD CONSTRAINT "render_parts_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_parts" ADD CONSTRAINT "render_parts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_prepared" ADD CONSTRAINT "render_prepared_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_prepared" ADD CONSTRAINT "render_prepared_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_prepares" ADD CONSTRAINT "render_prepares_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_prepares" ADD CONSTRAINT "render_prepares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_parts_user_used_idx" ON "render_parts" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "render_prepares_run_after_idx" ON "render_prepares" USING btree ("run_after");