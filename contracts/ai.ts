import { z } from "zod";
import { NARRATION_TONES } from "./product.ts";
import { SHOW_LIMITS } from "./shows.ts";
import { AI_LIMITS, AI_MESSAGES } from "./ai-constants.ts";
export * from "./ai-constants.ts";

type ToneKey = (typeof NARRATION_TONES)[number]["key"];
const toneKeys = NARRATION_TONES.map((t) => t.key) as [ToneKey, ...ToneKey[]];

const responseText = z
  .string()
  .max(SHOW_LIMITS.responseMaxLength, `Each response must be at most ${SHOW_LIMITS.responseMaxLength} characters`);

/** POST /api/ai/generate-reflection */
export const generateReflectionBodySchema = z.strictObject({
  responses: z
    .array(responseText)
    .max(SHOW_LIMITS.maxPrompts, `At most ${SHOW_LIMITS.maxPrompts} responses`)
    .refine((r) => r.some((x) => x.trim()), AI_MESSAGES.needsResponses),
  audienceLinks: z
    .array(z.string().max(AI_LIMITS.audienceLinkMaxLength))
    .max(AI_LIMITS.maxAudienceLinks, `At most ${AI_LIMITS.maxAudienceLinks} audience links`)
    .optional(),
  style: z.enum(toneKeys, { error: `style must be one of ${toneKeys.join(", ")}` }).optional(),
  duration: z.number().int().min(AI_LIMITS.minDurationSeconds).max(AI_LIMITS.maxDurationSeconds).optional(),
  targetWordCount: z.number().int().min(10).max(2000).optional(),
  /**
   * Generate again on the same answers: 1, 2, ... ask for another version (0 or absent: the first,
   * which the same answers always give again with the built-in writer).
   */
  variant: z.number().int().min(0).max(1000).optional(),
  /** The version the camper has now: the answer is never this text again (422 when no other can be written). */
  previousContent: z.string().max(SHOW_LIMITS.narrationMaxLength).optional(),
});
export type GenerateReflectionBody = z.infer<typeof generateReflectionBodySchema>;

/** POST /api/ai/custom-request */
export const customRequestBodySchema = z.strictObject({
  currentContent: z
    .string()
    .max(SHOW_LIMITS.narrationMaxLength)
    .refine((s) => s.trim().length > 0, AI_MESSAGES.needsNarration),
  customPrompt: z
    .string()
    .max(AI_LIMITS.customPromptMaxLength)
    .refine((s) => s.trim().length > 0, AI_MESSAGES.needsInstruction),
  style: z.enum(toneKeys).optional(),
});
export type CustomRequestBody = z.infer<typeof customRequestBodySchema>;

/** POST /api/generate-title */
export const generateTitleBodySchema = z.strictObject({
  content: z
    .string()
    .max(SHOW_LIMITS.narrationMaxLength)
    .refine((s) => s.trim().length > 0, "Write or generate a narration first"),
});

export const chatMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(AI_LIMITS.chatMessageMaxLength),
  // The chat keeps a timestamp on each message for its own list; the server ignores it.
  timestamp: z.union([z.string(), z.number()]).optional(),
});
/** POST /api/ai/chat */
export const chatBodySchema = z.strictObject({
  messages: z
    .array(chatMessageSchema)
    .min(1, "Send at least one message")
    .max(AI_LIMITS.chatMaxMessages)
    .refine((m) => m.at(-1)?.role === "user" && m.at(-1)!.content.trim().length > 0, "The last message must be your question"),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

export const contentResponseSchema = z.object({ content: z.string() });
export const titleResponseSchema = z.object({ title: z.string() });
export type TitleResponse = z.infer<typeof titleResponseSchema>;
export const chatResponseSchema = z.object({ response: z.string() });

/** GET /api/ai/status */
export const aiStatusSchema = z.object({
  status: z.enum(["ok", "error"]),
  message: z.string(),
  available: z.boolean(),
  model: z.string(),
  /** The provider's HTTP status when it refused (429 = rate limited). */
  errorCode: z.number().int().nullable(),
  provider: z.string(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The data of each event above, and of the plain JSON answer a non-streaming client gets. */
export const aiDeltaEventSchema = z.object({ text: z.string() });
export const aiAnswerSchema = z.union([contentResponseSchema, chatResponseSchema]);
export const aiErrorEventSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  errorCode: z.number().int().nullable(),
});
export type AiDeltaEvent = z.infer<typeof aiDeltaEventSchema>;
export type AiAnswer = z.infer<typeof aiAnswerSchema>;
export type AiErrorEvent = z.infer<typeof aiErrorEventSchema>;
