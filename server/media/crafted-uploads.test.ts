import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIP_MESSAGES } from "../../contracts/clips.ts";
import { VOICE_MESSAGES } from "../../contracts/voice.ts";
import type { App } from "../app.ts";
import { crafted, listeningServer } from "../../testing/crafted-media.ts";
import { audioFixture } from "../../testing/media-fixtures.ts";
import { createTestApp, registerCamper, type SignedInClient } from "../../testing/test-app.ts";
import { multipartBody, postRecording, tusCreate, tusPatch } from "../../testing/uploads.ts";

/**
 * Playlists and lists behind a header that looks like media, sent every way media comes in: as a
 * clip (tus and the one-shot upload) and as a voice sample. Each is refused with a plain message,
 * keeps nothing, and makes the server neither fetch a URL nor read a file of its own.
 */
let app: App;
let server: Awaited<ReturnType<typeof listeningServer>>;
let work: string;
/** A recording on the server's disk that a crafted list names (.mkv: an extension HLS takes for a segment). */
let planted: string;

beforeAll(async () => {
  app = await createTestApp();
  server = await listeningServer();
  work = await mkdtemp(path.join(tmpdir(), "crafted-uploads-"));
  planted = path.join(work, "planted.mkv");
  await writeFile(planted, await audioFixture(3, "webm"));
});
afterAll(async () => {
  await app.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
});

function craftedFiles(header: "id3" | "ebml"): [string, Buffer][] {
  const hls = header === "id3" ? crafted.hlsBehindId3 : crafted.hlsBehindEbml;
  const concat = header === "id3" ? crafted.concatBehindId3 : crafted.concatBehindEbml;
  return [
    ["an HLS playlist of a URL", hls(`${server.url}/segment.ts`)],
    ["an HLS playlist of a file on the server", hls(planted)],
    ["an ffconcat list of a file on the server", concat(planted)],
  ];
}

async function clipsOf(camper: SignedInClient) {
  return (await app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as unknown[];
}

describe("crafted media", () => {
  it("as a voice sample: refused as not audio, nothing kept, no request made", async () => {
    const camper = await registerCamper(app);
    for (const [what, bytes] of [...craftedFiles("id3"), ...craftedFiles("ebml")]) {
      const { payload, contentType } = multipartBody([{ name: "voiceSample", value: bytes, filename: "sample.mp3", contentType: "audio/mpeg" }]);
      const res = await app.inject({ method: "POST", url: "/api/voice/save-sample", headers: { cookie: camper.cookie, "content-type": contentType }, payload });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual({ message: VOICE_MESSAGES.notAudio });
    }
    expect((await app.inject({ method: "GET", url: "/api/voice/sample", headers: { cookie: camper.cookie } })).json()).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it("as a clip over tus: refused with a plain message, no clip, no request made", async () => {
    const camper = await registerCamper(app);
    for (const [what, bytes] of [...craftedFiles("id3"), ...craftedFiles("ebml")]) {
      const location = await tusCreate(app, camper, { title: "Crafted" });
      const res = await tusPatch(app, camper, location, 0, bytes, bytes.length);
      // ID3 is not a video's first bytes (415); behind a WebM header, the file cannot be read as one (422).
      expect([415, 422], `${what}: ${res.body}`).toContain(res.statusCode);
      expect([CLIP_MESSAGES.notVideo, CLIP_MESSAGES.unreadable]).toContain(res.json().message);
    }
    expect(await clipsOf(camper)).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("as a one-shot recording: refused with a plain message, no clip, no request made", async () => {
    const camper = await registerCamper(app);
    for (const [what, bytes] of craftedFiles("ebml")) {
      const res = await postRecording(app, camper, bytes);
      expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await clipsOf(camper)).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});
