import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Clip } from "../../../contracts/clips.ts";
import { ApiError, apiRequest } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { objectUrl, releaseObjectUrl } from "../lib/object-url.ts";

/** What a clip player without captions says (components/a11y/no-captions-note.tsx shows it). */
export const NO_CAPTIONS_TEXT = "No captions for this clip.";

/**
 * A clip's captions (the sentences of the show's saved script the camper says in it), or null when it
 * has none. Keyed by what decides them (the clip's trims and the saved script), so they are fetched
 * again only when one of those changes.
 */
type CaptionedClip = Pick<Clip, "id" | "trimStartSeconds" | "trimEndSeconds">;

/** How often, and how far apart, captions the server had no turn for yet (429) are asked again. */
const BUSY_RETRIES = 3;
const BUSY_RETRY_MS = 30_000;

const isBusy = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429;

/** No clip yet (a take still on its way to the server): nothing is asked. */
export function useClipCaptions(clip: CaptionedClip | undefined, script: string | null) {
  return useQuery<string | null>({
    queryKey: apiKeys.clipCaptions(clip?.id, clip?.trimStartSeconds, clip?.trimEndSeconds, script ?? ""),
    enabled: clip !== undefined,
    // 204: the clip says none of the script (an empty body is no captions either).
    queryFn: async () => (await (await apiRequest("GET", `/api/clips/${clip!.id}/captions.vtt`)).text()) || null,
    staleTime: Infinity,
    // Only a turn the server could not give yet is worth asking for again, a while later.
    retry: (failures, error) => isBusy(error) && failures < BUSY_RETRIES,
    retryDelay: BUSY_RETRY_MS,
  });
}

/** A URL a <track> can load for this WebVTT text (let go a while after the text changes or the player goes). */
export function useTrackUrl(vtt: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!vtt) {
      setUrl(null);
      return;
    }
    const made = objectUrl(new Blob([vtt], { type: "text/vtt" }));
    setUrl(made);
    return () => releaseObjectUrl(made);
  }, [vtt]);
  return url;
}

/**
 * A clip player's captions: the track's URL, and whether to say it has none, in what words. That is
 * said only once known (none: 204; not to be had: an error); while the server listens, nothing is
 * claimed. While the server has no turn for them yet (429), its words say when they can be made.
 */
export function useClipTrack(
  clip: CaptionedClip | undefined,
  script: string | null,
): { trackUrl: string | null; noCaptions: boolean; captionsNote: string } {
  const captions = useClipCaptions(clip, script);
  const trackUrl = useTrackUrl(captions.data);
  const failure: unknown = captions.error ?? captions.failureReason;
  const busy = isBusy(failure) ? failure : null;
  return {
    trackUrl,
    noCaptions: clip !== undefined && (captions.data === null || captions.isError || busy !== null),
    captionsNote: busy ? busy.serverMessage : NO_CAPTIONS_TEXT,
  };
}
