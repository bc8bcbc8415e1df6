import { Camera, Circle, Loader2, Square } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
  /** Every change of the clip list (the page shows 'Continue to Editing' when it is not empty). */
  onClipsChange?: (clips: ClipItem[]) => void;
  className?: string;
}

/**
 * The Create screen's recorder: camera preview with teleprompter, Start / Stop m:ss / Record Another,
 * the live transcript, and the clip list. Clips are kept on the device and uploaded while recording;
 * once a show exists, the clips and their order are saved with it.
 */
export function Recorder({ lengthSeconds, narration, userId, showId, onClipsChange, className }: RecorderProps) {
  const clips = useClips({ userId, showId });
  const clipsRef = useRef(clips.clips);
  clipsRef.current = clips.clips;
  const recorder = useRecorder({
    userId,
    showId,
    lengthSeconds,
    nextTitle: () => nextRecordingTitle(clipsRef.current),
  });
  const { status, elapsed, stream, cameraError, transcript, speechAvailable } = recorder;
  const recording = status === "recording" || status === "stopping";
  const hasClips = clips.clips.length > 0;
  const ids = { heading: useId(), transcript: useId(), clips: useId() };

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

  const announcement = useRecordingAnnouncement(status, lengthSeconds);

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
            stageClassName="mx-auto w-full max-w-[calc(50vh*16/9)]"
          >
            <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
              <video
                ref={videoRef}
                muted
                playsInline
                autoPlay
                aria-label="Camera preview"
                className={cn("h-full w-full -scale-x-100 object-cover", !stream && "invisible")}
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
                  <span className="font-mono tabular-nums">{formatClock(elapsed)}</span>
                </div>
              )}
            </div>
          </Teleprompter>

          <div className="flex flex-wrap items-center gap-3">
            {/* One button whose job changes, so keyboard focus stays on it from Start to Stop and back. */}
            <Button
              size="lg"
              variant={recording ? "destructive" : "default"}
              onClick={onRecordButton}
              // Not `disabled`: a disabled button drops keyboard focus while the camera starts.
              aria-disabled={status === "starting" || status === "stopping"}
              className="min-w-44 aria-disabled:opacity-70"
            >
              {status === "starting" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : recording ? (
                <Square aria-hidden="true" />
              ) : (
                <Circle aria-hidden="true" />
              )}
              {recording ? `Stop ${formatClock(elapsed)}` : hasClips ? "Record Another" : "Start Recording"}
            </Button>
            <p className="text-sm text-slate-700">Stops by itself at {formatClock(lengthSeconds)}.</p>
          </div>
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>

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
            />
          </div>
        </CardContent>
      </section>
    </Card>
  );
}

function useRecordingAnnouncement(status: string, lengthSeconds: number): string {
  const [message, setMessage] = useState("");
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === "recording" && before !== "recording") {
      setMessage(`Recording started. It stops by itself at ${formatClock(lengthSeconds)}.`);
    } else if (status === "idle" && (before === "recording" || before === "stopping")) {
      setMessage("Recording stopped. The clip is kept on this device and uploading.");
    }
  }, [status, lengthSeconds]);
  return message;
}
