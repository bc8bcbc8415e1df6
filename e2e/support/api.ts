import type { APIRequestContext } from "playwright-core";
import type { Clip } from "../../contracts/clips.ts";
import type { Show } from "../../contracts/recordings.ts";
import { buildShowBody, type ShowBody } from "../../testing/factories.ts";

/** Shows and clips made through the API with the browser's own session, to set a scene quickly. */
export async function createShowViaApi(request: APIRequestContext, overrides: Partial<ShowBody> = {}): Promise<Show> {
  const res = await request.post("/api/narrations", { data: buildShowBody(overrides) });
  if (res.status() !== 201) throw new Error(`create show: ${res.status()} ${await res.text()}`);
  return res.json();
}

/**
 * A tus upload as the recorder makes it. With a showId the clip joins that show; a loose clip would be
 * picked up by an open Create screen, which attaches loose clips to the story on it.
 */
export async function uploadClipViaApi(request: APIRequestContext, bytes: Buffer, title: string, showId?: number): Promise<Clip> {
  const metadata = [`title ${Buffer.from(title).toString("base64")}`];
  if (showId !== undefined) metadata.push(`showId ${Buffer.from(String(showId)).toString("base64")}`);
  const created = await request.post("/api/uploads", {
    headers: { "tus-resumable": "1.0.0", "upload-defer-length": "1", "upload-metadata": metadata.join(",") },
  });
  const location = created.headers()["location"]!;
  const patched = await request.patch(location, {
    headers: {
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
      "upload-length": String(bytes.length),
    },
    data: bytes,
  });
  const clipId = patched.headers()["upload-clip-id"];
  if (!clipId) throw new Error(`upload: ${patched.status()} ${await patched.text()}`);
  return (await request.get(`/api/clips/${clipId}`)).json();
}

export async function setShowClips(request: APIRequestContext, showId: number, clipIds: number[]) {
  const res = await request.put(`/api/recordings/${showId}/clips`, { data: { clipIds } });
  if (!res.ok()) throw new Error(`set clips: ${res.status()} ${await res.text()}`);
}
