import { useEffect, useId, useRef } from "react";
import { AddPhotosButton } from "./AddPhotosButton.tsx";
import { DEFAULT_VIDEO_FORMAT, videoFormatFor, type VideoFormatKey } from "../../../../contracts/product.ts";
import { nextRecordingTitle, type ClipItem } from "../../api/clip-items.ts";
import { CameraFrame, CameraOptions } from "./CameraFrame.tsx";
import { useRecordingAnnouncements } from "./recording-hooks.ts";
import { ClipList } from "./ClipList.tsx";
import { RecordButton } from "./RecordButton.tsx";
import { Teleprompter } from "./Teleprompter.tsx";
import { useClips } from "./use-clips.ts";
import { useRecorder } from "./use-recorder.ts";
import { RecorderCard, stageClassName } from "./recorder-card.tsx";

export interface RecorderProps {
  /** The chosen length: a recording stops by itself when it reaches it. */
  lengthSeconds: number;
  /** The current narration, shown by the teleprompter while recording ('' hides it). */
  narration: string;
  userId: number;
  /** The saved show's script (the server's copy, not the draft): what a saved clip's captions follow. */
  savedScript?: string | null;
  /** The saved show, or null before the story is first saved (clips then wait, loose, to join it). */
  showId: number | null;
  /**
   * A new story's draft key (the one its show is created with): clips begun before the first save carry it,
   * so one that finishes after the camper left this screen still joins the story's show.
   */
  draftKey?: string | null;
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
export function Recorder({ lengthSeconds, narration, savedScript = null, userId, showId, draftKey = null, videoFormat = DEFAULT_VIDEO_FORMAT, onClipsChange, className }: RecorderProps) {
  const format = videoFormatFor(videoFormat);
  const aspect = format.aspectRatio;
  const clips = useClips({ userId, showId });
  const clipsRef = useRef(clips.clips);
  clipsRef.current = clips.clips;
  const recorder = useRecorder({
    userId,
    showId,
    draftKey,
    lengthSeconds,
    nextTitle: () => nextRecordingTitle(clipsRef.current),
    aspect,
  });
  const { status, elapsed, transcript, speechAvailable } = recorder;
  const recording = status === "recording" || status === "stopping";
  const hasClips = clips.clips.length > 0;
  const ids = { transcript: useId(), clips: useId(), frame: useId() };

  const onChange = useRef(onClipsChange);
  onChange.current = onClipsChange;
  useEffect(() => {
    onChange.current?.(clips.clips);
  }, [clips.clips]);

  useRecordingAnnouncements(status, elapsed, lengthSeconds);

  const transcriptText = [transcript.finalText, transcript.interim].filter(Boolean).join(" ");

  return (
    <RecorderCard className={className}>
      {!clips.persistent && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This browser won't keep clips on the device (a private window?). Keep this tab open until every clip
          says Saved.
        </p>
      )}

      <Teleprompter narration={narration} running={status === "recording"} stageClassName={stageClassName(aspect)}>
        <CameraFrame recorder={recorder} aspect={aspect} describedBy={ids.frame} />
      </Teleprompter>

      <CameraOptions recorder={recorder} format={format} noteId={ids.frame} />

      <RecordButton
        status={status}
        startLabel={hasClips ? "Record Another" : "Start Recording"}
        lengthSeconds={lengthSeconds}
        onStart={() => void recorder.start()}
        onStop={recorder.stop}
        onPrepare={recorder.prepare}
      />

      {/* Photos are sections like clips: a shy camper can tell the story without being on camera. */}
      <AddPhotosButton userId={userId} showId={showId} draftKey={draftKey} label="Add photos" />

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
          script={savedScript}
        />
      </div>
    </RecorderCard>
  );
}
