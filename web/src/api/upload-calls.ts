import { CLIP_LIMITS } from "../../../contracts/clips-constants.ts";
import type { Clip } from "../../../contracts/clips.ts";
import type { LocalClip } from "../lib/clip-records.ts";
import { RefusedError, SIGNED_OUT_MESSAGE, classify } from "./upload-errors.ts";

// The upload loop's JSON calls to the app's API (everything that is not the tus protocol itself):
// who is signed in, the clip the server made, a clip found by its checksum, and the transcript. Each
// goes through the loop's own request, so its timeouts and its stop on leaving apply to them too.

/** How the upload loop sends a request: with its time limit, its credentials and its stop signal. */
export type UploadRequest = (url: string, init: RequestInit & { timeoutMs?: number }) => Promise<Response>;

/** What the check needs of a clip; the rest of its shape is not this loop's business. */
export type CheckedClip = Pick<Clip, "id" | "uploadedBytes" | "uploadSha256">;

/** The fields the device copy is compared with, or null when the answer does not carry them. */
function checkedClip(item: unknown): CheckedClip | null {
  if (typeof item !== "object" || item === null) return null;
  const { id, uploadedBytes, uploadSha256 } = item as Record<string, unknown>;
  if (typeof id !== "number" || typeof uploadedBytes !== "number" || typeof uploadSha256 !== "string") return null;
  return { id, uploadedBytes, uploadSha256 };
}

/**
 * On a shared camp laptop one camper may sign out and another sign in while a take is still on
 * its way: a new upload is only ever created under the account the take belongs to. A take of
 * someone else's waits, kept on the device, until its owner is back (recovery then retries it).
 */
export async function checkOwner(request: UploadRequest, clip: LocalClip) {
  const response = await request("/api/user", { method: "GET" });
  if (response.status === 401) throw new RefusedError(SIGNED_OUT_MESSAGE, 401, true);
  await classify(response);
  const user = (await response.json()) as { id?: unknown } | null;
  if (user?.id !== clip.userId) throw new RefusedError(SIGNED_OUT_MESSAGE, 401, true);
}

/** The server's clip of this take (same byte count and SHA-256), or null when there is none. */
export async function findByChecksum(request: UploadRequest, clip: LocalClip, sha: string): Promise<number | null> {
  const url = clip.showId !== null ? `/api/clips?showId=${clip.showId}` : "/api/clips?loose=true";
  const response = await classify(await request(url, { method: "GET" }));
  const body = (await response.json()) as unknown;
  const match = (Array.isArray(body) ? body : [])
    .map(checkedClip)
    .find((found) => found !== null && found.uploadedBytes === clip.totalBytes && found.uploadSha256.toLowerCase() === sha);
  return match?.id ?? null;
}

/** What the server says it holds of clip `clipId` (a GoneError when it has no such clip). */
export async function fetchCheckedClip(request: UploadRequest, clipId: number): Promise<CheckedClip | null> {
  const response = await classify(await request(`/api/clips/${clipId}`, { method: "GET" }));
  return checkedClip(await response.json());
}

/** PATCH /api/clips/{id} with the live transcript (cut to the longest the server keeps). */
export async function sendTranscript(request: UploadRequest, clipId: number, text: string) {
  await classify(
    await request(`/api/clips/${clipId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ transcription: text.slice(0, CLIP_LIMITS.transcriptionMaxLength) }),
    }),
  );
}
