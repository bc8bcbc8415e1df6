import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { RenderJob } from "../../../contracts/renders.ts";
import { getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { announce, announceError } from "../lib/announce.ts";

export interface RenderOptions {
  fit?: "crop" | "fit";
  audio?: "original" | "voice";
  captions?: boolean;
}

const POLL_MS = 1000;

/** What a screen reader hears of a render: queued, each quarter, then ready or failed, once each. */
export function renderAnnouncement(job: RenderJob, lastQuarter: number): { text: string; quarter: number; error?: boolean } | null {
  if (job.status === "done") return { text: "Video ready", quarter: 4 };
  if (job.status === "failed") return { text: `Render failed${job.message ? `: ${job.message}` : ""}`, quarter: 4, error: true };
  if (job.status === "queued") return lastQuarter < 0 ? { text: "Video queued, waiting for its turn", quarter: 0 } : null;
  const quarter = Math.min(3, Math.floor(job.progress / 25));
  if (quarter > Math.max(lastQuarter, 0)) return { text: `Rendering ${quarter * 25} %`, quarter };
  if (lastQuarter < 0) return { text: "Rendering started", quarter: 0 };
  return null;
}

/**
 * Speaks a render's progress through the app's live regions (they stay mounted, so "Video ready"
 * is read even though the progress bar goes away at that moment), instead of every poll's percent.
 */
function useRenderAnnouncer(job: RenderJob | undefined) {
  const spoken = useRef<{ id: number; quarter: number }>({ id: -1, quarter: -1 });
  useEffect(() => {
    if (!job) return;
    if (spoken.current.id !== job.id) spoken.current = { id: job.id, quarter: -1 };
    // Its end was spoken already; later polls of the same job say nothing more.
    if (spoken.current.quarter >= 4) return;
    const next = renderAnnouncement(job, spoken.current.quarter);
    if (!next) return;
    spoken.current.quarter = next.quarter;
    if (next.error) announceError(next.text);
    else announce(next.text);
  }, [job]);
}

/**
 * Starts (or reuses) a render of a show and follows its progress until it is done or failed.
 * Progress is the one place this app polls: a render takes seconds to minutes.
 */
export function useRender(showId: number) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const [startError, setStartError] = useState<Error | null>(null);
  const [starting, setStarting] = useState(false);

  const job = useQuery<RenderJob>({
    queryKey: apiKeys.render(jobId ?? "none"),
    queryFn: ({ signal }) => getJson<RenderJob>(`/api/renders/${jobId}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "running" || status === undefined ? POLL_MS : false;
    },
    staleTime: 0,
  });

  const start = useCallback(
    async (options: RenderOptions = {}): Promise<RenderJob | undefined> => {
      setStarting(true);
      setStartError(null);
      try {
        const started = await sendJson<RenderJob>("POST", `/api/recordings/${showId}/renders`, options);
        queryClient.setQueryData(apiKeys.render(started.id), started);
        setJobId(started.id);
        void queryClient.invalidateQueries({ queryKey: apiKeys.showRenders(showId) });
        return started;
      } catch (error) {
        setStartError(error as Error);
        return undefined;
      } finally {
        setStarting(false);
      }
    },
    [queryClient, showId],
  );

  const current = jobId !== null ? job.data : undefined;
  useEffect(() => {
    if (current?.status === "done" || current?.status === "failed") {
      void queryClient.invalidateQueries({ queryKey: apiKeys.showRenders(showId) });
    }
  }, [current?.status, queryClient, showId]);

  useRenderAnnouncer(current);

  return { job: current, start, starting, error: startError ?? job.error ?? null };
}

/** Starts a browser download of a finished render (the server names it after the show). */
export function downloadRender(job: RenderJob) {
  if (!job.downloadUrl) return;
  const link = document.createElement("a");
  link.href = job.downloadUrl;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * The show's recent renders, newest first, each marked `current` when the show's choices, clips and
 * script would give it now. `fresh`: fetched again whenever the screen opens (a cached list may
 * predate a change of choices or trims made elsewhere).
 */
export function useShowRenders(showId: number, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery<RenderJob[]>({
    queryKey: apiKeys.showRenders(showId),
    queryFn: ({ signal }) => getJson<RenderJob[]>(`/api/recordings/${showId}/renders`, { signal }),
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
  });
}
