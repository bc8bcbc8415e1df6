import { detectSilences, probeAudioDuration, type VideoToolPaths } from "../server/media/video-tools.ts";

/**
 * Checking captions against the voice from the outside: where the voice starts each sentence
 * (found in its audio by ffmpeg's silencedetect, not taken from what the server stored) and where
 * the .vtt starts each sentence's caption. Used by the server's whole-story test and the e2e journey.
 */

/** The voice's sentence pauses are 0.6 s; pauses inside a sentence are shorter than this. */
const SENTENCE_PAUSE_SECONDS = 0.5;

/** Where speech starts after each pause of at least 0.5 s (and at 0 when the audio starts with speech). */
export async function speechStarts(tools: VideoToolPaths, file: string): Promise<number[]> {
  const silences = await detectSilences(tools, file, -35, SENTENCE_PAUSE_SECONDS);
  const total = await probeAudioDuration(tools, file);
  // The last silence runs to the end of the file: no speech starts there.
  const starts = silences.map((s) => s.end).filter((end) => end < total - 0.05);
  return silences[0] && silences[0].start <= 0.01 ? starts : [0, ...starts];
}

export interface VttCue {
  start: number;
  end: number;
  text: string;
  /** The cue's settings after its times ("line:71%,end position:45% ..."), "" when none. */
  settings: string;
}

/** The cues of a WebVTT file (one text line each, as the server writes them; cue settings after the times, kept), entities decoded. */
export function parseVtt(vtt: string): VttCue[] {
  const toSeconds = (stamp: string) => {
    const [h, m, s] = stamp.split(":");
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  const decode = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})((?:[ \t][^\r\n]*)?)\r?\n(.+)\r?\n/g)].map((m) => ({
    start: toSeconds(m[1]!),
    end: toSeconds(m[2]!),
    settings: m[3]!.trim(),
    text: decode(m[4]!),
  }));
}

/** The script's sentences, as a reader splits them (at . ! ?). */
export function scriptSentences(script: string): string[] {
  return (script.replace(/\s+/g, " ").trim().match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

export interface SentenceTiming {
  sentence: string;
  /** When the sentence's first caption starts (undefined: no cue begins this sentence). */
  cue: number | undefined;
  /** When the voice starts the sentence (undefined: silencedetect found fewer sentence starts). */
  voice: number | undefined;
}

/** Each sentence of the script with its first cue's start and the voice's start, in order. */
export function sentenceTimings(script: string, cues: VttCue[], voiceStarts: number[]): SentenceTiming[] {
  let cueIndex = 0;
  return scriptSentences(script).map((sentence, i) => {
    while (cueIndex < cues.length && !sentence.startsWith(cues[cueIndex]!.text)) cueIndex++;
    const cue = cues[cueIndex]?.start;
    cueIndex++;
    return { sentence, cue, voice: voiceStarts[i] };
  });
}
