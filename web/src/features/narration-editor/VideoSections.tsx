import { useQuery } from "@tanstack/react-query";
import { Film, Loader2, Video } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import type { Clip } from "../../../../contracts/clips.ts";
import { VIDEO_FORMATS, type VideoFormatKey } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { errorMessage } from "../../lib/api.ts";
import { cn } from "../../lib/utils.ts";
import { clipKeys, fetchClips } from "../recorder/clips-api.ts";
import type { CaptionFix } from "./CaptionLineFix.tsx";
import { ClipSection } from "./ClipSection.tsx";
import { clipAtSecond } from "./fix-target.ts";

/** The show's clips in order (GET /api/clips?showId=N): the same cache entry the recorder uses. */
export function useShowClips(showId: number) {
  return useQuery<Clip[], Error>({
    queryKey: clipKeys.list(showId),
    queryFn: ({ signal }) => fetchClips(showId, signal),
  });
}

/** "16/9" as CSS wants it ("16 / 9"), and whether the frame is taller than wide. */
export function frameOf(formatKey: VideoFormatKey) {
  const format = VIDEO_FORMATS.find((f) => f.key === formatKey) ?? VIDEO_FORMATS[0];
  const [w = 16, h = 9] = format.aspectRatio.split("/").map(Number);
  return { label: format.label, aspectRatio: `${w} / ${h}`, ratio: format.aspectRatio, tall: h > w };
}

/**
 * The 'Video Sections' card: every clip of the show, in order, playable at the format's shape, each
 * with its poster picture and its trims.
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
  const { data: clips, status, error } = useShowClips(showId);
  const captionClipId = captionFix && clips ? clipAtSecond(clips, captionFix.line.startSeconds) : null;
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
          Shown as {frame.label} ({frame.ratio.replace("/", ":")}). Trim a clip to use only part of it: the
          clip itself is kept whole.
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
        ) : clips.length === 0 ? (
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
          <ol className={cn("grid gap-6", frame.tall ? "sm:grid-cols-2" : "grid-cols-1")}>
            {clips.map((clip, index) => (
              <ClipSection key={clip.id} clip={clip} index={index} frame={frame} script={script} captionFix={clip.id === captionClipId ? captionFix : null} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
