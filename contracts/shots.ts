import { z } from "zod";
import { idParamsSchema, idSchema } from "./ids.ts";
import { showIdParamsSchema } from "./shows.ts";
import { SHOT_LIMITS, SHOT_MESSAGES } from "./shots-constants.ts";
export * from "./shots-constants.ts";

/**
 * Record to the script: a show's narration split into shots, a take per shot, and a check of each take.
 *
 * The narration (on the show) stays the one truth for the words; shots are how its sentences are grouped
 * for recording. The server keeps the two in step: whenever the narration changed since the shots were
 * last laid out (an editor autosave, an AI rewrite), reading or changing the shots follows it first (a
 * small edit keeps the shot and its takes; takes whose lines were rewritten are marked as not matching).
 *
 *   GET   /api/recordings/:id/shots                       -> ShotList ({ shots: [] } when no narration yet)
 *   PATCH /api/recordings/:id/shots/:shotId                { text } edits the shot's lines (and so the
 *                                                          narration); { chosenClipId } picks its take (null:
 *                                                          none) -> ShotList
 *   POST  /api/recordings/:id/shots/:shotId/split          { beforeSentence } -> ShotList
 *   POST  /api/recordings/:id/shots/:shotId/merge          merges the shot with the next one -> ShotList
 *   POST  /api/clips/:id/script-check                      { transcript? } checks a take against its shot's
 *                                                          lines -> Clip (with scriptCheck)
 *
 * A take is a clip recorded for a shot: the tus upload's metadata carries `shotId` (base64, like
 * `showId`), and the clip joins the shot's show. A shot's first take becomes its chosen take; later
 * takes are chosen when the camper says so, or by themselves in one case: the chosen take's check found
 * lines missed and the new take's check hears every line (the script check's answer then carries
 * `takeSwitch`, and the camper can undo it with PATCH { chosenClipId: previousClipId }). Clips without a shot (free recording) work as before.
 * The finished video uses each shot's chosen take in shot order, then the show's free clips in order;
 * takes not chosen are left out (and stay until deleted).
 */

export const scriptCheckWordSchema = z.object({
  /** The word as written in the lines (punctuation kept, for showing). */
  word: z.string(),
  heard: z.boolean(),
  /** Seconds into the clip's file; null when not heard or when the listener gives no times (a browser transcript). */
  start: z.number().nullable(),
  end: z.number().nullable(),
});
export type ScriptCheckWord = z.infer<typeof scriptCheckWordSchema>;

export const scriptCheckSentenceSchema = z.object({
  text: z.string(),
  said: z.boolean(),
  words: z.array(scriptCheckWordSchema),
});
export type ScriptCheckSentence = z.infer<typeof scriptCheckSentenceSchema>;

/** Who found the speech: a configured transcription endpoint, the server's offline aligner, or the browser. */
export const SCRIPT_CHECK_SOURCES = ["transcription", "offline", "browser"] as const;

export const scriptCheckSchema = z.object({
  /** checked: sentences say said or missed; unavailable: nothing could listen (message says why). */
  status: z.enum(["checked", "unavailable"]),
  source: z.enum(SCRIPT_CHECK_SOURCES).nullable(),
  /** The shot's lines the take was checked against. */
  lines: z.string(),
  sentences: z.array(scriptCheckSentenceSchema),
  /** Share of the lines' words found in the take, 0-1. */
  wordMatch: z.number(),
  /** Plain words for the camper, set when unavailable. */
  message: z.string().nullable(),
  checkedAt: z.string(),
});
export type ScriptCheck = z.infer<typeof scriptCheckSchema>;

export const shotTakeSchema = z.object({
  clipId: z.number().int(),
  chosen: z.boolean(),
  /** False when the shot's lines were rewritten after this take was recorded: it no longer says them. */
  matchesLines: z.boolean(),
  /** From the take's script check; null until checked (or when the check was unavailable). */
  wordMatch: z.number().nullable(),
  missedSentences: z.number().int().nullable(),
});
export type ShotTake = z.infer<typeof shotTakeSchema>;

/** The take just checked is now its shot's chosen take, in place of `previousClipId` (which missed lines). */
export const takeSwitchSchema = z.object({
  shotId: z.number().int(),
  clipId: z.number().int(),
  previousClipId: z.number().int(),
});
export type TakeSwitch = z.infer<typeof takeSwitchSchema>;

export const shotSchema = z.object({
  id: z.number().int(),
  /** 1-based place in the list. */
  number: z.number().int(),
  text: z.string(),
  /** The shot's sentences (contracts/script-sentences.ts), as the check and the teleprompter split them. */
  sentences: z.array(z.string()),
  /** At the camper's speaking pace. */
  estimatedSeconds: z.number(),
  chosenClipId: z.number().int().nullable(),
  takes: z.array(shotTakeSchema),
});
export type Shot = z.infer<typeof shotSchema>;

export const shotListSchema = z.object({
  showId: z.number().int(),
  /** The pace the estimates use (the same figure as the story length check). */
  wordsPerSecond: z.number(),
  shots: z.array(shotSchema),
});
export type ShotList = z.infer<typeof shotListSchema>;

export const updateShotBodySchema = z
  .strictObject({
    text: z
      .string()
      .trim()
      .min(1, "A shot needs at least one line; merge it with its neighbour instead")
      .max(SHOT_LIMITS.textMaxLength, `A shot's lines can be at most ${SHOT_LIMITS.textMaxLength} characters`)
      .optional(),
    chosenClipId: idSchema("Clip id").nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update" });
export type UpdateShotBody = z.infer<typeof updateShotBodySchema>;

export const splitShotBodySchema = z.strictObject({
  /** 0-based index, within the shot, of the sentence that starts the new shot (at least 1). */
  beforeSentence: z.number({ error: "Say which sentence starts the new shot" }).int().min(1, "A shot splits between two of its sentences"),
});

export const scriptCheckBodySchema = z.strictObject({
  /** What the browser's speech recognition heard, used only when the server has no listener. */
  transcript: z.string().max(SHOT_LIMITS.transcriptMaxLength).optional(),
});

export const shotParamsSchema = showIdParamsSchema.extend({
  shotId: idParamsSchema("Shot", SHOT_MESSAGES.notFound).shape.id,
});
