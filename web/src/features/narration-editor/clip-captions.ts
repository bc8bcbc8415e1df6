import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Clip } from "../../../../contracts/clips.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";

/**
 * A clip's captions (the sentences of the show's saved script the camper says in it), or null when it
 * has none. Keyed by what decides them (the clip's trims and the saved script), so they are fetched
 * again only when one of those changes.
 */
export function useClipCaptions(clip: Pick<Clip, "id" | "trimStartSeconds" | "trimEndSeconds">, script: string | null) {
  return useQuery<string | null>({
    queryKey: ["/api/clips", String(clip.id), "captions", clip.trimStartSeconds, clip.trimEndSeconds, script ?? ""],
    queryFn: async () => {
      try {
        return await (await apiRequest("GET", `/api/clips/${clip.id}/captions.vtt`)).text();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** A URL a <track> can load for this WebVTT text (revoked when the text changes or the player goes). */
export function useTrackUrl(vtt: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!vtt) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(new Blob([vtt], { type: "text/vtt" }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [vtt]);
  return url;
}
