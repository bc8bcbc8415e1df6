import { Camera, SwitchCamera } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/utils.ts";
import type { VideoFormat } from "../../../../contracts/product.ts";
import { formatClock } from "../../lib/time-format.ts";
import { useCameraShape } from "./recording-hooks.ts";
import type { RecorderApi } from "./use-recorder.ts";

/**
 * The camera preview in the chosen format's frame: the live picture (the front camera's mirrored, the
 * file never is), a "Turn on camera" offer while it is off, and the REC badge with the running time.
 * Shared by the free recorder and recording to the script.
 */
export function CameraFrame({
  recorder,
  aspect,
  describedBy,
  freeTopClassName = "h-3/5",
}: {
  recorder: Pick<RecorderApi, "status" | "elapsed" | "stream" | "cameraError" | "facing" | "enableCamera">;
  aspect: "16/9" | "9/16";
  /** The note saying the frame's shape (and what a crop cuts). */
  describedBy?: string;
  /** The height of the upper part the teleprompter leaves free (where "Turn on camera" goes). */
  freeTopClassName?: string;
}) {
  const { status, elapsed, stream, cameraError, facing } = recorder;
  const recording = status === "recording" || status === "stopping";
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // autoPlay + muted plays the stream as soon as it is attached.
    video.srcObject = stream;
  }, [stream]);

  return (
    <div
      className="relative w-full overflow-hidden rounded-lg bg-slate-900"
      style={{ aspectRatio: aspect }}
      data-testid="camera-frame"
      data-aspect={aspect}
    >
      <video
        ref={videoRef}
        muted
        playsInline
        autoPlay
        aria-label="Camera preview"
        aria-describedby={describedBy}
        data-mirrored={facing === "user" ? "true" : "false"}
        // The front camera's preview is mirrored so moving feels natural; the file is not.
        className={cn("h-full w-full object-cover", facing === "user" && "-scale-x-100", !stream && "invisible")}
      />
      {!stream && (
        // The upper part: the teleprompter may cover the lower one.
        <div
          className={cn(
            "absolute inset-x-0 top-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-white",
            freeTopClassName,
          )}
        >
          <Camera aria-hidden="true" className="hidden size-8 sm:block" />
          <p className="max-w-sm text-sm">{cameraError ?? "Your camera is off. It turns on when you start recording."}</p>
          <Button variant="outline" size="sm" onClick={() => void recorder.enableCamera()} disabled={status !== "idle"}>
            Turn on camera
          </Button>
        </div>
      )}
      {recording && (
        <div className="absolute left-3 top-3 flex items-center gap-2 rounded-md bg-red-800 px-2 py-1 text-sm font-bold text-white">
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
          REC
          <span className="font-mono tabular-nums" data-testid="recording-clock">
            {formatClock(elapsed)}
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * Under the preview: the frame's shape (and, when the camera films another shape, what the crop
 * cuts), and the front/back camera switch where the device has both.
 */
export function CameraOptions({
  recorder,
  format,
  noteId,
}: {
  recorder: Pick<RecorderApi, "status" | "stream" | "facing" | "canSwitchCamera" | "switchCamera">;
  format: VideoFormat;
  /** The note's id, for the preview's aria-describedby. */
  noteId: string;
}) {
  const { status, stream, facing } = recorder;
  const tall = format.aspectRatio === "9/16";
  const cameraShape = useCameraShape(stream);
  // The camera gave another shape than the frame (the browser could not crop it): say what crop cuts.
  const cut = cameraShape !== null && Math.abs(cameraShape - (tall ? 9 / 16 : 16 / 9)) > 0.05;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <p id={noteId} data-testid="frame-note">
        Frame: {format.label}, {tall ? "tall 9:16" : "wide 16:9"}
        {facing === "user" ? ", preview mirrored (the video is not)" : ""}.
        {cut && " Your camera films a different shape: the final video crops to this frame (or adds bars if you choose)."}
      </p>
      {recorder.canSwitchCamera && (
        <Button variant="outline" size="sm" onClick={recorder.switchCamera} disabled={status !== "idle"}>
          <SwitchCamera aria-hidden="true" />
          {facing === "user" ? "Use back camera" : "Use front camera"}
        </Button>
      )}
    </div>
  );
}
