import type { AppConfig } from "../config.ts";
import type { AiWriter } from "./ai-writer.ts";
import { OfflineAiWriter } from "./offline-ai-writer.ts";
import { OpenAiWriter } from "./openai-ai-writer.ts";

/** The offline writer unless an OpenAI-compatible provider is configured. */
export function createAiWriter(config: AppConfig["ai"]): AiWriter {
  if (config.provider === "openai") {
    return new OpenAiWriter({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      model: config.model,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }
  return new OfflineAiWriter();
}
