import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../contracts/clips.ts";
import type { RenderJob } from "../../contracts/renders.ts";
import type { ShotList } from "../../contracts/shots.ts";
import { VOICE_MESSAGES } from "../../contracts/voice.ts";
import type { App } from "../app.ts";
import { webmFixture } from "../../testing/media-fixtures.ts";
import { attachClip } from "../../testing/renders.ts";
import { READ_SCRIPT, spokenClip } from "../../testing/speech-fixtures.ts";
import { createShow, listeningTestApp, registerCamper, type SignedInClient } from "../../testing/test-app.ts";
import { uploadClip, uploadTake } from "../../testing/uploads.ts";
import { withTimeLimitsScaled } from "./time-limits.ts";

/**
 * Every program the app runs has a time limit and goes with the request or job it serves. Limits are
 * scaled down (only around the call under test) so a real voice, listener and render reach theirs.
 */
const TINY = 0.000_01;
let lines: { msg: string }[];
let app: App;
let port: number;

beforeAll(async () => {
  ({ app, port, lines } = await listeningTestApp());
});
afterAll(() => app.close());

const send = (camper: SignedInClient, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: camper.cookie }, ...(payload ? { payload } : {}) });

/** This process's children running `name` right now (setpriv hands over its own process id to the tool). */
function children(name: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const [comm, rest] = [stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), stat.slice(stat.lastIndexOf(")") + 2).split(" ")];
        return comm === name && Number(rest[1]) === process.pid && rest[0] !== "Z";
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 1200; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe("time limits", () => {
  it.each([
    ["espeak-ng", "en-us"],
    ["Flite (a worker thread)", "kal16"],
  ])("a voice-over that runs past its limit in %s is stopped and told plainly, and nothing is kept", async (_engine, voice) => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: READ_SCRIPT.join(" ") });
    const res = await withTimeLimitsScaled({ voice: TINY }, () => send(camper, "POST", `/api/recordings/${show.id}/clone-voice`, { voice }));
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ message: VOICE_MESSAGES.tookTooLong });
    expect((await send(camper, "GET", `/api/recordings/${show.id}/voice-over`)).json()).toBeNull();
    expect(children("espeak-ng")).toEqual([]);
  });

  it("a render that runs past its limit fails with a plain message", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    await attachClip(app, camper, show.id, 1);
    const start = await send(camper, "POST", `/api/recordings/${show.id}/renders`, { audio: "original", captions: false });
    expect(start.statusCode, start.body).toBe(202);
    await withTimeLimitsScaled({ render: TINY }, () => app.renderWorker.runNext());
    const job = (await send(camper, "GET", `/api/renders/${(start.json() as RenderJob).id}`)).json() as RenderJob;
    expect(job.status).toBe("failed");
    expect(job.message).toMatch(/^This video took far longer to make than it should, so it was stopped\./);
    expect(children("ffmpeg")).toEqual([]);
  });

  it("a take check whose listening runs past its limit says the check is unavailable", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: READ_SCRIPT.join(" ") });
    let list = (await send(camper, "GET", `/api/recordings/${show.id}/shots`)).json() as ShotList;
    while (list.shots.length > 1) list = (await send(camper, "POST", `/api/recordings/${show.id}/shots/${list.shots[0]!.id}/merge`)).json() as ShotList;
    const take = await uploadTake(app, camper, await spokenClip(READ_SCRIPT), { shotId: list.shots[0]!.id });
    const res = await withTimeLimitsScaled({ listening: TINY }, () => send(camper, "POST", `/api/clips/${take.id}/script-check`));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Clip).scriptCheck).toMatchObject({ status: "unavailable" });
    expect(children("pocketsphinx_continuous")).toEqual([]);
  });
});

describe("a run goes with its request or job", () => {
  it("a camper who leaves while the voice-over is read stops the voice", async () => {
    const camper = await registerCamper(app);
    const narration = Array.from({ length: 400 }, (_, i) => `Sentence ${i + 1} is about the lake at camp.`).join(" ");
    const show = await createShow(app, camper.cookie, { narration });
    const gone = () => lines.filter((l) => l.msg === "client went away before the answer").length;
    const before = gone();
    const body = JSON.stringify({ voice: "en-us" });
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(
        `POST /api/recordings/${show.id}/clone-voice HTTP/1.1\r\nHost: x\r\nCookie: ${camper.cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    await until(() => children("espeak-ng").length > 0, "espeak-ng started");
    socket.destroy();
    await until(() => gone() > before, "the request ended as the client's going");
    expect(children("espeak-ng")).toEqual([]);
    expect((await send(camper, "GET", `/api/recordings/${show.id}/voice-over`)).json()).toBeNull();
  }, 60_000);

  it("stopping the render worker stops the render's ffmpeg and hands the job back", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const clip = await uploadClip(app, camper, await webmFixture(30));
    expect((await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } })).statusCode).toBe(200);
    const start = await send(camper, "POST", `/api/recordings/${show.id}/renders`, { audio: "original", captions: false });
    const running = app.renderWorker.runNext();
    await until(() => children("ffmpeg").length > 0, "the render's ffmpeg started");
    await app.renderWorker.stop();
    await running;
    expect(children("ffmpeg")).toEqual([]);
    const job = (await send(camper, "GET", `/api/renders/${(start.json() as RenderJob).id}`)).json() as RenderJob;
    expect(job.status).toBe("queued");
  }, 120_000);
});
