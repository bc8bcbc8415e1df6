import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RenderJob } from "../../../contracts/renders.ts";
import type { VideoFormatKey } from "../../../contracts/product.ts";
import { SAFE_AREAS, VIDEO_STYLE } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { renderRequests } from "../../../testing/renders.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, registerStaff } from "../../../testing/test-app.ts";
import { renderOutputPath } from "../../../testing/renders.ts";
import { uploadClip } from "../../../testing/uploads.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

let app: App;
let clipBytes: Buffer;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  clipBytes = await webmFixture(2);
});
afterAll(() => app.close());

const { showWithTwoClips, startRender, job } = renderRequests(() => app, () => clipBytes);

async function probe(file: string) {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration:stream=codec_type,codec_name,width,height", "-of", "json", file]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
  const video = parsed.streams.find((s) => s.codec_type === "video")!;
  const audio = parsed.streams.find((s) => s.codec_type === "audio")!;
  return { duration: Number(parsed.format.duration), video, audio };
}

/** Top-level MP4 boxes in order, to check moov comes before mdat (faststart). */
async function topLevelBoxes(file: string): Promise<string[]> {
  const data = await readFile(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** The fifth of the frame just above what the format's platform covers: where captions sit. */
async function captionBand(file: string, seconds: number, format: VideoFormatKey, width: number, height: number): Promise<Buffer> {
  const band = Math.floor(height / 5);
  const bottom = Math.floor(height * (1 - SAFE_AREAS[format].bottom));
  const { stdout } = await run(
    tools.ffmpeg,
    ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1", "-vf", `crop=${width}:${band}:0:${bottom - band},format=gray`, "-f", "rawvideo", "-"],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describe("rendering a show to MP4", () => {
  it("renders with the show's own final-video choices when a download sends none, so every download is the same video", async () => {
    const camper = await registerCamper(app);
    const show = await showWithTwoClips(camper);
    const voice = (await app.inject({ method: "GET", url: "/api/voice/status", headers: { cookie: camper.cookie } })).json().voices.at(-1);
    await app.inject({
      method: "PATCH",
      url: `/api/recordings/${show.id}`,
      headers: { cookie: camper.cookie },
      payload: { fit: "fit", audioSource: "voice", voice },
    });
    const fromList = await startRender(camper, show.id, {});
    // The video style's choices at the show's defaults: no music, cross-fades, line captions, title and end cards
    // fixed on the job (what they say does not change with later camp settings).
    expect(fromList.job.options).toEqual({
      fit: "fit",
      audio: "voice",
      captions: true,
      voice,
      music: null,
      transitions: true,
      captionStyle: "lines",
      cards: { title: show.title, name: null, campName: expect.any(String), year: new Date().getFullYear(), background: expect.stringMatching(/^#[0-9a-f]{6}$/), accent: expect.stringMatching(/^#[0-9a-f]{6}$/) },
    });
    const fromEditor = await startRender(camper, show.id, {});
    expect(fromEditor.job.id).toBe(fromList.job.id);
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { captions: false } });
    const changed = await startRender(camper, show.id, {});
    expect(changed.job.id).not.toBe(fromList.job.id);
    expect(changed.job.options.captions).toBe(false);
  });

  it("marks in a show's renders the one its current choices, clips and script give (the show page plays that one)", async () => {
    const camper = await registerCamper(app);
    const show = await showWithTwoClips(camper);
    const list = async () =>
      ((await app.inject({ method: "GET", url: `/api/recordings/${show.id}/renders`, headers: { cookie: camper.cookie } })).json() as RenderJob[]).map(
        (r) => [r.id, r.current],
      );
    const first = await startRender(camper, show.id, {});
    expect(await list()).toEqual([[first.job.id, true]]);
    // Made, so a newer render does not replace it (only a render still waiting is replaced).
    expect(await app.renderWorker.runNext()).toBe(first.job.id);
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { fit: "fit" } });
    expect(await list()).toEqual([[first.job.id, false]]);
    const second = await startRender(camper, show.id, {});
    expect(await list()).toEqual([
      [second.job.id, true],
      [first.job.id, false],
    ]);
    // Back to the first choice: the first render is the current video again.
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { fit: "crop" } });
    expect(await list()).toEqual([
      [second.job.id, false],
      [first.job.id, true],
    ]);
    // The camp's colours are the camp's: a new look applies to videos made from then on, and the camper's
    // video stays current (staff see no change to review). The camper's own title on the card is theirs.
    const director = await registerStaff(app);
    const camp = await app.inject({ method: "PUT", url: "/api/staff/camp-settings", headers: { cookie: director.cookie }, payload: { campName: "Camp Heron", camperIdleMinutes: 15, colour: "#204060", accentColour: "#ffe08a" } });
    expect(camp.statusCode, camp.body).toBe(200);
    expect(await list()).toEqual([
      [second.job.id, false],
      [first.job.id, true],
    ]);
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { captionStyle: "word" } });
    const withNewColours = await startRender(camper, show.id, {});
    expect(withNewColours.job.options.cards).toMatchObject({ campName: "Camp Heron", background: "#204060", accent: "#ffe08a" });
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { title: "A new title" } });
    expect((await list()).every(([, current]) => current === false)).toBe(true);
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { titleCard: false } });
    // A new script is a new video when the captions read it.
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { narration: "We swam.", captions: true } });
    expect((await list()).every(([, current]) => current === false)).toBe(true);
  }, 120_000);

  it("renders 16:9 with the clips' sound: H.264 + AAC, 1920x1080, the clips' length, moov before mdat, no captions", async () => {
    const camper = await registerCamper(app);
    const show = await showWithTwoClips(camper, { videoFormat: "youtube" });
    const { status, job: queued } = await startRender(camper, show.id, { fit: "crop", audio: "original" });
    expect(status).toBe(202);
    expect(queued.status).toBe("queued");
    expect(await app.renderWorker.runNext()).toBe(queued.id);
    const done = await job(camper, queued.id);
    expect(done).toMatchObject({ status: "done", progress: 100, captionsUrl: null });
    const file = await renderOutputPath(queued.id);
    const info = await probe(file);
    expect(info.video).toMatchObject({ codec_name: "h264", width: 1920, height: 1080 });
    expect(info.audio.codec_name).toBe("aac");
    // The clips' 4 s between the title and end cards (on by default).
    const cards = VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds;
    expect(Math.abs(info.duration - (4 + cards))).toBeLessThan(0.2);
    // The job's length is the file's (whole frames, so within a frame or two of the clips' seconds).
    expect(Math.abs(done.durationSeconds! - info.duration)).toBeLessThan(0.05);
    const boxes = await topLevelBoxes(file);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

    // Unchanged inputs reuse the render; a change makes a new one.
    const again = await startRender(camper, show.id, { fit: "crop", audio: "original" });
    expect(again.status).toBe(200);
    expect(again.job.id).toBe(queued.id);
    const other = await startRender(camper, show.id, { fit: "fit", audio: "original" });
    expect(other.status).toBe(202);
    expect(other.job.id).not.toBe(queued.id);

    const download = await app.inject({ method: "GET", url: done.downloadUrl!, headers: { cookie: camper.cookie, range: "bytes=0-7" } });
    expect(download.statusCode).toBe(206);
    expect(download.headers["content-disposition"]).toMatch(/attachment; filename=".+\.mp4"/);
  }, 120_000);

  it("renders 9:16 with the AI voice-over and burned-in captions, plus a .vtt; the captions show in the frame", async () => {
    const camper = await registerCamper(app);
    const show = await showWithTwoClips(camper, { videoFormat: "tiktok", narration: "Hello camp. We filmed the lake today." });
    const withCaptions = await startRender(camper, show.id, { fit: "fit", audio: "voice", captions: true });
    await app.renderWorker.runNext();
    const without = await startRender(camper, show.id, { fit: "fit", audio: "voice", captions: false });
    await app.renderWorker.runNext();
    const done = await job(camper, withCaptions.job.id);
    expect(done.status, done.message ?? "").toBe("done");
    const file = await renderOutputPath(withCaptions.job.id);
    const info = await probe(file);
    expect(info.video).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 });
    expect(info.audio.codec_name).toBe("aac");
    const { titleCardSeconds, endCardSeconds } = VIDEO_STYLE;
    expect(Math.abs(info.duration - (4 + titleCardSeconds + endCardSeconds))).toBeLessThan(0.2);

    // The captions start with the story, after the title card, in the .vtt as in the picture.
    const vtt = await app.inject({ method: "GET", url: done.captionsUrl!, headers: { cookie: camper.cookie } });
    expect(vtt.body).toMatch(/^WEBVTT/);
    expect(vtt.body).toContain("Hello camp.");
    const firstCue = /(\d\d):(\d\d)\.(\d\d\d) -->/.exec(vtt.body)!;
    expect(Number(firstCue[1]) * 60 + Number(firstCue[2]) + Number(firstCue[3]) / 1000).toBeGreaterThanOrEqual(titleCardSeconds);

    const a = await captionBand(file, titleCardSeconds + 0.8, "tiktok", 1080, 1920);
    const b = await captionBand(await renderOutputPath(without.job.id), titleCardSeconds + 0.8, "tiktok", 1080, 1920);
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 60) differing++;
    expect(differing / a.length).toBeGreaterThan(0.002);
  }, 180_000);

  it("cuts the video at the format's maximum", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { videoFormat: "youtube_shorts" });
    const long = await webmFixture(62);
    const clip = await uploadClip(app, camper, long, "Long");
    await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
    const { job: queued } = await startRender(camper, show.id, {});
    await app.renderWorker.runNext();
    // The whole video, title and end cards included, stays within Shorts' 60 s.
    const info = await probe(await renderOutputPath(queued.id));
    expect(Math.abs(info.duration - 60)).toBeLessThan(0.2);
  }, 240_000);
});
