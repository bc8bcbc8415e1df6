import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { RenderJob } from "../../../../contracts/renders.ts";
import { apiRequest } from "../../lib/api.ts";

export interface RenderOptions {
  fit?: "crop" | "fit";
  audio?: "original" | "voice";
  captions?: boolean;
}

const POLL_MS = 1000;

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
    queryKey: [`/api/renders/${jobId}`],
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
        const res = await apiRequest("POST", `/api/recordings/${showId}/renders`, options);
        const started = (await res.json()) as RenderJob;
        queryClient.setQueryData([`/api/renders/${started.id}`], started);
        setJobId(started.id);
        void queryClient.invalidateQueries({ queryKey: [`/api/recordings/${showId}/renders`] });
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
      void queryClient.invalidateQueries({ queryKey: [`/api/recordings/${showId}/renders`] });
    }
  }, [current?.status, queryClient, showId]);

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
