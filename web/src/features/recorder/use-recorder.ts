import { useCallback, useEffect, useRef, useState } from "react";
import { useIdleHold } from "../idle/idle-activity.ts";
import { toast } from "../../hooks/use-toast.ts";
import { lazyModule } from "../../lib/lazy-module.ts";
import { stopTracks } from "../../lib/media-recorder.ts";
import type { ClipRecording } from "./clip-recording.ts";
import { PERMISSION_ERROR } from "./recording-messages.ts";
import { startLiveTranscript, speechRecognitionConstructor } from "./speech.ts";

/**
 * A take's recording machinery (MediaRecorder's run, the chunks' writes to the device, the upload's
 * start), which a screen needs only once the camper turns the camera on or reaches for Start: fetched
 * then, so the shot list's first visit stays within its budget (decision 029a).
 */
export const takeRecordingCode = lazyModule(() => import("./clip-recording.ts"));
const prepareTakeRecording = () => void takeRecordingCode.load().catch(() => undefined);

/** Said when Start cannot fetch the recording code (a connection dropped on camp Wi-Fi). */
export const RECORDING_CODE_ERROR = "The recorder could not start: the connection dropped. Please press Start again.";

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
  /** Starts fetching what Start needs (the camper pointing at or focusing the button). */
  prepare(): void;
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
  // A take in progress is never cut by an idle sign-out on a shared tablet (decision 027e).
  useIdleHold(status !== "idle");

  const streamRef = useRef<MediaStream | null>(null);
  const recordingRef = useRef<ClipRecording | null>(null);
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
      // With the camera on, Start is the next press: fetch what it needs now.
      prepareTakeRecording();
      // Device labels and counts are known once the camera is allowed.
      void navigator.mediaDevices
        .enumerateDevices?.()
        .then((devices) => mounted.current && setCanSwitchCamera(devices.filter((d) => d.kind === "videoinput").length > 1))
        .catch(() => undefined);
      if (mounted.current) {
        setStream(next);
        setCameraError(null);
      } else {
        stopTracks(next);
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
    void recordingRef.current?.stop();
  }, []);

  const start = useCallback(async () => {
    if (statusRef.current !== "idle") return;
    setBoth("starting");
    const [media, code] = await Promise.all([enableCamera(), takeRecordingCode.load().catch(() => null)]);
    if (!media || !code) {
      if (media && !code) toast({ title: RECORDING_CODE_ERROR, variant: "destructive" });
      setBoth("idle");
      return;
    }
    const { userId: owner, showId: show, shotId: shot, nextTitle: title } = options.current;
    const recording: ClipRecording = new code.ClipRecording({
      stream: media,
      userId: owner,
      showId: show,
      shotId: shot,
      title,
      onRecording: (localId) => {
        if (mounted.current) {
          setCurrentLocalId(localId);
          setElapsed(0);
          setTranscript({ finalText: "", interim: "" });
        }
        setBoth("recording");
        startedAt.current = Date.now();
      },
      startTranscript: (keep) =>
        startLiveTranscript(
          (update) => mounted.current && setTranscript(update),
          keep,
          () => mounted.current && setSpeechAvailable(false),
        ),
      onStopping: () => setBoth("stopping"),
      onEnded: () => {
        if (recordingRef.current === recording) recordingRef.current = null;
        setBoth("idle");
      },
    });
    recordingRef.current = recording;
    await recording.start();
  }, [enableCamera, setBoth]);

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
      void recordingRef.current?.stop();
      stopTracks(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  // A new frame or another camera: open the camera again with the new shape (never mid-recording).
  const reopen = useCallback(() => {
    const current = streamRef.current;
    if (!current || statusRef.current !== "idle") return;
    stopTracks(current);
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
    prepare: prepareTakeRecording,
    facing,
    canSwitchCamera,
    switchCamera,
    start,
    stop,
  };
}
