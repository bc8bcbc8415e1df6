/** Turns text into speech; chosen by config (offline by default). */
export interface VoiceProvider {
  readonly providerName: string;
  /** True when reading sends the script to another server (the OpenAI voice), false for the built-in voices. */
  readonly sendsTextAway: boolean;
  readonly voices: readonly string[];
  readonly defaultVoice: string;
  /** Longest text one call takes; longer scripts are split and the parts joined. */
  readonly maxInputChars: number;
  /** The container of what `synthesize` returns. */
  readonly format: "wav" | "mp3";
  synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer>;
  /** Several texts at once (one WAV each), when the provider can do that faster than one by one. */
  synthesizeEach?(texts: string[], voice: string, signal?: AbortSignal): Promise<Buffer[]>;
}

/** A sentence of the script and where the voice says it, in seconds from the audio's start. */
export interface TimedSentence {
  text: string;
  start: number;
  end: number;
  /**
   * When each of its words (the text split at spaces) was heard, where known: a long sentence's later
   * caption lines then start with their own first word instead of a share of the sentence's time.
   */
  wordStarts?: (number | null)[];
}

/** The script's sentences as read aloud and captioned (one splitting rule for both). */
export function speechSentences(text: string): string[] {
  return (text.replace(/\s+/g, " ").trim().match(/[^.!?]+[.!?]*["')\]]*/g) ?? []).map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

export class VoiceError extends Error {
  constructor(
    readonly statusCode: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** Splits a script at sentence ends (then spaces) into parts of at most `max` characters. */
export function splitForSpeech(text: string, max: number): string[] {
  const parts: string[] = [];
  let current = "";
  const sentences = text.replace(/\s+/g, " ").trim().match(/[^.!?]+[.!?]*\s*/g) ?? [];
  for (const sentence of sentences) {
    let rest = sentence;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(" ", max) > 0 ? rest.lastIndexOf(" ", max) : max;
      if (current) {
        parts.push(current.trim());
        current = "";
      }
      parts.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
    if ((current + rest).length > max && current) {
      parts.push(current.trim());
      current = "";
    }
    current += rest;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}
