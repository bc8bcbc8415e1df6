import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CheckedTake } from "../../../contracts/clips.ts";
import { SHOT_LIMITS } from "../../../contracts/shots-constants.ts";
import type { ShotList } from "../../../contracts/shots.ts";
import { announce } from "../lib/announce.ts";
import { toast } from "../lib/toasts.ts";
import { errorMessage, getJson, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { videoChanged } from "./video-sections-api.ts";
import { CLIPS_ROOT } from "./clips-api.ts";

/**
 * The shot list of a show (contracts/shots.ts). Every change answers the whole list, so the one query
 * key (apiKeys.showShots) simply takes the answer.
 */
const shotsUrl = (showId: number) => `/api/recordings/${showId}/shots`;

export function fetchShots(showId: number, signal?: AbortSignal): Promise<ShotList> {
  return getJson<ShotList>(shotsUrl(showId), { signal });
}

export function useShotList(showId: number) {
  return useQuery<ShotList, Error>({
    queryKey: apiKeys.showShots(showId),
    queryFn: ({ signal }) => fetchShots(showId, signal),
    // The narration may have changed on another screen since: the server lays the shots out again.
    refetchOnMount: "always",
  });
}

/** The shots changed the narration: the show and what follows from its script (voice-over, length, renders). */
function invalidateScript(queryClient: QueryClient, showId: number) {
  return queryClient.invalidateQueries({
    queryKey: apiKeys.show(showId),
    predicate: (query) => query.queryKey[2] !== "shots",
  });
}

export type ShotChange =
  | { kind: "lines"; shotId: number; text: string }
  | { kind: "choose"; shotId: number; clipId: number | null }
  | { kind: "split"; shotId: number; beforeSentence: number }
  | { kind: "merge"; shotId: number };

function sendChange(showId: number, change: ShotChange): Promise<ShotList> {
  const url = `${shotsUrl(showId)}/${change.shotId}`;
  switch (change.kind) {
    case "lines":
      return sendJson<ShotList>("PATCH", url, { text: change.text });
    case "choose":
      return sendJson<ShotList>("PATCH", url, { chosenClipId: change.clipId });
    case "split":
      return sendJson<ShotList>("POST", `${url}/split`, { beforeSentence: change.beforeSentence });
    case "merge":
      return sendJson<ShotList>("POST", `${url}/merge`, undefined);
  }
}

/**
 * One mutation for every change of the list: the answer replaces the cached list. Editing lines edits
 * the narration, so the show is fetched again too; a take chosen changes which clips the video uses.
 */
export function useShotChange(showId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShotList, Error, ShotChange>({
    mutationFn: (change) => sendChange(showId, change),
    onSuccess: (list, change) => {
      queryClient.setQueryData(apiKeys.showShots(showId), list);
      if (change.kind === "lines") void invalidateScript(queryClient, showId);
      else void videoChanged(queryClient, showId);
    },
  });
}

/** Picks the take a shot's place in the video uses; says so, or shows the server's refusal. */
export function useChooseTake(showId: number) {
  const change = useShotChange(showId);
  return {
    choosing: change.isPending,
    choose(shotId: number, clipId: number, done: string) {
      change.mutate(
        { kind: "choose", shotId, clipId },
        {
          onSuccess: () => announce(done),
          onError: (error) => toast({ title: "Couldn't choose this take", description: errorMessage(error), variant: "destructive" }),
        },
      );
    },
  };
}

/**
 * POST /api/clips/:id/script-check: the take compared with its shot's lines (the browser's transcript
 * when it has one); `takeSwitch` says the server used it in place of a chosen take that missed lines.
 */
export function requestScriptCheck(clipId: number, transcript: string | null): Promise<CheckedTake> {
  const heard = transcript?.trim().slice(0, SHOT_LIMITS.transcriptMaxLength);
  const body = heard ? { transcript: heard } : {};
  return sendJson<CheckedTake>("POST", `${CLIPS_ROOT}/${clipId}/script-check`, body);
}
