CREATE TABLE "cabins" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camp_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camp_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"camp_name" text DEFAULT 'Summer Camp' NOT NULL,
	"camper_idle_minutes" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_cabins" (
	"staff_user_id" integer NOT NULL,
	"cabin_id" integer NOT NULL,
	CONSTRAINT "staff_cabins_staff_user_id_cabin_id_pk" PRIMARY KEY("staff_user_id","cabin_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_initial" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cabin_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "camp_session_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "media_release" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_code_lookup" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_code_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_cabins" ADD CONSTRAINT "staff_cabins_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_cabins" ADD CONSTRAINT "staff_cabins_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabins_name_lower_idx" ON "cabins" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "camp_sessions_name_lower_idx" ON "camp_sessions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "staff_cabins_cabin_idx" ON "staff_cabins" USING btree ("cabin_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_camp_session_id_camp_sessions_id_fk" FOREIGN KEY ("camp_session_id") REFERENCES "public"."camp_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_code_lookup_idx" ON "users" USING btree ("login_code_lookup");--> statement-breakpoint
CREATE INDEX "users_cabin_idx" ON "users" USING btree ("cabin_id");--> statement-breakpoint
CREATE INDEX "users_camp_session_idx" ON "users" USING btree ("camp_session_id");--> statement-breakpoint
-- Staff made before roles are the camp's directors (issue 27: existing staff become admins).
UPDATE "users" SET "role" = 'admin' WHERE "role" = 'staff';
