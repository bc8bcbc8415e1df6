import { Camera, Circle, Loader2, Square, SwitchCamera } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_VIDEO_FORMAT, VIDEO_FORMATS, type VideoFormatKey } from "../../../../contracts/product.ts";
import { announce } from "../../components/a11y/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../lib/utils.ts";
import { formatClock, nextRecordingTitle, type ClipItem } from "./clip-items.ts";
import { ClipList } from "./ClipList.tsx";
import { Teleprompter } from "./Teleprompter.tsx";
import { useClips } from "./use-clips.ts";
import { useRecorder } from "./use-recorder.ts";

export interface RecorderProps {
  /** The chosen length: a recording stops by itself when it reaches it. */
  lengthSeconds: number;
  /** The current narration, shown by the teleprompter while recording ('' hides it). */
  narration: string;
  userId: number;
  /** The saved show, or null before the story is first saved (clips then wait, loose, to join it). */
  showId: number | null;
  /** The chosen video format: the preview shows its frame, and the camera is asked for that shape. */
  videoFormat?: VideoFormatKey;
  /** Every change of the clip list (the page shows 'Continue to Editing' when it is not empty). */
  onClipsChange?: (clips: ClipItem[]) => void;
  className?: string;
}

/**
 * The Create screen's recorder: camera preview with teleprompter, Start / Stop m:ss / Record Another,
 * the live transcript, and the clip list. Clips are kept on the device and uploaded while recording;
 * once a show exists, the clips and their order are saved with it.
 */
export function Recorder({ lengthSeconds, narration, userId, showId, videoFormat = DEFAULT_VIDEO_FORMAT, onClipsChange, className }: RecorderProps) {
  const format = VIDEO_FORMATS.find((f) => f.key === videoFormat) ?? VIDEO_FORMATS[0];
  const aspect = format.aspectRatio;
  const tall = aspect === "9/16";
  const clips = useClips({ userId, showId });
  const clipsRef = useRef(clips.clips);
  clipsRef.current = clips.clips;
  const recorder = useRecorder({
    userId,
    showId,
    lengthSeconds,
    nextTitle: () => nextRecordingTitle(clipsRef.current),
    aspect,
  });
  const { status, elapsed, stream, cameraError, transcript, speechAvailable, facing } = recorder;
  const cameraShape = useCameraShape(stream);
  // The camera gave another shape than the frame (the browser could not crop it): say what crop cuts.
  const cut = cameraShape !== null && Math.abs(cameraShape - (tall ? 9 / 16 : 16 / 9)) > 0.05;
  const recording = status === "recording" || status === "stopping";
  const hasClips = clips.clips.length > 0;
  const ids = { heading: useId(), transcript: useId(), clips: useId(), frame: useId() };

  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // autoPlay + muted plays the stream as soon as it is attached.
    video.srcObject = stream;
  }, [stream]);

  const onChange = useRef(onClipsChange);
  onChange.current = onClipsChange;
  useEffect(() => {
    onChange.current?.(clips.clips);
  }, [clips.clips]);

  useRecordingAnnouncements(status, elapsed, lengthSeconds);

  function onRecordButton() {
    if (status === "recording") recorder.stop();
    else if (status === "idle") void recorder.start();
  }

  const transcriptText = [transcript.finalText, transcript.interim].filter(Boolean).join(" ");

  return (
    <Card className={className}>
      <section aria-labelledby={ids.heading}>
        <CardHeader className="pb-3">
          <CardTitle id={ids.heading}>Record your video</CardTitle>
          <p className="text-sm text-slate-700">
            Record one clip or several. Each clip is kept on this device and uploaded while you record, so a weak
            Wi-Fi or a closed laptop never loses a take.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!clips.persistent && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This browser won't keep clips on the device (a private window?). Keep this tab open until every clip
              says Saved.
            </p>
          )}

          {/* At most half the screen tall, so Stop stays in sight on a small laptop. */}
          <Teleprompter
            narration={narration}
            running={status === "recording"}
            stageClassName={cn("mx-auto w-full", tall ? "max-w-[calc(55vh*9/16)] min-w-[min(15rem,100%)]" : "max-w-[calc(50vh*16/9)]")}
          >
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
                aria-describedby={ids.frame}
                data-mirrored={facing === "user" ? "true" : "false"}
                // The front camera's preview is mirrored so moving feels natural; the file is not.
                className={cn("h-full w-full object-cover", facing === "user" && "-scale-x-100", !stream && "invisible")}
              />
              {!stream && (
                // The upper part: the teleprompter may cover the lower one.
                <div className="absolute inset-x-0 top-0 flex h-3/5 flex-col items-center justify-center gap-2 p-3 text-center text-white">
                  <Camera aria-hidden="true" className="hidden size-8 sm:block" />
                  <p className="max-w-sm text-sm">
                    {cameraError ?? "Your camera is off. It turns on when you start recording."}
                  </p>
                  <Button variant="outline" size="sm" onClick={() => void recorder.enableCamera()} disabled={status !== "idle"}>
                    Turn on camera
                  </Button>
                </div>
              )}
              {recording && (
                <div className="absolute left-3 top-3 flex items-center gap-2 rounded-md bg-red-700 px-2 py-1 text-sm font-bold text-white">
                  <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
                  REC
                  <span className="font-mono tabular-nums" data-testid="recording-clock">
                    {formatClock(elapsed)}
                  </span>
                </div>
              )}
            </div>
          </Teleprompter>

          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <p id={ids.frame} data-testid="frame-note">
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

          <div className="flex flex-wrap items-center gap-3">
            {/* One button whose job changes, so keyboard focus stays on it from Start to Stop and back. */}
            <Button
              size="lg"
              variant={recording ? "destructive" : "default"}
              onClick={onRecordButton}
              // Not `disabled`: a disabled button drops keyboard focus while the camera starts.
              busy={status === "starting" || status === "stopping"}
              className="min-w-44"
            >
              {status === "starting" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : recording ? (
                <Square aria-hidden="true" />
              ) : (
                <Circle aria-hidden="true" />
              )}
              {/* A fixed name while recording: the running time is in the REC badge, not read every second. */}
              {recording ? "Stop recording" : hasClips ? "Record Another" : "Start Recording"}
            </Button>
            <p className="text-sm text-slate-700">Stops by itself at {formatClock(lengthSeconds)}.</p>
          </div>

          {(recording || transcriptText) && (
            <div className="grid gap-1" aria-labelledby={ids.transcript} role="group">
              <h3 id={ids.transcript} className="text-sm font-semibold text-slate-800">
                Live transcript
              </h3>
              {speechAvailable ? (
                <p className="min-h-10 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
                  {transcript.finalText}
                  {transcript.interim && <span className="text-slate-600"> {transcript.interim}</span>}
                  {!transcriptText && <span className="text-slate-600">Listening...</span>}
                </p>
              ) : (
                <p className="text-sm text-slate-700">
                  This browser can't write a live transcript. Your recording works without it.
                </p>
              )}
            </div>
          )}

          <div className="grid gap-2">
            <h3 id={ids.clips} className="text-base font-semibold text-slate-900">
              Your clips{hasClips ? ` (${clips.clips.length})` : ""}
            </h3>
            {clips.loadError && (
              <p role="alert" className="text-sm text-red-800">
                Could not load your saved clips. {clips.loadError}
              </p>
            )}
            {!hasClips && !clips.isLoading && <p className="text-sm text-slate-700">No clips yet.</p>}
            <ClipList
              clips={clips.clips}
              onReorder={clips.reorder}
              onRemove={clips.remove}
              onRetry={clips.retry}
              loadLocalBlob={clips.localBlob}
              headingId={ids.clips}
            />
          </div>
        </CardContent>
      </section>
    </Card>
  );
}

/** Seconds-left warnings before the automatic stop, each said once per recording. */
export const TIME_LEFT_WARNINGS = [30, 10] as const;

/** The warning due at this moment of a recording, if any (only for recordings long enough to need it). */
export function timeLeftWarning(elapsed: number, lengthSeconds: number, alreadySaid: ReadonlySet<number>): number | null {
  const left = lengthSeconds - elapsed;
  // Nearest first: when a throttled tab passes both at once, only the nearer one is due.
  for (const warning of [...TIME_LEFT_WARNINGS].sort((a, b) => a - b)) {
    // A 30-second recording starts with "stops by itself at 0:30"; "30 seconds left" would only repeat it.
    if (lengthSeconds > warning && left <= warning && left > 0 && !alreadySaid.has(warning)) return warning;
  }
  return null;
}

/**
 * What a screen reader hears of a recording: started (with when it stops), 30 and 10 seconds
 * left, and stopped. "Saved" follows from the clip list once the server has every byte.
 */
function useRecordingAnnouncements(status: string, elapsed: number, lengthSeconds: number) {
  const previous = useRef(status);
  const warned = useRef(new Set<number>());
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === "recording" && before !== "recording") {
      warned.current = new Set();
      announce(`Recording started. It stops by itself at ${formatClock(lengthSeconds)}.`);
    } else if (status === "idle" && (before === "recording" || before === "stopping")) {
      announce("Recording stopped. The clip is kept on this device and uploading.");
    }
  }, [status, lengthSeconds]);
  useEffect(() => {
    if (status !== "recording") return;
    const warning = timeLeftWarning(elapsed, lengthSeconds, warned.current);
    if (warning === null) return;
    // Both thresholds may be passed at once (a throttled tab): say the nearer one only.
    TIME_LEFT_WARNINGS.filter((w) => w >= warning).forEach((w) => warned.current.add(w));
    announce(`${warning} seconds left`);
  }, [status, elapsed, lengthSeconds]);
}

/** The camera track's width / height once known (null before the camera is on). */
function useCameraShape(stream: MediaStream | null): number | null {
  const [shape, setShape] = useState<number | null>(null);
  useEffect(() => {
    const track = stream?.getVideoTracks?.()[0];
    const settings = track?.getSettings?.();
    setShape(settings?.width && settings.height ? settings.width / settings.height : null);
  }, [stream]);
  return shape;
}
