import type { AppConfig } from "../config.ts";
import { EspeakNgVoice, MeSpeakVoice } from "./offline-voice.ts";
import { OpenAiVoice } from "./openai-voice.ts";
import type { VoiceProvider } from "./voice-provider.ts";

export function createVoiceProvider(config: AppConfig): VoiceProvider {
  const { voice } = config;
  const remote = voice.provider === "openai" || (voice.provider === "auto" && (voice.apiKey || voice.baseURL));
  if (remote) {
    return new OpenAiVoice({
      apiKey: voice.apiKey,
      baseURL: voice.baseURL,
      model: voice.model,
      timeoutMs: config.ai.timeoutMs,
      maxRetries: config.ai.maxRetries,
    });
  }
  if (voice.provider === "espeak-ng" || (voice.provider === "auto" && EspeakNgVoice.available())) return new EspeakNgVoice();
  return new MeSpeakVoice();
}
