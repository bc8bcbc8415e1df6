import { readdir, stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import { audioFixture } from "../../../testing/media-fixtures.ts";
import { registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../../testing/test-app.ts";
import { appWithVideo, multipartBody, postRecording, tusCreate, tusPatch } from "../../../testing/uploads.ts";

/**
 * Writers of one camper at the same instant against a one-megabyte space: together they never store
 * more than it, whichever way their bytes interleave (on PostgreSQL truly at once, on separate
 * connections). Ten uploads may be open at once, so the space is the only limit.
 */
const QUOTA = 1024 * 1024;
const AT_ONCE = 8;
const scene = appWithVideo(10, { CAMPER_STORAGE_MB: "1", CAMPER_OPEN_UPLOADS: "10" });
const tus = { "tus-resumable": "1.0.0" };
const storageFull = { message: CLIP_MESSAGES.storageFull(QUOTA) };

/** A body sent the way a network delivers it: in pieces, so the writers' bytes interleave. */
const inPieces = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));

/**
 * A PATCH over a real connection, its body written in network-sized pieces as the socket takes them,
 * so several writers' bytes interleave in the server (an answer may come before the body is all sent).
 * With `sayLength`, as tus clients send it, Content-Length; else the body is chunked, its length unknown.
 */
function patchOverHttp(camper: SignedInClient, location: string, body: Buffer, sayLength: boolean): Promise<{ statusCode: number; offset?: string; json: () => unknown }> {
  const port = (scene.app.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const headers = {
      cookie: camper.cookie,
      ...tus,
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
      ...(sayLength ? { "content-length": String(body.length) } : {}),
    };
    const request = http.request({ host: "127.0.0.1", port, method: "PATCH", path: location, headers, agent: false }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({ statusCode: response.statusCode!, offset: response.headers["upload-offset"] as string | undefined, json: () => JSON.parse(text) as unknown }),
      );
    });
    request.on("error", reject);
    Readable.from(inPieces(body)).pipe(request);
  });
}

/** A real video's first bytes, then padding: passes the first-bytes check and keeps coming. */
const padded = (bytes: number) => Buffer.concat([scene.video.subarray(0, 4096), Buffer.alloc(bytes - 4096, 7)]);

/** Media bytes the camper has on disk (clips, unfinished uploads, voice sample; posters are not counted). */
async function bytesOnDisk(userId: number, folder?: "uploads" | "clips" | "voice-sample"): Promise<number> {
  let total = 0;
  for (const name of folder ? [folder] : ["uploads", "clips", "voice-sample"]) {
    const dir = path.join(TEST_DATA_DIR, "media", "users", String(userId), name);
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      if (!file.endsWith(".jpg")) total += (await stat(path.join(dir, file))).size;
    }
  }
  return total;
}

const filesIn = (userId: number, folder: string) => readdir(path.join(TEST_DATA_DIR, "media", "users", String(userId), folder)).catch(() => [] as string[]);

/** What the camper's space still takes: a declared length that fits is admitted, one byte more is not. */
async function expectRoomLeft(camper: SignedInClient, room: number) {
  const create = (length: number) =>
    scene.app.inject({ method: "POST", url: "/api/uploads", headers: { cookie: camper.cookie, ...tus, "upload-length": String(length) } });
  expect((await create(room + 1)).statusCode).toBe(413);
  const fits = await create(room);
  expect(fits.statusCode).toBe(201);
  await scene.app.inject({ method: "DELETE", url: fits.headers.location as string, headers: { cookie: camper.cookie, ...tus } });
}

describe("the storage quota under writers at the same instant", () => {
  beforeAll(async () => {
    await scene.app.listen({ port: 0, host: "127.0.0.1" });
  });

  /** Eight deferred-length PATCHes of 400 KB at once: what they stored, and the refused ones' answers. */
  async function eightAtOnce(sayLength: boolean) {
    const camper = await registerCamper(scene.app);
    const locations = await Promise.all(Array.from({ length: AT_ONCE }, () => tusCreate(scene.app, camper, {})));
    const body = padded(400_000);
    const answers = await Promise.all(locations.map((location) => patchOverHttp(camper, location, body, sayLength)));

    const accepted = answers.filter((a) => a.statusCode === 204);
    for (const refused of answers.filter((a) => a.statusCode !== 204)) {
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual(storageFull);
    }
    expect(accepted.length * body.length).toBeLessThanOrEqual(QUOTA);
    for (const answer of accepted) expect(answer.offset).toBe(String(body.length));
    // Only the accepted uploads' bytes are on disk, and their space is all that is taken.
    expect(await bytesOnDisk(camper.userId)).toBe(accepted.length * body.length);
    expect((await filesIn(camper.userId, "uploads")).length).toBe(accepted.length);
    await expectRoomLeft(camper, QUOTA - accepted.length * body.length);
    return accepted.length;
  }

  it("admits deferred-length PATCHes that say their length whole or not at all, as many as the space holds", async () => {
    expect(await eightAtOnce(true)).toBe(Math.floor(QUOTA / 400_000));
  });

  it("holds chunked deferred-length PATCHes streaming at once to the space: the ones cut get 413 and keep no byte", async () => {
    // Taken a slice at a time, they may all be cut when the space ends under them: never past it.
    expect(await eightAtOnce(false)).toBeLessThanOrEqual(Math.floor(QUOTA / 400_000));
  });

  it("holds deferred uploads declaring their length at the same instant to the space, keeping the refused to resume", async () => {
    const camper = await registerCamper(scene.app);
    const locations = await Promise.all(Array.from({ length: AT_ONCE }, () => tusCreate(scene.app, camper, {})));
    const declared = 400_000;
    // Half of each is sent now: the declared length is what must fit.
    const answers = await Promise.all(locations.map((location) => tusPatch(scene.app, camper, location, 0, padded(declared / 2), declared)));

    const accepted = answers.filter((a) => a.statusCode === 204);
    expect(accepted.length).toBe(Math.floor(QUOTA / declared));
    for (const refused of answers.filter((a) => a.statusCode !== 204)) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toEqual(storageFull);
    }
    for (const [i, answer] of answers.entries()) {
      const head = await scene.app.inject({ method: "HEAD", url: locations[i]!, headers: { cookie: camper.cookie, ...tus } });
      expect(head.statusCode).toBe(200);
      expect(head.headers["upload-offset"]).toBe(answer.statusCode === 204 ? String(declared / 2) : "0");
    }
    await expectRoomLeft(camper, QUOTA - accepted.length * declared);
  });

  it("holds uploads declaring their length at creation to the space, and their clips fit it", async () => {
    const camper = await registerCamper(scene.app);
    const video = scene.video;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        const created = await scene.app.inject({ method: "POST", url: "/api/uploads", headers: { cookie: camper.cookie, ...tus, "upload-length": String(video.length) } });
        if (created.statusCode !== 201) return created;
        return tusPatch(scene.app, camper, created.headers.location as string, 0, video, video.length);
      }),
    );
    const clips = answers.filter((a) => a.statusCode === 204);
    expect(clips.length).toBe(Math.floor(QUOTA / video.length));
    for (const clip of clips) expect(clip.headers["upload-clip-id"]).toMatch(/^\d+$/);
    for (const refused of answers.filter((a) => a.statusCode !== 204)) expect(refused.json()).toEqual(storageFull);
    expect(await bytesOnDisk(camper.userId)).toBeLessThanOrEqual(QUOTA);
  });

  it("holds one-shot multipart uploads at once to the space: the refused store nothing", async () => {
    const camper = await registerCamper(scene.app);
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => postRecording(scene.app, camper, scene.video)));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toEqual(storageFull);
    }
    expect(created.length * scene.video.length).toBeLessThanOrEqual(QUOTA);
    expect(await filesIn(camper.userId, "uploads")).toEqual([]);
    expect(await bytesOnDisk(camper.userId)).toBeLessThanOrEqual(QUOTA);
  });

  it("holds voice samples sent at once to the space, and keeps exactly one of them", async () => {
    const camper = await registerCamper(scene.app);
    const sample = await audioFixture(20, "webm");
    const send = () => {
      const { payload, contentType } = multipartBody([{ name: "voiceSample", value: sample, filename: "sample.webm", contentType: "audio/webm" }]);
      return scene.app.inject({ method: "POST", url: "/api/voice/save-sample", headers: { cookie: camper.cookie, "content-type": contentType }, payload });
    };
    // Nearly all the space is taken by an unfinished upload: no sample fits.
    const big = await tusCreate(scene.app, camper, { length: QUOTA - sample.length / 2 });
    for (const refused of await Promise.all(Array.from({ length: AT_ONCE }, send))) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toEqual(storageFull);
    }
    expect(await filesIn(camper.userId, "voice-sample")).toEqual([]);

    // Room for one sample, not two.
    await scene.app.inject({ method: "DELETE", url: big, headers: { cookie: camper.cookie, ...tus } });
    const taken = QUOTA - Math.round(sample.length * 1.5);
    await tusCreate(scene.app, camper, { length: taken });
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, send));
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toEqual(storageFull);
    }
    // One sample is kept; no replaced or refused sample's file stays behind.
    expect(await filesIn(camper.userId, "voice-sample")).toHaveLength(1);
    const kept = await bytesOnDisk(camper.userId, "voice-sample");
    expect(taken + kept).toBeLessThanOrEqual(QUOTA);
    await expectRoomLeft(camper, QUOTA - taken - kept);
  });
});
