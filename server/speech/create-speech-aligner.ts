import type { AppConfig } from "../config.ts";
import { OpenAiTranscriptionAligner } from "./openai-transcription-aligner.ts";
import { PocketsphinxAligner } from "./pocketsphinx-aligner.ts";
import type { SpeechAligner } from "./speech-aligner.ts";

/**
 * The aligner the config names (SPEECH_ALIGNER): auto (the default) is offline pocketsphinx when
 * installed, else none; openai sends clip sound to the AI provider's transcription endpoint, and only
 * when chosen by name (never just because an AI key is set). Undefined: clip-sound captions are off.
 */
export function createSpeechAligner(config: AppConfig): SpeechAligner | undefined {
  const { speech } = config;
  if (speech.aligner === "off") return undefined;
  if (speech.aligner === "openai") {
    return new OpenAiTranscriptionAligner({
      apiKey: config.ai.apiKey,
      baseURL: config.ai.baseURL,
      model: speech.model,
      timeoutMs: config.ai.timeoutMs * 4,
      maxRetries: config.ai.maxRetries,
    });
  }
  if (speech.aligner === "pocketsphinx" || PocketsphinxAligner.available()) return new PocketsphinxAligner();
  return undefined;
}
