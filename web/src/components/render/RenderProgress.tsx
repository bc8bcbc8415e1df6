import type { RenderJob } from "../../../../contracts/renders.ts";

/**
 * A labelled progress bar for a render. Its text is not a live region: useRender speaks the
 * progress (queued, each quarter, the end) from the app's live regions, which outlast this bar.
 */
export function RenderProgress({ job, label = "Rendering video" }: { job: RenderJob; label?: string }) {
  const text =
    job.status === "queued" ? "Waiting for its turn..." : job.status === "running" ? `Rendering ${job.progress} %` : job.status === "done" ? "Video ready" : "Render failed";
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.status === "done" ? 100 : job.progress}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={job.status === "failed" ? "h-full bg-red-700" : "h-full bg-brand-700 transition-all"}
          style={{ width: `${job.status === "done" ? 100 : Math.max(job.progress, job.status === "running" ? 3 : 0)}%` }}
        />
      </div>
      <p className="text-xs text-slate-700">
        {text}
        {job.status === "failed" && job.message ? `: ${job.message}` : ""}
      </p>
    </div>
  );
}
