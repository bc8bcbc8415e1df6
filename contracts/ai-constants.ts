/**
 * The zod-free part of contracts/ai.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

export const AI_LIMITS = {
  maxAudienceLinks: 5,
  audienceLinkMaxLength: 300,
  customPromptMaxLength: 1000,
  chatMaxMessages: 30,
  chatMessageMaxLength: 4000,
  minDurationSeconds: 30,
  maxDurationSeconds: 600,
} as const;

export const AI_MESSAGES = {
  noContent: "No content received from AI generation",
  generationFailed: "Failed to generate content",
  customFailed: "Failed to process custom AI request",
  chatFailed: "Failed to get AI response. Please try again.",
  needsResponses: "Please fill out at least one response before generating",
  needsInstruction: "Please describe the change you want",
  needsNarration: "Generate or write a narration first",
  titleFallback: "My Reflection",
  unchanged:
    "That change left your narration exactly as it was, so nothing was changed. Try asking in other words, or edit the text yourself.",
  noNewVersion: "The AI could not write a different version from the same answers. Change an answer or pick another tone, then try again.",
} as const;

/**
 * Streaming: a client that sends `Accept: text/event-stream` to generate-reflection, custom-request
 * or chat gets server-sent events instead of JSON:
 *   event: delta   data: {"text": "..."}                 (repeated; append in order)
 *   event: done    data: {"content": "..."} (or {"response": "..."} for chat)  the whole text
 *   event: error   data: {"message": "...", "status": 502, "errorCode": 429|null}
 */
export const SSE_EVENTS = { delta: "delta", done: "done", error: "error" } as const;
