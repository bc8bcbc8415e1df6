CREATE TABLE "camp_retention" (
	"id" integer PRIMARY KEY NOT NULL,
	"starts_on" text NOT NULL,
	"after_days" integer NOT NULL,
	"delete_at" timestamp with time zone NOT NULL,
	"set_by_username" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone
);
