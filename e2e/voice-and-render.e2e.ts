import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { browserWithClip, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { recordingReaches, toastRegion } from "./support/story.ts";

const baseURL = inject("baseURL");
const scene = browserWithClip();

async function showWithTwoClips(context: BrowserContext, videoFormat: string) {
  const show = await createShowViaApi(context.request, {
    title: "Lake Days",
    narration: "Hello camp. This summer we filmed the lake at sunrise.",
    videoFormat,
  });
  const a = await uploadClipViaApi(context.request, scene.clip, "Dock", show.id);
  const b = await uploadClipViaApi(context.request, scene.clip, "Canoe", show.id);
  await setShowClips(context.request, show.id, [a.id, b.id]);
  return show;
}

/** Plays a media element for a moment and reports whether time advanced without an error. */
async function plays(page: Page, selector: string, index = 0) {
  return page.locator(selector).nth(index).evaluate(async (el) => {
    const media = el as HTMLMediaElement;
    media.muted = true;
    if (media.readyState < 1) await new Promise((r) => media.addEventListener("loadedmetadata", r, { once: true }));
    const from = media.currentTime;
    await media.play();
    // Wait for time to move on (a loaded machine may take a while to start), not for a fixed pause.
    const advanced = await new Promise<boolean>((resolve) => {
      const finish = (value: boolean) => {
        clearTimeout(limit);
        media.removeEventListener("timeupdate", onTime);
        resolve(value);
      };
      const onTime = () => media.currentTime > from && finish(true);
      const limit = setTimeout(() => finish(media.currentTime > from), 10_000);
      media.addEventListener("timeupdate", onTime);
    });
    media.pause();
    return { advanced, error: media.error?.code ?? null };
  });
}

describe("the narration editing screen and AI voice", () => {
  it("edits title and script without a save button, plays both clips at 9:16, and generates and plays the AI voice", async () => {
    const context = await newContext(scene.browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await registerThroughUI(page, buildCredentials());
    const show = await showWithTwoClips(context, "tiktok");

    await page.goto(`/shows/${show.id}`);
    await page.getByRole("link", { name: "Edit narration & voice" }).click();
    await page.waitForURL(`**/shows/${show.id}/narration`);
    await page.getByText("Click to edit title").waitFor();

    await page.getByRole("textbox", { name: "Show title" }).fill("Sunrise at the Lake");
    await page.getByRole("textbox", { name: "Narration script" }).fill("We woke up early. The lake was gold. We filmed it all.");
    await expect.poll(() => page.getByTestId("save-status").textContent(), { timeout: 10_000 }).toBe("Saved");
    await page.reload();
    await expect.poll(() => page.getByRole("textbox", { name: "Show title" }).inputValue()).toBe("Sunrise at the Lake");
    expect(await page.getByRole("textbox", { name: "Narration script" }).inputValue()).toBe("We woke up early. The lake was gold. We filmed it all.");

    const frames = page.getByTestId("clip-frame");
    await expect.poll(() => frames.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      expect(await frames.nth(i).getAttribute("data-aspect-ratio")).toBe("9/16");
      const box = (await frames.nth(i).boundingBox())!;
      expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
      expect(await plays(page, "[data-testid=video-section] video", i)).toEqual({ advanced: true, error: null });
    }

    await page.getByRole("radio", { name: "AI voice" }).check();
    const panel = page.getByTestId("voice-panel");
    await panel.getByRole("heading", { name: "Record Your Voice (Optional)" }).waitFor();
    await panel.getByRole("button", { name: "Generate AI Voice" }).click();
    await expect.poll(() => toastRegion(page).textContent(), { timeout: 30_000 }).toContain("Voice sample generated");
    await panel.getByRole("button", { name: "Play AI Voice" }).click();
    await panel.getByRole("button", { name: "Playing..." }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("records a voice sample on /voice-settings, saves it, and plays it back after a reload", async () => {
    const context = await newContext(scene.browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    await page.goto("/voice-settings");
    await page.getByRole("button", { name: "Start recording" }).click();
    await recordingReaches(page, 3, "recording-elapsed");
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByTestId("new-recording-audio").waitFor();
    await page.getByRole("button", { name: "Save voice sample" }).click();
    await expect.poll(() => toastRegion(page).textContent(), { timeout: 15_000 }).toContain("Voice sample saved");
    await page.reload();
    await page.getByTestId("saved-sample-audio").waitFor();
    expect(await plays(page, "[data-testid=saved-sample-audio]")).toEqual({ advanced: true, error: null });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("the final video", () => {
  it("Download .mp4 shows progress and delivers an MP4", async () => {
    const context = await newContext(scene.browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    const show = await showWithTwoClips(context, "linkedin");
    await page.goto(`/shows/${show.id}`);
    const downloadPromise = page.waitForEvent("download", { timeout: 120_000 });
    await page.getByRole("button", { name: `Download .mp4 of ${show.title}` }).click();
    await page.getByRole("progressbar", { name: `Rendering ${show.title}` }).waitFor();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("Lake-Days.mp4");
    const bytes = await readFile((await download.path())!);
    expect(bytes.toString("latin1", 4, 8)).toBe("ftyp");
    expect(bytes.length).toBeGreaterThan(10_000);
    await context.close();
  });
});
