import type { ReactNode } from "react";
import type { Clip } from "../../../../contracts/clips.ts";
import { cn } from "../../lib/utils.ts";
import { PhotoThumb } from "../../components/shows/PhotoThumb.tsx";
import { CaptionLineFix, type CaptionFix } from "./CaptionLineFix.tsx";
import type { Frame } from "./ClipSection.tsx";
import { PhotoSecondsField } from "../../components/shows/PhotoSecondsField.tsx";

/**
 * A photo of the show as a section: its picture in the video's frame (the render pans across it) and
 * how long it stays on screen. No trims (a still has no part to keep) and no clip captions (no words).
 */
export function PhotoSection({
  clip,
  index,
  frame,
  shotLabel,
  captionFix,
  children,
}: {
  clip: Clip;
  index: number;
  frame: Frame;
  shotLabel: string | null;
  captionFix: CaptionFix | null;
  children?: ReactNode;
}) {
  return (
    <li
      data-testid="video-section"
      data-clip-id={clip.id}
      data-kind="photo"
      className={cn("grid min-w-0 content-start gap-2", captionFix && "rounded-lg ring-4 ring-amber-400 ring-offset-2")}
    >
      <div
        data-testid="clip-frame"
        data-aspect-ratio={frame.ratio}
        className={cn("w-full overflow-hidden rounded-lg bg-slate-950", frame.tall && "mx-auto max-w-[min(100%,18rem)]")}
        style={{ aspectRatio: frame.aspectRatio }}
      >
        <PhotoThumb src={clip.mediaUrl} title={`Section ${index + 1}: ${clip.title}`} fit="contain" />
      </div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 break-words font-medium text-slate-900">{`${index + 1}. ${clip.title}`}</span>
        <span className="text-slate-700">Photo</span>
      </p>
      {shotLabel && (
        <p data-testid="section-shot" className="text-sm text-slate-700">
          {shotLabel}, in your video
        </p>
      )}
      {captionFix && <CaptionLineFix fix={captionFix} />}
      <PhotoSecondsField clip={clip} className="rounded-md border border-slate-200 p-2" />
      {children}
    </li>
  );
}
