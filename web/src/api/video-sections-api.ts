import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { VideoSections } from "../../../contracts/video-sections.ts";
import { getJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

/**
 * GET /api/recordings/:id/sections: what is in the video, in order (contracts/video-sections.ts), from
 * the server's one list that the render and the length check also read. Asked again whenever the
 * screen opens: takes may have been recorded or chosen on the shots screen since.
 */
export function useVideoSections(showId: number) {
  return useQuery<VideoSections, Error>({
    queryKey: apiKeys.showSections(showId),
    queryFn: ({ signal }) => getJson<VideoSections>(`/api/recordings/${showId}/sections`, { signal }),
    staleTime: 0,
  });
}

/**
 * What is in the video changed (a take chosen, by the camper or by itself, or a trim): the sections,
 * the length check and which finished video is current are all asked again, so they keep agreeing.
 */
export function videoChanged(queryClient: QueryClient, showId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKeys.showSections(showId) }),
    queryClient.invalidateQueries({ queryKey: apiKeys.showLengths(showId) }),
    queryClient.invalidateQueries({ queryKey: apiKeys.showRenders(showId) }),
  ]);
}
