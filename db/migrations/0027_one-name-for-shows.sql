-- One name for a show in the code and the database: the table "recordings" is "shows". Renames keep every
-- row, id and reference as it is; the spec's URLs (/api/recordings, POST /api/narrations) are unchanged.
ALTER TABLE "recordings" RENAME TO "shows";--> statement-breakpoint
ALTER SEQUENCE "recordings_id_seq" RENAME TO "shows_id_seq";--> statement-breakpoint
ALTER INDEX "recordings_pkey" RENAME TO "shows_pkey";--> statement-breakpoint
ALTER INDEX "recordings_user_created_idx" RENAME TO "shows_user_created_idx";--> statement-breakpoint
ALTER INDEX "recordings_user_draft_key_idx" RENAME TO "shows_user_draft_key_idx";--> statement-breakpoint
ALTER TABLE "shows" RENAME CONSTRAINT "recordings_user_id_users_id_fk" TO "shows_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "recordings_count" TO "shows_count";--> statement-breakpoint
ALTER TABLE "clips" RENAME CONSTRAINT "clips_show_id_recordings_id_fk" TO "clips_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "personal_detail_keeps" RENAME CONSTRAINT "personal_detail_keeps_show_id_recordings_id_fk" TO "personal_detail_keeps_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "personal_detail_opinions" RENAME CONSTRAINT "personal_detail_opinions_show_id_recordings_id_fk" TO "personal_detail_opinions_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "render_jobs" RENAME CONSTRAINT "render_jobs_show_id_recordings_id_fk" TO "render_jobs_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "render_parts" RENAME CONSTRAINT "render_parts_show_id_recordings_id_fk" TO "render_parts_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "render_prepared" RENAME CONSTRAINT "render_prepared_show_id_recordings_id_fk" TO "render_prepared_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "render_prepares" RENAME CONSTRAINT "render_prepares_show_id_recordings_id_fk" TO "render_prepares_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "share_links" RENAME CONSTRAINT "share_links_show_id_recordings_id_fk" TO "share_links_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "shots" RENAME CONSTRAINT "shots_show_id_recordings_id_fk" TO "shots_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "show_reviews" RENAME CONSTRAINT "show_reviews_show_id_recordings_id_fk" TO "show_reviews_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "uploads" RENAME CONSTRAINT "uploads_show_id_recordings_id_fk" TO "uploads_show_id_shows_id_fk";--> statement-breakpoint
ALTER TABLE "voice_overs" RENAME CONSTRAINT "voice_overs_show_id_recordings_id_fk" TO "voice_overs_show_id_shows_id_fk";
