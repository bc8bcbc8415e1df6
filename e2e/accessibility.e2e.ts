import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { checker, type Check } from "./support/a11y-check.ts";
import { browserWithClip, newContext, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { reachRecordingStep, stopTake, waitAllSaved } from "./support/story.ts";

/**
 * The accessibility audit, kept: every route and the main states of each (dialogs open, recording,
 * rendering, the chat drawer) have no axe violation of any impact at laptop and phone size (with
 * AAA text contrast, color-contrast-enhanced, and every touch target at 44x44 px), each route names
 * itself in its own title, nothing scrolls sideways at 320 px, and under reduced motion nothing
 * animates endlessly.
 * The staff and sharing screens are in accessibility-staff.e2e.ts.
 */
const baseURL = inject("baseURL");
const scene = browserWithClip();

async function showWithClips(context: BrowserContext) {
  const show = await createShowViaApi(context.request, {
    title: "Lake Days",
    narration: "Hello camp. This summer we filmed the lake at sunrise.",
  });
  const a = await uploadClipViaApi(context.request, scene.clip, "Dock", show.id);
  const b = await uploadClipViaApi(context.request, scene.clip, "Canoe", show.id);
  await setShowClips(context.request, show.id, [a.id, b.id]);
  return show;
}

/** Visits every route and state, calling check on each; returns each route's document.title. */
async function everyScreen(page: Page, context: BrowserContext, check: Check): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const visit = async (route: string, name = route) => {
    await page.goto(route);
    await check(name);
    await expect.poll(() => page.title()).not.toBe("");
    titles.set(name, await page.title());
  };

  // Signed out.
  for (const route of ["/", "/auth", "/edit", "/privacy", "/terms", "/cookies", "/pricing", "/no-such-page", "/card"]) await visit(route);
  // The sign-in page's card tab, and a card's link whose code is wrong (decision 027b).
  await page.goto("/auth");
  await page.getByRole("tab", { name: "My Card" }).click();
  await check("/auth my card");
  await page.goto("/card#ABCD-EFGH");
  await page.getByRole("alert").filter({ hasText: "That code didn't work" }).waitFor();
  await check("/card wrong code");
  // The sign-in page after a camper was signed out for being away (shared tablets).
  await page.evaluate(() => sessionStorage.setItem("summer-stories:idle-signed-out", "15"));
  await page.goto("/");
  await page.getByText("You were signed out after 15 minutes away. Your work is saved.").waitFor();
  await check("/ after an idle sign-out");

  await registerThroughUI(page, buildCredentials());
  await check("/home");
  titles.set("/home", await page.title());
  await reachRecordingStep(page);
  await page.getByRole("button", { name: "Start Recording" }).click();
  await page.getByRole("button", { name: "Stop recording" }).waitFor();
  await check("/home recording");
  // A take of a moment is dropped; two seconds make a clip.
  // (The recording clock; no clip is listed yet, so no other text reads like it.)
  await page.getByText(/^0:(0[2-9]|[1-5]\d)$/).first().waitFor();
  await stopTake(page);
  // The clip is on the server (and its show made) before the camper moves on.
  await waitAllSaved(page, 1);
  await page.getByRole("button", { name: "Remove Recording 1" }).click();
  await page.getByRole("alertdialog").waitFor();
  await check("/home remove-clip dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Open AI assistant" }).click();
  await page.getByRole("dialog", { name: /assistant/i }).waitFor();
  await check("/home chat drawer");
  await page.getByRole("button", { name: "Close AI assistant" }).click();
  await visit("/record");

  await visit("/shows", "/shows (empty)");
  const show = await showWithClips(context);
  await visit("/shows");
  await visit(`/shows/${show.id}`, "/shows/:id");
  await page.getByRole("button", { name: "Delete show" }).click();
  await page.getByRole("alertdialog").waitFor();
  await check("/shows/:id delete dialog");
  await page.keyboard.press("Escape");
  await visit(`/shows/${show.id}/narration`, "/shows/:id/narration");
  await page.getByRole("button", { name: "Render video" }).click();
  await page.getByRole("button", { name: "Rendering..." }).waitFor();
  await check("/shows/:id/narration rendering");
  await page.getByTestId("finished-video").waitFor({ timeout: 300_000 });
  await check("/shows/:id/narration rendered");
  await visit(`/shows/${show.id}`, "/shows/:id rendered");
  await visit(`/edit?id=${show.id}`, "/edit?id=");
  await visit(`/record?id=${show.id}`, "/record?id=");
  await visit("/shows/999999", "/shows/:id not found");
  await visit("/profile");
  const passwordForm = page.getByRole("form", { name: "Change password" });
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await passwordForm.getByRole("alert").waitFor();
  await check("/profile password error");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("alertdialog").waitFor();
  await check("/profile delete dialog");
  await page.keyboard.press("Escape");
  await visit("/voice-settings");
  return titles;
}

describe("accessibility of every screen", () => {
  it.each([
    { size: "laptop", viewport: { width: 1280, height: 800 }, narrowWidth: undefined },
    // The narrowest phones ride along with the phone walk: each screen is also narrowed to 320 px.
    { size: "phone (and 320 px wide)", viewport: { width: 390, height: 844 }, narrowWidth: 320 },
  ])(
    "has no axe violation of any impact and never scrolls sideways at $size size, and every route has its own title",
    async ({ viewport, narrowWidth }) => {
      const context = await newContext(scene.browser, baseURL, viewport);
      const page = await context.newPage();
      const errors = watchPageErrors(page, [401, 404]);
      // Which request a refused-request console error was about (Chromium's message names no URL).
      page.on("response", (res) => {
        if (res.status() >= 400 && ![401, 404].includes(res.status())) errors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      });
      const findings: string[] = [];
      const titles = await everyScreen(page, context, checker(page, findings, narrowWidth));
      expect(findings).toEqual([]);

      // Titles: one per route, each naming the page before the product.
      const byRoute = new Map<string, string>();
      for (const [name, title] of titles) {
        if (name.includes(" ")) continue; // states of a route share its title
        byRoute.set(name, title);
      }
      const seen = new Map<string, string>();
      for (const [route, title] of byRoute) {
        expect(title, route).toMatch(/ - Summer Stories$/);
        expect(seen.get(title), `${route} has the same title as ${seen.get(title)}: "${title}"`).toBeUndefined();
        seen.set(title, route);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    900_000,
  );

  it("stops spinners under prefers-reduced-motion: no endless animation while a page loads", async () => {
    const context = await newContext(scene.browser, baseURL);
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());

    /** Opens /shows with its list held back, so its loading spinner stays up, and lists what animates forever. */
    async function endlessWhileLoading(): Promise<string[]> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The list's own address, whatever its query (?limit=...), be it the page's preload or its request.
      const list = (url: URL) => url.pathname === "/api/recordings";
      await page.route(list, async (route) => {
        await held;
        // The page may have dropped a held request meanwhile (its preload, once the page's own fetch took
        // the answer or the next visit began): the browser has then handled it already.
        await route.continue().catch((error: unknown) => {
          if (!(error instanceof Error && /already handled/i.test(error.message))) throw error;
        });
      });
      await page.goto("/shows");
      await page.getByRole("status").filter({ hasText: /Loading/ }).first().waitFor();
      const endless = await page.evaluate(() => [
        ...document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations === Infinity)
          .map((a) => `animation ${(a as CSSAnimation).animationName}`),
        ...[...document.querySelectorAll("*")]
          .filter((el) => {
            const style = getComputedStyle(el);
            return style.animationName !== "none" && style.animationIterationCount === "infinite";
          })
          .map((el) => `element ${el.getAttribute("class") ?? el.tagName}`),
      ]);
      release();
      await page.unroute(list);
      return endless;
    }

    // Without the preference the spinner spins, so the check below is able to fail.
    expect((await endlessWhileLoading()).length).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await endlessWhileLoading()).toEqual([]);
    await context.close();
  });
});
