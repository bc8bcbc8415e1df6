import { z } from "zod";
import { musicTrackIdSchema } from "./music.ts";
import { captionStyleSchema, musicLevelSchema } from "./video-style.ts";
import { idParamsSchema, idSchema } from "./ids.ts";
import { NARRATION_TONES, VIDEO_FORMATS } from "./product.ts";
import { SHOW_LIMITS, SHOW_MESSAGES, AUDIO_SOURCES } from "./shows-constants.ts";
export * from "./shows-constants.ts";

const toneKeys = NARRATION_TONES.map((t) => t.key) as [string, ...string[]];
const formatKeys = VIDEO_FORMATS.map((f) => f.key) as [string, ...string[]];

export const titleSchema = z
  .string()
  .trim()
  .min(1, "Title can't be empty")
  .max(SHOW_LIMITS.titleMaxLength, `Title must be at most ${SHOW_LIMITS.titleMaxLength} characters`);
export const narrationSchema = z
  .string()
  .max(SHOW_LIMITS.narrationMaxLength, `Narration must be at most ${SHOW_LIMITS.narrationMaxLength} characters`);
const promptsSchema = z
  .array(z.string().max(SHOW_LIMITS.promptMaxLength, `Each prompt must be at most ${SHOW_LIMITS.promptMaxLength} characters`))
  .max(SHOW_LIMITS.maxPrompts, `At most ${SHOW_LIMITS.maxPrompts} prompts`);
const responsesSchema = z
  .array(
    z.string().max(SHOW_LIMITS.responseMaxLength, `Each response must be at most ${SHOW_LIMITS.responseMaxLength} characters`),
  )
  .max(SHOW_LIMITS.maxPrompts, `At most ${SHOW_LIMITS.maxPrompts} responses`);

export const toneSchema = z.enum(toneKeys as [NarrationToneKey, ...NarrationToneKey[]], {
  error: `Tone must be one of ${toneKeys.join(", ")}`,
});
export const videoFormatSchema = z.enum(formatKeys as [VideoFormatKeyOf, ...VideoFormatKeyOf[]], {
  error: `Video format must be one of ${formatKeys.join(", ")}`,
});
type NarrationToneKey = (typeof NARRATION_TONES)[number]["key"];
type VideoFormatKeyOf = (typeof VIDEO_FORMATS)[number]["key"];

export const audioSourceSchema = z.enum(AUDIO_SOURCES, { error: "Audio source must be original or voice" });

export const lengthSecondsSchema = z
  .number({ error: "Length must be a number of seconds" })
  .int("Length must be a whole number of seconds")
  .min(30, "Length must be at least 30 seconds")
  .max(600, "Length must be at most 600 seconds");

const hasResponse = (responses: string[]) => responses.some((r) => r.trim().length > 0);

/** crop: fill the frame, trimming edges; fit: the whole picture with bars. */
export const FIT_MODES = ["crop", "fit"] as const;
export type FitMode = (typeof FIT_MODES)[number];
export const fitSchema = z.enum(FIT_MODES, { error: "fit must be crop or fit" });
/** A voice of the voice provider's list (GET /api/voice/status); null is the provider's default. */
export const voiceNameSchema = z
  .string()
  .trim()
  .min(1, "Voice can't be empty")
  .max(60, "Voice must be at most 60 characters")
  .nullable();
/**
 * Burned-in captions; null is automatic: on when the AI voice reads the script; with the clips' own sound,
 * on only when the render finds the camper reading the script in the clips (timed on their speech).
 */
export const captionsSchema = z.boolean({ error: "captions must be true, false or null" }).nullable();

const clipIdsSchema = z
  .array(idSchema("Clip id"), { error: "clipIds must be a list of clip ids" })
  .max(100, "At most 100 clips");

/** POST /api/narrations */
export const draftKeySchema = z
  .string({ error: "draftKey must be text" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "draftKey must be 16 to 64 letters, digits, - or _");

export const createShowBodySchema = z
  .strictObject({
    title: titleSchema,
    narration: narrationSchema.optional(),
    prompts: promptsSchema,
    responses: responsesSchema,
    isDraft: z.boolean().optional(),
    tone: toneSchema.optional(),
    videoFormat: videoFormatSchema.optional(),
    lengthSeconds: lengthSecondsSchema.optional(),
    originalNarration: narrationSchema.nullable().optional(),
    /**
     * Clips recorded before the show existed (loose, the camper's): the show is created with them,
     * so a camper who records first needs no answer yet.
     */
    clipIds: clipIdsSchema.optional(),
    /**
     * A random key the device made for the story it is creating. Sending the same key again returns
     * the show already made with it (and nothing else changes), so a lost answer never means two shows.
     */
    draftKey: draftKeySchema.optional(),
  })
  .refine((b) => b.prompts.length === b.responses.length, { message: SHOW_MESSAGES.promptsMismatch })
  .refine((b) => hasResponse(b.responses) || (b.clipIds?.length ?? 0) > 0, { message: SHOW_MESSAGES.needsResponse });
export type CreateShowBody = z.infer<typeof createShowBodySchema>;

/** PATCH /api/recordings/:id — prompts and responses travel together, as parallel lists. */
export const updateShowBodySchema = z
  .strictObject({
    title: titleSchema.optional(),
    narration: narrationSchema.optional(),
    prompts: promptsSchema.optional(),
    responses: responsesSchema.optional(),
    isDraft: z.boolean().optional(),
    tone: toneSchema.optional(),
    videoFormat: videoFormatSchema.optional(),
    lengthSeconds: lengthSecondsSchema.optional(),
    audioSource: audioSourceSchema.optional(),
    originalNarration: narrationSchema.nullable().optional(),
    voice: voiceNameSchema.optional(),
    fit: fitSchema.optional(),
    captions: captionsSchema.optional(),
    /** Music under the story: a track of the library (contracts/music.ts), null for none, and its level. */
    music: musicTrackIdSchema.nullable().optional(),
    musicLevel: musicLevelSchema.optional(),
    /** A short cross-fade between sections (on by default). */
    transitions: z.boolean({ error: "transitions must be true or false" }).optional(),
    captionStyle: captionStyleSchema.optional(),
    /** The opening and end cards (on by default), and whether the opening card shows the camper's first name. */
    titleCard: z.boolean({ error: "titleCard must be true or false" }).optional(),
    titleCardName: z.boolean({ error: "titleCardName must be true or false" }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update" })
  .refine((b) => (b.prompts === undefined) === (b.responses === undefined), {
    message: "Send prompts and responses together",
  })
  .refine((b) => !b.prompts || !b.responses || b.prompts.length === b.responses.length, {
    message: SHOW_MESSAGES.promptsMismatch,
  })
  .refine((b) => !b.responses || hasResponse(b.responses), { message: SHOW_MESSAGES.needsResponse });
export type UpdateShowBody = z.infer<typeof updateShowBodySchema>;

export const showIdParamsSchema = idParamsSchema("Show", SHOW_MESSAGES.notFound);

export const listShowsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(SHOW_LIMITS.listPageMax, `limit must be at most ${SHOW_LIMITS.listPageMax}`)
    .optional(),
  cursor: z.string().max(200).optional(),
});
/** A show as the API returns it. */
export const showSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  videoUrl: z.string(),
  transcription: z.string().nullable(),
  summary: z.string().nullable(),
  narration: z.string().nullable(),
  prompts: z.array(z.string()),
  responses: z.array(z.string()),
  engagement: z.record(z.string(), z.unknown()).nullable(),
  isDraft: z.boolean(),
  tone: toneSchema,
  videoFormat: videoFormatSchema,
  lengthSeconds: z.number().int(),
  audioSource: audioSourceSchema,
  /** The AI's narration as it first wrote it (Reset to Original); null before the AI wrote one. */
  originalNarration: z.string().nullable(),
  voice: z.string().nullable(),
  fit: fitSchema,
  captions: z.boolean().nullable(),
  music: z.string().nullable(),
  musicLevel: musicLevelSchema,
  transitions: z.boolean(),
  captionStyle: captionStyleSchema,
  titleCard: z.boolean(),
  titleCardName: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Show = z.infer<typeof showSchema>;
