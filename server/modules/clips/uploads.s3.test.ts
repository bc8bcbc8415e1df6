import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import type { RenderJob } from "../../../contracts/renders.ts";
import { buildApp, type App } from "../../app.ts";
import { S3MediaStorage } from "../../media/s3-media-storage.ts";
import { bigWebmFixture, webmFixture } from "../../../testing/media-fixtures.ts";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";
import { createShow, registerCamper, testConfig } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { tusCreate, tusPatch, uploadClip } from "../../../testing/uploads.ts";
import { PHOTO_SECRETS, phoneJpeg } from "../../../testing/photo-fixtures.ts";

/**
 * Clips on S3 through the real app: two app instances share one database and one bucket, as two
 * servers behind a load balancer would, and a tus upload may go to either for each PATCH.
 */
let s3: LocalS3;
let a: App;
let b: App;
let inspect: S3MediaStorage;
beforeAll(async () => {
  s3 = await startLocalS3();
  const { db } = await testDatabase();
  const config = testConfig({ ...s3.env, VOICE_PROVIDER: "mespeak" });
  a = await buildApp({ config, db });
  b = await buildApp({ config, db });
  await Promise.all([a.ready(), b.ready()]);
  inspect = new S3MediaStorage(s3.settings);
});
// Ids start again at 1 in every test, so an earlier camper's objects must go too.
beforeEach(() => inspect.deletePrefix("users"));
afterAll(async () => {
  await a.close();
  await b.close();
  inspect.close();
  await s3.close();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function bucketKeys(prefix = ""): Promise<string[]> {
  const listed = await inspect.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

describe("tus uploads into S3 multipart uploads", () => {
  it("takes PATCHes alternating between two instances and makes a byte-identical, remuxed clip", async () => {
    const video = await bigWebmFixture(8);
    expect(video.length).toBeGreaterThan(5 * 1024 * 1024);
    const camper = await registerCamper(a);
    const location = await tusCreate(a, camper, { title: "Canoe race" });
    const piece = 1536 * 1024;
    let offset = 0;
    let clipId: string | undefined;
    for (let i = 0; offset < video.length; i++) {
      const app = i % 2 === 0 ? a : b;
      const end = Math.min(video.length, offset + piece);
      const res = await tusPatch(app, camper, location, offset, video.subarray(offset, end), end === video.length ? video.length : undefined);
      expect(res.statusCode, res.body).toBe(204);
      offset = end;
      expect(res.headers["upload-offset"]).toBe(String(offset));
      // Between PATCHes the bytes are in the bucket, not on either instance.
      if (offset < video.length) expect(await inspect.size(`users/${camper.userId}/uploads/${location.split("/").pop()}`)).toBe(offset);
      clipId = res.headers["upload-clip-id"] as string | undefined;
    }
    expect(clipId).toMatch(/^\d+$/);
    const [clip] = (await b.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clip).toMatchObject({ uploadedBytes: video.length, uploadSha256: sha256(video), mimeType: "video/webm" });
    expect(Math.abs(clip!.durationSeconds - 8)).toBeLessThan(0.3);
    // The upload's parts and tails are gone; only the remuxed clip and its poster stay.
    expect((await bucketKeys(`users/${camper.userId}/`)).sort()).toEqual([
      expect.stringMatching(new RegExp(`^users/${camper.userId}/clips/[0-9a-f-]+\\.jpg$`)),
      expect.stringMatching(new RegExp(`^users/${camper.userId}/clips/[0-9a-f-]+\\.webm$`)),
    ]);

    // Served from the bucket to its owner with Range, by either instance.
    const full = await b.inject({ method: "GET", url: clip!.mediaUrl, headers: { cookie: camper.cookie } });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.length).toBe(clip!.sizeBytes);
    const part = await a.inject({ method: "GET", url: clip!.mediaUrl, headers: { cookie: camper.cookie, range: "bytes=1000-1999" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${clip!.sizeBytes}`);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(1000, 2000));
    const other = await registerCamper(b);
    expect((await a.inject({ method: "GET", url: clip!.mediaUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  }, 120_000);

  it("continues from the bytes a crashed writer stored but never recorded", async () => {
    const video = await webmFixture(2);
    const camper = await registerCamper(a);
    const location = await tusCreate(a, camper, { title: "Dock", length: video.length });
    const first = await tusPatch(a, camper, location, 0, video.subarray(0, 10_000));
    expect(first.statusCode).toBe(204);
    // A writer that died after storing the next bytes and before saving the offset.
    const key = `users/${camper.userId}/uploads/${location.split("/").pop()}`;
    await inspect.writeAt(key, 10_000, Readable.from([video.subarray(10_000, 30_000)]));
    const head = await b.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(head.headers["upload-offset"]).toBe("30000");
    const stale = await a.inject({ method: "PATCH", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "10000" }, payload: video.subarray(10_000) });
    expect(stale.statusCode).toBe(409);
    const rest = await b.inject({ method: "PATCH", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "30000" }, payload: video.subarray(30_000) });
    expect(rest.statusCode, rest.body).toBe(204);
    const [clip] = (await a.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clip!.uploadSha256).toBe(sha256(video));
  });

  it("resumes after a PATCH bigger than a part is cut, then makes the clip from one final PATCH", async () => {
    const video = await bigWebmFixture(8);
    const camper = await registerCamper(a);
    const location = await tusCreate(a, camper, { title: "Swim", length: video.length });
    const cutAt = 5 * 1024 * 1024 + 300_000;
    const cut = Readable.from(
      (async function* () {
        for (let i = 0; i < cutAt; i += 64 * 1024) yield video.subarray(i, Math.min(cutAt, i + 64 * 1024));
        throw new Error("connection reset");
      })(),
    );
    await a
      .inject({ method: "PATCH", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" }, payload: cut })
      .catch(() => undefined);
    // The bytes that reached the bucket (a whole part and a tail) are the offset to resume from.
    let offset = 0;
    for (let i = 0; i < 200 && offset === 0; i++) {
      const head = await b.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
      offset = Number(head.headers["upload-offset"]);
      if (offset === 0) await new Promise((r) => setTimeout(r, 50));
    }
    // Until the cut request has let go of the upload, a resume is told 423 and tries again, as the
    // recorder does, from the offset the server then reports.
    let rest = await tusPatch(b, camper, location, offset, video.subarray(offset));
    for (let i = 0; i < 100 && rest.statusCode === 423; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const head = await b.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
      offset = Number(head.headers["upload-offset"]);
      rest = await tusPatch(b, camper, location, offset, video.subarray(offset));
    }
    expect(offset).toBeGreaterThan(5 * 1024 * 1024);
    expect(offset).toBeLessThanOrEqual(cutAt);
    expect(rest.statusCode, rest.body).toBe(204);
    const [clip] = (await a.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clip).toMatchObject({ uploadedBytes: video.length, uploadSha256: sha256(video) });
    expect(clip!.posterUrl).toBeTruthy();
    expect((await bucketKeys(`users/${camper.userId}/`)).filter((k) => k.includes("/uploads/"))).toEqual([]);
  }, 120_000);

  it("refuses bytes that are not video with 415 and leaves nothing in the bucket", async () => {
    const camper = await registerCamper(a);
    const location = await tusCreate(a, camper, { title: "Fake" });
    const res = await tusPatch(b, camper, location, 0, Buffer.from("this is not a video at all, just text"));
    expect(res.statusCode).toBe(415);
    expect(await bucketKeys(`users/${camper.userId}/`)).toEqual([]);
  });
});

describe("a photo on S3", () => {
  it("arrives in PATCHes to both instances, and only its cleaned JPEG and poster stay in the bucket (no upload parts, no GPS)", async () => {
    const photo = await phoneJpeg();
    const camper = await registerCamper(a);
    const location = await tusCreate(a, camper, { title: "Lake", length: photo.length });
    expect((await tusPatch(a, camper, location, 0, photo.subarray(0, 1000))).statusCode).toBe(204);
    const last = await tusPatch(b, camper, location, 1000, photo.subarray(1000));
    expect(last.statusCode, last.body).toBe(204);
    const [clip] = (await a.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clip).toMatchObject({ kind: "photo", mimeType: "image/jpeg", uploadSha256: sha256(photo) });
    const keys = (await bucketKeys(`users/${camper.userId}/`)).sort();
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`^users/${camper.userId}/clips/[0-9a-f-]+\\.jpg$`)),
      expect.stringMatching(new RegExp(`^users/${camper.userId}/clips/[0-9a-f-]+\\.poster\\.jpg$`)),
    ]);
    for (const key of keys) {
      const bytes = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        inspect.read(key).on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
      });
      for (const secret of PHOTO_SECRETS) expect(bytes.toString("latin1"), key).not.toContain(secret);
    }
  });
});

describe("renders and account deletion on S3", () => {
  it("renders from clips in the bucket into the bucket, serves the MP4, and empties the camper's folder on deletion", async () => {
    const video = await webmFixture(2);
    const camper = await registerCamper(a);
    const show = await createShow(a, camper.cookie, { narration: "We filmed the lake." });
    const one = await uploadClip(a, camper, video, "One");
    const two = await uploadClip(b, camper, video, "Two");
    await a.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [one.id, two.id] } });
    const started = await b.inject({ method: "POST", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie }, payload: { fit: "crop", audio: "original" } });
    expect(started.statusCode, started.body).toBe(202);
    expect(await a.renderWorker.runNext()).toBe((started.json() as RenderJob).id);
    const done = (await b.inject({ method: "GET", url: `/api/renders/${(started.json() as RenderJob).id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
    expect(done.status, done.message ?? "").toBe("done");
    const mp4 = await b.inject({ method: "GET", url: done.downloadUrl!, headers: { cookie: camper.cookie } });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect((await bucketKeys(`users/${camper.userId}/renders/`)).length).toBe(1);

    const deleted = await a.inject({ method: "DELETE", url: "/api/user", headers: { cookie: camper.cookie }, payload: { password: camper.credentials.password } });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await bucketKeys(`users/${camper.userId}/`)).toEqual([]);
  }, 120_000);
});
