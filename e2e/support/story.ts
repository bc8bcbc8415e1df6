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

export async function record(page: Page, seconds: number) {
  await page.getByRole("button", { name: /^(Start Recording|Record Another)$/ }).click();
  await page.getByRole("button", { name: /^Stop( recording|\s+\d+:\d\d)/ }).waitFor();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole("button", { name: /^Stop( recording|\s+\d+:\d\d)/ }).click();
  await page.getByRole("button", { name: "Record Another" }).waitFor();
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

