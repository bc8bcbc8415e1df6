import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Download, Page } from "playwright-core";
import type { Clip } from "../contracts/clips.ts";
import type { Show } from "../contracts/recordings.ts";
import type { VoiceOver } from "../contracts/voice.ts";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { buildCredentials } from "../testing/factories.ts";
import { launchBrowser, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { answer, answerBox, narrationBox, record, savedStory, toastRegion, waitAllSaved } from "./support/story.ts";

/**
 * A first-time camper's whole story, from sign-up to a downloaded MP4, as the Create screen leads
 * it, at laptop and phone size. The pictures in docs/journey/ (shown in the README) come from here.
 */
const baseURL = inject("baseURL");
const run = promisify(execFile);
const tools = resolveVideoTools({});
const JOURNEY_DIR = path.resolve("docs/journey");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(JOURNEY_DIR, { recursive: true });
});
afterAll(() => browser?.close());

async function sha256(download: Download): Promise<{ sha: string; file: string }> {
  const file = (await download.path())!;
  return { sha: createHash("sha256").update(await readFile(file)).digest("hex"), file };
}

async function duration(file: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Number(stdout.trim());
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(JOURNEY_DIR, `${name}.png`) });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

describe("a camper's whole story", () => {
  it.each([
    { size: "laptop", viewport: { width: 1280, height: 800 } },
    { size: "phone", viewport: { width: 390, height: 844 } },
  ])("goes from sign-up to a downloaded MP4 at $size size ($viewport.width x $viewport.height)", async ({ size, viewport }) => {
    const context = await newContext(browser, baseURL, viewport);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await registerThroughUI(page, buildCredentials());
    await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/^Step 1 of 4: Reflect\..*Next: Script\./);
    await noSidewaysScroll(page);
    if (size === "phone") await shoot(page, "0-phone-create");

    // Short video: the AI writes about 50 words, which the AI voice reads for longer than the clips last.
    await page.getByLabel("Length in seconds").fill("30");
    await page.getByLabel("Length in seconds").press("Enter");
    await answer(page, "Explain Summer Stories", "Summer Stories is a camp where we film and edit videos at the lake.");
    await answer(page, "Favorite Project", "Our stop-motion short about a canoe that paddles itself across the lake at dawn.");
    // Leaving the answer lets the AI write; its narration creates the show at once.
    await page.getByRole("tab", { name: "Favorite Part" }).click();
    await expect.poll(() => narrationBox(page).inputValue(), { timeout: 20_000 }).toContain("film and edit videos");
    await expect.poll(() => toastRegion(page).textContent()).toContain("Recording saved");
    await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/Step 3 of 4: Record\./);
    await page.getByLabel("Title", { exact: true }).fill("Our Lake Summer");
    await page.getByLabel("Title", { exact: true }).blur();
    await savedStory(page);
    const narration = await narrationBox(page).inputValue();
    if (size === "laptop") await shoot(page, "1-reflect-and-script");

    // A reload midway brings everything back as the server holds it.
    await page.reload();
    await expect.poll(() => narrationBox(page).inputValue()).toBe(narration);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Our Lake Summer");
    await page.getByRole("tab", { name: "Favorite Project" }).click();
    expect(await answerBox(page, "Favorite Project").inputValue()).toBe(
      "Our stop-motion short about a canoe that paddles itself across the lake at dawn.",
    );
    expect(await page.getByLabel("Length in seconds").inputValue()).toBe("30");
    // Reset to Original still knows the AI's text after the reload.
    await narrationBox(page).fill(`${narration} We laughed a lot.`);
    await page.getByRole("button", { name: "Reset to Original" }).click();
    expect(await narrationBox(page).inputValue()).toBe(narration);

    await record(page, 3);
    await record(page, 2);
    await waitAllSaved(page, 2);
    await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/Step 4 of 4: Editor\./);
    if (size === "laptop") await shoot(page, "2-record");
    const [show] = (await (await context.request.get("/api/recordings")).json()) as Show[];
    expect(show).toMatchObject({ title: "Our Lake Summer", narration, originalNarration: narration, lengthSeconds: 30 });
    await expect
      .poll(async () => ((await (await context.request.get(`/api/clips?showId=${show!.id}`)).json()) as Clip[]).length)
      .toBe(2);

    await page.getByRole("link", { name: "Continue to Editing" }).first().click();
    await page.waitForURL(`**/shows/${show!.id}/narration`);
    await page.getByRole("radio", { name: "AI voice" }).check();
    await page.getByTestId("voice-honesty-note").waitFor();
    expect(await page.getByTestId("voice-honesty-note").textContent()).toMatch(/not your own voice/);
    await page.getByRole("radio", { name: "Show the whole picture (add bars)" }).check();
    await expect
      .poll(async () => ((await (await context.request.get(`/api/recordings/${show!.id}`)).json()) as Show).fit)
      .toBe("fit");
    if (size === "laptop") await shoot(page, "3-editor");
    await noSidewaysScroll(page);

    await page.getByRole("button", { name: "Render video" }).click();
    await page.getByTestId("finished-video").waitFor({ timeout: 240_000 });
    if (size === "laptop") await shoot(page, "4-final-video");
    const fromEditorPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download .mp4" }).click();
    const fromEditor = await sha256(await fromEditorPromise);

    await page.goto("/shows");
    const fromListPromise = page.waitForEvent("download", { timeout: 120_000 });
    await page.getByRole("button", { name: "Download .mp4 of Our Lake Summer" }).click();
    const fromList = await sha256(await fromListPromise);

    await page.goto(`/shows/${show!.id}`);
    const fromShowPromise = page.waitForEvent("download", { timeout: 120_000 });
    await page.getByRole("button", { name: "Download .mp4 of Our Lake Summer" }).click();
    const fromShow = await sha256(await fromShowPromise);

    // One set of choices per show: every Download .mp4 is the same video.
    expect(fromList.sha).toBe(fromEditor.sha);
    expect(fromShow.sha).toBe(fromEditor.sha);
    const voiceOver = (await (await context.request.get(`/api/recordings/${show!.id}/voice-over`)).json()) as VoiceOver;
    const clipsTotal = ((await (await context.request.get(`/api/clips?showId=${show!.id}`)).json()) as Clip[]).reduce(
      (sum, c) => sum + c.durationSeconds,
      0,
    );
    // The AI voice is longer than the clips: the case where the final video must not cut it.
    expect(voiceOver.durationSeconds).toBeGreaterThan(clipsTotal);
    expect(await duration(fromEditor.file)).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
