import { z } from "zod";

export const VOICE_SAMPLE_LIMITS = { maxSeconds: 30, graceSeconds: 5, maxBytes: 10 * 1024 * 1024 } as const;

export const voiceStatusSchema = z.object({
  provider: z.string(),
  voices: z.array(z.string()),
  defaultVoice: z.string(),
  /** Voice cloning from the camper's sample is not available yet (spec). */
  cloningAvailable: z.boolean(),
});
export type VoiceStatus = z.infer<typeof voiceStatusSchema>;

/** POST /api/recordings/:id/clone-voice — no body, or a voice of the provider's list. */
export const cloneVoiceBodySchema = z.strictObject({ voice: z.string().max(40).optional() }).nullish();

export const voiceOverSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  provider: z.string(),
  voice: z.string(),
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
} as const;
