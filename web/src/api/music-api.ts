import { useQuery } from "@tanstack/react-query";
import type { MusicLibrary } from "../../../contracts/music.ts";
import { getJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

export const MUSIC_URL = "/api/music";

/**
 * The music library (GET /api/music). Only the final video's choices ask for it, so a screen without
 * them never loads it; it is the same for every show, so it is asked for once per visit.
 */
export function useMusicLibrary() {
  return useQuery<MusicLibrary, Error>({
    queryKey: apiKeys.music,
    queryFn: ({ signal }) => getJson<MusicLibrary>(MUSIC_URL, { signal }),
  });
}
