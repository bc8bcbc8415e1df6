/**
 * What the camera recorder and the voice recorder share of MediaRecorder: the first type a browser
 * records, one run of a recorder (its chunks, and the one end of it however it stops), and freeing
 * the camera or microphone.
 */

/** The part of MediaRecorder both recorders use (tests hand in fakes of it). */
export interface MediaRecorderLike {
  readonly state: RecordingState;
  readonly mimeType: string;
  ondataavailable: ((event: BlobEvent) => void) | null;
  onstop: ((event: Event) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
}

/** The first of `candidates` this browser records; "" lets MediaRecorder choose. */
export function firstSupportedType(candidates: readonly string[], isTypeSupported: (type: string) => boolean): string {
  for (const type of candidates) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // some browsers throw for types they don't know (or have no MediaRecorder at all)
    }
  }
  return "";
}

/** Turns the camera or microphone off. */
export function stopTracks(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((track) => track.stop());
}

export interface MediaRun<T> {
  /** True while the recorder still records (Stop would do something). */
  readonly active: boolean;
  /**
   * Stops the recorder where it still records (a recorder whose stop() throws is finished all the
   * same) and resolves with what `onStop` made of the recording.
   */
  stop(): Promise<T>;
  /** Resolves with what `onStop` made of the recording, however the recorder stopped. */
  readonly stopped: Promise<T>;
}

/**
 * One run of a MediaRecorder: every non-empty chunk goes to `onChunk` as it comes, and `onStop`
 * runs once when the recorder stops (by Stop, by itself, or after an error), its result the run's.
 */
export function recordMedia<T>(
  recorder: MediaRecorderLike,
  { onChunk, onStop }: { onChunk: (chunk: Blob) => void; onStop: () => T | Promise<T> },
): MediaRun<T> {
  let resolve: (value: T | Promise<T>) => void = () => undefined;
  const stopped = new Promise<T>((r) => (resolve = r));
  let finished = false;
  recorder.ondataavailable = (event) => {
    if (event.data && event.data.size > 0) onChunk(event.data);
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    resolve(onStop());
  };
  recorder.onstop = finish;
  return {
    get active() {
      return recorder.state !== "inactive";
    },
    stop() {
      if (recorder.state !== "inactive") {
        try {
          recorder.stop();
        } catch {
          finish();
        }
      }
      return stopped;
    },
    stopped,
  };
}
