import { useId } from "react";
import type { RenderJob } from "../../../../contracts/renders.ts";

/**
 * A finished render, playable, with its captions track when it has one. The track is not shown by
 * default: a render with captions has them burned into the picture too (they are in every download),
 * and both at once would show each line twice. The player's captions menu can still turn it on.
 */
export function FinishedVideo({ job, aspectRatio, label = "Preview of the rendered video" }: { job: RenderJob; aspectRatio: string; label?: string }) {
  const noteId = useId();
  if (!job.mediaUrl) return null;
  // Without a captions track (captions turned off, or clip sound nobody's words were found in) the
  // player says so beside it, like the clip players.
  const video = (
    <video
      controls
      preload="metadata"
      src={job.mediaUrl}
      aria-label={label}
      aria-describedby={job.captionsUrl ? undefined : noteId}
      data-testid="finished-video"
      className="max-h-[70vh] w-full rounded-lg bg-black"
      style={{ aspectRatio }}
    >
      {job.captionsUrl && <track kind="captions" src={job.captionsUrl} srcLang="en" label="English" />}
    </video>
  );
  if (job.captionsUrl) return video;
  return (
    <>
      {video}
      <p id={noteId} data-testid="no-captions-note" className="text-sm text-slate-700">
        No captions for this video.
      </p>
    </>
  );
}
