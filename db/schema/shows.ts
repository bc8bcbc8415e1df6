import type { NarrationTone, VideoFormatKey } from "../../contracts/product.ts";
import type { AudioSource, FitMode } from "../../contracts/shows.ts";
import type { CaptionStyle, MusicLevel } from "../../contracts/video-style.ts";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/* Shows: a camper's story with its script and video choices. */

export const shows = pgTable(
  "shows",
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
    tone: text("tone").$type<NarrationTone>().notNull().default("friendly"),
    videoFormat: text("video_format").$type<VideoFormatKey>().notNull().default("linkedin"),
    lengthSeconds: integer("length_seconds").notNull().default(120),
    // The narration screen's audio choice: the clips' own sound, or the AI voice-over.
    audioSource: text("audio_source").$type<AudioSource>().notNull().default("original"),
    // The AI's first narration, so Reset to Original works on every screen and after a reload.
    originalNarration: text("original_narration"),
    // The final video's choices, one set per show: every download renders with them.
    // Voice: a name of the voice provider's list; null is the provider's default.
    voice: text("voice"),
    fit: text("fit").$type<FitMode>().notNull().default("crop"),
    // Null: automatic (on when the AI voice reads the script, off with the clips' own sound).
    captions: boolean("captions"),
    // Music (a track id of contracts/music.ts, null for none), cross-fades, caption style, cards.
    music: text("music"),
    musicLevel: text("music_level").$type<MusicLevel>().notNull().default("medium"),
    transitions: boolean("transitions").notNull().default(true),
    captionStyle: text("caption_style").$type<CaptionStyle>().notNull().default("lines"),
    titleCard: boolean("title_card").notNull().default(true),
    titleCardName: boolean("title_card_name").notNull().default(false),
    // The device's random key for a story it is creating: a create repeated after a lost answer (a
    // reload mid-request, a retry) finds the show it made instead of making a second one.
    draftKey: text("draft_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shows_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("shows_user_draft_key_idx").on(t.userId, t.draftKey),
  ],
);
