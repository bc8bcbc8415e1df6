import { readFile } from "node:fs/promises";
import type OpenAI from "openai";
import { lazyOpenAiClient, openAiProviderName, type OpenAiEndpoint } from "../ai/openai-sdk.ts";
import type { HeardWord, SpeechAligner } from "./speech-aligner.ts";

export interface OpenAiTranscriptionConfig extends OpenAiEndpoint {
  /** A transcription model that gives word timings (OpenAI: whisper-1). */
  model: string;
}

/**
 * An OpenAI-compatible transcription endpoint (`/audio/transcriptions`, verbose JSON with word
 * timestamps) through the official SDK. The take's or clip's sound (as 16 kHz mono WAV) leaves the server: used only when the camp set TRANSCRIBE_BASE_URL (decision records 016, 021).
 * The script is not sent: the transcript is compared with it here.
 */
export class OpenAiTranscriptionAligner implements SpeechAligner {
  readonly name: string;
  readonly sendsAudioAway = true;
  private readonly client: () => Promise<OpenAI>;

  constructor(private readonly config: OpenAiTranscriptionConfig) {
    this.name = openAiProviderName(config.baseURL, "OpenAI transcription", "OpenAI-compatible transcription");
    this.client = lazyOpenAiClient(config);
  }

  async align(wavFile: string, _text: string, signal?: AbortSignal): Promise<HeardWord[]> {
    const file = new File([await readFile(wavFile)], "clip.wav", { type: "audio/wav" });
    const result = await (await this.client()).audio.transcriptions.create(
      { file, model: this.config.model, response_format: "verbose_json", timestamp_granularities: ["word"] },
      { signal },
    );
    return (result.words ?? [])
      .filter((w) => typeof w.word === "string" && Number.isFinite(w.start) && Number.isFinite(w.end))
      .map((w) => ({ word: w.word.trim(), start: Math.max(0, w.start), end: Math.max(0, w.end) }));
  }
}
