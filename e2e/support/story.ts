import { expect } from "vitest";
import type { Page } from "playwright-core";

/** Steps of the Create screen shared by the story end-to-end tests. */
export const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications/ }).locator("li");
export const narrationBox = (page: Page) => page.getByLabel("Narration script");
export const rows = (page: Page) => page.getByTestId("clip-row");
export const answerBox = (page: Page, tab: string) => page.getByRole("tabpanel", { name: tab }).getByRole("textbox");

export async function answer(page: Page, tab: string, text: string) {
  await page.getByRole("tab", { name: tab }).click();
  await answerBox(page, tab).fill(text);
}

/** Waits until the recording clock the camper sees (m:ss) shows at least `seconds`. */
export async function recordingReaches(page: Page, seconds: number, clockTestId = "recording-clock") {
  const clock = page.getByTestId(clockTestId);
  await expect
    .poll(
      async () => {
        const [m = "0", s = "0"] = ((await clock.textContent({ timeout: 1000 }).catch(() => null)) ?? "0:00").trim().split(":");
        return Number(m) * 60 + Number(s);
      },
      { timeout: 30_000 + seconds * 1000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/**
 * The camper scrolls to the Create screen's recording step: a new story's recorder is fetched as the
 * step nears the screen (decision 029a), so its buttons are there only then.
 */
export async function reachRecordingStep(page: Page) {
  await page.locator("#step-record").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: /^(Start Recording|Record Another)$/ }).waitFor();
}

export async function record(page: Page, seconds: number) {
  await reachRecordingStep(page);
  await page.getByRole("button", { name: /^(Start Recording|Record Another)$/ }).click();
  await page.getByRole("button", { name: /^Stop recording$/ }).waitFor();
  await recordingReaches(page, seconds);
  await stopTake(page);
}

/**
 * Presses Stop and waits for the take to end: its last chunks written to the device, the button back to
 * Record Another. The wait is long because a loaded machine's browser can take seconds to finish
 * encoding and writing; a take that never ends fails with what the screen showed.
 */
export async function stopTake(page: Page) {
  await page.getByRole("button", { name: /^Stop recording$/ }).click();
  try {
    await page.getByRole("button", { name: "Record Another" }).waitFor({ timeout: 60_000 });
  } catch (error) {
    const button = page.locator("[data-record-button]");
    const label = await button.evaluate((el) => `${el.textContent} (aria-busy ${el.getAttribute("aria-busy")})`).catch(() => "none");
    const clips = await rows(page).evaluateAll((els) => els.map((e) => `${e.getAttribute("data-state")}: ${e.textContent}`));
    throw new Error(`${(error as Error).message}\nRecord button: ${label}\nClips: ${clips.join(" | ") || "none"}`);
  }
}

export async function waitAllSaved(page: Page, count: number) {
  try {
    await expect
      .poll(async () => (await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-state")))).join(","), {
        timeout: 30_000,
      })
      .toBe(Array(count).fill("saved").join(","));
  } catch (error) {
    // Say why a clip failed (the row shows the server's reason).
    throw new Error(`${(error as Error).message}\nClips: ${(await rows(page).allTextContents()).join(" | ")}`);
  }
}

export async function savedStory(page: Page) {
  await expect.poll(() => page.getByTestId("story-save-status").textContent(), { timeout: 15_000 }).toBe("All changes saved");
}

