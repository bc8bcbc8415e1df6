import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Clip } from "../contracts/clips.ts";
import type { Show } from "../contracts/shows.ts";
import { audioFixture } from "../testing/media-fixtures.ts";
import { createShow, registerCamper, TEST_DATA_DIR, type SignedInClient } from "../testing/test-app.ts";
import { appWithVideo, multipartBody, postRecording, tusCreate, uploadClip } from "../testing/uploads.ts";

/**
 * Requests that once answered 500: each now gets a 4xx with `{ message }` and stores nothing.
 * (The property test in json-routes.property.test.ts throws generated variants of them.)
 */
const scene = appWithVideo(1);

function expectClientError(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
}

async function filesUnder(userId: number): Promise<string[]> {
  try {
    return (await readdir(path.join(TEST_DATA_DIR, "media", "users", String(userId)), { recursive: true })).filter((f) =>
      path.extname(f),
    );
  } catch {
    return [];
  }
}

const get = (camper: SignedInClient, url: string) => scene.app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });

describe("ids beyond the database's integer range", () => {
  it("are 400 in a query or a body", async () => {
    const camper = await registerCamper(scene.app);
    const show = await createShow(scene.app, camper.cookie);
    expectClientError(await get(camper, "/api/clips?showId=2147483648"), 400);
    expectClientError(await get(camper, "/api/clips?showId=99999999999999999999"), 400);
    expectClientError(await get(camper, "/api/clips?showId=0"), 400);
    for (const clipIds of [[2147483648], [0], [-1], [1.5], [Number.MAX_SAFE_INTEGER]]) {
      const res = await scene.app.inject({
        method: "PUT",
        url: `/api/recordings/${show.id}/clips`,
        headers: { cookie: camper.cookie },
        payload: { clipIds },
      });
      expectClientError(res, 400);
    }
  });

  it("are 404 in every path that takes an id, like any missing thing", async () => {
    const camper = await registerCamper(scene.app);
    for (const id of ["2147483648", "9999999999", "123456789012345678901234567890"]) {
      for (const url of [
        `/api/recordings/${id}`,
        `/api/recordings/${id}/renders`,
        `/api/recordings/${id}/voice-over`,
        `/api/clips/${id}`,
        `/api/clips/${id}/media`,
        `/api/renders/${id}`,
        `/api/renders/${id}/media`,
        `/api/renders/${id}/captions.vtt`,
        `/api/voice-overs/${id}/media`,
      ]) {
        expectClientError(await get(camper, url), 404);
      }
      const put = await scene.app.inject({ method: "PUT", url: `/api/recordings/${id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [] } });
      expectClientError(put, 404);
    }
  });

  it("a ten-digit show id within range that names nothing is 404 with the show's message", async () => {
    const camper = await registerCamper(scene.app);
    const res = await get(camper, "/api/recordings/2000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Show not found" });
  });
});

describe("NUL characters, which PostgreSQL cannot store", () => {
  it("in tus Upload-Metadata: 400 and no upload", async () => {
    const camper = await registerCamper(scene.app);
    const nul = Buffer.from("Lake\u0000take").toString("base64");
    const res = await scene.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "upload-defer-length": "1", "upload-metadata": `title ${nul}` },
    });
    expectClientError(res, 400);
    expect(res.json().message).toContain("NUL");
  });

  it.each(["title", "transcription", "showId"])("in the multipart field %s: 400, and nothing stored", async (field) => {
    const camper = await registerCamper(scene.app);
    const res = await postRecording(scene.app, camper, scene.video, { title: "Lake", transcription: "words", [field]: "bad\u0000text" });
    expectClientError(res, 400);
    expect((await get(camper, "/api/recordings")).json()).toEqual([]);
    expect(await filesUnder(camper.userId)).toEqual([]);
  });
});

describe("malformed multipart", () => {
  const bodies: [string, string, Buffer][] = [
    ["no boundary", "multipart/form-data", Buffer.from("--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nA\r\n--x--\r\n")],
    ["a body that is not multipart", "multipart/form-data; boundary=abc", Buffer.from('{"title":"not a form"}')],
    ["a body cut off inside the file", "multipart/form-data; boundary=abc", Buffer.from('--abc\r\nContent-Disposition: form-data; name="video"; filename="a.webm"\r\n\r\n\u001aE\u00df\u00a3 partial')],
    ["a broken part header", "multipart/form-data; boundary=abc", Buffer.from("--abc\r\nthis is no header\r\n\r\nvalue\r\n--abc--\r\n")],
  ];
  for (const url of ["/api/recordings", "/api/voice/save-sample"]) {
    it.each(bodies)(`${url} with %s answers 4xx with a message`, async (_label, contentType, payload) => {
      const camper = await registerCamper(scene.app);
      const res = await scene.app.inject({ method: "POST", url, headers: { cookie: camper.cookie, "content-type": contentType }, payload });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(await filesUnder(camper.userId)).toEqual([]);
    });
  }

  it("a voice sample in a well-formed form still saves", async () => {
    const camper = await registerCamper(scene.app);
    const audio = await audioFixture(1, "webm");
    const { payload, contentType } = multipartBody([{ name: "voiceSample", value: audio, filename: "sample.webm", contentType: "audio/webm" }]);
    const res = await scene.app.inject({ method: "POST", url: "/api/voice/save-sample", headers: { cookie: camper.cookie, "content-type": contentType }, payload });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("POST /api/recordings (multipart) and shows", () => {
  it("with a title and no show, creates a show that the list shows with its video", async () => {
    const camper = await registerCamper(scene.app);
    const res = await postRecording(scene.app, camper, scene.video, { title: "Canoe day", transcription: "we paddled" });
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json() as Clip;
    expect(clip.showId).toEqual(expect.any(Number));
    expect(clip.transcription).toBe("we paddled");

    const list = (await get(camper, "/api/recordings")).json() as Show[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: clip.showId, title: "Canoe day", transcription: "we paddled", videoUrl: clip.mediaUrl });
    const media = await get(camper, list[0]!.videoUrl);
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("video/webm");
    const clips = (await get(camper, `/api/clips?showId=${clip.showId}`)).json() as Clip[];
    expect(clips.map((c) => c.id)).toEqual([clip.id]);
    expect((await get(camper, "/api/user")).json().recordingsCount).toBe(1);
  });

  it("with a show of the camper's, adds the clip to it and makes no new show", async () => {
    const camper = await registerCamper(scene.app);
    const show = await createShow(scene.app, camper.cookie);
    const res = await postRecording(scene.app, camper, scene.video, { title: "Take 2", showId: String(show.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().showId).toBe(show.id);
    expect((await get(camper, "/api/recordings")).json()).toHaveLength(1);
  });

  it("with another camper's show, 404 and nothing stored", async () => {
    const owner = await registerCamper(scene.app);
    const show = await createShow(scene.app, owner.cookie);
    const other = await registerCamper(scene.app);
    const res = await postRecording(scene.app, other, scene.video, { title: "Sneaky", showId: String(show.id) });
    expectClientError(res, 404);
    expect(await filesUnder(other.userId)).toEqual([]);
  });

  it("saves all or nothing: when the show cannot be made, no clip, no file and no upload is left", async () => {
    const camper = await registerCamper(scene.app);
    for (let i = 0; i < 20; i++) await createShow(scene.app, camper.cookie, { title: `Show ${i}` });
    const res = await postRecording(scene.app, camper, scene.video, { title: "One too many", transcription: "words" });
    expectClientError(res, 403);
    const loose = (await get(camper, "/api/clips?loose=true")).json() as Clip[];
    expect(loose).toEqual([]);
    expect(await filesUnder(camper.userId)).toEqual([]);
    // Still room for a clip on an existing show: a retry there saves exactly one clip.
    const shows = (await get(camper, "/api/recordings")).json() as Show[];
    const retry = await postRecording(scene.app, camper, scene.video, { title: "Retry", transcription: "words", showId: String(shows[0]!.id) });
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await get(camper, `/api/clips?showId=${shows[0]!.id}`)).json()).toHaveLength(1);
  });
});

describe("tus uploads with odd metadata", () => {
  it("a showId out of range leaves the clip loose rather than failing", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { title: "Odd", showId: 2147483648 });
    expect(location).toMatch(/^\/api\/uploads\//);
    const clip = await uploadClip(scene.app, camper, scene.video, "Plain");
    expect(clip.showId).toBeNull();
  });
});
