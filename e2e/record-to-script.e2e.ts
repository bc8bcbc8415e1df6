import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import type { Clip } from "../contracts/clips.ts";
import type { RenderJob, StoryLength } from "../contracts/renders.ts";
import { SHOT_MESSAGES, type ShotList } from "../contracts/shots.ts";
import { VIDEO_STYLE } from "../contracts/video-style.ts";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { buildCredentials } from "../testing/factories.ts";
import { parseVtt } from "../testing/voice-timing.ts";
import { createShowViaApi } from "./support/api.ts";
import { launchBrowser, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { spokenMicrophone } from "./support/spoken-mic.ts";
import { recordingReaches } from "./support/story.ts";

/**
 * Recording to the script in Chromium with the fake camera and a spoken microphone: a camper opens the shot
 * list of her script, records shot 1 reading its lines (the check says every sentence was said),
 * records shot 2 while the microphone still reads shot 1 (the check says its lines were missed), comes
 * back with the right lines and records shot 2 again: the new take, which says every line, is used by
 * itself (announced, with an Undo, which the camper tries), and the camper renders. The editor then lists
 * the chosen takes, the other take folded under its shot. The finished video
 * is the chosen takes in shot order: its length is theirs, and its captions (the clips' own sound)
 * follow shot 1's lines, then shot 2's.
 */
const baseURL = inject("baseURL");
const run = promisify(execFile);
const tools = resolveVideoTools({});

const SHOT_ONE = ["I was nervous on the first day of camp.", "Then I met my cabin mates by the lake.", "We swam out to the dock every morning."];
const SHOT_TWO = ["On the last night we sang songs around the fire.", "I did not want the summer to end.", "Now I cannot wait to come back next year."];

let work: string;
const browsers: Browser[] = [];
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "record-to-script-"));
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  rmSync(work, { recursive: true, force: true });
});

/** A browser whose microphone reads these sentences in a loop. */
async function browserReading(sentences: readonly string[]) {
  const mic = await spokenMicrophone(sentences, work);
  const browser = await launchBrowser({ microphoneWav: mic.file });
  browsers.push(browser);
  return { browser, micSeconds: mic.seconds };
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const recordButton = (page: Page) => page.locator("[data-record-button]");

/** Records the current shot for `seconds` (twice the microphone's loop: a whole reading is in it), then waits for the check. */
async function recordTake(page: Page, shotNumber: number, seconds: number) {
  await expect.poll(() => recordButton(page).textContent()).toBe(`Start recording shot ${shotNumber}`);
  await recordButton(page).click();
  await expect.poll(() => recordButton(page).textContent()).toBe("Stop recording");
  await recordingReaches(page, seconds);
  await recordButton(page).click();
  const result = page.getByTestId("take-result");
  await expect.poll(() => result.getAttribute("data-phase"), { timeout: 60_000 }).toBe("checked");
  return result;
}

async function saidPerSentence(page: Page): Promise<boolean[]> {
  return page
    .getByTestId("take-result")
    .getByTestId("check-sentence")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-said") === "true"));
}

describe("record to the script", () => {
  it("records by shot, checks each take, re-records a missed shot, and renders the chosen takes in shot order", { timeout: 600_000 }, async () => {
    const first = await browserReading(SHOT_ONE);
    const context: BrowserContext = await newContext(first.browser, baseURL, { width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const credentials = buildCredentials();
    const registered = await context.request.post("/api/register", { data: credentials });
    expect(registered.status()).toBe(201);
    const show = await createShowViaApi(context.request, { title: "Lake Week", narration: [...SHOT_ONE, ...SHOT_TWO].join(" "), isDraft: false });

    // The shot list: the script in shots of its sentences, with estimates.
    await page.goto(`/shows/${show.id}/shots`);
    await page.getByRole("heading", { level: 1, name: "Record to the script" }).waitFor();
    const shotList = () => getJson<ShotList>(context.request, `/api/recordings/${show.id}/shots`);
    expect((await shotList()).shots.flatMap((s) => s.sentences)).toEqual([...SHOT_ONE, ...SHOT_TWO]);
    // Whatever the layout at this pace, make it one shot per reading, by the list's own buttons.
    for (let count = (await shotList()).shots.length; count > 1; count--) {
      await page.getByRole("button", { name: "Merge with shot 2" }).click();
      await expect.poll(async () => (await shotList()).shots.length).toBe(count - 1);
    }
    await page.getByRole("button", { name: "Split here, before sentence 4 of shot 1" }).click();
    await expect.poll(async () => (await shotList()).shots.map((s) => s.sentences)).toEqual([SHOT_ONE, SHOT_TWO]);
    await page.getByRole("heading", { level: 3, name: /Shot 2/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Shot 1, read right: every sentence said.
    const takeSeconds = Math.ceil(first.micSeconds * 2) + 1;
    const one = await recordTake(page, 1, takeSeconds);
    expect(await saidPerSentence(page)).toEqual([true, true, true]);
    expect(Number((await one.getByTestId("word-match").textContent())!.replace(/\D/g, ""))).toBeGreaterThanOrEqual(80);
    await page.screenshot({ path: path.join(work, "shot-1-checked.png") });

    // Shot 2 while the microphone still reads shot 1: its lines are missed.
    await page.getByRole("button", { name: "Next shot" }).click();
    await recordTake(page, 2, takeSeconds);
    const wrong = await saidPerSentence(page);
    expect(wrong.filter(Boolean).length).toBeLessThanOrEqual(1);
    await expect.poll(() => page.getByTestId("take-result").getByRole("button", { name: "Record shot 2 again" }).isVisible()).toBe(true);
    const cookies = await context.cookies();
    expect(errors).toEqual([]);
    await context.close();

    // Back with shot 2's lines (a second browser whose microphone reads them), phone size this time.
    const second = await browserReading(SHOT_TWO);
    const phone = await newContext(second.browser, baseURL, { width: 390, height: 844 });
    await phone.addCookies(cookies);
    const again = await phone.newPage();
    const phoneErrors = watchPageErrors(again);
    await again.goto(`/shows/${show.id}/shots`);
    await again.getByRole("button", { name: "Record shot 2" }).click();
    await recordTake(again, 2, Math.ceil(second.micSeconds * 2) + 1);
    expect(await saidPerSentence(again)).toEqual([true, true, true]);
    // Shot 2's chosen take missed its lines and this one says them all: the video uses it by itself,
    // says so (on screen and to a screen reader), and offers an Undo.
    const shotTwo = async () => (await getJson<ShotList>(phone.request, `/api/recordings/${show.id}/shots`)).shots[1]!;
    const [missedTake, newTake] = (await shotTwo()).takes.map((t) => t.clipId);
    expect((await shotTwo()).takes).toHaveLength(2);
    expect((await shotTwo()).chosenClipId).toBe(newTake);
    const switched = again.getByTestId("take-switched");
    await switched.waitFor();
    expect(await switched.textContent()).toContain(SHOT_MESSAGES.takeSwitched(2, 2, 1));
    await expect.poll(() => again.locator("[data-announcer=polite]").textContent()).toContain(SHOT_MESSAGES.takeSwitched(2, 2, 1));
    await switched.getByRole("button", { name: "Undo" }).click();
    await expect.poll(async () => (await shotTwo()).chosenClipId).toBe(missedTake);
    await expect.poll(() => again.locator("[data-announcer=polite]").textContent()).toBe(SHOT_MESSAGES.takeSwitchUndone(2, 1));
    // Focus stays in the result, on the button that now stands where Undo was.
    const useIt = again.getByRole("button", { name: "Use this take" });
    await expect.poll(() => useIt.evaluate((el) => el === document.activeElement)).toBe(true);
    // The camper's own choice after all: the new take.
    await again.keyboard.press("Enter");
    await expect.poll(async () => (await shotTwo()).chosenClipId).toBe(newTake);
    await again.getByTestId("take-chosen").waitFor();
    expect(await again.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await again.screenshot({ path: path.join(work, "shot-2-again-phone.png"), fullPage: true });
    expect(phoneErrors).toEqual([]);

    // The finished video: the chosen takes, in shot order (the first take of shot 2 stays, unused).
    const shots = await getJson<ShotList>(phone.request, `/api/recordings/${show.id}/shots`);
    const chosen = await Promise.all(shots.shots.map((s) => getJson<Clip>(phone.request, `/api/clips/${s.chosenClipId}`)));
    const length = await getJson<StoryLength>(phone.request, `/api/recordings/${show.id}/length`);
    expect(length.clipCount).toBe(2);
    expect(length.clipsSeconds).toBeCloseTo(chosen[0]!.usedSeconds + chosen[1]!.usedSeconds, 1);
    const started = await phone.request.post(`/api/recordings/${show.id}/renders`, { data: { audio: "original", captions: true } });
    expect(started.status()).toBeLessThan(300);
    let render = (await started.json()) as RenderJob;
    await expect
      .poll(
        async () => {
          render = await getJson<RenderJob>(phone.request, `/api/renders/${render.id}`);
          return render.status;
        },
        { timeout: 300_000, interval: 1000 },
      )
      .toBe("done");
    const video = path.join(work, "finished.mp4");
    await writeFile(video, await (await phone.request.get(render.mediaUrl!)).body());
    const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", video]);
    // The chosen takes between the title and end cards.
    expect(Number(stdout.trim())).toBeCloseTo(length.clipsSeconds + VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds, 0);
    // Captions of the clips' own sound: shot 1's lines, then shot 2's.
    const cues = parseVtt(await (await phone.request.get(render.captionsUrl!)).text());
    const texts = cues.map((c) => c.text.replace(/\s+/g, " "));
    const lastOfOne = Math.max(...SHOT_ONE.map((line) => texts.findIndex((t) => line.startsWith(t.slice(0, 20)))));
    const firstOfTwo = Math.min(...SHOT_TWO.map((line) => texts.findIndex((t) => line.startsWith(t.slice(0, 20)))).filter((i) => i >= 0));
    expect(lastOfOne).toBeGreaterThanOrEqual(0);
    expect(firstOfTwo).toBeGreaterThan(lastOfOne);

    // The editor lists what is in the video, in order, as the length check counts it; shot 2's first take
    // sits folded under it, "not in your video".
    await again.goto(`/shows/${show.id}/narration`);
    const sections = again.getByTestId("video-section");
    await expect.poll(() => sections.count(), { timeout: 20_000 }).toBe(2);
    expect(await sections.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-clip-id"))))).toEqual(chosen.map((c) => c.id));
    const folded = sections.nth(1).getByTestId("other-takes");
    expect(await folded.locator("summary").textContent()).toBe("Shot 2: 1 other take, not in your video");
    expect(await folded.getByTestId("other-take").getAttribute("data-clip-id")).toBe(String(missedTake));
    await again.getByText("Your clips (2, after trims)").waitFor();
    expect(await seriousAxeViolations(again)).toEqual([]);

    // The Create screen's clip list plays shot 1's take with its own captions: the lines heard in it.
    await again.goto(`/edit?id=${show.id}`);
    const takeRow = again.locator(`[data-testid="clip-row"][data-clip-id="${chosen[0]!.id}"]`);
    await takeRow.locator('track[kind="captions"]').waitFor({ state: "attached", timeout: 60_000 });
    const shownCues = await takeRow.locator("video").evaluate(async (video: HTMLVideoElement) => {
      const element = video.querySelector("track")!;
      element.track.mode = "hidden";
      if (element.readyState !== HTMLTrackElement.LOADED) await new Promise((resolve) => element.addEventListener("load", resolve, { once: true }));
      return Array.from(element.track.cues ?? [], (cue) => (cue as VTTCue).text.replace(/\s+/g, " "));
    });
    expect(shownCues.join(" ")).toContain(SHOT_ONE[0]!.slice(0, 20));
    expect(await takeRow.getByText("No captions for this clip.").count()).toBe(0);
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });
});
