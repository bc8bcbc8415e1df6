import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { webmFixture } from "../../testing/media-fixtures.ts";

/**
 * Debian's Chromium; a test tool never downloads a browser of its own. The desktop browser, run headless,
 * is what the benches measure a camper's screens with.
 */
export const DESKTOP_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the end-to-end files drive: Chromium's headless shell when installed (`chromium-headless-shell`,
 * the same Blink and V8 without the desktop browser around them, and what Playwright itself drives for
 * headless runs). The journey e2e took a quarter less of Chromium's CPU with it (49 against 65 s,
 * decision 029c). Else the desktop browser.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : DESKTOP_CHROMIUM_PATH);

/** Flags that keep Chromium off a network this machine does not have, plus fake camera and microphone. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];

/**
 * `microphoneWav`: a WAV file Chromium plays, in a loop, as the microphone (else a beep). `desktop`: the
 * desktop browser even where the headless shell is installed (the benches).
 */
export function launchBrowser(options: { microphoneWav?: string; desktop?: boolean } = {}): Promise<Browser> {
  const args = options.microphoneWav ? [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${options.microphoneWav}`] : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: options.desktop ? DESKTOP_CHROMIUM_PATH : CHROMIUM_PATH, headless: true, args });
}

/**
 * Closes every context a test opened once it ends, passed or failed. A test closes its own contexts on
 * success; one that fails part-way would leave its pages running (a recording encoding, uploads
 * retrying) into the file's next tests, which then fail for want of CPU rather than for their own reason.
 */
export function closeContextsAfterEach(browser: () => Browser | undefined) {
  afterEach(async () => {
    await Promise.all((browser()?.contexts() ?? []).map((context) => context.close().catch(() => undefined)));
  });
}

/**
 * The scene of a file whose campers upload clips: Chromium and a 2 s WebM clip. Registers the file's own
 * beforeAll/afterAll; read `browser` and `clip` inside its tests.
 */
export function browserWithClip(): { readonly browser: Browser; readonly clip: Buffer } {
  const scene = {} as { browser: Browser; clip: Buffer };
  beforeAll(async () => {
    scene.browser = await launchBrowser();
    scene.clip = await webmFixture(2);
  });
  closeContextsAfterEach(() => scene.browser);
  afterAll(() => scene.browser?.close());
  return scene;
}

/** A fresh browser profile kept on disk, for tests that need storage to survive a browser restart. */
export function newUserDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "summer-stories-chromium-"));
}

export async function newContext(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, permissions: ["camera", "microphone"] });
  // Fail with the locator's name rather than at the test's own timeout. A hang guard, not a speed check:
  // under CI's load (two test processes on two cores) a click or a screen's next state can take
  // seconds (decision 029c).
  context.setDefaultTimeout(20_000);
  return context;
}

/**
 * Fails the test on any error a page logs or throws. Expected failed requests (a 401 for the
 * signed-out user, a refused sign-in) are reported by Chromium as console errors too, so those
 * are matched by URL and status and let through.
 */
export function watchPageErrors(page: Page, allowedStatuses: number[] = [401]): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of (\d+)/.test(text)) {
      const status = Number(RegExp.$1);
      if (allowedStatuses.includes(status)) return;
    }
    errors.push(`console: ${text}`);
  });
  return errors;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The rule sets every screen is held to: WCAG 2.0/2.1 A and AA, 2.2 AA, and axe's best practice. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Shared camp tablets: text at 7:1, WCAG AAA's contrast. axe tags that rule wcag2aaa and
 * leaves it off by default; it is named here so every run, tagged or not, includes it (and only it
 * of the AAA rules).
 */
const AXE_RULES = { "color-contrast-enhanced": { enabled: true } };

async function runAxe(page: Page, tags?: string[]): Promise<AxeViolation[]> {
  // evaluate() runs through the debugging protocol, so the app's strict CSP (rightly) does not block it.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ tags, rules }) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const options = tags
      ? { resultTypes: ["violations"], runOnly: { type: "tag", values: tags }, rules }
      : { resultTypes: ["violations"], rules };
    const result = await axe.run(document, options);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, { tags, rules: AXE_RULES });
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Every violation of any impact (minor and moderate too) under AXE_TAGS. */
export async function allAxeViolations(page: Page): Promise<AxeViolation[]> {
  return runAxe(page, AXE_TAGS);
}

/** The player really plays: its time moves on and it reports no media error. */
export async function playsWithoutError(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const from = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    return v.currentTime;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(from + 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  await video.evaluate((v: HTMLVideoElement) => v.pause());
}

/**
 * Whether the page scrolls sideways: [] when it does not, else the innermost elements that stick
 * out past the window's right edge (so a failure names its cause).
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out = (e: Element) => e.getBoundingClientRect().right > width + 1;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((e) => out(e) && ![...e.children].some(out))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
    return culprits.length > 0 ? culprits : ["(the page is wider than the window)"];
  });
}

/** At a phone's and a laptop's width: nothing scrolls sideways, axe finds nothing serious, every target is 44 px. */
export async function checkLayoutAndAxe(page: Page) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
  }
}

/**
 * Every visible touch target smaller than 44x44 CSS px (WCAG 2.5.5, AAA: campers share
 * tablets), each named by tag, accessible text and size; [] when there is none. Decision 027e says
 * what counts:
 * - targets: a[href], button, input (not hidden), select, textarea, [role=button], summary, and a
 *   label that wraps an input;
 * - not targets: what is not rendered (display none, visibility hidden, opacity 0), what is clipped
 *   away or 1 px or less (the sr-only pattern: a skip link counts once it is shown on focus), what
 *   is inert;
 * - the inline exception: a link shown inline in a block that has other text of its own (a link in a
 *   sentence of a paragraph) follows the line height of its text, as WCAG allows;
 * - the equivalent exception: a checkbox, radio or file input whose label (wrapping it, or for=) is
 *   itself at least 44x44 is reached through that label.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44 - 0.5; // sub-pixel layout: 43.5 rounds to a 44 px target
    const big = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width >= MIN && r.height >= MIN;
    };
    const shown = (el: HTMLElement) => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (el.closest("[inert]")) return false;
      // The sr-only pattern (clipped away, for screen readers only) is no target until it is shown.
      const style = getComputedStyle(el);
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    const inlineInText = (el: HTMLElement) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      if (!block) return false;
      const own = (block.textContent ?? "").replace(el.textContent ?? "", "");
      return own.trim().length > 0;
    };
    const labelOf = (input: HTMLInputElement) => input.closest("label") ?? input.labels?.[0] ?? null;
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary, label';
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.tagName === "LABEL" && !el.querySelector("input, select, textarea")) continue;
      if (!shown(el) || big(el) || inlineInText(el)) continue;
      if (el instanceof HTMLInputElement && ["checkbox", "radio", "file"].includes(el.type)) {
        const label = labelOf(el);
        if (label && big(label)) continue;
      }
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()}${el.getAttribute("type") ? `[${el.getAttribute("type")}]` : ""} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return found;
  });
}
