import { CheckCircle2, Loader2, Scissors } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import { NoCaptionsNote } from "../../components/a11y/no-captions-note.tsx";
import type { Clip } from "../../../../contracts/clips.ts";
import { cn } from "../../lib/utils.ts";
import { formatClock } from "../../lib/time-format.ts";
import { CaptionLineFix, type CaptionFix } from "./CaptionLineFix.tsx";
import { useClipTrack } from "../../api/clip-captions.ts";
import { useClipTrim, type TrimDraft } from "../../api/clip-trims.ts";
import { formatSeconds } from "./length-format.ts";
import { PhotoSection } from "./PhotoSection.tsx";

/** The two trim boxes, in the order they stand. */
const TRIM_FIELDS: readonly { field: keyof TrimDraft; label: string }[] = [
  { field: "start", label: "Start" },
  { field: "end", label: "End" },
];

export interface Frame {
  ratio: string;
  aspectRatio: string;
  tall: boolean;
}

/**
 * One clip of the show: its player (with the server's poster picture, playing only the kept part)
 * and its Start/End trim boxes. The clip's file is never changed; the show uses the kept part.
 * A photo is a section too: its picture and its seconds on screen instead.
 */
export function ClipSection({
  clip,
  index,
  frame,
  script,
  captionFix = null,
  shotLabel = null,
  children,
}: {
  clip: Clip;
  index: number;
  frame: Frame;
  script: string | null;
  /** "Fix it" for a caption line shown over this clip: the line, with the flagged words selected. */
  captionFix?: CaptionFix | null;
  /** "Shot 2, take 3" for a take (null for a clip recorded for no shot). */
  shotLabel?: string | null;
  /** The shot's other takes, folded under it. */
  children?: ReactNode;
}) {
  // A photo has no player, trims or captions: its picture and its seconds on screen.
  if (clip.kind === "photo") {
    return (
      <PhotoSection clip={clip} index={index} frame={frame} shotLabel={shotLabel} captionFix={captionFix}>
        {children}
      </PhotoSection>
    );
  }
  return (
    <VideoClipSection clip={clip} index={index} frame={frame} script={script} captionFix={captionFix} shotLabel={shotLabel}>
      {children}
    </VideoClipSection>
  );
}

type SectionProps = Parameters<typeof ClipSection>[0];

function VideoClipSection({ clip, index, frame, script, captionFix = null, shotLabel = null, children }: SectionProps) {
  const trim = useClipTrim(clip);
  const { trackUrl, noCaptions, captionsNote } = useClipTrack(clip, script);
  const ids = { start: useId(), end: useId(), error: useId(), used: useId(), captions: useId() };
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const label = `${index + 1}. ${clip.title}`;

  // The player keeps to the saved trims: it starts at the kept start and stops at the kept end.
  const keepInside = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.currentTime < clip.trimStartSeconds - 0.05 || video.currentTime >= clip.trimEndSeconds) {
      video.currentTime = clip.trimStartSeconds;
    }
  };
  const stopAtEnd = () => {
    const video = videoRef.current;
    if (video && !video.paused && video.currentTime >= clip.trimEndSeconds) {
      video.pause();
      video.currentTime = clip.trimEndSeconds;
    }
  };

  const invalid = trim.check.ok ? null : trim.check;
  const trimmed = clip.trimStartSeconds > 0.05 || clip.durationSeconds - clip.trimEndSeconds > 0.05;

  return (
    <li data-testid="video-section" data-clip-id={clip.id} className={cn("grid min-w-0 content-start gap-2", captionFix && "rounded-lg ring-4 ring-amber-400 ring-offset-2")}>
      <div
        data-testid="clip-frame"
        data-aspect-ratio={frame.ratio}
        className={cn("w-full overflow-hidden rounded-lg bg-slate-950", frame.tall && "mx-auto max-w-[min(100%,18rem)]")}
        style={{ aspectRatio: frame.aspectRatio }}
      >
        <video
          ref={videoRef}
          controls
          preload="metadata"
          playsInline
          src={clip.mediaUrl}
          // A still from the clip (made on the server when it was saved), not a black box.
          poster={clip.posterUrl ?? undefined}
          aria-label={`Section ${index + 1}: ${clip.title}`}
          aria-describedby={noCaptions ? ids.captions : undefined}
          className="size-full object-contain"
          onLoadedMetadata={keepInside}
          onPlay={keepInside}
          onTimeUpdate={stopAtEnd}
        >
          {trackUrl && <track kind="captions" src={trackUrl} srcLang="en" label="English (your reading)" default />}
        </video>
      </div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 break-words font-medium text-slate-900">{label}</span>
        <span className="font-mono tabular-nums text-slate-700">
          <span className="sr-only">Length </span>
          {formatClock(clip.durationSeconds)}
        </span>
      </p>
      {shotLabel && (
        <p data-testid="section-shot" className="text-sm text-slate-700">
          {shotLabel}, in your video
        </p>
      )}
      {noCaptions && <NoCaptionsNote id={ids.captions} text={captionsNote} />}
      {captionFix && <CaptionLineFix fix={captionFix} />}
      <fieldset className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-2">
        <legend className="flex items-center gap-1.5 px-1 text-sm font-medium text-slate-800">
          <Scissors aria-hidden="true" className="size-4" />
          Trim <span className="sr-only">{clip.title}</span>
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {TRIM_FIELDS.map(({ field, label }) => (
            <TrimBox
              key={field}
              id={ids[field]}
              field={field}
              label={label}
              clipTitle={clip.title}
              value={trim.draft[field]}
              max={clip.durationSeconds}
              invalid={invalid?.field === field}
              describedBy={invalid?.field === field ? `${ids.error} ${ids.used}` : ids.used}
              onChange={trim.change}
              onBlur={trim.flush}
            />
          ))}
        </div>
        {invalid && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-red-800">
            {invalid.message}
          </p>
        )}
        {trim.state === "failed" && trim.serverError && (
          <p role="alert" className="text-sm font-medium text-red-800">
            Trim not saved: {trim.serverError}
          </p>
        )}
        <p id={ids.used} data-testid="clip-used" className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span>
            {trimmed
              ? `Uses ${formatSeconds(clip.usedSeconds)} of ${formatSeconds(clip.durationSeconds)}`
              : `Uses the whole clip (${formatSeconds(clip.durationSeconds)})`}
          </span>
          <TrimSaveNote state={trim.state} />
        </p>
      </fieldset>
      {children}
    </li>
  );
}

function TrimBox({
  id,
  field,
  label,
  clipTitle,
  value,
  max,
  invalid,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  field: keyof TrimDraft;
  label: string;
  clipTitle: string;
  value: string;
  max: number;
  invalid: boolean;
  describedBy: string;
  onChange: (field: keyof TrimDraft, value: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label} <span className="sr-only">of {clipTitle}</span> (seconds)
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={Math.floor(max * 10) / 10}
        step={0.1}
        value={value}
        onChange={(event) => onChange(field, event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          "min-h-11 w-full min-w-0 rounded-md border bg-white px-2 text-base tabular-nums text-slate-900",
          invalid ? "border-red-700" : "border-slate-400",
        )}
      />
    </div>
  );
}

function TrimSaveNote({ state }: { state: ReturnType<typeof useClipTrim>["state"] }) {
  if (state === "saving")
    return (
      <span className="inline-flex items-center gap-1">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        Saving trim...
      </span>
    );
  if (state === "saved")
    return (
      <span className="inline-flex items-center gap-1 text-green-900">
        <CheckCircle2 aria-hidden="true" className="size-3.5" />
        Trim saved
      </span>
    );
  return null;
}
