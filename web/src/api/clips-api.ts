import type { Clip } from "../../../contracts/clips.ts";
import { ApiError, apiRequest, getJson, sendJson } from "./client.ts";

/**
 * Client side of the clips API (contracts/clips.ts) that the recorder, the editor and the shot list
 * share: the lists, a show's clip order, and removing a clip.
 */
export const CLIPS_ROOT = "/api/clips";

export function clipsListUrl(showId: number | null): string {
  return showId === null ? `${CLIPS_ROOT}?loose=true` : `${CLIPS_ROOT}?showId=${showId}`;
}


/** A show's clips in order (or the loose ones), checked against the shared contract. */
export function fetchClips(showId: number | null, signal?: AbortSignal): Promise<Clip[]> {
  return getJson<Clip[]>(clipsListUrl(showId), { signal });
}

/** PUT /api/recordings/{showId}/clips: these clips, in this order, are the show's; answers the show's list. */
export function saveShowClipOrder(showId: number, clipIds: number[]): Promise<Clip[]> {
  return sendJson<Clip[]>("PUT", `/api/recordings/${showId}/clips`, { clipIds });
}

/** DELETE /api/clips/{id}; a clip already gone (404) counts as removed. */
export async function deleteClip(clipId: number): Promise<void> {
  try {
    await apiRequest("DELETE", `${CLIPS_ROOT}/${clipId}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
