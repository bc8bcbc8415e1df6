import type { APIRequestContext, APIResponse } from "playwright-core";
import type { Clip } from "../../contracts/clips.ts";
import type { Show } from "../../contracts/shows.ts";
import type { RenderJob, StartRenderBody } from "../../contracts/renders.ts";
import { buildShowBody, type ShowBody } from "../../testing/factories.ts";

/** The answer's JSON, or an error that says which step failed and what the server answered. */
export async function ok<T>(res: APIResponse, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<T>;
}

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

/**
 * Makes the show's video and waits until the worker has finished it. A loop of its own rather than
 * expect.poll, which runs only inside a test: scenes are also set in beforeAll hooks.
 */
export async function renderViaApi(request: APIRequestContext, showId: number, options: StartRenderBody = {}): Promise<RenderJob> {
  const started = await ok<RenderJob>(await request.post(`/api/recordings/${showId}/renders`, { data: options }), "render");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = await ok<RenderJob>(await request.get(`/api/renders/${started.id}`), "render status");
    if (job.status === "done") return job;
    if (job.status === "failed") throw new Error(`the render failed: ${job.message ?? ""}`);
    if (Date.now() > deadline) throw new Error(`the render did not finish within 120 s (${job.status}, ${job.progress}%)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
