import type { RenderJob } from "../../../../contracts/renders.ts";

/**
 * A finished render, playable, with its captions track when it has one. The track is not shown by
 * default: a render with captions has them burned into the picture too (they are in every download),
 * and both at once would show each line twice. The player's captions menu can still turn it on.
 */
export function FinishedVideo({ job, aspectRatio, label = "Preview of the rendered video" }: { job: RenderJob; aspectRatio: string; label?: string }) {
  if (!job.mediaUrl) return null;
  return (
    <video
      controls
      preload="metadata"
      src={job.mediaUrl}
      aria-label={label}
      data-testid="finished-video"
      className="max-h-[70vh] w-full rounded-lg bg-black"
      style={{ aspectRatio }}
    >
      {job.captionsUrl && <track kind="captions" src={job.captionsUrl} srcLang="en" label="English" />}
    </video>
  );
}
