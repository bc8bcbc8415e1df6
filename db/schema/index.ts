import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    recordingsCount: integer("recordings_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique whatever their case: "Maya" and "maya" are one camper.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    sessionsRemaining: integer("sessions_remaining"),
    amountPaid: numeric("amount_paid", { precision: 10, scale: 2 }),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

export const recordings = pgTable(
  "recordings",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    videoUrl: text("video_url").notNull().default(""),
    transcription: text("transcription"),
    summary: text("summary"),
    narration: text("narration"),
    prompts: jsonb("prompts").$type<string[]>().notNull().default([]),
    responses: jsonb("responses").$type<string[]>().notNull().default([]),
    engagement: jsonb("engagement").$type<Record<string, unknown>>(),
    isDraft: boolean("is_draft").notNull().default(false),
    // The choices made on the Create screen, kept so the show renders in its own format later.
    tone: text("tone").notNull().default("friendly"),
    videoFormat: text("video_format").notNull().default("linkedin"),
    lengthSeconds: integer("length_seconds").notNull().default(120),
    // The narration screen's audio choice: the clips' own sound, or the AI voice-over.
    audioSource: text("audio_source").notNull().default("original"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recordings_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Server-side sessions. The id is the SHA-256 of the cookie's token, so a copy of this table
 * cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Fixed-window counters for rate limits. Kept in the database so every app instance sees the
 * same counts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/** A finished video clip: remuxed media in storage, attached to a show or still loose. */
export const clips = pgTable(
  "clips",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Loose until the show it was recorded for is saved.
    showId: integer("show_id").references(() => recordings.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBytes: bigint("uploaded_bytes", { mode: "number" }).notNull(),
    uploadSha256: text("upload_sha256").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    transcription: text("transcription"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("clips_user_show_idx").on(t.userId, t.showId, t.position)],
);

/**
 * Resumable uploads (tus). The row is the truth about how many bytes arrived, so any app instance
 * can continue an upload another one started; `locked_until` keeps two writers apart.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    showId: integer("show_id").references(() => recordings.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    storageKey: text("storage_key").notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    length: bigint("length", { mode: "number" }),
    status: text("status").notNull().default("uploading"),
    failure: text("failure"),
    clipId: integer("clip_id"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

/** AI voice readings of a show's narration, cached by the exact text, provider and voice. */
export const voiceOvers = pgTable(
  "voice_overs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    showId: integer("show_id")
      .notNull()
      .references(() => recordings.id, { onDelete: "cascade" }),
    textSha256: text("text_sha256").notNull(),
    provider: text("provider").notNull(),
    voice: text("voice").notNull(),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("voice_overs_cache_idx").on(t.showId, t.textSha256, t.provider, t.voice)],
);

/** A camper's own voice sample (one at a time), kept for a future cloning provider. */
export const voiceSamples = pgTable("voice_samples", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  mimeType: text("mime_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  durationSeconds: doublePrecision("duration_seconds").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Background render jobs. Any instance's worker claims queued rows with SKIP LOCKED; a running
 * job whose heartbeat stops (a crash, a restart) is queued again or failed with a reason.
 */
export const renderJobs = pgTable(
  "render_jobs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    showId: integer("show_id")
      .notNull()
      .references(() => recordings.id, { onDelete: "cascade" }),
    /** Everything the output depends on; the same fingerprint reuses a finished render. */
    fingerprint: text("fingerprint").notNull(),
    options: jsonb("options").$type<{ fit: "crop" | "fit"; audio: "original" | "voice"; captions: boolean }>().notNull(),
    status: text("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    message: text("message"),
    outputKey: text("output_key"),
    captionsKey: text("captions_key"),
    durationSeconds: doublePrecision("duration_seconds"),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("render_jobs_status_idx").on(t.status, t.createdAt), index("render_jobs_show_idx").on(t.showId, t.fingerprint)],
);
