import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../hooks/use-toast.ts";
import type { LocalClip } from "./clip-store.ts";
import { activeRecordings, getRecorderRuntime, holdRecordingLock, type RecorderRuntime } from "./runtime.ts";
import { startLiveTranscript, speechRecognitionConstructor, type LiveTranscript } from "./speech.ts";

export const PERMISSION_ERROR = "Failed to start recording. Please check your camera and microphone permissions.";
/** About one second of video per chunk: a closed tab loses at most that. */
export const TIMESLICE_MS = 1000;

const MIME_CANDIDATES = [
  "video/webm;codecs=vp8,opus",
  "video/webm;codecs=vp9,opus",
  "video/webm",
  "video/mp4;codecs=avc1,mp4a",
  "video/mp4",
];

/** The first type this browser records; "" lets MediaRecorder choose. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string {
  for (const type of MIME_CANDIDATES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // some browsers throw for types they don't know
    }
  }
  return "";
}

let persistenceAsked = false;

/** Asks the browser not to evict this site's storage (the takes) when the disk gets full. */
function askForPersistentStorage() {
  if (persistenceAsked || typeof navigator === "undefined" || !navigator.storage?.persist) return;
  persistenceAsked = true;
  navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => undefined);
}

export type RecorderStatus = "idle" | "starting" | "recording" | "stopping";

export interface UseRecorderOptions {
  userId: number;
  showId: number | null;
  /** The shot each take is recorded for (record to the script); absent or null for free recording. */
  shotId?: number | null;
  /** Recording stops by itself when this many seconds have passed. */
  lengthSeconds: number;
  /** The next clip's title ('Recording N'), read when a recording starts. */
  nextTitle: () => string;
  /** The chosen format's frame: the camera is asked for this shape where the browser allows. */
  aspect?: "16/9" | "9/16";
}

/** user: the front (selfie) camera; environment: the back one. */
export type CameraFacing = "user" | "environment";

/** Asks for the format's shape; browsers that can't crop the camera give their own and the preview shows the cut. */
export function videoConstraints(aspect: "16/9" | "9/16", facing: CameraFacing): MediaTrackConstraints {
  const tall = aspect === "9/16";
  return {
    facingMode: { ideal: facing },
    aspectRatio: { ideal: tall ? 9 / 16 : 16 / 9 },
    width: { ideal: tall ? 720 : 1280 },
    height: { ideal: tall ? 1280 : 720 },
  };
}

export interface RecorderApi {
  status: RecorderStatus;
  /** Whole seconds since the current recording started. */
  elapsed: number;
  /** The camera and microphone stream (preview), once allowed. */
  stream: MediaStream | null;
  /** Set when the camera could not be opened. */
  cameraError: string | null;
  /** The live transcript of the current (or last) take. */
  transcript: { finalText: string; interim: string };
  /** False where the browser has no speech recognition or it stopped working. */
  speechAvailable: boolean;
  /** The clip being recorded. */
  currentLocalId: string | null;
  /** Asks for the camera and microphone (the preview) without recording. */
  enableCamera(): Promise<MediaStream | null>;
  /** Which camera is in use; the front one's preview is mirrored (the file never is). */
  facing: CameraFacing;
  /** True when the device has more than one camera (front and back). */
  canSwitchCamera: boolean;
  /** Front to back and back; only while not recording. */
  switchCamera(): void;
  start(): Promise<void>;
  stop(): void;
}

/**
 * Camera and microphone recording. Every chunk MediaRecorder hands over is written to the device
 * store (and the write has completed) before anything else happens to it; the upload loop then
 * sends it while recording goes on. Stop fixes the clip's size and the transcript.
 */
export function useRecorder({ userId, showId, shotId = null, lengthSeconds, nextTitle, aspect = "16/9" }: UseRecorderOptions): RecorderApi {
  const [facing, setFacing] = useState<CameraFacing>("user");
  const [canSwitchCamera, setCanSwitchCamera] = useState(false);
  const shape = useRef({ aspect, facing });
  shape.current = { aspect, facing };
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [transcript, setTranscript] = useState({ finalText: "", interim: "" });
  const [speechAvailable, setSpeechAvailable] = useState(() => speechRecognitionConstructor() !== null);
  const [currentLocalId, setCurrentLocalId] = useState<string | null>(null);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const statusRef = useRef<RecorderStatus>("idle");
  const startedAt = useRef(0);
  const mounted = useRef(true);
  const options = useRef({ userId, showId, shotId, lengthSeconds, nextTitle });
  options.current = { userId, showId, shotId, lengthSeconds, nextTitle };

  const setBoth = useCallback((next: RecorderStatus) => {
    statusRef.current = next;
    if (mounted.current) setStatus(next);
  }, []);

  const enableCamera = useCallback(async (): Promise<MediaStream | null> => {
    const current = streamRef.current;
    if (current && current.getTracks().every((t) => t.readyState !== "ended")) return current;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("This browser can't use a camera here");
      const { aspect: frame, facing: side } = shape.current;
      const next = await navigator.mediaDevices
        .getUserMedia({ video: videoConstraints(frame, side), audio: true })
        // A camera that refuses the shape still records: the preview then shows what crop cuts.
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === "OverconstrainedError") {
            return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
          }
          throw error;
        });
      streamRef.current = next;
      // Device labels and counts are known once the camera is allowed.
      void navigator.mediaDevices
        .enumerateDevices?.()
        .then((devices) => mounted.current && setCanSwitchCamera(devices.filter((d) => d.kind === "videoinput").length > 1))
        .catch(() => undefined);
      if (mounted.current) {
        setStream(next);
        setCameraError(null);
      } else {
        next.getTracks().forEach((t) => t.stop());
      }
      return next;
    } catch (error) {
      console.warn("Camera or microphone unavailable", error);
      toast({ title: PERMISSION_ERROR, variant: "destructive" });
      if (mounted.current) setCameraError(PERMISSION_ERROR);
      return null;
    }
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === "inactive") return;
    setBoth("stopping");
    try {
      recorder.stop();
    } catch {
      recorder.onstop?.(new Event("stop"));
    }
  }, [setBoth]);

  const start = useCallback(async () => {
    if (statusRef.current !== "idle") return;
    setBoth("starting");
    const media = await enableCamera();
    if (!media) {
      setBoth("idle");
      return;
    }
    let runtime: RecorderRuntime;
    let recorder: MediaRecorder;
    let mimeType: string;
    try {
      runtime = await getRecorderRuntime();
      const chosen = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(media, chosen ? { mimeType: chosen } : undefined);
      mimeType = recorder.mimeType || chosen || "video/webm";
    } catch (error) {
      console.warn("MediaRecorder could not start", error);
      toast({ title: PERMISSION_ERROR, variant: "destructive" });
      setBoth("idle");
      return;
    }
    const { store, manager } = runtime;
    const { userId: owner, showId: show, shotId: shot, nextTitle: title } = options.current;
    let clip: LocalClip;
    try {
      clip = await store.createClip({ userId: owner, title: title(), mimeType, showId: show, shotId: shot });
    } catch (error) {
      console.error(error);
      toast({ title: "Failed to start recording", description: "This device would not store the recording.", variant: "destructive" });
      setBoth("idle");
      return;
    }
    const localId = clip.localId;
    askForPersistentStorage();
    activeRecordings.add(localId);
    const releaseLock = holdRecordingLock(localId);
    recorderRef.current = recorder;

    // Chunks are written one after another, in order; nothing else touches a chunk before its write completes.
    let writes: Promise<unknown> = Promise.resolve();
    let writeFailed = false;
    recorder.ondataavailable = (event: BlobEvent) => {
      const blob = event.data;
      if (!blob || blob.size === 0) return;
      writes = writes.then(async () => {
        if (writeFailed) return;
        try {
          await store.addChunk(localId, blob);
        } catch (error) {
          writeFailed = true;
          console.error(error);
          toast({
            title: "Recording stopped",
            description: "This device ran out of room for the recording. What was recorded so far is kept.",
            variant: "destructive",
          });
          if (recorder.state !== "inactive") recorder.stop();
        }
      });
    };

    let speech: LiveTranscript | null = null;
    let finished = false;
    recorder.onstop = () => {
      if (finished) return;
      finished = true;
      const text = speech?.stop() ?? "";
      window.removeEventListener("pagehide", flush);
      writes = writes.then(async () => {
        try {
          const final = await store.updateClip(localId, (c) => ({
            state: c.state === "recording" ? (navigator.onLine === false ? "local" : "uploading") : c.state,
            totalBytes: c.recordedBytes,
            endTime: Date.now(),
            transcription: text || c.transcription,
          }));
          if (final.recordedBytes === 0) {
            await manager.cancel(localId);
            await store.deleteClip(localId);
          } else {
            manager.resume(localId);
          }
        } catch (error) {
          console.error(error);
        } finally {
          activeRecordings.delete(localId);
          releaseLock();
          if (recorderRef.current === recorder) recorderRef.current = null;
          setBoth("idle");
        }
      });
    };
    recorder.onerror = () => stop();
    // The tab is closing: hand over the part of the second recorded so far.
    const flush = () => {
      try {
        if (recorder.state === "recording") recorder.requestData();
      } catch {
        // nothing to flush
      }
    };
    window.addEventListener("pagehide", flush);

    try {
      recorder.start(TIMESLICE_MS);
    } catch (error) {
      console.warn("MediaRecorder could not start", error);
      toast({ title: PERMISSION_ERROR, variant: "destructive" });
      activeRecordings.delete(localId);
      releaseLock();
      recorderRef.current = null;
      window.removeEventListener("pagehide", flush);
      await store.deleteClip(localId).catch(() => undefined);
      setBoth("idle");
      return;
    }
    manager.resume(localId);
    if (mounted.current) {
      setCurrentLocalId(localId);
      setElapsed(0);
      setTranscript({ finalText: "", interim: "" });
    }
    setBoth("recording");
    startedAt.current = Date.now();

    speech = startLiveTranscript(
      (update) => mounted.current && setTranscript(update),
      // Keep the words on the device as they come, so a closed tab keeps them too.
      (finalText) => void store.updateClip(localId, { transcription: finalText }).catch(() => undefined),
      () => mounted.current && setSpeechAvailable(false),
    );
  }, [enableCamera, setBoth, stop]);

  // Elapsed seconds from the clock (a throttled background tab still counts right), and the automatic stop.
  useEffect(() => {
    if (status !== "recording") return;
    const tick = () => {
      const seconds = Math.floor((Date.now() - startedAt.current) / 1000);
      setElapsed(seconds);
      if (seconds >= options.current.lengthSeconds) stop();
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [status, stop]);

  // Leaving the page stops the recording (its bytes are kept and uploaded) and turns the camera off.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        try {
          recorder.stop();
        } catch {
          // already stopped
        }
      }
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = null;
    };
  }, []);

  // A new frame or another camera: open the camera again with the new shape (never mid-recording).
  const reopen = useCallback(() => {
    const current = streamRef.current;
    if (!current || statusRef.current !== "idle") return;
    current.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (mounted.current) setStream(null);
    void enableCamera();
  }, [enableCamera]);
  const opened = useRef({ aspect, facing });
  useEffect(() => {
    if (opened.current.aspect === aspect && opened.current.facing === facing) return;
    opened.current = { aspect, facing };
    reopen();
  }, [aspect, facing, reopen]);

  const switchCamera = useCallback(() => {
    if (statusRef.current !== "idle") return;
    setFacing((f) => (f === "user" ? "environment" : "user"));
  }, []);

  return {
    status,
    elapsed,
    stream,
    cameraError,
    transcript,
    speechAvailable,
    currentLocalId,
    enableCamera,
    facing,
    canSwitchCamera,
    switchCamera,
    start,
    stop,
  };
}
