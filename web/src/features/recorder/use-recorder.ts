import { useCallback, useEffect, useRef, useState } from "react";
import { useIdleHold } from "../../lib/idle-activity.ts";
import { toast } from "../../lib/toasts.ts";
import { useRecordingMachine } from "../../hooks/use-recording-machine.ts";
import { lazyModule } from "../../lib/lazy-module.ts";
import type { RecordingStatus } from "../../lib/recording-machine.ts";
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

export type RecorderStatus = RecordingStatus;

export interface UseRecorderOptions {
  userId: number;
  showId: number | null;
  /** The shot each take is recorded for (record to the script); absent or null for free recording. */
  shotId?: number | null;
  /** Before the story is first saved: its draft key (a take then joins the story's show once saved). */
  draftKey?: string | null;
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

/** The camera and microphone, in the format's shape, falling back to any shape the camera has. */
async function openCamera(aspect: "16/9" | "9/16", facing: CameraFacing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("This browser can't use a camera here");
  return (
    navigator.mediaDevices
      .getUserMedia({ video: videoConstraints(aspect, facing), audio: true })
      // A camera that refuses the shape still records: the preview then shows what crop cuts.
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === "OverconstrainedError") {
          return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
        }
        throw error;
      })
  );
}

/**
 * Camera and microphone recording, over the recording machine (status, clock, automatic stop, the
 * camera kept open for the preview). Every chunk MediaRecorder hands over is written to the device
 * store (and the write has completed) before anything else happens to it; the upload loop then
 * sends it while recording goes on. Stop fixes the clip's size and the transcript.
 */
export function useRecorder({ userId, showId, shotId = null, draftKey = null, lengthSeconds, nextTitle, aspect = "16/9" }: UseRecorderOptions): RecorderApi {
  const [facing, setFacing] = useState<CameraFacing>("user");
  const [canSwitchCamera, setCanSwitchCamera] = useState(false);
  const shape = useRef({ aspect, facing });
  shape.current = { aspect, facing };
  const options = useRef({ userId, showId, shotId, draftKey, lengthSeconds, nextTitle });
  options.current = { userId, showId, shotId, draftKey, lengthSeconds, nextTitle };
  const [transcript, setTranscript] = useState({ finalText: "", interim: "" });
  const [speechAvailable, setSpeechAvailable] = useState(() => speechRecognitionConstructor() !== null);
  const [currentLocalId, setCurrentLocalId] = useState<string | null>(null);

  const { machine, status, elapsed, stream, streamFailed } = useRecordingMachine({
    openStream: () => openCamera(shape.current.aspect, shape.current.facing),
    onStreamError: (error) => {
      console.warn("Camera or microphone unavailable", error);
      toast({ title: PERMISSION_ERROR, variant: "destructive" });
    },
    onStreamOpened: () => {
      // With the camera on, Start is the next press: fetch what it needs now.
      prepareTakeRecording();
      // Device labels and counts are known once the camera is allowed.
      void navigator.mediaDevices
        .enumerateDevices?.()
        .then((devices) => machine.live && setCanSwitchCamera(devices.filter((d) => d.kind === "videoinput").length > 1))
        .catch(() => undefined);
    },
    keepStream: true,
    limitSeconds: () => options.current.lengthSeconds,
  });
  // A take in progress is never cut by an idle sign-out on a shared tablet (decision 027e).
  useIdleHold(status !== "idle");

  const start = useCallback(async () => {
    if (!machine.begin()) return;
    const [media, code] = await Promise.all([machine.openStream(), takeRecordingCode.load().catch(() => null)]);
    if (!media || !code) {
      if (media && !code) toast({ title: RECORDING_CODE_ERROR, variant: "destructive" });
      machine.ended();
      return;
    }
    const { userId: owner, showId: show, shotId: shot, draftKey: story, nextTitle: title } = options.current;
    const recording: ClipRecording = new code.ClipRecording({
      stream: media,
      userId: owner,
      showId: show,
      shotId: shot,
      draftKey: story,
      title,
      onRecording: (localId) => {
        if (machine.live) {
          setCurrentLocalId(localId);
          setTranscript({ finalText: "", interim: "" });
        }
        machine.recording();
      },
      startTranscript: (keep) =>
        startLiveTranscript(
          (update) => machine.live && setTranscript(update),
          keep,
          () => machine.live && setSpeechAvailable(false),
        ),
      onStopping: machine.stopping,
      onEnded: () => machine.ended(recording),
    });
    machine.attach(recording);
    await recording.start();
  }, [machine]);

  // A new frame or another camera: open the camera again with the new shape (never mid-recording).
  const opened = useRef({ aspect, facing });
  useEffect(() => {
    if (opened.current.aspect === aspect && opened.current.facing === facing) return;
    opened.current = { aspect, facing };
    machine.reopenStream();
  }, [aspect, facing, machine]);

  const switchCamera = useCallback(() => {
    if (machine.getState().status !== "idle") return;
    setFacing((f) => (f === "user" ? "environment" : "user"));
  }, [machine]);

  return {
    status,
    elapsed,
    stream,
    cameraError: streamFailed ? PERMISSION_ERROR : null,
    transcript,
    speechAvailable,
    currentLocalId,
    enableCamera: machine.openStream,
    prepare: prepareTakeRecording,
    facing,
    canSwitchCamera,
    switchCamera,
    start,
    stop: machine.stop,
  };
}
