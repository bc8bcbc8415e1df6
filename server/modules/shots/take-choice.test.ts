import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckedTake } from "../../../contracts/clips.ts";
import type { Shot, ShotList } from "../../../contracts/shots.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { uploadTake } from "../../../testing/uploads.ts";
import type { App } from "../../app.ts";
import { missesLines, replacesChosen, saysEveryLine } from "./take-choice.ts";

/**
 * The take a camper can trust: a new take that says every line replaces a chosen take that missed some,
 * and only then. The server has no listener here, so each check hears what the "browser" heard.
 */
let app: App;
let video: Buffer;
beforeAll(async () => {
  app = await createTestApp({ SPEECH_ALIGNER: "off" });
  video = await webmFixture(1);
});
afterAll(() => app?.close());

const LINES = "I was nervous on the first day of camp. Then I met my cabin mates by the lake.";
const ALL = "i was nervous on the first day of camp then i met my cabin mates by the lake";
const FIRST_ONLY = "i was nervous on the first day of camp";

async function oneShot(camper: SignedInClient): Promise<{ showId: number; shot: Shot }> {
  const show = await createShow(app, camper.cookie, { narration: LINES });
  const list = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: camper.cookie } })).json() as ShotList;
  expect(list.shots.map((s) => s.text)).toEqual([LINES]);
  return { showId: show.id, shot: list.shots[0]! };
}

async function checkedTake(camper: SignedInClient, shotId: number, heard: string | null): Promise<CheckedTake> {
  const take = await uploadTake(app, camper, video, { shotId });
  const res = await app.inject({
    method: "POST",
    url: `/api/clips/${take.id}/script-check`,
    headers: { cookie: camper.cookie },
    payload: heard === null ? {} : { transcript: heard },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function chosenOf(camper: SignedInClient, showId: number): Promise<number | null> {
  const list = (await app.inject({ method: "GET", url: `/api/recordings/${showId}/shots`, headers: { cookie: camper.cookie } })).json() as ShotList;
  return list.shots[0]!.chosenClipId;
}

describe("a new take that says every line", () => {
  it("is used in place of a chosen take that missed a line, and the camper can undo it", async () => {
    const camper = await registerCamper(app);
    const { showId, shot } = await oneShot(camper);
    const first = await checkedTake(camper, shot.id, FIRST_ONLY);
    expect(first.takeSwitch).toBeNull();
    expect(await chosenOf(camper, showId)).toBe(first.id);

    const second = await checkedTake(camper, shot.id, ALL);
    expect(second.scriptCheck?.sentences.map((s) => s.said)).toEqual([true, true]);
    expect(second.takeSwitch).toEqual({ shotId: shot.id, clipId: second.id, previousClipId: first.id });
    expect(await chosenOf(camper, showId)).toBe(second.id);

    // Undo is the ordinary choice of a take.
    const undo = await app.inject({
      method: "PATCH",
      url: `/api/recordings/${showId}/shots/${shot.id}`,
      headers: { cookie: camper.cookie },
      payload: { chosenClipId: second.takeSwitch!.previousClipId },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await chosenOf(camper, showId)).toBe(first.id);
  });

  it("leaves the choice alone when the chosen take already says every line", async () => {
    const camper = await registerCamper(app);
    const { showId, shot } = await oneShot(camper);
    const first = await checkedTake(camper, shot.id, ALL);
    const second = await checkedTake(camper, shot.id, ALL);
    expect(second.takeSwitch).toBeNull();
    expect(await chosenOf(camper, showId)).toBe(first.id);
  });

  it("leaves the choice alone when the chosen take was never checked or could not be", async () => {
    const camper = await registerCamper(app);
    const { showId, shot } = await oneShot(camper);
    // Nothing could listen: the check is "unavailable", which says nothing about missed lines.
    const first = await checkedTake(camper, shot.id, null);
    expect(first.scriptCheck?.status).toBe("unavailable");
    const second = await checkedTake(camper, shot.id, ALL);
    expect(second.takeSwitch).toBeNull();
    expect(await chosenOf(camper, showId)).toBe(first.id);
  });
});

describe("a new take that misses lines too", () => {
  it("waits for the camper to choose", async () => {
    const camper = await registerCamper(app);
    const { showId, shot } = await oneShot(camper);
    const first = await checkedTake(camper, shot.id, FIRST_ONLY);
    const second = await checkedTake(camper, shot.id, "then i met my cabin mates by the lake");
    expect(second.takeSwitch).toBeNull();
    expect(await chosenOf(camper, showId)).toBe(first.id);
  });
});

describe("the rule (take-choice.ts)", () => {
  const check = (lines: string, said: boolean[]) => ({
    status: "checked" as const,
    source: "offline" as const,
    lines,
    sentences: said.map((s, i) => ({ text: `Sentence ${i}.`, said: s, words: [] })),
    wordMatch: said.filter(Boolean).length / said.length,
    message: null,
    checkedAt: new Date().toISOString(),
  });

  it("counts a chosen take checked against lines since rewritten as missing them", () => {
    expect(missesLines(check("We sang by the fire all night long.", [true]), LINES)).toBe(true);
    expect(missesLines(check(LINES, [true, true]), LINES)).toBe(false);
    expect(missesLines(null, LINES)).toBe(false);
  });

  it("never uses a take checked against other lines, or a take that is the chosen one", () => {
    expect(saysEveryLine(check("We sang by the fire all night long.", [true]), LINES)).toBe(false);
    const missed = { id: 1, check: check(LINES, [true, false]) };
    expect(replacesChosen(missed, { id: 2, check: check(LINES, [true, true]) }, LINES)).toBe(true);
    expect(replacesChosen(missed, { id: 1, check: check(LINES, [true, true]) }, LINES)).toBe(false);
    expect(replacesChosen(null, { id: 2, check: check(LINES, [true, true]) }, LINES)).toBe(false);
  });
});
