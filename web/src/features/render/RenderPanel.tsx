import { Clapperboard, Download } from "lucide-react";
import { useId } from "react";
import { VIDEO_FORMATS, videoFormatFor, type VideoFormatKey } from "../../../../contracts/product.ts";
import { captionsOn } from "../../../../contracts/shows-constants.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { errorMessage } from "../../api/client.ts";
import type { ShowChoices } from "../../api/use-show-choices.ts";
import { RenderProgress } from "../../components/render/RenderProgress.tsx";
import { FinishedVideo } from "../../components/render/FinishedVideo.tsx";
import { MusicAndStyle, type StyleShow } from "./MusicAndStyle.tsx";
import { useRender, useShowRenders } from "../../api/use-render.ts";

interface Props {
  show: Pick<Show, "id" | "videoFormat" | "audioSource" | "fit" | "captions" | "voice"> & StyleShow;
  /** Saves one final-video choice on the show. */
  onChoice: (choice: ShowChoices) => void;
  /** The last choices the server took, said out loud (useShowChoices().saved). */
  saved?: ShowChoices | null;
  /** Sends pending script edits first; false when they could not be saved. */
  beforeRender?: () => Promise<boolean>;
}

/**
 * The final video: the show's choices (format, picture, captions, music and style; the sound is the
 * Audio source above), Render, progress, and the finished video. The choices live on the show, so every
 * Download .mp4 (list card, show page, here) gives this same video.
 */
export function RenderPanel({ show, onChoice, saved, beforeRender }: Props) {
  const ids = { fit: useId(), captions: useId(), captionsHint: useId(), format: useId(), sound: useId() };
  const { job, start, starting, error } = useRender(show.id);
  const previous = useShowRenders(show.id);
  // The newest finished video; the list (refetched after every save and trim) says whether it still
  // matches the show's choices, clips and script. A stale one is shown, but not offered as the download.
  const listedDone = previous.data?.find((r) => r.status === "done");
  const justMade = job?.status === "done" && (!listedDone || job.id >= listedDone.id);
  const latestDone = justMade ? (previous.data?.find((r) => r.id === job.id) ?? job) : listedDone;
  const stale = latestDone?.current === false;
  const format = videoFormatFor(show.videoFormat);
  const busy = starting || job?.status === "queued" || job?.status === "running";
  const captions = captionsOn(show);
  const autoClipCaptions = show.audioSource === "original" && show.captions === null;

  async function render() {
    if (beforeRender && !(await beforeRender())) return;
    // No options: the server renders with the show's own choices, like every other download.
    await start();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Final video</CardTitle>
        <CardDescription>
          Makes an MP4 for {format.label} ({format.aspectRatio === "9/16" ? "1080x1920, tall" : "1920x1080, wide"}, up to{" "}
          {Math.round(format.maxDuration / 60)} min) from your clips in order. These choices are saved with the show and
          every Download .mp4 uses them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5 sm:max-w-xs">
          <label htmlFor={ids.format} className="text-sm font-medium">
            Format
          </label>
          <select
            id={ids.format}
            value={show.videoFormat}
            onChange={(e) => onChoice({ videoFormat: e.target.value as VideoFormatKey })}
            className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
          >
            {VIDEO_FORMATS.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label} ({f.aspectRatio === "9/16" ? "tall" : "wide"})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Picture</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={ids.fit} checked={show.fit === "crop"} onChange={() => onChoice({ fit: "crop" })} /> Fill
            the frame (crop the edges)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={ids.fit} checked={show.fit === "fit"} onChange={() => onChoice({ fit: "fit" })} /> Show
            the whole picture (add bars)
          </label>
        </fieldset>
        <p id={ids.sound} className="text-sm" data-testid="final-sound">
          <span className="font-medium">Sound:</span>{" "}
          {show.audioSource === "voice" ? "AI voice reading your script over the clips" : "Original Audio (your clips' own sound)"}
          . Change it under Audio source above.
        </p>
        <label className="flex min-h-11 items-center gap-2 text-sm" htmlFor={ids.captions}>
          <input
            id={ids.captions}
            type="checkbox"
            checked={captions}
            aria-describedby={autoClipCaptions ? ids.captionsHint : undefined}
            onChange={(e) => onChoice({ captions: e.target.checked })}
          />{" "}
          Burn in captions of the narration
        </label>
        {autoClipCaptions && (
          // Automatic with the clips' own sound: the server listens and captions a reading of the script.
          <p id={ids.captionsHint} className="text-sm text-slate-700" data-testid="auto-clip-captions">
            If you read your script aloud in your clips, captions are added automatically and follow your voice.
            Tick the box to have captions either way.
          </p>
        )}
        <MusicAndStyle show={show} captions={captions} onChoice={onChoice} saved={saved} />
        <div>
          <Button onClick={() => void render()} busy={busy}>
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
            <FinishedVideo job={latestDone} aspectRatio={format.aspectRatio} />
            {stale ? (
              <p className="text-sm text-slate-700" data-testid="stale-video-note">
                This video was made before your latest changes. Render video to make one with them.
              </p>
            ) : (
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <a href={latestDone.downloadUrl!}>
                  <Download aria-hidden="true" />
                  Download .mp4
                </a>
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
