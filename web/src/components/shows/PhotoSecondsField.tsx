import { CheckCircle2, Loader2 } from "lucide-react";
import { useId } from "react";
import type { Clip } from "../../../../contracts/clips.ts";
import { PHOTO_SECONDS } from "../../../../contracts/video-style-constants.ts";
import { cn } from "../../lib/utils.ts";
import { usePhotoSeconds } from "../../api/photo-seconds.ts";

/**
 * "Seconds on screen" for a photo section (its length in the video; a photo has no trims). Saved a
 * moment after typing stops, or at once on leaving the box or pressing Enter; the server's refusal is
 * shown under the box in its words.
 */
export function PhotoSecondsField({ clip, className }: { clip: Pick<Clip, "id" | "title" | "durationSeconds">; className?: string }) {
  const seconds = usePhotoSeconds(clip);
  const ids = { input: useId(), error: useId(), note: useId() };
  const problem = seconds.check.ok ? (seconds.state === "failed" ? seconds.serverError : null) : seconds.check.message;
  return (
    <div className={cn("grid min-w-0 gap-1", className)}>
      <label htmlFor={ids.input} className="text-sm font-medium text-slate-800">
        Seconds on screen <span className="sr-only">for photo {clip.title}</span>
      </label>
      <input
        id={ids.input}
        type="number"
        inputMode="decimal"
        min={PHOTO_SECONDS.min}
        max={PHOTO_SECONDS.max}
        step={0.5}
        value={seconds.draft}
        onChange={(event) => seconds.change(event.target.value)}
        onBlur={() => void seconds.flush()}
        onKeyDown={(event) => {
          if (event.key === "Enter") void seconds.flush();
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${ids.error} ${ids.note}` : ids.note}
        className={cn(
          "min-h-11 w-24 rounded-md border bg-white px-2 text-base tabular-nums text-slate-900",
          problem ? "border-red-700" : "border-slate-400",
        )}
      />
      {problem && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-800">
          {seconds.check.ok ? `Not saved: ${problem}` : problem}
        </p>
      )}
      <p id={ids.note} data-testid="photo-seconds-note" className="flex items-center gap-1 text-sm text-slate-700">
        {seconds.state === "saving" ? (
          <>
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
            Saving...
          </>
        ) : seconds.state === "saved" ? (
          <span className="inline-flex items-center gap-1 text-green-900">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Saved
          </span>
        ) : (
          `${PHOTO_SECONDS.min} to ${PHOTO_SECONDS.max} seconds, with a slow pan`
        )}
      </p>
    </div>
  );
}
