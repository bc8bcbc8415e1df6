import type { AppConfig } from "../config.ts";
import { OpenAiTranscriptionAligner } from "./openai-transcription-aligner.ts";
import { PocketsphinxAligner } from "./pocketsphinx-aligner.ts";
import type { SpeechAligner } from "./speech-aligner.ts";

/**
 * The server's listeners for campers' speech, best first (decision records 016 and 021): the
 * configured OpenAI-compatible transcription endpoint (only when TRANSCRIBE_BASE_URL is set: the
 * sound leaves the server), then offline pocketsphinx when installed. SPEECH_ALIGNER narrows it:
 * transcription or pocketsphinx alone, off none. The take check tries them in order (an endpoint that
 * fails falls back to the offline one); clip-sound captions use the first.
 */
export function createSpeechListeners(config: AppConfig): SpeechAligner[] {
  const { speech } = config;
  if (speech.aligner === "off") return [];
  const listeners: SpeechAligner[] = [];
  if (speech.transcription && (speech.aligner === "auto" || speech.aligner === "transcription")) {
    listeners.push(
      new OpenAiTranscriptionAligner({
        apiKey: speech.transcription.apiKey,
        baseURL: speech.transcription.baseURL,
        model: speech.transcription.model,
        timeoutMs: config.ai.timeoutMs * 4,
        maxRetries: config.ai.maxRetries,
      }),
    );
  }
  // Named, it is used even when this check cannot see it (the error then says it is missing).
  if (speech.aligner === "pocketsphinx" || PocketsphinxAligner.available()) listeners.push(new PocketsphinxAligner());
  return listeners;
}

/** The listener clip-sound captions use: the first of createSpeechListeners; undefined: captions for clip sound are off. */
export function createSpeechAligner(config: AppConfig): SpeechAligner | undefined {
  return createSpeechListeners(config)[0];
}
