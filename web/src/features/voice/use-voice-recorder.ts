import { useCallback, useEffect, useRef, useState } from "react";
import { VOICE_SAMPLE_MAX_SECONDS } from "../../../../contracts/product.ts";
import { toast } from "../../hooks/use-toast.ts";
import { firstSupportedType, recordMedia, stopTracks, type MediaRun } from "../../lib/media-recorder.ts";
import { fixWebmDuration } from "./webm-duration.ts";

/** What the voice recorder tells the camper when the microphone is refused, stops, or saves. */
export const VOICE_RECORDING_TOASTS = {
  denied: { title: "Microphone access denied", description: "Please allow microphone access to record your voice." },
  unavailable: { title: "Recording failed", description: "Could not access microphone" },
  startFailed: { title: "Failed to start recording. Please check your microphone permissions." },
} as const;

export const VOICE_MIME_TYPE = "audio/webm;codecs=opus";

export type VoiceRecorderStatus = "idle" | "starting" | "recording" | "stopping";

export interface RecordedSample {
  blob: Blob;
  durationSeconds: number;
}

function isPermissionDenied(error: unknown): boolean {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  return name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError";
}

function pickMimeType(): string {
  return firstSupportedType(
    [VOICE_MIME_TYPE],
    (type) => typeof MediaRecorder.isTypeSupported === "function" && MediaRecorder.isTypeSupported(type),
  );
}

/**
 * Microphone recording for a voice sample: asks for the microphone, records WebM/Opus where the
 * browser can, counts whole seconds, and stops by itself at `maxSeconds`. The finished recording
 * goes to `onRecorded`; nothing leaves the browser here.
 */
export function useVoiceRecorder({
  onRecorded,
  maxSeconds = VOICE_SAMPLE_MAX_SECONDS,
}: {
  onRecorded: (sample: RecordedSample) => void;
  maxSeconds?: number;
}) {
  const [status, setStatus] = useState<VoiceRecorderStatus>("idle");
  const [elapsed, setElapsed] = useState(0);
  const statusRef = useRef<VoiceRecorderStatus>("idle");
  const runRef = useRef<MediaRun<RecordedSample | null> | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const tickRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const mounted = useRef(true);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;

  const setBoth = useCallback((next: VoiceRecorderStatus) => {
    statusRef.current = next;
    if (mounted.current) setStatus(next);
  }, []);

  const clearTick = () => {
    if (tickRef.current !== null) clearInterval(tickRef.current);
    tickRef.current = null;
  };

  const stop = useCallback(() => {
    const run = runRef.current;
    clearTick();
    if (!run?.active) return;
    setBoth("stopping");
    void run.stop();
  }, [setBoth]);

  const start = useCallback(async () => {
    if (statusRef.current !== "idle") return;
    setBoth("starting");
    setElapsed(0);

    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("No microphone access in this browser");
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      console.warn("Microphone unavailable", error);
      toast({ ...(isPermissionDenied(error) ? VOICE_RECORDING_TOASTS.denied : VOICE_RECORDING_TOASTS.unavailable), variant: "destructive" });
      setBoth("idle");
      return;
    }
    if (!mounted.current) {
      stopTracks(stream);
      return;
    }

    const chunks: Blob[] = [];
    let recorder: MediaRecorder;
    const mimeType = pickMimeType();
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      let startedAt = Date.now();
      const run = recordMedia(recorder, {
        onChunk: (chunk) => chunks.push(chunk),
        onStop: async (): Promise<RecordedSample | null> => {
          clearTick();
          stopTracks(stream);
          streamRef.current = null;
          runRef.current = null;
          const durationSeconds = Math.min(maxSeconds, (Date.now() - startedAt) / 1000);
          setBoth("idle");
          if (!mounted.current) return null;
          const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || "audio/webm" });
          if (blob.size === 0) {
            toast({ ...VOICE_RECORDING_TOASTS.unavailable, variant: "destructive" });
            return null;
          }
          // Live WebM has no length in it: write the measured one in, so players and the server see it.
          return { blob: await fixWebmDuration(blob, durationSeconds * 1000), durationSeconds };
        },
      });
      void run.stopped.then((sample) => {
        if (sample && mounted.current) onRecordedRef.current(sample);
      });
      // Chunks every quarter second, so a stop at the limit loses nothing.
      recorder.start(250);
      startedAt = Date.now();
      runRef.current = run;
      streamRef.current = stream;
    } catch (error) {
      console.warn("MediaRecorder could not start", error);
      stopTracks(stream);
      toast({ ...VOICE_RECORDING_TOASTS.startFailed, variant: "destructive" });
      setBoth("idle");
      return;
    }

    setBoth("recording");
    const began = Date.now();
    tickRef.current = setInterval(() => {
      const seconds = Math.min(maxSeconds, Math.floor((Date.now() - began) / 1000));
      if (mounted.current) setElapsed(seconds);
      if (seconds >= maxSeconds) stop();
    }, 250);
  }, [maxSeconds, setBoth, stop]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the page ends the recording and frees the microphone; nothing is kept.
      mounted.current = false;
      clearTick();
      void runRef.current?.stop();
      stopTracks(streamRef.current);
    };
  }, []);

  return { status, elapsed, maxSeconds, start, stop };
}
