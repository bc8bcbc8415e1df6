/**
 * The browser's speech recognition where it has one (Chrome and Edge: webkitSpeechRecognition;
 * Safari: SpeechRecognition). Continuous, interim results, en-US. Where it is missing or fails, the
 * recording goes on without a transcript.
 */

interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionResultList {
  readonly length: number;
  [index: number]: RecognitionResult;
}
export interface RecognitionResultEvent {
  resultIndex: number;
  results: RecognitionResultList;
}
export interface RecognitionErrorEvent {
  error: string;
}

export interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionConstructor = new () => SpeechRecognitionLike;

export function speechRecognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Errors after which listening again cannot help. */
const FATAL_ERRORS = new Set(["not-allowed", "service-not-allowed", "audio-capture", "language-not-supported"]);
/** Chrome ends a continuous session after a while (and after 'no-speech'); it is restarted, within reason. */
const MAX_RESTARTS_WITHOUT_RESULT = 5;

export interface LiveTranscript {
  /** Stops listening; returns the whole transcript (final text plus the last interim words). */
  stop(): string;
}

export interface TranscriptUpdate {
  finalText: string;
  interim: string;
}

export function startLiveTranscript(
  onUpdate: (update: TranscriptUpdate) => void,
  onFinal?: (finalText: string) => void,
  onUnavailable?: () => void,
): LiveTranscript | null {
  const Recognition = speechRecognitionConstructor();
  if (!Recognition) return null;
  let recognition: SpeechRecognitionLike;
  try {
    recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = "en-US";
  } catch {
    return null;
  }
  let finalText = "";
  let interim = "";
  let listening = true;
  let restarts = 0;

  recognition.onresult = (event) => {
    restarts = 0;
    interim = "";
    let gotFinal = false;
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i]!;
      const text = result[0]?.transcript ?? "";
      if (result.isFinal) {
        finalText = joinWords(finalText, text);
        gotFinal = true;
      } else {
        interim = joinWords(interim, text);
      }
    }
    onUpdate({ finalText, interim });
    if (gotFinal) onFinal?.(finalText);
  };
  recognition.onerror = (event) => {
    if (FATAL_ERRORS.has(event.error)) {
      listening = false;
      onUnavailable?.();
    }
  };
  recognition.onend = () => {
    if (!listening) return;
    if (++restarts > MAX_RESTARTS_WITHOUT_RESULT) {
      listening = false;
      onUnavailable?.();
      return;
    }
    try {
      recognition.start();
    } catch {
      listening = false;
      onUnavailable?.();
    }
  };
  try {
    recognition.start();
  } catch {
    onUnavailable?.();
    return null;
  }
  return {
    stop() {
      listening = false;
      try {
        recognition.stop();
      } catch {
        // already stopped
      }
      return joinWords(finalText, interim);
    },
  };
}

function joinWords(a: string, b: string): string {
  const left = a.trim();
  const right = b.trim();
  if (!left) return right;
  if (!right) return left;
  return `${left} ${right}`;
}
