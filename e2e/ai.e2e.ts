import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { startFakeOpenAiServer } from "../testing/fake-openai-server.ts";
import { closeContextsAfterEach, launchBrowser, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { startServer } from "./support/server.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
closeContextsAfterEach(() => browser);

async function answer(page: Page, tab: string, text: string) {
  await page.getByRole("tab", { name: tab }).click();
  await page.getByRole("tabpanel", { name: tab }).getByRole("textbox").fill(text);
}
const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications/ }).locator("li");
const narrationBox = (page: Page) => page.getByLabel("Narration script");

describe("AI writing in the browser (built-in offline writer)", () => {
  it("generates from the answers, lets the camper edit and reset, and saves the narration with the show", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await registerThroughUI(page, buildCredentials());
    await page.getByText("Built-in offline writer").waitFor();

    expect(await page.getByRole("button", { name: "Generate AI Content" }).isDisabled()).toBe(true);
    await answer(page, "Explain Summer Stories", "Summer Stories is a camp where we film and edit videos with friends.");
    // Changing tab counts as a moment to write: the first automatic generation runs now...
    await page.getByRole("tab", { name: "Favorite Project" }).click();
    await expect.poll(() => narrationBox(page).inputValue(), { timeout: 10_000 }).toContain("film and edit videos");
    // ...and within 20 s a second automatic one is skipped; the button waits out the same cooldown.
    await page.getByRole("tabpanel", { name: "Favorite Project" }).getByRole("textbox").fill("Our stop-motion short about a lost sock.");
    await page.getByRole("tab", { name: "Favorite Part" }).click();
    // The tab change has been handled once its panel shows; a skipped generation leaves the countdown up
    // and the button idle (a started one would read "Generating...").
    await page.getByRole("tabpanel", { name: "Favorite Part" }).waitFor();
    await page.getByText(/^The AI can write again in \d+ s\.$/).waitFor();
    expect(await page.getByRole("button", { name: "Generating..." }).count()).toBe(0);
    expect(await narrationBox(page).inputValue()).not.toContain("stop-motion");
    await page.getByRole("button", { name: "Generate AI Content" }).click({ timeout: 30_000 });
    await expect.poll(() => narrationBox(page).inputValue(), { timeout: 10_000 }).toContain("stop-motion");
    await expect.poll(() => toastRegion(page).textContent()).toContain("Recording saved");
    const generated = await narrationBox(page).inputValue();

    await narrationBox(page).fill(`${generated} I will never forget it.`);
    await page.getByRole("button", { name: "Reset to Original" }).click();
    expect(await narrationBox(page).inputValue()).toBe(generated);

    await narrationBox(page).fill(`${generated} I will never forget it.`);
    await page.getByRole("button", { name: "Update Recording" }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain("Draft saved");

    const shows = await (await context.request.get("/api/recordings")).json();
    expect(shows).toHaveLength(1);
    expect(shows[0].narration).toBe(`${generated} I will never forget it.`);
    expect(shows[0].isDraft).toBe(false);

    await page.getByLabel("Ask the AI to change your narration").fill("Make it shorter");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain("AI Request Complete");
    expect((await narrationBox(page).inputValue()).length).toBeLessThan(generated.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers a how-to question in the chat drawer", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    await page.getByRole("button", { name: "Open AI assistant" }).click();
    const input = page.getByLabel("Ask a question");
    await input.fill("How do I delete a show?");
    await input.press("Enter");
    await expect.poll(() => page.getByRole("list", { name: "Conversation" }).textContent()).toMatch(/delete/i);
    const drawerWidth = await page.getByRole("dialog").evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(drawerWidth)).toBe(400);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("AI writing against an OpenAI-compatible server", () => {
  it("shows the words in the narration box as they arrive", async () => {
    const words = ["At", " camp", " we", " filmed", " the", " lake", " at", " sunrise."];
    const fake = await startFakeOpenAiServer({ kind: "ok", words, firstTokenDelayMs: 100, interTokenDelayMs: 250 });
    const server = await startServer({ env: { AI_BASE_URL: fake.baseURL, AI_MODEL: "fake-model" } });
    const context = await newContext(browser, server.baseURL);
    const page = await context.newPage();
    try {
      await registerThroughUI(page, buildCredentials());
      await page.getByText("fake-model").waitFor();
      await page.getByRole("tab", { name: "Explain Summer Stories" }).click();
      await page.getByRole("tabpanel", { name: "Explain Summer Stories" }).getByRole("textbox").fill("We filmed the lake.");
      await page.getByRole("button", { name: "Generate AI Content" }).click();
      // Part of the text is visible before the rest has arrived.
      await expect.poll(() => narrationBox(page).inputValue(), { interval: 50 }).toMatch(/^At camp/);
      expect(await narrationBox(page).inputValue()).not.toContain("sunrise");
      await expect.poll(() => narrationBox(page).inputValue(), { timeout: 10_000 }).toBe("At camp we filmed the lake at sunrise.");
    } finally {
      await context.close();
      await server.stop();
      await fake.close();
    }
  });
});
