import { Film, Loader2, Video } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { videoFormatFor, type VideoFormatKey } from "../../../../contracts/product.ts";
import type { VideoSection } from "../../../../contracts/video-sections.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { errorMessage } from "../../api/client.ts";
import { cn } from "../../lib/utils.ts";
import type { CaptionFix } from "./CaptionLineFix.tsx";
import { ClipSection } from "./ClipSection.tsx";
import { clipAtSecond } from "../../lib/fix-target.ts";
import { formatSeconds } from "./length-format.ts";
import { OtherTakes, takeNumbers } from "./OtherTakes.tsx";
import { useVideoSections } from "../../api/video-sections-api.ts";

/** "16/9" as CSS wants it ("16 / 9"), and whether the frame is taller than wide. */
export function frameOf(formatKey: VideoFormatKey) {
  const format = videoFormatFor(formatKey);
  const [w = 16, h = 9] = format.aspectRatio.split("/").map(Number);
  return { label: format.label, aspectRatio: `${w} / ${h}`, ratio: format.aspectRatio, tall: h > w };
}

type Frame = ReturnType<typeof frameOf>;

/**
 * The 'Video Sections' card: what is in the video, in order (the server's one list, the one the render
 * plays and the length check counts), each clip playable at the format's shape with its poster and its
 * trims. A shot's other takes sit folded under it, "not in your video"; a shot none of whose takes is
 * used says so in its place.
 */
export function VideoSections({
  showId,
  videoFormat,
  script = null,
  captionFix = null,
}: {
  showId: number;
  videoFormat: VideoFormatKey;
  script?: string | null;
  /** A flagged caption line to open under the clip on screen when it shows. */
  captionFix?: CaptionFix | null;
}) {
  const { data, status, error } = useVideoSections(showId);
  // The clip on screen when the line shows: counted over the clips in the video, in their order.
  const inVideo = data ? data.sections.flatMap((s) => (s.clip ? [s.clip] : [])) : [];
  const captionClipId = captionFix ? clipAtSecond(inVideo, captionFix.line.startSeconds) : null;
  const frame = frameOf(videoFormat);
  const headingId = useId();

  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Film aria-hidden="true" className="size-5 text-brand-700" />
          Video Sections
        </CardTitle>
        <CardDescription className="text-slate-700">
          What is in your video, in order, shown as {frame.label} ({frame.ratio.replace("/", ":")}). Trim a clip to
          use only part of it: the clip itself is kept whole.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status === "pending" ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Loading clips...
          </p>
        ) : status === "error" ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            Couldn't load the clips: {errorMessage(error)}
          </p>
        ) : data.sections.length === 0 ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-slate-700">No clips yet</p>
            <Button asChild variant="secondary">
              <Link href={`/record?id=${showId}`}>
                <Video aria-hidden="true" />
                Record clips
              </Link>
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            <p data-testid="sections-summary" className="text-sm font-medium text-slate-800">
              In your video: {data.clipCount} {data.clipCount === 1 ? "clip" : "clips"}, {formatSeconds(data.clipsSeconds)}
            </p>
            <ol className={cn("grid gap-6", frame.tall ? "sm:grid-cols-2" : "grid-cols-1")}>
              {numbered(data.sections).map(({ section, index }) => (
                <SectionItem key={section.clip?.id ?? `shot-${section.shotId}`} showId={showId} section={section} index={index} frame={frame} script={script} captionFix={section.clip && section.clip.id === captionClipId ? captionFix : null} />
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Only the sections in the video are numbered (1, 2, ...): the order the video plays them. */
function numbered(sections: readonly VideoSection[]) {
  let next = 0;
  return sections.map((section) => ({ section, index: section.clip ? next++ : null }));
}

function SectionItem({
  showId,
  section,
  index,
  frame,
  script,
  captionFix,
}: {
  showId: number;
  section: VideoSection;
  index: number | null;
  frame: Frame;
  script: string | null;
  captionFix: CaptionFix | null;
}) {
  const takes = section.clip ? [section.clip, ...section.otherTakes] : section.otherTakes;
  const numbers = takeNumbers(takes);
  const others =
    section.shotId !== null && section.shotNumber !== null ? (
      <OtherTakes
        showId={showId}
        shotId={section.shotId}
        shotNumber={section.shotNumber}
        takes={section.otherTakes}
        numbers={numbers}
        aspectRatio={frame.aspectRatio}
      />
    ) : null;
  if (section.clip && index !== null) {
    const shot = section.shotNumber === null ? null : `Shot ${section.shotNumber}, take ${numbers.get(section.clip.id) ?? 1}`;
    return (
      <ClipSection clip={section.clip} index={index} frame={frame} script={script} shotLabel={shot} captionFix={captionFix}>
        {others}
      </ClipSection>
    );
  }
  return (
    <li data-testid="shot-not-in-video" className="grid min-w-0 content-start gap-2 rounded-lg border border-dashed border-slate-300 p-3">
      <p className="text-sm font-medium text-slate-900">
        Shot {section.shotNumber} is not in your video: none of its takes is used.
      </p>
      {others}
    </li>
  );
}
