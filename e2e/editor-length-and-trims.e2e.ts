import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { browserWithClip, checkLayoutAndAxe, newContext, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";

const baseURL = inject("baseURL");
const scene = browserWithClip();

/** One paragraph, first sentence short: the built-in writer fits it by dropping the later sentences. */
const LONG_SCRIPT =
  "We filmed the lake today. The water was gold and still when the sun came up over the trees. " +
  "We paddled out past the old dock and the loons called across the bay. " +
  "Later we laughed all the way back to the cabins and ate pancakes by the fire.";

/** "3.5 seconds" -> 3.5 */
async function secondsIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  const match = /([\d.]+) seconds?/.exec(text);
  if (!match) throw new Error(`no seconds in ${testId}: ${text}`);
  return Number(match[1]);
}

describe("the editor's length check, posters and trims", () => {
  it("trims a clip, shows the total change, fits the script to the clips and keeps the rewrite", async () => {
    const context = await newContext(scene.browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await registerThroughUI(page, buildCredentials());
    const show = await createShowViaApi(context.request, { title: "Lake Days", narration: LONG_SCRIPT });
    // Into the show straight away (tus showId metadata): an open Create screen would adopt loose clips.
    const dock = await uploadClipViaApi(context.request, scene.clip, "Dock", show.id);
    const canoe = await uploadClipViaApi(context.request, scene.clip, "Canoe", show.id);
    await setShowClips(context.request, show.id, [dock.id, canoe.id]);

    await page.goto(`/shows/${show.id}/narration`);
    await page.getByRole("heading", { name: "How long is your video?" }).waitFor();

    // Every clip shows its poster picture, a real JPEG from the server.
    const videos = page.locator("[data-testid=video-section] video");
    await expect.poll(() => videos.count()).toBe(2);
    for (const [i, c] of [dock, canoe].entries()) {
      expect(c.posterUrl).not.toBeNull();
      expect(await videos.nth(i).getAttribute("poster")).toBe(c.posterUrl);
      const poster = await context.request.get(c.posterUrl!);
      expect(poster.status()).toBe(200);
      expect(poster.headers()["content-type"]).toBe("image/jpeg");
    }

    // The clips' total before and after trimming the first clip to its first second.
    await expect.poll(() => secondsIn(page, "clips-total"), { timeout: 10_000 }).toBeGreaterThan(3.5);
    const before = await secondsIn(page, "clips-total");
    const end = page.getByRole("spinbutton", { name: "End of Dock (seconds)" });
    await end.fill("1");
    await end.blur();
    await expect.poll(() => secondsIn(page, "clips-total"), { timeout: 10_000 }).toBeLessThan(before - 0.9);
    // The clip's own line follows once its trim is saved (it reads "Saving trim..." until then).
    await expect.poll(() => page.getByTestId("clip-used").first().textContent()).toContain("Uses 1.0 second of");
    // Kept on the server (the render and the length check use it).
    const saved = await (await context.request.get(`/api/clips/${dock.id}`)).json();
    expect(saved.trimEndSeconds).toBe(1);

    // With the AI voice as the sound, the voice is longer than the clips: two choices.
    await page.getByRole("radio", { name: "AI voice" }).check();
    const lengthCard = page.getByTestId("story-length");
    await expect.poll(() => lengthCard.getByTestId("length-verdict").textContent(), { timeout: 10_000 }).toMatch(
      /^The AI voice is [\d.]+ seconds longer than your clips\.$/,
    );
    expect(await lengthCard.getByTestId("voice-length").textContent()).toMatch(/seconds/);
    await lengthCard.getByRole("button", { name: "Keep the whole voice" }).click();
    expect(await lengthCard.getByTestId("keep-whole-voice-note").textContent()).toContain("Your clips play again from the start");

    // No voice codes anywhere, and a preview for the chosen voice.
    const panel = page.getByTestId("voice-panel");
    await panel.getByRole("button", { name: /^Preview voice: / }).waitFor();
    const pageText = (await page.locator("main").textContent()) ?? "";
    for (const code of ["en-us+f3", "en-us", "kal16"]) expect(pageText).not.toContain(code);

    await checkLayoutAndAxe(page);

    // Fit the script to the clips: the proposal is shorter; accepting it saves it as the narration.
    await lengthCard.getByRole("button", { name: "Fit the script to my clips" }).click();
    const proposal = page.getByTestId("fit-proposal");
    await proposal.waitFor({ timeout: 30_000 });
    const proposed = ((await proposal.locator("p").textContent()) ?? "").trim();
    expect(proposed.length).toBeGreaterThan(0);
    expect(proposed.split(/\s+/).length).toBeLessThan(LONG_SCRIPT.split(/\s+/).length);
    expect(LONG_SCRIPT.startsWith(proposed.split(".")[0]!)).toBe(true);
    await checkLayoutAndAxe(page);

    await proposal.getByRole("button", { name: "Use this script" }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "Narration script" }).inputValue()).toBe(proposed);
    await expect
      .poll(async () => (await (await context.request.get(`/api/recordings/${show.id}`)).json()).narration, { timeout: 10_000 })
      .toBe(proposed);
    await expect
      .poll(() => lengthCard.getByTestId("length-verdict").textContent(), { timeout: 10_000 })
      .toBe("The AI voice fits: it ends before your clips do.");

    // After a reload the trim and the new script are still there.
    await page.reload();
    await expect.poll(() => page.getByRole("spinbutton", { name: "End of Dock (seconds)" }).inputValue()).toBe("1");
    expect(await page.getByRole("textbox", { name: "Narration script" }).inputValue()).toBe(proposed);
    await checkLayoutAndAxe(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
