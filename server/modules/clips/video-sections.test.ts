import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckedTake, Clip } from "../../../contracts/clips.ts";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { StoryLength } from "../../../contracts/renders.ts";
import type { ShotList } from "../../../contracts/shots.ts";
import type { VideoSections } from "../../../contracts/video-sections.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { uploadTake } from "../../../testing/uploads.ts";
import type { App } from "../../app.ts";

let app: App;
beforeAll(async () => {
  // No listener on the server: each take's check hears what the "browser" heard.
  app = await createTestApp({ SPEECH_ALIGNER: "off" });
});
afterAll(() => app?.close());

const PARAGRAPHS = [
  "This summer at camp I learned to paddle a canoe across the lake. At first I tipped over twice and the water was freezing cold.",
  "Our counselor showed us how to steer from the back of the boat. By the end of the week we raced the older kids and almost won!",
  "On the last night we sang songs around the fire and watched the stars. I will never forget how quiet the lake was after everyone went to sleep.",
];

const heard = (text: string) => text.toLowerCase().replace(/[^a-z' ]/g, "");

async function get<T>(camper: SignedInClient, url: string): Promise<T> {
  const res = await app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function take(camper: SignedInClient, shotId: number, seconds: number, transcript?: string): Promise<Clip> {
  const clip = await uploadTake(app, camper, await webmFixture(seconds), { shotId });
  if (transcript === undefined) return clip;
  const res = await app.inject({ method: "POST", url: `/api/clips/${clip.id}/script-check`, headers: { cookie: camper.cookie }, payload: { transcript } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Promise<CheckedTake>;
}

describe("what is in the video", () => {
  it("is the same clips, in the same order and seconds, in the sections list, the length panel and the render", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: PARAGRAPHS.join("\n\n") });
    const shots = (await get<ShotList>(camper, `/api/recordings/${show.id}/shots`)).shots;
    expect(shots).toHaveLength(3);
    const [one, two, three] = shots as [ShotList["shots"][number], ShotList["shots"][number], ShotList["shots"][number]];

    // Shot 1: a take that missed a line, then one that says them all (used by itself).
    const missed = await take(camper, one.id, 1, heard(PARAGRAPHS[0]!.split(".")[0]!));
    const whole = await take(camper, one.id, 2, heard(PARAGRAPHS[0]!));
    expect((whole as CheckedTake).takeSwitch?.previousClipId).toBe(missed.id);
    // Shot 2: the first take stays chosen; a longer second take waits for the camper.
    const twoChosen = await take(camper, two.id, 1);
    const twoOther = await take(camper, two.id, 3);
    // Shot 3: a take, but the camper chose none.
    const threeTake = await take(camper, three.id, 2);
    const none = await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}/shots/${three.id}`, headers: { cookie: camper.cookie }, payload: { chosenClipId: null } });
    expect(none.statusCode, none.body).toBe(200);
    // A clip recorded for no shot comes after the shots.
    const free = await attachClip(app, camper, show.id, 1);
    // Trimmed: every place counts the used part only.
    const trim = await app.inject({ method: "PATCH", url: `/api/clips/${whole.id}`, headers: { cookie: camper.cookie }, payload: { trimEndSeconds: 1.5 } });
    expect(trim.statusCode, trim.body).toBe(200);

    const sections = await get<VideoSections>(camper, `/api/recordings/${show.id}/sections`);
    expect(sections.sections.map((s) => [s.shotNumber, s.clip?.id ?? null, s.otherTakes.map((t) => t.id)])).toEqual([
      [1, whole.id, [missed.id]],
      [2, twoChosen.id, [twoOther.id]],
      [3, null, [threeTake.id]],
      [null, free.id, []],
    ]);
    const inVideo = sections.sections.flatMap((s) => (s.clip ? [s.clip] : []));
    const seconds = inVideo.reduce((sum, c) => sum + c.usedSeconds, 0);
    expect(sections.clipCount).toBe(3);
    expect(sections.clipsSeconds).toBeCloseTo(seconds, 2);
    expect(seconds).toBeCloseTo(3.5, 1);

    const length = await get<StoryLength>(camper, `/api/recordings/${show.id}/length`);
    expect(length.clipCount).toBe(sections.clipCount);
    expect(length.clipsSeconds).toBe(sections.clipsSeconds);

    // The render plays those clips: 3.5 s, not the 9.5 s of every take (between the title and end cards).
    const render = await renderFinalVideo(app, camper, show.id, { captions: false, audio: "original" });
    expect(render.durationSeconds).toBeCloseTo(sections.clipsSeconds + VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds, 0);
  }, 120_000);

  it("answers another camper's show as a missing one", async () => {
    const owner = await registerCamper(app);
    const other = await registerCamper(app);
    const show = await createShow(app, owner.cookie, { narration: PARAGRAPHS[0]! });
    const res = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/sections`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SHOW_MESSAGES.notFound });
  });
});
