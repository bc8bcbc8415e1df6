import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Clip } from "../contracts/clips.ts";
import type { RenderJob } from "../contracts/renders.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * kill -9 of the real server (built, started as `npm start` starts it) in the middle of an upload and
 * of a render, then a restart on the same DATA_DIR: the camper's work goes on, and nothing is left over.
 */
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A camper's session on a server: fetch with its cookie. */
async function camper(baseURL: string) {
  const res = await fetch(`${baseURL}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(buildCredentials()),
  });
  expect(res.status).toBe(201);
  const user = (await res.json()) as { id: number };
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return {
    userId: user.id,
    cookie,
    call: (base: string, url: string, init: RequestInit = {}) =>
      fetch(`${base}${url}`, { ...init, headers: { cookie, "tus-resumable": "1.0.0", ...(init.headers as Record<string, string>) } }),
  };
}

/** Polls `check` until it returns a value (not undefined); the bound only stops a broken run. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, limitMs = 120_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}

/** Processes still running (not zombies) whose command line names the folder. */
function processesUsing(folder: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const state = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.[0];
      const command = readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ");
      if (state !== "Z" && command.includes(folder)) found.push({ pid: Number(name), command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

describe("after kill -9", () => {
  it("lets the camper's upload continue on the restarted server at once, ending byte-identical", async () => {
    const video = await webmFixture(3);
    const server = await start();
    const me = await camper(server.baseURL);
    const created = await me.call(server.baseURL, "/api/uploads", {
      method: "POST",
      headers: { "upload-length": String(video.length), "upload-metadata": `title ${Buffer.from("Canoe").toString("base64")}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const onDisk = path.join(server.dataDir, "media", "users", String(me.userId), "uploads", location.split("/").pop()!);

    // A PATCH whose body is still arriving when the server dies.
    const half = Math.floor(video.length / 2);
    const patch = request(`${server.baseURL}${location}`, {
      method: "PATCH",
      headers: { cookie: me.cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    });
    const cut = new Promise<void>((resolve) => {
      patch.on("error", () => resolve());
      patch.on("response", () => resolve());
    });
    patch.write(video.subarray(0, half));
    await eventually(() => (statSync(onDisk, { throwIfNoEntry: false })?.size ?? 0) >= half || undefined, "the first half on disk");
    await server.kill();
    await cut;

    const restarted = await start({ dataDir: server.dataDir, port: server.port });
    const head = await me.call(restarted.baseURL, location, { method: "HEAD" });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(half);
    // Accepted straight away: the dead server's lock does not hold the upload.
    const resumed = await me.call(restarted.baseURL, location, {
      method: "PATCH",
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
      body: new Uint8Array(video.subarray(offset)),
    });
    expect(resumed.status, await resumed.clone().text()).toBe(204);
    const clipId = resumed.headers.get("upload-clip-id");
    expect(clipId).toMatch(/^\d+$/);
    const clip = (await (await me.call(restarted.baseURL, `/api/clips/${clipId}`)).json()) as Clip;
    expect(clip.uploadedBytes).toBe(video.length);
    expect(clip.uploadSha256).toBe(sha256(video));
  });

  it("retries a render cut by kill -9, with no ffmpeg left running and no partial file or work folder left behind", async () => {
    const video = await webmFixture(6);
    const server = await start();
    const me = await camper(server.baseURL);
    const show = (await (
      await me.call(server.baseURL, "/api/narrations", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(buildShowBody()) })
    ).json()) as { id: number };
    const meta = [`title ${Buffer.from("Sunrise").toString("base64")}`, `showId ${Buffer.from(String(show.id)).toString("base64")}`].join(",");
    const created = await me.call(server.baseURL, "/api/uploads", { method: "POST", headers: { "upload-length": String(video.length), "upload-metadata": meta } });
    const uploaded = await me.call(server.baseURL, created.headers.get("location")!, {
      method: "PATCH",
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(video),
    });
    expect(uploaded.headers.get("upload-clip-id")).toMatch(/^\d+$/);

    const started = await me.call(server.baseURL, `/api/recordings/${show.id}/renders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ captions: true }),
    });
    expect(started.status).toBe(202);
    const job = (await started.json()) as RenderJob;

    // Kill the server while its ffmpeg encodes the picture in the render's work folder: seconds long,
    // where the last step (muxing into the MP4's temporary name) is a stream copy of some 50-80 ms that
    // a poll can miss on a fast machine.
    const ffmpegs = await eventually(() => {
      const running = processesUsing(server.dataDir).filter((p) => p.command.includes("ffmpeg") && p.command.includes("-c:v libx264"));
      return running.length ? running : undefined;
    }, "ffmpeg encoding the video");
    await server.kill();
    // What the dead render left: its work folder.
    expect(readdirSync(path.join(server.dataDir, "tmp"))).toEqual([expect.stringMatching(new RegExp(`^render-${job.id}-`))]);
    // ffmpeg goes with the server that started it.
    await eventually(() => (processesUsing(server.dataDir).some((p) => ffmpegs.some((f) => f.pid === p.pid)) ? undefined : true), "ffmpeg to stop", 10_000);

    const restarted = await start({ dataDir: server.dataDir, port: server.port });
    const done = await eventually(async () => {
      const state = (await (await me.call(restarted.baseURL, `/api/renders/${job.id}`)).json()) as RenderJob;
      if (state.status === "failed") throw new Error(`the retried render failed: ${state.message}`);
      return state.status === "done" ? state : undefined;
    }, "the retried render", 240_000);
    const mp4 = await me.call(restarted.baseURL, done.mediaUrl!);
    expect(mp4.status).toBe(200);
    expect((await mp4.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Only the finished render's video and captions; no partial file, no work folder, no ffmpeg.
    const renders = filesIn(path.join(server.dataDir, "media", "users", String(me.userId), "renders"));
    expect(renders.filter((f) => f.endsWith(".mp4"))).toHaveLength(1);
    expect(renders.filter((f) => f.endsWith(".vtt"))).toHaveLength(1);
    expect(renders).toHaveLength(2);
    expect(filesIn(path.join(server.dataDir, "media", ".partial"))).toEqual([]);
    expect(readdirSync(path.join(server.dataDir, "tmp"))).toEqual([]);
    expect(processesUsing(server.dataDir).filter((p) => p.command.includes("ffmpeg"))).toEqual([]);
  });
});
