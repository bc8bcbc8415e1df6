import { z } from "zod";
import { audioSourceSchema } from "./shows.ts";
import { captionStyleSchema, renderCardsSchema, renderMusicSchema } from "./video-style.ts";

/** POST /api/recordings/:id/renders */
export const startRenderBodySchema = z
  .strictObject({
    /** crop: fill the frame, trimming edges; fit: the whole picture with bars. */
    fit: z.enum(["crop", "fit"], { error: "fit must be crop or fit" }).optional(),
    /** Every option defaults to the show's own final-video choice (fit, audioSource, captions, voice). */
    audio: audioSourceSchema.optional(),
    captions: z.boolean().optional(),
  })
  .nullish();
export type StartRenderBody = NonNullable<z.infer<typeof startRenderBodySchema>>;

/** queued, then running (by one worker), then done or failed. */
export const RENDER_STATUSES = ["queued", "running", "done", "failed"] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const renderJobSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  status: z.enum(RENDER_STATUSES),
  progress: z.number().int(),
  message: z.string().nullable(),
  options: z.object({
    fit: z.enum(["crop", "fit"]),
    audio: audioSourceSchema,
    captions: z.boolean(),
    /** Automatic captions with the clips' own sound: made only when the camper read the script in the clips. */
    captionsIfRead: z.boolean().optional(),
    voice: z.string().nullable().optional(),
    /** The video's style choices (absent on renders made before them: no music, cuts, lines, no cards). */
    music: renderMusicSchema.nullable().optional(),
    transitions: z.boolean().optional(),
    captionStyle: captionStyleSchema.optional(),
    cards: renderCardsSchema.nullable().optional(),
  }),
  videoFormat: z.string(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Present once done: the MP4 (Range supported) and its download with the show's title. */
  mediaUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /**
   * In a show's list of renders (GET /api/recordings/:id/renders) only: true when this render was made
   * from the show's current final-video choices, clips (with trims) and script, so it is the video
   * every Download .mp4 of the show gives now.
   */
  current: z.boolean().optional(),
});
export type RenderJob = z.infer<typeof renderJobSchema>;

/**
 * GET /api/recordings/:id/length[?voice=ID] — before rendering: the clips' total (after trims)
 * next to the AI voice's length for the current script. With the AI voice as the sound the video
 * lasts max(clips, voice): the voice is never cut (the clips play again, silent, until it ends).
 */
export const storyLengthQuerySchema = z.strictObject({ voice: z.string().min(1).max(40).optional() });

export const storyLengthSchema = z.object({
  clipCount: z.number().int(),
  /** The clips' total after trims. */
  clipsSeconds: z.number(),
  /** The show's format allows at most this much of the clips. */
  formatMaxSeconds: z.number(),
  narrationWords: z.number().int(),
  voice: z.string(),
  /** How long the voice reads the current script; null when there is no script yet. */
  voiceSeconds: z.number().nullable(),
  /** true: measured on the voice-over of this exact script; false: estimated from the voice's pace. */
  voiceMeasured: z.boolean(),
  wordsPerSecond: z.number(),
  /** Script length (words) the voice reads within the clips' total: the target of "fit the script". */
  wordsThatFit: z.number().int(),
  /** The finished video's length with the AI voice as the sound (title and end cards included). */
  videoSecondsWithVoice: z.number(),
  /** The title and end cards' seconds in that length (0 when the show has no cards). */
  cardsSeconds: z.number().optional(),
  voiceLongerThanClips: z.boolean(),
});
export type StoryLength = z.infer<typeof storyLengthSchema>;

/**
 * POST /api/recordings/:id/fit-script — the script rewritten by the AI writer to the word count the
 * voice reads within the clips' total. Nothing is saved: the editor shows it and the camper keeps
 * it (PATCH the show) or not. 422 when the script already fits.
 */
export const fitScriptBodySchema = z.strictObject({ voice: z.string().min(1).max(40).optional() }).nullish();
export const fitScriptResponseSchema = z.object({
  content: z.string(),
  targetWordCount: z.number().int(),
  clipsSeconds: z.number(),
});
export type FitScriptResponse = z.infer<typeof fitScriptResponseSchema>;

export const RENDER_MESSAGES = {
  noClips: "Record at least one clip for this show first",
  notFound: "Render not found",
  notReady: "This video is not ready yet",
  needsNarration: "Write a narration first: the AI voice and captions read it",
  alreadyFits: "Your script already fits your clips: the voice ends before the pictures do.",
  clipsTooShort: "Your clips are too short for a script: record or keep a little more first.",
  queueFull: (perCamper: number) =>
    `You already have ${perCamper} videos waiting to be made. When one of them is finished, you can start another.`,
  /** The video tool failed for a reason the camper cannot act on (its own words go to the server's log). */
  couldNotFinish: "We couldn't finish your video. Try again; if it keeps happening, ask a counselor.",
} as const;
