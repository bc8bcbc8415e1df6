CREATE TABLE "show_reviews" (
	"show_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"render_job_id" integer,
	"approved_render_job_id" integer,
	"camper_message" text,
	"staff_note" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer,
	"staff_username" text NOT NULL,
	"action" text NOT NULL,
	"camper_user_id" integer,
	"show_id" integer,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'camper' NOT NULL;--> statement-breakpoint
ALTER TABLE "show_reviews" ADD CONSTRAINT "show_reviews_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_reviews" ADD CONSTRAINT "show_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_reviews" ADD CONSTRAINT "show_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "show_reviews_status_idx" ON "show_reviews" USING btree ("status");--> statement-breakpoint
CREATE INDEX "staff_audit_log_created_idx" ON "staff_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);