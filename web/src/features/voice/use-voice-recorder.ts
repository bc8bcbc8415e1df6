import { useCallback, useRef } from "react";
import { VOICE_SAMPLE_MAX_SECONDS } from "../../../../contracts/product.ts";
import { toast } from "../../lib/toasts.ts";
import { useRecordingMachine } from "../../hooks/use-recording-machine.ts";
import { firstSupportedType, recordMedia } from "../../lib/media-recorder.ts";
import type { RecordingStatus } from "../../lib/recording-machine.ts";
import { fixWebmDuration } from "./webm-duration.ts";

/** What the voice recorder tells the camper when the microphone is refused, stops, or saves. */
export const VOICE_RECORDING_TOASTS = {
  denied: { title: "Microphone access denied", description: "Please allow microphone access to record your voice." },
  unavailable: { title: "Recording failed", description: "Could not access microphone" },
  startFailed: { title: "Failed to start recording. Please check your microphone permissions." },
} as const;

export const VOICE_MIME_TYPE = "audio/webm;codecs=opus";

export type VoiceRecorderStatus = RecordingStatus;

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
 * Microphone recording for a voice sample, over the recording machine: asks for the microphone,
 * records WebM/Opus where the browser can, counts whole seconds, and stops by itself at `maxSeconds`.
 * The finished recording goes to `onRecorded`; nothing leaves the browser here.
 */
export function useVoiceRecorder({
  onRecorded,
  maxSeconds = VOICE_SAMPLE_MAX_SECONDS,
}: {
  onRecorded: (sample: RecordedSample) => void;
  maxSeconds?: number;
}) {
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;
  const limit = useRef(maxSeconds);
  limit.current = maxSeconds;

  const { machine, status, elapsed } = useRecordingMachine({
    openStream: () => {
      if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error("No microphone access in this browser"));
      return navigator.mediaDevices.getUserMedia({ audio: true });
    },
    onStreamError: (error) => {
      console.warn("Microphone unavailable", error);
      toast({ ...(isPermissionDenied(error) ? VOICE_RECORDING_TOASTS.denied : VOICE_RECORDING_TOASTS.unavailable), variant: "destructive" });
    },
    // Each sample opens the microphone and frees it when it ends; leaving the page ends it too (nothing is kept).
    keepStream: false,
    limitSeconds: () => limit.current,
    capElapsed: true,
  });

  const start = useCallback(async () => {
    if (!machine.begin()) return;
    const stream = await machine.openStream();
    if (!stream) {
      machine.ended();
      return;
    }

    const chunks: Blob[] = [];
    const mimeType = pickMimeType();
    try {
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      let startedAt = Date.now();
      const run = recordMedia(recorder, {
        onChunk: (chunk) => chunks.push(chunk),
        onStop: async (): Promise<RecordedSample | null> => {
          const durationSeconds = Math.min(limit.current, (Date.now() - startedAt) / 1000);
          machine.ended(take);
          if (!machine.live) return null;
          const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || "audio/webm" });
          if (blob.size === 0) {
            toast({ ...VOICE_RECORDING_TOASTS.unavailable, variant: "destructive" });
            return null;
          }
          // Live WebM has no length in it: write the measured one in, so players and the server see it.
          return { blob: await fixWebmDuration(blob, durationSeconds * 1000), durationSeconds };
        },
      });
      const take = {
        stop: () => {
          if (!run.active) return;
          machine.stopping();
          void run.stop();
        },
      };
      void run.stopped.then((sample) => {
        if (sample && machine.live) onRecordedRef.current(sample);
      });
      // Chunks every quarter second, so a stop at the limit loses nothing.
      recorder.start(250);
      startedAt = Date.now();
      machine.attach(take);
    } catch (error) {
      console.warn("MediaRecorder could not start", error);
      toast({ ...VOICE_RECORDING_TOASTS.startFailed, variant: "destructive" });
      machine.ended();
      return;
    }
    machine.recording();
  }, [machine]);

  return { status, elapsed, maxSeconds, start, stop: machine.stop };
}
