import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { launchBrowser, newContext, watchPageErrors } from "./support/browser.ts";
import { recordingReaches } from "./support/story.ts";

/**
 * A camper who uses only a keyboard and a screen reader makes a whole video: sign-up, answers, the
 * AI's narration, two clips recorded with the (fake) camera, a reorder, the AI voice, a render and
 * the download. Everything is found by role and name and done with keys (no mouse, no CSS
 * selectors). Along the way it checks what the live regions said and that focus is never left
 * on <body> after an action.
 */
const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Installed before the app loads: every change of a live region's text (aria-live, role status,
 * alert or log) is kept in order, which is what a screen reader would have been given to read.
 */
function collectAnnouncements() {
  const log: string[] = [];
  (window as unknown as { __said: string[] }).__said = log;
  const last = new WeakMap<Element, string>();
  const liveRegion = (node: Node | null): Element | null => {
    const el = node instanceof Element ? node : (node?.parentElement ?? null);
    return el?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]') ?? null;
  };
  new MutationObserver((records) => {
    const changed = new Set<Element>();
    for (const r of records) {
      const region = liveRegion(r.target);
      if (region) changed.add(region);
      r.addedNodes.forEach((n) => {
        const inner = liveRegion(n);
        if (inner) changed.add(inner);
      });
    }
    for (const region of changed) {
      const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text && text !== last.get(region)) log.push(text);
      last.set(region, text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const announcements = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said.slice());

async function expectSaid(page: Page, pattern: RegExp, timeout = 30_000) {
  try {
    await expect.poll(async () => (await announcements(page)).some((t) => pattern.test(t)), { timeout }).toBe(true);
  } catch {
    throw new Error(`Never announced ${pattern}. Announced: ${(await announcements(page)).map((t) => JSON.stringify(t)).join(" | ")}`);
  }
}

const said = async (page: Page, pattern: RegExp) => (await announcements(page)).some((t) => pattern.test(t));

/** After an action, focus settles on something other than <body> (a heading, a control, a dialog). */
async function focusKept(page: Page, action: string) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), {
      timeout: 20_000,
      message: `focus was left on <body> after ${action}`,
    })
    .toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** In a tab list or radio group (one Tab stop, arrows move): arrows until the target has focus. */
async function arrowTo(page: Page, target: Locator, key = "ArrowRight", max = 10) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

async function press(page: Page, target: Locator, key: string, what: string) {
  await tabTo(page, target);
  await page.keyboard.press(key);
  await focusKept(page, what);
}

/** Records one clip: Enter on the record button, wait for the clock to reach 0:03, Enter on Stop recording. */
async function recordClip(page: Page, startName: string, number: number) {
  await press(page, page.getByRole("button", { name: startName }), "Enter", `${startName}`);
  const stop = page.getByRole("button", { name: "Stop recording" });
  await stop.waitFor();
  // The record button keeps focus and becomes Stop recording, so Enter stops it without a Tab.
  expect(await isFocused(stop)).toBe(true);
  await expectSaid(page, /^Recording started/);
  // The camper watches the REC badge's clock (read here by its test id: counting the page's texts that
  // read like 0:03 raced the clips above, whose lengths change form when their uploads finish).
  await recordingReaches(page, 3);
  await page.keyboard.press("Enter");
  await focusKept(page, "Stop recording");
  await page.getByRole("button", { name: "Record Another" }).waitFor();
  await expectSaid(page, /^Recording stopped/);
  await expect.poll(async () => (await page.getByRole("button", { name: /^Reorder Recording/ }).count()), { timeout: 30_000 }).toBe(number);
}

describe("a whole story by keyboard and screen reader", () => {
  // A phone-sized window too: a camper with a keyboard on a small tablet meets the narrow layout.
  it.each([
    { size: "laptop", viewport: { width: 1280, height: 800 } },
    { size: "phone", viewport: { width: 390, height: 844 } },
  ])("goes from sign-up to a downloaded MP4 with only role queries and keys at $size size", async ({ viewport }) => {
    const context = await newContext(browser, baseURL, viewport);
    await context.addInitScript(collectAnnouncements);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401, 404]);

    // Sign up.
    const credentials = buildCredentials();
    await page.goto("/auth");
    await tabTo(page, page.getByRole("tab", { name: "Sign In" }));
    await arrowTo(page, page.getByRole("tab", { name: "Create Account" }));
    const form = page.getByRole("tabpanel", { name: "Create Account" });
    await tabTo(page, form.getByLabel("Username"));
    await page.keyboard.type(credentials.username);
    await tabTo(page, form.getByLabel("Password"));
    await page.keyboard.type(credentials.password);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/home");
    await focusKept(page, "Create Account");
    // The new page's heading takes focus, so its name is read.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(await page.title()).toBe("Create - Summer Stories");

    // A short video, then two answers; leaving the second lets the AI write the narration.
    await tabTo(page, page.getByLabel("Length in seconds"));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("30");
    await page.keyboard.press("Enter");
    await focusKept(page, "Length in seconds");
    const answers = [
      ["Explain Summer Stories", "Summer Stories is a camp where we film and edit videos at the lake."],
      ["Favorite Project", "Our stop-motion short about a canoe that paddles itself across the lake at dawn."],
    ] as const;
    for (const [tab, text] of answers) {
      await tabTo(page, page.getByRole("tablist").getByRole("tab", { selected: true }).first());
      await arrowTo(page, page.getByRole("tab", { name: tab }));
      const box = page.getByRole("tabpanel", { name: tab }).getByRole("textbox");
      await tabTo(page, box);
      await page.keyboard.insertText(text);
      await focusKept(page, `answering ${tab}`);
    }
    await tabTo(page, page.getByRole("tab", { name: "Favorite Project" }), { backwards: true });
    await arrowTo(page, page.getByRole("tab", { name: "Favorite Part" }));
    await focusKept(page, "moving to Favorite Part");
    const narration = page.getByRole("textbox", { name: "Narration script" });
    await expect.poll(() => narration.inputValue(), { timeout: 60_000 }).toContain("film and edit videos");
    await expectSaid(page, /Recording saved/);

    // Two clips with the fake camera, then Recording 2 moved above Recording 1 with the keyboard.
    await recordClip(page, "Start Recording", 1);
    await recordClip(page, "Record Another", 2);
    await expectSaid(page, /saved/i, 60_000);
    await tabTo(page, page.getByRole("button", { name: "Reorder Recording 2" }));
    await page.keyboard.press("Space");
    await expectSaid(page, /^Picked up Recording 2\. Position 2 of 2\.$/);
    // Each arrow moves the picked-up clip a step; it is over the first place once that is announced.
    for (let i = 0; i < 12 && !(await said(page, /^Recording 2 moved to position 1 of 2\.$/)); i++) await page.keyboard.press("ArrowUp");
    await expectSaid(page, /^Recording 2 moved to position 1 of 2\.$/);
    await page.keyboard.press("Space");
    await expectSaid(page, /^Recording 2 dropped at position 1 of 2\.$/);
    await focusKept(page, "the reorder");
    const order = page.getByRole("button", { name: /^Reorder Recording \d$/ });
    await expect.poll(async () => (await order.all()).length).toBe(2);
    await expect
      .poll(async () => Promise.all((await order.all()).map((b) => b.getAttribute("aria-label"))))
      .toEqual(["Reorder Recording 2", "Reorder Recording 1"]);

    // The editor: AI voice, then the voice-over.
    await press(page, page.getByRole("link", { name: "Continue to Editing" }).first(), "Enter", "Continue to Editing");
    await page.waitForURL("**/shows/*/narration");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await tabTo(page, page.getByRole("radio", { checked: true }).first());
    await arrowTo(page, page.getByRole("radio", { name: "AI voice" }), "ArrowDown");
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByRole("radio", { name: "AI voice" }).isChecked()).toBe(true);
    await focusKept(page, "choosing AI voice");
    await press(page, page.getByRole("button", { name: "Generate AI Voice" }), "Enter", "Generate AI Voice");
    await expect.poll(() => page.getByRole("button", { name: "Play AI Voice" }).isEnabled(), { timeout: 120_000 }).toBe(true);
    await focusKept(page, "the AI voice being made");

    // The voice outlasts two short clips: the length check asks, and the camper keeps the whole voice.
    const keep = page.getByRole("button", { name: "Keep the whole voice" });
    await keep.waitFor({ timeout: 30_000 });
    await press(page, keep, "Enter", "Keep the whole voice");

    // Render: spoken at its start, every quarter and its end, from a live region that stays mounted.
    await press(page, page.getByRole("button", { name: "Render video" }), "Enter", "Render video");
    await expectSaid(page, /^(Video queued, waiting for its turn|Rendering started)/);
    await expectSaid(page, /^Video ready/, 300_000);
    await focusKept(page, "the render finishing");
    const spoken = await announcements(page);
    // Quarters only, never a poll's every percent.
    for (const text of spoken.filter((t) => /^Rendering \d+ %/.test(t))) expect(text).toMatch(/^Rendering (25|50|75) %/);

    const download = page.waitForEvent("download", { timeout: 120_000 });
    await press(page, page.getByRole("link", { name: "Download .mp4" }), "Enter", "Download .mp4");
    const file = (await (await download).path())!;
    const bytes = await readFile(file);
    // An MP4 begins with its ftyp box.
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(bytes.length).toBeGreaterThan(10_000);

    console.log(`[keyboard journey ${viewport.width}x${viewport.height}] announced: ${spoken.map((t) => JSON.stringify(t)).join(" | ")}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 900_000);
});
