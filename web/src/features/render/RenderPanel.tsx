import { useQuery } from "@tanstack/react-query";
import { Clapperboard, Download } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { RenderJob } from "../../../../contracts/renders.ts";
import { VIDEO_FORMATS } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { errorMessage } from "../../lib/api.ts";
import { RenderProgress } from "./RenderProgress.tsx";
import { useRender } from "./use-render.ts";

interface Props {
  showId: number;
  videoFormat: string;
  audioSource: "original" | "voice";
}

/** The narration screen's final video: choices, Render, progress, and a preview of the result. */
export function RenderPanel({ showId, videoFormat, audioSource }: Props) {
  const ids = { fit: useId(), captions: useId(), audio: useId() };
  const [fit, setFit] = useState<"crop" | "fit">("crop");
  const [captions, setCaptions] = useState(true);
  const [audio, setAudio] = useState<"original" | "voice">(audioSource);
  // The narration card's Audio source choice is the default here too.
  useEffect(() => setAudio(audioSource), [audioSource]);
  const { job, start, starting, error } = useRender(showId);
  const previous = useQuery<RenderJob[]>({ queryKey: [`/api/recordings/${showId}/renders`] });
  const latestDone = job?.status === "done" ? job : previous.data?.find((r) => r.status === "done");
  const format = VIDEO_FORMATS.find((f) => f.key === videoFormat);
  const busy = starting || job?.status === "queued" || job?.status === "running";

  return (
    <Card>
      <CardHeader>
        <CardTitle>Final video</CardTitle>
        <CardDescription>
          Makes an MP4 for {format?.label ?? videoFormat} ({format?.aspectRatio === "9/16" ? "1080x1920, tall" : "1920x1080, wide"}, up to{" "}
          {Math.round((format?.maxDuration ?? 600) / 60)} min) from your clips in order.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Picture</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={ids.fit} checked={fit === "crop"} onChange={() => setFit("crop")} /> Fill the frame (crop the edges)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={ids.fit} checked={fit === "fit"} onChange={() => setFit("fit")} /> Show the whole picture (add bars)
          </label>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Sound</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={ids.audio} checked={audio === "original"} onChange={() => setAudio("original")} /> Original Audio
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={ids.audio} checked={audio === "voice"} onChange={() => setAudio("voice")} /> AI voice over the clips
          </label>
        </fieldset>
        <label className="flex items-center gap-2 text-sm" htmlFor={ids.captions}>
          <input id={ids.captions} type="checkbox" checked={captions} onChange={(e) => setCaptions(e.target.checked)} /> Burn in captions of the
          narration
        </label>
        <div>
          <Button onClick={() => void start({ fit, audio, captions })} disabled={busy}>
            <Clapperboard aria-hidden="true" />
            {busy ? "Rendering..." : "Render video"}
          </Button>
        </div>
        {job && job.status !== "done" && <RenderProgress job={job} />}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(error)}
          </p>
        )}
        {latestDone?.mediaUrl && (
          <div className="grid gap-2">
            <video
              controls
              preload="metadata"
              src={latestDone.mediaUrl}
              aria-label="Preview of the rendered video"
              className="max-h-[70vh] w-full rounded-lg bg-black"
              style={{ aspectRatio: format?.aspectRatio ?? "16/9" }}
            >
              {latestDone.captionsUrl && <track kind="captions" src={latestDone.captionsUrl} srcLang="en" label="English" />}
            </video>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <a href={latestDone.downloadUrl!}>
                <Download aria-hidden="true" />
                Download .mp4
              </a>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
