import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AI_GENERATION_COOLDOWN_MS } from "../../../contracts/product.ts";
import type { StoryLength, FitScriptResponse } from "../../../contracts/renders.ts";
import { getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

export type FitProposal = FitScriptResponse;

/** Every length check of a show (any voice), for refreshing after a script, voice or trim change. */
export const showLengthPrefix = apiKeys.showLengths;

/**
 * GET /api/recordings/:id/length[?voice=ID]: the clips' total after trims next to the voice's length
 * for the saved script. Asked again whenever the screen opens (clips may have been recorded since).
 */
export function useStoryLength(showId: number, voice: string | null) {
  return useQuery<StoryLength, Error>({
    queryKey: apiKeys.showLength(showId, voice),
    queryFn: ({ signal }) =>
      getJson<StoryLength>(`/api/recordings/${showId}/length${voice ? `?voice=${encodeURIComponent(voice)}` : ""}`, {
        signal,
      }),
    staleTime: 0,
  });
}

/** POST /api/recordings/:id/fit-script: the saved script rewritten to fit the clips (nothing saved). */
export function requestFitScript(showId: number, voice: string | null): Promise<FitProposal> {
  return sendJson<FitScriptResponse>("POST", `/api/recordings/${showId}/fit-script`, voice ? { voice } : {});
}

/**
 * The 20-second cooldown between AI writes, for one button: `start()` at each attempt; `seconds` counts down
 * to 0, once a second, for the button's label.
 */
export function useCooldown(ms: number = AI_GENERATION_COOLDOWN_MS) {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return {
    seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    start: () => {
      const at = Date.now();
      setNow(at);
      setEndsAt(at + ms);
    },
  };
}
