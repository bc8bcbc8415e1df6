import { sql } from "drizzle-orm";
import type { RenderStatus } from "../../contracts/renders.ts";
import type { CaptionStyle, RenderCards, RenderMusic } from "../../contracts/video-style.ts";
import { type AnyPgColumn, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { reels } from "./reels.ts";
import { shows } from "./shows.ts";
import { users } from "./users.ts";

/* Rendering: render jobs and what render ahead makes (parts, prepared videos, its queue). */

/**
 * Background render jobs. Any instance's worker claims queued rows with SKIP LOCKED; a running
 * job whose heartbeat stops (a crash, a restart) is queued again or failed with a reason.
 */
export const renderJobs = pgTable(
  "render_jobs",
  {
    id: serial("id").primaryKey(),
    /** The camper whose show it renders, or the staff member who asked for a reel (the queue's turns go by it). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A show's render names its show; a reel's render its reel instead (exactly one is set). */
    showId: integer("show_id").references(() => shows.id, { onDelete: "cascade" }),
    reelId: integer("reel_id").references((): AnyPgColumn => reels.id, { onDelete: "cascade" }),
    /** Everything the output depends on; the same fingerprint reuses a finished render. */
    fingerprint: text("fingerprint").notNull(),
    // voice: the AI voice's name when audio is "voice" (absent in renders made before shows kept one).
    // captionsIfRead: automatic captions with the clips' own sound, made only when the camper read the script.
    options: jsonb("options")
      .$type<{
        fit: "crop" | "fit";
        audio: "original" | "voice";
        captions: boolean;
        captionsIfRead?: boolean;
        voice?: string | null;
        music?: RenderMusic | null;
        transitions?: boolean;
        captionStyle?: CaptionStyle;
        cards?: RenderCards | null;
      }>()
      .notNull(),
    status: text("status").$type<RenderStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    message: text("message"),
    outputKey: text("output_key"),
    captionsKey: text("captions_key"),
    /**
     * The script this render was made from (the voice read it, the captions show it), so the
     * personal-details check of a sent or shared render reads its words, not the show's script now.
     * Null in renders made before it was kept.
     */
    narration: text("narration"),
    durationSeconds: doublePrecision("duration_seconds"),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** When a worker last took the job: the queue serves first the camper served longest ago. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("render_jobs_status_idx").on(t.status, t.createdAt),
    index("render_jobs_show_idx").on(t.showId, t.fingerprint),
    index("render_jobs_user_status_idx").on(t.userId, t.status),
    index("render_jobs_reel_idx").on(t.reelId),
    check("render_jobs_show_or_reel", sql`(${t.showId} IS NULL) <> (${t.reelId} IS NULL)`),
  ],
);

/**
 * Pieces of a show's finished video made ahead (render ahead, decision 029d): short H.264 parts and one
 * audio part, keyed by a hash of everything that decides their frames or samples, so the next render
 * makes only the parts an edit touched. Files under users/{id}/render-parts/ (they go with the show, the
 * account, the retention rule, or when unused for RENDER_PARTS_KEEP_HOURS).
 */
export const renderParts = pgTable(
  "render_parts",
  {
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").$type<"video" | "audio">().notNull(),
    storageKey: text("storage_key").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.key] }), index("render_parts_user_used_idx").on(t.userId, t.lastUsedAt)],
);

/**
 * A show's video made ahead in full, waiting for the camper to press Render: adopted as a finished render
 * when the show's fingerprint and options are still the ones it was made from. One per show.
 */
export const renderPrepared = pgTable("render_prepared", {
  showId: integer("show_id")
    .primaryKey()
    .references(() => shows.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  fingerprint: text("fingerprint").notNull(),
  options: jsonb("options").$type<(typeof renderJobs.$inferSelect)["options"]>().notNull(),
  narration: text("narration"),
  outputKey: text("output_key").notNull(),
  captionsKey: text("captions_key"),
  durationSeconds: doublePrecision("duration_seconds").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The background preparation queue: one ticket per show whose video changed. A worker takes one only while
 * no render waits (so preparation never delays a camper's render), and only once the show has been quiet
 * for the debounce (`run_after`). `requested_at` moves on every change, so a ticket changed while it was
 * being prepared is prepared again.
 */
export const renderPrepares = pgTable(
  "render_prepares",
  {
    showId: integer("show_id")
      .primaryKey()
      .references(() => shows.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    firstRequestedAt: timestamp("first_requested_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  },
  (t) => [index("render_prepares_run_after_idx").on(t.runAfter)],
);
