import type { ClipKind } from "../../contracts/clips.ts";
import type { ScriptCheck } from "../../contracts/shots.ts";
import { type AnyPgColumn, bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { shows } from "./shows.ts";
import { users } from "./users.ts";

/* Clips and how they arrive: clips, the words heard in them, shots (takes to the script), uploads, storage reservations. */

/** A finished video clip: remuxed media in storage, attached to a show or still loose. */
export const clips = pgTable(
  "clips",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Loose until the show it was recorded for is saved.
    showId: integer("show_id").references(() => shows.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    // video, or photo (a JPEG with every metadata stripped, shown for duration_seconds).
    kind: text("kind").$type<ClipKind>().notNull().default("video"),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBytes: bigint("uploaded_bytes", { mode: "number" }).notNull(),
    uploadSha256: text("upload_sha256").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    // Whether the file has a sound stream, read once when it was saved (a take recorded without a
    // microphone has none; a photo never has). null for clips saved before it was kept: probed when needed.
    hasAudio: boolean("has_audio"),
    transcription: text("transcription"),
    // The part of the clip the show uses (seconds into the file); the stored file is never re-encoded.
    trimStartSeconds: doublePrecision("trim_start_seconds").notNull().default(0),
    // null: to the clip's end.
    trimEndSeconds: doublePrecision("trim_end_seconds"),
    // A still from the clip (JPEG) made when it was saved; null when ffmpeg could not grab one.
    posterKey: text("poster_key"),
    // The shot this clip is a take of (record to the script); null for a free recording.
    shotId: integer("shot_id").references((): AnyPgColumn => shots.id, { onDelete: "set null" }),
    // The last check of this take against its shot's lines (contracts/shots.ts ScriptCheck).
    scriptCheck: jsonb("script_check").$type<ScriptCheck>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("clips_user_show_idx").on(t.userId, t.showId, t.position), index("clips_shot_idx").on(t.shotId)],
);

/**
 * The words a listener heard in a clip's whole sound while listening for a script, with their times
 * (seconds into the file), kept by the clip's content (its upload's SHA-256), the listener and the
 * script: a trim is a cut of these words, and another request or instance reads them instead of
 * listening again. Rows of content no clip of the camper has any longer go in the hourly housekeeping.
 */
export const clipHeardWords = pgTable(
  "clip_heard_words",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentSha256: text("content_sha256").notNull(),
    listener: text("listener").notNull(),
    scriptSha256: text("script_sha256").notNull(),
    words: jsonb("words").$type<{ word: string; start: number; end: number }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentSha256, t.listener, t.scriptSha256] })],
);

/**
 * A show's narration grouped into shots for recording to the script. The narration on the show is
 * the truth for the words; `text` is this shot's part of it as last laid out, so the server can tell
 * when the narration changed since and follow it (keeping shots whose lines barely changed).
 */
export const shots = pgTable(
  "shots",
  {
    id: serial("id").primaryKey(),
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    // The take the finished video uses; a take stays a take of its shot when another is chosen.
    chosenClipId: integer("chosen_clip_id").references((): AnyPgColumn => clips.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shots_show_position_idx").on(t.showId, t.position)],
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
    showId: integer("show_id").references(() => shows.id, { onDelete: "set null" }),
    // The shot a take is recorded for (tus metadata `shotId`): the finished clip becomes its take. tus
    // sends metadata only with the create, so it waits here for the last byte.
    shotId: integer("shot_id").references((): AnyPgColumn => shots.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    storageKey: text("storage_key").notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    length: bigint("length", { mode: "number" }),
    status: text("status").$type<"uploading" | "done" | "failed">().notNull().default("uploading"),
    failure: text("failure"),
    clipId: integer("clip_id"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // When the camper began the section on their device (tus metadata `begunMsAgo`, measured against the
    // server's clock): a take that failed and is sent again, or one recorded offline, keeps its place in
    // the order the camper made them instead of landing after sections begun since.
    begunAt: timestamp("begun_at", { withTimezone: true }).notNull().defaultNow(),
    // The story the section was begun for before that story was first saved (tus metadata `draftKey`, the
    // show's draft_key): the clip joins that show when it exists by the time the clip is made, so a take
    // that finishes after the camper left the Create screen is neither missing from its story nor loose.
    draftKey: text("draft_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

/**
 * Space held for bytes still arriving (a PATCH or multipart upload streaming in, a voice sample),
 * counted in the camper's quota until the writer ends or its lease lapses (a writer that died). Taken
 * a slice at a time under the camper's advisory lock, so writers at the same instant cannot together
 * pass the quota.
 */
export const storageReservations = pgTable(
  "storage_reservations",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
  },
  (t) => [index("storage_reservations_user_idx").on(t.userId)],
);
