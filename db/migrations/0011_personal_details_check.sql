CREATE TABLE "personal_detail_keeps" (
	"show_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"phrase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_detail_keeps_show_id_key_pk" PRIMARY KEY("show_id","key")
);
--> statement-breakpoint
ALTER TABLE "show_reviews" ADD COLUMN "personal_details" jsonb;--> statement-breakpoint
ALTER TABLE "personal_detail_keeps" ADD CONSTRAINT "personal_detail_keeps_show_id_recordings_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;