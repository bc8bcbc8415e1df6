/** Turns text into speech; chosen by config (offline by default). */
export interface VoiceProvider {
  readonly providerName: string;
  readonly voices: readonly string[];
  readonly defaultVoice: string;
  /** Longest text one call takes; longer scripts are split and the parts joined. */
  readonly maxInputChars: number;
  /** The container of what `synthesize` returns. */
  readonly format: "wav" | "mp3";
  synthesize(text: string, voice: string, signal?: AbortSignal): Promise<Buffer>;
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
