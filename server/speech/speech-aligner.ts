/** A word found in speech, in seconds from the start of the audio it was found in. */
export interface HeardWord {
  word: string;
  start: number;
  end: number;
}

/**
 * Finds where words are spoken in a recording (clips' own sound, for captions). Chosen by config
 * (SPEECH_ALIGNER): offline pocketsphinx by default when installed, an OpenAI-compatible
 * transcription endpoint only when the camp configured one, or none (then clip-sound captions are off).
 */
export interface SpeechAligner {
  readonly name: string;
  /** True when the audio leaves this server (the privacy decision record says when that is allowed). */
  readonly sendsAudioAway: boolean;
  /**
   * The words heard in a 16 kHz mono 16-bit WAV, in order, with their times. `text` is what the
   * speaker is expected to have said: an offline recogniser listens for those words only; a
   * transcriber may ignore it. Words that were not heard are simply absent.
   */
  align(wavFile: string, text: string, signal?: AbortSignal): Promise<HeardWord[]>;
}

/** Spoken-word form for comparing: lower case, letters, digits and inner apostrophes only. */
export function speechTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[-\u2010-\u2015/]/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, "").replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}
