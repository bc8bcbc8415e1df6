/**
 * Product constants (tones, video formats, lengths, plans and their limits), shared by the server and the web client.
 * This module imports nothing of ours so both sides can depend on it.
 */
export const PRODUCT_NAME = "Summer Stories";

export const SUBSCRIPTION_TIERS = ["free", "corporate", "events"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** Shows a free account may hold; the other tiers are unlimited. */
export const FREE_TIER_SHOW_LIMIT = 20;

export const NARRATION_TONES = [
  { key: "friendly", label: "Friendly & Casual" },
  { key: "professional", label: "Professional & Formal" },
  { key: "excited", label: "Excited & Energetic" },
  { key: "explanatory", label: "Clear & Explanatory" },
] as const;
export type NarrationTone = (typeof NARRATION_TONES)[number]["key"];
export const DEFAULT_TONE: NarrationTone = "friendly";

export const VIDEO_FORMATS = [
  { key: "linkedin", label: "LinkedIn", aspectRatio: "16/9", maxDuration: 600 },
  { key: "youtube", label: "YouTube", aspectRatio: "16/9", maxDuration: 600 },
  { key: "youtube_shorts", label: "YouTube Shorts", aspectRatio: "9/16", maxDuration: 60 },
  { key: "tiktok", label: "TikTok", aspectRatio: "9/16", maxDuration: 180 },
  { key: "instagram_stories", label: "Instagram Stories", aspectRatio: "9/16", maxDuration: 60 },
] as const;
export type VideoFormatKey = (typeof VIDEO_FORMATS)[number]["key"];
/** The longest video any format allows (seconds): no take or clip needs listening to beyond it. */
export const LONGEST_VIDEO_SECONDS: number = Math.max(...VIDEO_FORMATS.map((f) => f.maxDuration));
export const DEFAULT_VIDEO_FORMAT: VideoFormatKey = "linkedin";
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
/** The format a show or reel is made in: its key's, or the default format's when the key is missing or unknown. */
export function videoFormatFor(key: string | null | undefined): VideoFormat {
  return VIDEO_FORMATS.find((f) => f.key === (key ?? DEFAULT_VIDEO_FORMAT)) ?? VIDEO_FORMATS[0];
}

/**
 * A show's target length: any whole number of seconds from `min` to its format's longest. `step` is only
 * the slider's (a typed 45 s stays 45 s).
 */
export const LENGTH_SECONDS = { default: 120, min: 30, step: 15 } as const;

/** Said beside the length box when a typed length had to change (never silently). */
export const LENGTH_MESSAGES = {
  tooShort: (min: number) => `The shortest video is ${min} seconds, so the length is ${min} s.`,
  tooLong: (format: string, max: string) => `${format} videos can be up to ${max}, so the length is ${max}.`,
  wholeSeconds: (seconds: number) => `Lengths are whole seconds, so the length is ${seconds} s.`,
  notANumber: "Type the length as a number of seconds.",
} as const;

/** A built-in voice reads about this many words a second, pauses included (the length panel's pace until the camper's own voice-over is measured). */
export const TYPICAL_WORDS_PER_SECOND = 2.6;

/**
 * Target word count for a narration of the given length: the words the voice reads in that time,
 * floor(duration x words a second), so a first draft's estimate on the length panel is the length chosen.
 */
export function targetWordCount(durationSeconds: number, wordsPerSecond: number = TYPICAL_WORDS_PER_SECOND): number {
  return Math.floor(durationSeconds * wordsPerSecond);
}

export const AI_GENERATION_COOLDOWN_MS = 20_000;
export const REFLECTION_GUIDE_LOADING_MS = 500;
export const VOICE_SAMPLE_MAX_SECONDS = 30;
export const SHOWS_LIST_PAGE_SIZE = 10;
export const PROFILE_RECENT_SHOWS = 5;
export const KEYBOARD_DRAG_STEP_PX = 25;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: "right",
  swipeThreshold: 50,
} as const;
