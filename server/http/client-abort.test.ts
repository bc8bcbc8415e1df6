import { readdir } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { webmFixture } from "../../testing/media-fixtures.ts";
import { listeningTestApp, registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../testing/test-app.ts";
import { multipartBody, tusCreate } from "../../testing/uploads.ts";

/**
 * A camper who closes the tab, loses Wi-Fi or pauses an upload cuts the request mid-body. That is
 * not the server's error: nothing may be logged at error level, and the bytes that arrived are kept.
 */
let lines: { level: number; msg: string }[];
let app: App;
let port: number;
let camper: SignedInClient;
let video: Buffer;

beforeAll(async () => {
  ({ app, port, lines } = await listeningTestApp());
  video = await webmFixture(2);
});
afterAll(() => app.close());

/** Sends the head and part of a body on a raw socket, then hangs up. */
async function cutOff(head: string, partOfBody: Buffer) {
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(head);
      socket.write(partOfBody, () => setTimeout(() => (socket.destroy(), resolve()), 200));
    });
    socket.on("error", reject);
  });
}

const clientGone = () => lines.filter((l) => l.msg === "client went away before the answer").length;
async function untilClientGoneLogged(count: number) {
  for (let i = 0; i < 200 && clientGone() < count; i++) await new Promise((r) => setTimeout(r, 25));
}

describe("a client that hangs up mid-request", () => {
  it("is logged as gone, never as an unhandled error (tus PATCH, multipart upload, JSON body)", async () => {
    camper = await registerCamper(app);
    const location = await tusCreate(app, camper, { length: video.length });
    await cutOff(
      `PATCH ${location} HTTP/1.1\r\nHost: x\r\nCookie: ${camper.cookie}\r\nTus-Resumable: 1.0.0\r\n` +
        `Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: ${video.length}\r\n\r\n`,
      video.subarray(0, 20_000),
    );
    await untilClientGoneLogged(1);
    // The bytes that arrived are kept, so the upload resumes from there.
    const head = await app.inject({ method: "HEAD", url: location, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } });
    expect(Number(head.headers["upload-offset"])).toBe(20_000);

    const { payload, contentType } = multipartBody([{ name: "title", value: "Cut" }, { name: "video", value: video, filename: "a.webm" }]);
    await cutOff(
      `POST /api/recordings HTTP/1.1\r\nHost: x\r\nCookie: ${camper.cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      payload.subarray(0, 20_000),
    );
    await cutOff(
      `POST /api/narrations HTTP/1.1\r\nHost: x\r\nCookie: ${camper.cookie}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n`,
      Buffer.from('{"title":"Lake'),
    );
    // The cut multipart upload leaves no file behind; only the resumable tus upload keeps its bytes.
    const uploadsDir = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "uploads");
    const kept = [location.split("/").pop()];
    for (let i = 0; i < 200 && JSON.stringify(await readdir(uploadsDir)) !== JSON.stringify(kept); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await readdir(uploadsDir)).toEqual(kept);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } })).statusCode).toBe(200);

    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === "unhandled error")).toBe(false);
  });
});
