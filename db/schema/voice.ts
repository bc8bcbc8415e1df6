import { bigint, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { shows } from "./shows.ts";
import { users } from "./users.ts";

/* Voice: AI voice-overs of a show's script and a camper's own voice sample. */

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
      .references(() => shows.id, { onDelete: "cascade" }),
    textSha256: text("text_sha256").notNull(),
    provider: text("provider").notNull(),
    voice: text("voice").notNull(),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    // When each sentence starts and ends in the audio, measured from the audio itself (captions follow it).
    sentences: jsonb("sentences").$type<{ text: string; start: number; end: number }[]>(),
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
