import type { AppConfig } from "../config.ts";
import { BuiltInVoices } from "./built-in-voices.ts";
import { FliteVoice } from "./flite-voice.ts";
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
  if (voice.provider === "espeak-ng") return new EspeakNgVoice();
  if (voice.provider === "mespeak") return new MeSpeakVoice();
  // auto and flite: Flite's voices first, eSpeak's as a choice (Debian's espeak-ng when installed).
  return new BuiltInVoices([new FliteVoice(), EspeakNgVoice.available() ? new EspeakNgVoice() : new MeSpeakVoice()]);
}
