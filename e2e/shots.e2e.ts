import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi } from "./support/api.ts";
import { checkLayoutAndAxe, launchBrowser, newContext, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { recordingReaches } from "./support/story.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SCRIPT =
  "We woke up at six and the lake was silver. Nobody talked, not even Maya. " +
  "Then we paddled out past the old dock. A heron lifted off the water right in front of us. " +
  "By lunch our arms ached. We laughed the whole way back anyway.";

describe("record to the script: the shot list", () => {
  it("splits, merges and edits shots against the server, and records a take that becomes its shot's chosen take", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await registerThroughUI(page, buildCredentials());
    const show = await createShowViaApi(context.request, { title: "Lake Day", narration: SCRIPT });
    const shotsOnServer = async () => (await (await context.request.get(`/api/recordings/${show.id}/shots`)).json()) as { shots: { text: string; chosenClipId: number | null }[] };

    // Reached from the show's page.
    await page.goto(`/shows/${show.id}`);
    await page.getByRole("link", { name: "Record to the script" }).click();
    await page.getByRole("heading", { level: 1, name: "Record to the script" }).waitFor();
    const shots = page.getByTestId("shot");
    await expect.poll(() => shots.count()).toBeGreaterThan(0);
    const before = (await shotsOnServer()).shots.length;
    expect(await shots.count()).toBe(before);
    await checkLayoutAndAxe(page);

    // Split the first shot after its first sentence, from the keyboard.
    const split = page.getByRole("button", { name: "Split here, before sentence 2 of shot 1" });
    await split.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => shots.count()).toBe(before + 1);
    expect((await shotsOnServer()).shots[0]!.text).toBe("We woke up at six and the lake was silver.");

    // Merge it back.
    await page.getByRole("button", { name: "Merge with shot 2" }).click();
    await expect.poll(() => shots.count()).toBe(before);

    // Edit the last shot's lines: the narration changes with them.
    const last = shots.last();
    await last.getByRole("button", { name: /^Edit lines of shot \d+$/ }).click();
    const box = last.getByRole("textbox", { name: /^Lines of shot \d+$/ });
    await box.fill("We sang all the way back to the cabins.");
    await last.getByRole("button", { name: "Save lines" }).click();
    await expect
      .poll(async () => (await (await context.request.get(`/api/recordings/${show.id}`)).json()).narration, { timeout: 10_000 })
      .toContain("We sang all the way back to the cabins.");

    // A take of shot 1 with Chromium's fake camera: it uploads with its shotId and becomes the chosen take.
    await page.getByRole("button", { name: "Start recording shot 1" }).click();
    await page.getByRole("button", { name: "Stop recording" }).waitFor();
    await recordingReaches(page, 2);
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect.poll(async () => (await shotsOnServer()).shots[0]!.chosenClipId, { timeout: 20_000 }).not.toBeNull();
    await expect.poll(() => shots.first().getByTestId("shot-takes").textContent(), { timeout: 10_000 }).toBe("Take chosen (1 take)");
    const result = page.getByTestId("take-result");
    // Checked right after: the fake microphone's beep says none of the lines, or nothing on this server listens.
    await expect.poll(() => result.getAttribute("data-phase"), { timeout: 20_000 }).toBe("checked");
    expect((await result.getByTestId("word-match").count()) + (await result.getByTestId("check-unavailable").count())).toBe(1);
    await checkLayoutAndAxe(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
