import { Download, Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../ui/button.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { RenderProgress } from "./RenderProgress.tsx";
import { downloadRender, useRender } from "../../api/use-render.ts";

/**
 * 'Download .mp4': starts the show's render (or reuses a finished one with the same inputs), shows
 * its progress, then downloads the video in the show's format.
 */
export function DownloadMp4Button({ showId, title, size = "sm" }: { showId: number; title: string; size?: "sm" | "default" }) {
  const { job, start, starting, error } = useRender(showId);
  const downloaded = useRef<number | null>(null);

  useEffect(() => {
    if (job?.status === "done" && downloaded.current !== job.id) {
      downloaded.current = job.id;
      downloadRender(job);
      toast({ title: "Download started" });
    }
    if (job?.status === "failed" && downloaded.current !== -job.id) {
      downloaded.current = -job.id;
      toast({ title: "Render failed", description: job.message ?? "The video could not be made", variant: "destructive" });
    }
  }, [job]);

  useEffect(() => {
    if (error) toast({ title: "Render failed", description: errorMessage(error), variant: "destructive" });
  }, [error]);

  const busy = starting || job?.status === "queued" || job?.status === "running";
  return (
    <div className="grid min-w-[10rem] gap-2">
      <Button size={size} variant="outline" onClick={() => void start()} busy={busy} aria-label={`Download .mp4 of ${title}`}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        Download .mp4
      </Button>
      {job && job.status !== "done" && <RenderProgress job={job} label={`Rendering ${title}`} />}
    </div>
  );
}
