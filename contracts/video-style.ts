import { z } from "zod";
import type { VideoFormatKey } from "./product.ts";
import { MUSIC_LEVELS } from "./video-style-constants.ts";
export * from "./video-style-constants.ts";

/**
 * How a finished video looks and sounds beyond its clips and voice: music under the story,
 * photos as sections, title and end cards, captions inside the area the platform leaves free, and
 * cross-fades. One place for every figure the render, the client and the tests share.
 */

export const musicLevelSchema = z.enum(MUSIC_LEVELS, { error: `Music level must be one of ${MUSIC_LEVELS.join(", ")}` });

/** lines: a caption line at a time; word: the line with each word lit as it is spoken. */
export const CAPTION_STYLES = ["lines", "word"] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
export const captionStyleSchema = z.enum(CAPTION_STYLES, { error: `Caption style must be one of ${CAPTION_STYLES.join(", ")}` });

export const VIDEO_STYLE = {
  /** Cross-fade between sections (when transitions are on). */
  crossfadeSeconds: 0.5,
  /** The opening card (title, optional first name, camp banner) and the end card (camp name and year). */
  titleCardSeconds: 3,
  endCardSeconds: 3,
  /** The finished video's mix, measured with ffmpeg's ebur128 (the platforms normalise to about -14 LUFS). */
  loudnessLufs: -14,
  loudnessToleranceLu: 1,
  truePeakDbtp: -1,
  /** Speech stays at least this far above the music under it. */
  speechOverMusicDb: 10,
  /** Caption text height as a share of the frame's height (at least), and lines per caption (at most). */
  captionHeightShare: 0.045,
  captionMaxLines: 2,
  /** Music fades in at the start and out at the end. */
  musicFadeSeconds: 1.5,
} as const;

/**
 * What a platform covers with its own buttons and text, as shares of the frame from each edge: captions
 * and cards are drawn inside the rest. TikTok, Reels (Instagram) and Shorts keep their lower part and
 * right edge; LinkedIn and YouTube draw their controls only while paused or hovered, so a plain margin.
 */
export interface SafeArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export const SAFE_AREAS: Record<VideoFormatKey, SafeArea> = {
  linkedin: { top: 0.06, bottom: 0.08, left: 0.05, right: 0.05 },
  youtube: { top: 0.06, bottom: 0.08, left: 0.05, right: 0.05 },
  youtube_shorts: { top: 0.12, bottom: 0.27, left: 0.06, right: 0.16 },
  tiktok: { top: 0.12, bottom: 0.27, left: 0.06, right: 0.16 },
  instagram_stories: { top: 0.14, bottom: 0.27, left: 0.06, right: 0.16 },
};

/** The camp's colours on title and end cards (camp settings); "#rrggbb". */
export const hexColourSchema = z
  .string({ error: "Colours are written #rrggbb" })
  .regex(/^#[0-9a-fA-F]{6}$/, "Colours are written #rrggbb")
  .transform((c) => c.toLowerCase());
/**
 * What a render's cards say, fixed on the render job when it is asked for (so the video staff approve is
 * the one made, whatever changes later): the show's title, the camper's first name when they chose to
 * show it, and the camp's name, year and colours.
 */
export const renderCardsSchema = z.object({
  title: z.string(),
  name: z.string().nullable(),
  campName: z.string(),
  year: z.number().int(),
  background: z.string(),
  accent: z.string(),
});
export type RenderCards = z.infer<typeof renderCardsSchema>;

export const renderMusicSchema = z.object({ track: z.string(), level: musicLevelSchema });
export type RenderMusic = z.infer<typeof renderMusicSchema>;
