import { VoiceError, type VoiceProvider } from "./voice-provider.ts";

/**
 * The offline voices offered together: Flite's (the default, clearest first) and eSpeak's, kept
 * as a choice. Each voice id belongs to one engine; all of them write WAV.
 */
export class BuiltInVoices implements VoiceProvider {
  readonly providerName = "Built-in voices";
  readonly sendsTextAway = false;
  readonly voices: readonly string[];
  readonly defaultVoice: string;
  readonly maxInputChars = 100_000;
  readonly format = "wav" as const;

  constructor(private readonly engines: VoiceProvider[]) {
    this.voices = engines.flatMap((e) => [...e.voices]);
    this.defaultVoice = engines[0]!.defaultVoice;
  }

  private engineOf(voice: string): VoiceProvider {
    const engine = this.engines.find((e) => e.voices.includes(voice));
    if (!engine) throw new VoiceError(502, "That voice is not available");
    return engine;
  }

  synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer> {
    return this.engineOf(voice).synthesize(text, voice, signal);
  }

  async synthesizeEach(texts: string[], voice: string, signal?: AbortSignal): Promise<Buffer[]> {
    const engine = this.engineOf(voice);
    if (engine.synthesizeEach) return engine.synthesizeEach(texts, voice, signal);
    const out: Buffer[] = [];
    for (const text of texts) out.push(await engine.synthesize(text, voice, signal));
    return out;
  }
}
