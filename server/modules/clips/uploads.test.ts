import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import * as tus from "tus-js-client";
import { describe, expect, it } from "vitest";
import { CLIP_MESSAGES, type Clip } from "../../../contracts/clips.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR } from "../../../testing/test-app.ts";
import { appWithVideo, postRecording, tusCreate, tusPatch, uploadClip } from "../../../testing/uploads.ts";

const scene = appWithVideo(2);

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function filesUnder(userId: number, folder: string): Promise<string[]> {
  try {
    return await readdir(path.join(TEST_DATA_DIR, "media", "users", String(userId), folder));
  } catch {
    return [];
  }
}

describe("resumable uploads (tus)", () => {
  it("takes a deferred-length upload in pieces, then makes it a clip with a duration and the device's checksum", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { title: "Recording 1" });
    // Chromium's MediaRecorder sometimes hands over a first piece of one byte: it is kept.
    const pieces = [scene.video.subarray(0, 1), scene.video.subarray(1, 1000), scene.video.subarray(1000, 20_000), scene.video.subarray(20_000)];
    let offset = 0;
    let clipId: string | undefined;
    for (const [i, piece] of pieces.entries()) {
      const res = await tusPatch(scene.app, camper, location, offset, piece, i === pieces.length - 1 ? scene.video.length : undefined);
      expect(res.statusCode, res.body).toBe(204);
      offset += piece.length;
      expect(res.headers["upload-offset"]).toBe(String(offset));
      expect(res.headers["tus-resumable"]).toBe("1.0.0");
      clipId = res.headers["upload-clip-id"] as string | undefined;
    }
    expect(clipId).toMatch(/^\d+$/);
    const [clip] = (await scene.app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clip).toMatchObject({
      id: Number(clipId),
      title: "Recording 1",
      showId: null,
      mimeType: "video/webm",
      uploadedBytes: scene.video.length,
      uploadSha256: sha256(scene.video),
    });
    expect(clip!.durationSeconds).toBeGreaterThan(1.8);
    expect(clip!.durationSeconds).toBeLessThan(2.3);
    // The upload's own bytes are gone once the clip exists.
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);

    // Asking again after the last PATCH (a lost response) tells the same clip, never a second one.
    const head = await scene.app.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(head.headers["upload-offset"]).toBe(String(scene.video.length));
    expect(head.headers["upload-clip-id"]).toBe(clipId);
  });

  it("answers a wrong offset with 409 and HEAD with the real one", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, {});
    await tusPatch(scene.app, camper, location, 0, scene.video.subarray(0, 5000));
    const wrong = await tusPatch(scene.app, camper, location, 4000, scene.video.subarray(4000, 6000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(CLIP_MESSAGES.wrongOffset);
    const head = await scene.app.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(head.headers["upload-offset"]).toBe("5000");
    expect(head.headers["upload-defer-length"]).toBe("1");
  });

  it("refuses bytes that are not WebM or MP4 with 415 and keeps nothing", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, {});
    const res = await tusPatch(scene.app, camper, location, 0, Buffer.from("GIF89a this is an image, not a video at all"));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: CLIP_MESSAGES.notVideo });
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
    const again = await tusPatch(scene.app, camper, location, 0, scene.video);
    expect(again.statusCode).toBe(422);
  });

  it("refuses a short first piece that cannot begin a video with 415", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, {});
    const res = await tusPatch(scene.app, camper, location, 0, Buffer.from("GIF89a"));
    expect(res.statusCode).toBe(415);
  });

  it("refuses an upload over the size limit with 413 and leaves nothing on disk", async () => {
    const small = await createTestApp({ MAX_UPLOAD_BYTES: "20000" });
    try {
      const camper = await registerCamper(small);
      const declared = await small.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "upload-length": String(scene.video.length) },
      });
      expect(declared.statusCode).toBe(413);

      const location = await tusCreate(small, camper, {});
      const res = await tusPatch(small, camper, location, 0, scene.video);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/at most 0 MB|at most \d+ MB/);
      expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
      const multipart = await postRecording(small, camper, scene.video);
      expect(multipart.statusCode).toBe(413);
      expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
      expect(await filesUnder(camper.userId, "clips")).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("never shows a truncated upload as a clip", async () => {
    const camper = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, camper, { length: scene.video.length });
    await tusPatch(scene.app, camper, location, 0, scene.video.subarray(0, scene.video.length - 500));
    const clips = await scene.app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } });
    expect(clips.json()).toEqual([]);
  });

  it("refuses a file that starts like WebM but is not readable video with 422, and makes no clip", async () => {
    const camper = await registerCamper(scene.app);
    const bogus = Buffer.concat([scene.video.subarray(0, 4), Buffer.alloc(4000, 7)]);
    const location = await tusCreate(scene.app, camper, {});
    const res = await tusPatch(scene.app, camper, location, 0, bogus, bogus.length);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CLIP_MESSAGES.unreadable);
    const clips = await scene.app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } });
    expect(clips.json()).toEqual([]);
    expect(await filesUnder(camper.userId, "clips")).toEqual([]);
  });

  it("keeps one camper's uploads away from another", async () => {
    const owner = await registerCamper(scene.app);
    const other = await registerCamper(scene.app);
    const location = await tusCreate(scene.app, owner, {});
    expect((await tusPatch(scene.app, other, location, 0, scene.video)).statusCode).toBe(404);
    const head = await scene.app.inject({ method: "HEAD", url: location, headers: { cookie: other.cookie, "tus-resumable": "1.0.0" } });
    expect(head.statusCode).toBe(404);
  });

  it("works with the tus-js-client library", async () => {
    const camper = await registerCamper(scene.app);
    const address = await scene.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const upload = new tus.Upload(scene.video, {
          endpoint: `${address}/api/uploads`,
          chunkSize: 16 * 1024,
          metadata: { title: "From tus-js-client", filetype: "video/webm" },
          headers: { cookie: camper.cookie },
          onError: reject,
          onSuccess: () => resolve(upload.url!),
        });
        upload.start();
      });
      const head = await scene.app.inject({ method: "HEAD", url: new URL(url).pathname, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
      const clipId = Number(head.headers["upload-clip-id"]);
      const clips = (await scene.app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
      expect(clips.map((c) => c.id)).toEqual([clipId]);
      expect(clips[0]!.uploadSha256).toBe(sha256(scene.video));
    } finally {
      await scene.app.server.close();
    }
  });
});

describe("POST /api/recordings (multipart)", () => {
  it("stores a whole video as a clip with its transcription", async () => {
    const camper = await registerCamper(scene.app);
    const res = await postRecording(scene.app, camper, scene.video);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: "Lake take", transcription: "hello lake", uploadSha256: sha256(scene.video) });
  });

  it("refuses a file that is not video with 415", async () => {
    const camper = await registerCamper(scene.app);
    const res = await postRecording(scene.app, camper, Buffer.from("just some text pretending"));
    expect(res.statusCode).toBe(415);
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
  });
});

describe("clips and their media", () => {
  it("serves the owner's clip with HTTP Range, and 404 to anyone else", async () => {
    const camper = await registerCamper(scene.app);
    const clip = await uploadClip(scene.app, camper, scene.video, "Dock");
    const full = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } });
    expect(full.statusCode).toBe(200);
    expect(full.headers["accept-ranges"]).toBe("bytes");
    expect(full.headers["content-type"]).toBe("video/webm");
    const size = full.rawPayload.length;
    expect(size).toBe(clip.sizeBytes);

    const first = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie, range: "bytes=0-0" } });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-0/${size}`);
    expect(first.rawPayload).toEqual(full.rawPayload.subarray(0, 1));

    const middle = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie, range: "bytes=100-199" } });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload).toEqual(full.rawPayload.subarray(100, 200));

    const suffix = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie, range: "bytes=-50" } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers["content-range"]).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(suffix.rawPayload).toEqual(full.rawPayload.subarray(size - 50));

    const invalid = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie, range: `bytes=${size + 10}-` } });
    expect(invalid.statusCode).toBe(416);
    expect(invalid.headers["content-range"]).toBe(`bytes */${size}`);

    const download = await scene.app.inject({ method: "GET", url: clip.downloadUrl, headers: { cookie: camper.cookie } });
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="Dock\.webm"/);

    const other = await registerCamper(scene.app);
    const foreign = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await scene.app.inject({ method: "GET", url: clip.mediaUrl });
    expect(anonymous.statusCode).toBe(401);
  });

  it("attaches loose clips to a show in order, and deletes their files with the show", async () => {
    const camper = await registerCamper(scene.app);
    const a = await uploadClip(scene.app, camper, scene.video, "A");
    const b = await uploadClip(scene.app, camper, scene.video, "B");
    const show = await createShow(scene.app, camper.cookie);
    const put = await scene.app.inject({
      method: "PUT",
      url: `/api/recordings/${show.id}/clips`,
      headers: { cookie: camper.cookie },
      payload: { clipIds: [b.id, a.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().map((c: Clip) => [c.title, c.position, c.showId])).toEqual([
      ["B", 0, show.id],
      ["A", 1, show.id],
    ]);
    expect((await scene.app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json()).toEqual([]);

    const other = await registerCamper(scene.app);
    const otherClip = await uploadClip(scene.app, other, scene.video, "Not yours");
    const stolen = await scene.app.inject({
      method: "PUT",
      url: `/api/recordings/${show.id}/clips`,
      headers: { cookie: camper.cookie },
      payload: { clipIds: [otherClip.id] },
    });
    expect(stolen.statusCode).toBe(400);

    // Each clip and its poster.
    expect(await filesUnder(camper.userId, "clips")).toHaveLength(4);
    await scene.app.inject({ method: "DELETE", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(await filesUnder(camper.userId, "clips")).toEqual([]);
  });

  it("deletes a clip's file with the clip, and every file with the account", async () => {
    const camper = await registerCamper(scene.app);
    const a = await uploadClip(scene.app, camper, scene.video, "A");
    await uploadClip(scene.app, camper, scene.video, "B");
    const del = await scene.app.inject({ method: "DELETE", url: `/api/clips/${a.id}`, headers: { cookie: camper.cookie } });
    expect(del.statusCode).toBe(204);
    // B and its poster are left.
    expect((await filesUnder(camper.userId, "clips")).map((f) => path.extname(f)).sort()).toEqual([".jpg", ".webm"]);
    await scene.app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: camper.cookie }, payload: { password: camper.credentials.password } });
    expect(await filesUnder(camper.userId, "clips")).toEqual([]);
  });
});
