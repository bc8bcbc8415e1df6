import { z } from "zod";
export * from "./voice-constants.ts";

export const VOICE_SAMPLE_LIMITS = { maxSeconds: 30, graceSeconds: 5, maxBytes: 10 * 1024 * 1024 } as const;

export const voiceOptionSchema = z.object({
  /** What POST /api/recordings/:id/clone-voice and the preview take. */
  id: z.string(),
  /** A friendly name, e.g. "Kal (clearest, US)". */
  name: z.string(),
  /** A few seconds of this voice (audio/wav or audio/mpeg), for a Preview button. */
  previewUrl: z.string(),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

/** GET /api/voice/preview?voice=ID */
export const voicePreviewQuerySchema = z.strictObject({ voice: z.string().min(1).max(40) });
/** What a preview says. */
export const VOICE_PREVIEW_TEXT = "Hi! This is how I would read your summer story. Pick the voice you like best.";

export const voiceStatusSchema = z.object({
  provider: z.string(),
  /** Voice ids, default first-class; see voiceOptions for names and previews. */
  voices: z.array(z.string()),
  voiceOptions: z.array(voiceOptionSchema),
  defaultVoice: z.string(),
  /** Voice cloning from the camper's sample is not available yet; the client says so instead of offering it. */
  cloningAvailable: z.boolean(),
});
export type VoiceStatus = z.infer<typeof voiceStatusSchema>;

/** POST /api/recordings/:id/clone-voice — no body, or a voice of the provider's list. */
export const voiceOverBodySchema = z.strictObject({ voice: z.string().max(40).optional() }).nullish();

export const voiceOverSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  provider: z.string(),
  voice: z.string(),
  voiceName: z.string(),
  mimeType: z.string(),
  durationSeconds: z.number(),
  /** Whether it reads the show's current narration (false once the script was edited). */
  matchesNarration: z.boolean(),
  mediaUrl: z.string(),
  createdAt: z.string(),
});
export type VoiceOver = z.infer<typeof voiceOverSchema>;

export const voiceSampleSchema = z.object({
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  durationSeconds: z.number(),
  mediaUrl: z.string(),
  createdAt: z.string(),
});
export type VoiceSample = z.infer<typeof voiceSampleSchema>;

export const VOICE_MESSAGES = {
  needsNarration: "Write a narration first, then generate the AI voice",
  unknownVoice: "That voice is not available",
  notAudio: "That file is not audio this app can read (WebM, Ogg, WAV, MP4 or MP3)",
  tooLong: `Voice samples can be at most ${VOICE_SAMPLE_LIMITS.maxSeconds} seconds`,
  tooLarge: "Voice samples can be at most 10 MB",
  noSample: "No voice sample saved yet",
  noVoiceOver: "No AI voice for this show yet",
  failed: "Failed to generate voice sample",
  tookTooLong: "Reading this aloud took too long, so it was stopped. Please try again in a little while.",
} as const;
