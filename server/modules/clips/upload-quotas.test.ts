import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../../testing/test-app.ts";
import { appWithVideo, postRecording, tusPatch, uploadClip } from "../../../testing/uploads.ts";

/** One megabyte and two uploads at once per camper, so the limits are reached with small videos. */
const QUOTA = 1024 * 1024;
const scene = appWithVideo(5, { CAMPER_STORAGE_MB: "1", CAMPER_OPEN_UPLOADS: "2" });

const tus = { "tus-resumable": "1.0.0" };
const create = (camper: SignedInClient, length?: number) =>
  scene.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { cookie: camper.cookie, ...tus, ...(length === undefined ? { "upload-defer-length": "1" } : { "upload-length": String(length) }) },
  });

async function filesUnder(userId: number, folder: string): Promise<string[]> {
  return readdir(path.join(TEST_DATA_DIR, "media", "users", String(userId), folder)).catch(() => []);
}

/** A real video's first bytes followed by padding: passes the first-bytes check, then keeps coming. */
const oversized = () => Buffer.concat([scene.video, Buffer.alloc(QUOTA + 100_000 - scene.video.length, 7)]);

describe("per-camper storage quota", () => {
  it("refuses an upload whose declared length does not fit, counting clips and unfinished uploads, before a byte is written", async () => {
    const camper = await registerCamper(scene.app);
    const tooBig = await create(camper, QUOTA + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: CLIP_MESSAGES.storageFull(QUOTA) });

    // 950 KB would fit an empty space; next to a stored clip it does not.
    await uploadClip(scene.app, camper, scene.video);
    expect((await create(camper, 950_000)).statusCode).toBe(413);
    // An unfinished upload holds its declared length.
    expect((await create(camper, 800_000)).statusCode).toBe(201);
    const crowded = await create(camper, 200_000);
    expect(crowded.statusCode).toBe(413);
    expect(crowded.json().message).toBe(CLIP_MESSAGES.storageFull(QUOTA));
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);

    // Another camper's space is their own.
    expect((await create(await registerCamper(scene.app), 950_000)).statusCode).toBe(201);
  });

  it("refuses a length declared on a PATCH that no longer fits, keeping the upload to resume once there is room", async () => {
    const camper = await registerCamper(scene.app);
    const deferred = (await create(camper)).headers.location as string;
    const big = (await create(camper, 950_000)).headers.location as string;

    const refused = await tusPatch(scene.app, camper, deferred, 0, scene.video, scene.video.length);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(CLIP_MESSAGES.storageFull(QUOTA));
    const head = await scene.app.inject({ method: "HEAD", url: deferred, headers: { cookie: camper.cookie, ...tus } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["upload-offset"]).toBe("0");

    expect((await scene.app.inject({ method: "DELETE", url: big, headers: { cookie: camper.cookie, ...tus } })).statusCode).toBe(204);
    const resumed = await tusPatch(scene.app, camper, deferred, 0, scene.video, scene.video.length);
    expect(resumed.statusCode, resumed.body).toBe(204);
    expect(resumed.headers["upload-clip-id"]).toMatch(/^\d+$/);
  });

  it("stops a deferred-length upload where the space ends and keeps none of it", async () => {
    const camper = await registerCamper(scene.app);
    const location = (await create(camper)).headers.location as string;
    const res = await tusPatch(scene.app, camper, location, 0, oversized());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(CLIP_MESSAGES.storageFull(QUOTA));
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
  });

  it("refuses a multipart upload larger than the space left, storing nothing", async () => {
    const camper = await registerCamper(scene.app);
    const res = await postRecording(scene.app, camper, oversized());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(CLIP_MESSAGES.storageFull(QUOTA));
    expect(await filesUnder(camper.userId, "uploads")).toEqual([]);
    expect(await filesUnder(camper.userId, "clips")).toEqual([]);
    // What fits is still taken.
    expect((await postRecording(scene.app, camper, scene.video)).statusCode).toBe(201);
  });
});

describe("uploads in progress per camper", () => {
  it("refuses one more than the limit with 429 and a message, and takes it once one finishes", async () => {
    const camper = await registerCamper(scene.app);
    const first = (await create(camper)).headers.location as string;
    expect((await create(camper)).statusCode).toBe(201);
    const third = await create(camper);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: CLIP_MESSAGES.tooManyUploads(2) });
    expect((await create(await registerCamper(scene.app))).statusCode).toBe(201);

    expect((await tusPatch(scene.app, camper, first, 0, scene.video, scene.video.length)).statusCode).toBe(204);
    expect((await create(camper)).statusCode).toBe(201);
  });

  it("admits uploads created at the same instant one at a time: only as many as there is room for", async () => {
    const camper = await registerCamper(scene.app);
    // Five at once, each fitting alone: two fit the open-upload limit; 600 KB each, one fits the space.
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(camper)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    const other = await registerCamper(scene.app);
    const sized = await Promise.all(Array.from({ length: 4 }, () => create(other, 600_000)));
    expect(sized.map((a) => a.statusCode).sort()).toEqual([201, 413, 413, 413]);
  });
});
