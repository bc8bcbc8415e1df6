import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Clip } from "../contracts/clips.ts";
import type { Show } from "../contracts/shows.ts";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi } from "./support/api.ts";
import { closeContextsAfterEach, launchBrowser, newContext, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { answer, answerBox, narrationBox, reachRecordingStep, record, rows, savedStory, toastRegion, waitAllSaved } from "./support/story.ts";

/** The Create screen keeps one truth per show: nothing written is lost, and a new story starts empty. */
const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
closeContextsAfterEach(() => browser);

describe("nothing a camper wrote is lost or left behind", () => {
  it("keeps a narration edited in the editor when the story is then updated from its edit page", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    const show = await createShowViaApi(context.request, { title: "Canoe Day", narration: "The old text from the first draft." });

    // The edit page first, so this browser has the show cached from then.
    await page.goto(`/edit?id=${show.id}`);
    await page.getByText("EDITING MODE: Canoe Day").waitFor();
    expect(await narrationBox(page).inputValue()).toBe("The old text from the first draft.");
    await page.getByRole("link", { name: "Back to Shows" }).click();
    await page.getByRole("link", { name: "View Canoe Day" }).click();
    await page.getByRole("link", { name: "Edit narration & voice" }).click();
    await page.waitForURL(`**/shows/${show.id}/narration`);
    await page.getByRole("textbox", { name: "Narration script" }).fill("The new text I wrote in the editor.");
    await expect.poll(() => page.getByTestId("save-status").textContent(), { timeout: 10_000 }).toBe("Saved");

    // Back to the edit page (/edit?id=, from My Shows) inside the app, no reload, then Update Recording.
    await page.getByRole("link", { name: "Back to show" }).click();
    await page.getByRole("link", { name: "Back to My Shows" }).click();
    await page.getByRole("link", { name: "Edit Canoe Day" }).click();
    await page.waitForURL(`**/edit?id=${show.id}`);
    await page.getByText("EDITING MODE: Canoe Day").waitFor();
    expect(await narrationBox(page).inputValue()).toBe("The new text I wrote in the editor.");
    await page.getByRole("button", { name: "Update Recording" }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain("Recording updated");
    const saved = (await (await context.request.get(`/api/recordings/${show.id}`)).json()) as Show;
    expect(saved.narration).toBe("The new text I wrote in the editor.");
    await context.close();
  }, 120_000);

  it("starts a new story empty everywhere after a finished one, also after a reload", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    await answer(page, "Explain Summer Stories", "We filmed the lake every morning.");
    await page.getByRole("tab", { name: "Favorite Project" }).click();
    await expect.poll(() => narrationBox(page).inputValue(), { timeout: 20_000 }).toContain("lake");
    await page.getByLabel("Title", { exact: true }).fill("Mornings");
    await record(page, 3);
    await waitAllSaved(page, 1);
    await page.getByLabel("Teleprompter", { exact: true }).waitFor();
    await savedStory(page);

    await page.getByRole("button", { name: "Start a new story" }).click();
    const empty = async () => {
      expect(await narrationBox(page).inputValue()).toBe("");
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("");
      for (const tab of ["Explain Summer Stories", "Favorite Project", "Favorite Part", "Best Shortcut in FCP", "Conclusion"]) {
        await page.getByRole("tab", { name: tab }).click();
        expect(await answerBox(page, tab).inputValue()).toBe("");
      }
      expect(await rows(page).count()).toBe(0);
      expect(await page.getByLabel("Teleprompter", { exact: true }).count()).toBe(0);
      expect(await page.getByTestId("story-step").textContent()).toMatch(/^Step 1 of 4: Reflect/);
    };
    await page.getByText("No clips yet.").waitFor();
    await empty();
    await page.reload();
    await page.getByRole("tab", { name: "Explain Summer Stories" }).waitFor();
    await page.getByText("No clips yet.").waitFor();
    await empty();
    // The finished story is still there, whole.
    const shows = (await (await context.request.get("/api/recordings")).json()) as Show[];
    expect(shows).toHaveLength(1);
    expect(shows[0]).toMatchObject({ title: "Mornings" });
    await context.close();
  }, 120_000);

  it("keeps a clip recorded before any answer, and the camper goes on to the editor", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await registerThroughUI(page, buildCredentials());
    await reachRecordingStep(page);
    await page.getByRole("button", { name: "Start Recording" }).waitFor();
    await record(page, 3);
    await waitAllSaved(page, 1);
    await page.getByRole("link", { name: "Continue to Editing" }).first().click();
    await page.waitForURL(/\/shows\/\d+\/narration$/);
    const showId = Number(new URL(page.url()).pathname.split("/")[2]);
    await expect.poll(() => page.getByTestId("clip-frame").count()).toBe(1);
    const clips = (await (await context.request.get(`/api/clips?showId=${showId}`)).json()) as Clip[];
    expect(clips.map((c) => c.title)).toEqual(["Recording 1"]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
