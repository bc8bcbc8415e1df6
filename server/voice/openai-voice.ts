import type OpenAI from "openai";
import { APIConnectionTimeoutError, APIError } from "openai/error";
import { lazyOpenAiClient, openAiProviderName, type OpenAiEndpoint } from "../ai/openai-sdk.ts";
import { VoiceError, type VoiceProvider } from "./voice-provider.ts";

export interface OpenAiVoiceConfig extends OpenAiEndpoint {
  model: string;
}

/** OpenAI-compatible speech (`/audio/speech`) through the official SDK. Only the script is sent. */
export class OpenAiVoice implements VoiceProvider {
  readonly providerName: string;
  readonly sendsTextAway = true;
  readonly voices = ["alloy", "ash", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer"] as const;
  readonly defaultVoice = "alloy";
  /** The speech endpoint's input limit. */
  readonly maxInputChars = 4096;
  readonly format = "mp3" as const;
  private readonly client: () => Promise<OpenAI>;

  constructor(private readonly config: OpenAiVoiceConfig) {
    this.providerName = openAiProviderName(config.baseURL, "OpenAI speech", "OpenAI-compatible speech");
    this.client = lazyOpenAiClient(config);
  }

  async synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer> {
    // The SDK's timeout ends at the response headers; this one also covers a body that stops coming.
    const deadline = AbortSignal.timeout(this.config.timeoutMs * 4);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    try {
      const response = await (await this.client()).audio.speech.create(
        { model: this.config.model, voice, input: text, response_format: "mp3" },
        { signal: combined },
      );
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (deadline.aborted || error instanceof APIConnectionTimeoutError) {
        throw new VoiceError(504, "The voice provider took too long to answer. Please try again.");
      }
      if (error instanceof APIError && error.status === 429) {
        throw new VoiceError(502, "The voice provider is busy right now (rate limited). Wait a minute and try again.");
      }
      throw new VoiceError(502, "The voice provider had a problem. Please try again in a moment.");
    }
  }
}
