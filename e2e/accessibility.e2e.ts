import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { browserWithClip, allAxeViolations, newContext, smallTargets, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { startServerWithStaff, type RunningServer } from "./support/server.ts";
import { reachRecordingStep, waitAllSaved } from "./support/story.ts";

/**
 * Issue 15's audit, kept: every route and the main states of each (dialogs open, recording,
 * rendering, the chat drawer) have no axe violation of any impact at laptop and phone size (with
 * issue 27's AAA text contrast, color-contrast-enhanced, and every touch target at 44x44 px), each
 * route names itself in its own title, nothing scrolls sideways at 320 px, and under reduced
 * motion nothing animates endlessly.
 */
const baseURL = inject("baseURL");
const scene = browserWithClip();

type Check = (name: string) => Promise<void>;

/** axe (every impact) and the sideways-scroll check on the current screen; findings are collected, not thrown. */
function checker(page: Page, findings: string[], withAxe: boolean): Check {
  return async (name) => {
    // Wait for the route's own content (its h1, or the dialog that is open over it) before judging it.
    await page.getByRole("heading", { level: 1 }).or(page.getByRole("alertdialog")).or(page.getByRole("dialog")).first().waitFor();
    if (withAxe) {
      // Judge the screen at rest: a drawer or dialog still fading in has text over a half-drawn
      // background, which axe measures as low contrast. Endless animations (spinners) never end.
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      );
      for (const v of await allAxeViolations(page)) {
        findings.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
      for (const target of await smallTargets(page)) findings.push(`${name}: touch target under 44x44 px: ${target}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) {
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100)),
      );
      findings.push(`${name}: scrolls sideways by ${overflow} px (${wide.join(" | ")})`);
    }
  };
}

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
  // The sign-in page after a camper was signed out for being away (shared tablets, issue 27).
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
  await page.getByRole("button", { name: "Stop recording" }).click();
  await page.getByRole("button", { name: "Record Another" }).waitFor();
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
    { size: "laptop", viewport: { width: 1280, height: 800 } },
    { size: "phone", viewport: { width: 390, height: 844 } },
  ])(
    "has no axe violation of any impact at $size size, and every route has its own title",
    async ({ viewport }) => {
      const context = await newContext(scene.browser, baseURL, viewport);
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const errors = watchPageErrors(page, [401, 404]);
      // Which request a refused-request console error was about (Chromium's message names no URL).
      page.on("response", (res) => {
        if (res.status() >= 400 && ![401, 404].includes(res.status())) errors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      });
      const findings: string[] = [];
      const titles = await everyScreen(page, context, checker(page, findings, true));
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

  it(
    "never scrolls sideways at 320 px wide, on any route or state",
    async () => {
      const context = await newContext(scene.browser, baseURL, { width: 320, height: 640 });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const findings: string[] = [];
      await everyScreen(page, context, checker(page, findings, false));
      expect(findings).toEqual([]);
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

/**
 * The staff screens and the sharing screens, on a server of their own: staff accounts come only
 * from the command line, run (as the README says) before the server opens the embedded database.
 */
describe("accessibility of the staff and sharing screens", () => {
  let server: RunningServer;
  let showId: number;
  let camperCredentials: ReturnType<typeof buildCredentials>;
  const staffCredentials = buildCredentials({ username: "coach_axe" });

  beforeAll(async () => {
    server = await startServerWithStaff(staffCredentials);

    // The scene through the API: a camper's show with a finished, captioned video, sent to staff and approved.
    camperCredentials = buildCredentials();
    const camper = await newContext(scene.browser, server.baseURL);
    await ok(await camper.request.post("/api/register", { data: camperCredentials }), "register");
    const show = await createShowViaApi(camper.request, { title: "Canoe Week", narration: "We paddled to the island and sang by the fire." });
    const made = await uploadClipViaApi(camper.request, scene.clip ?? (await webmFixture(2)), "Paddling", show.id);
    await setShowClips(camper.request, show.id, [made.id]);
    const render = await renderViaApi(camper.request, show.id, { captions: true });
    await ok(await camper.request.post(`/api/recordings/${show.id}/review`, { data: { message: "Ready for my family!" } }), "submit");
    const staff = await newContext(scene.browser, server.baseURL);
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    await ok(
      await staff.request.post(`/api/staff/shows/${show.id}/review`, { data: { decision: "approve", note: "Lovely paddling.", renderJobId: render.id } }),
      "approve",
    );
    await Promise.all([camper.close(), staff.close()]);
    showId = show.id;
  }, 400_000);
  afterAll(() => server?.stop());

  /** The cabin board, the staff list (waiting and all states), audit log, a show with its share card; the camper's share card; the family's watch page. */
  async function staffAndShareScreens(viewport: { width: number; height: number }, check: (page: Page) => Check) {
    const titles = new Map<string, string>();
    const staff = await newContext(scene.browser, server.baseURL, viewport);
    staff.setDefaultTimeout(20_000);
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    const page = await staff.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    const run = check(page);
    const visit = async (route: string, name = route) => {
      await page.goto(route);
      await run(name);
      await expect.poll(() => page.title()).not.toBe("");
      titles.set(name, await page.title());
    };

    // The cabin board (the staff home): the camper's card, their video approved.
    await visit("/staff");
    await page.getByRole("list", { name: "Campers" }).getByText(/^(Approved|Shared)$/).first().waitFor();
    await run("/staff board");
    await visit("/staff/shows");
    // The director's camp settings (issue 27), loaded.
    await expect.poll(() => page.getByLabel("Camp name").inputValue()).toBe("Summer Stories Camp");
    await run("/staff camp settings");
    await page.getByRole("combobox", { name: "State" }).selectOption({ label: "All states" });
    await page.getByRole("link", { name: "Canoe Week" }).waitFor();
    await run("/staff/shows all states");
    await visit("/staff/audit");
    await page.getByRole("cell", { name: "coach_axe" }).first().waitFor();
    await run("/staff/audit with entries");
    // The director's roster page with an import's results (a cabin of this size's own, so each run makes
    // campers), the printable cards, and the staff team page.
    await visit("/staff/roster");
    await page.getByLabel("Roster (CSV)").fill(`first_name,last_initial,cabin,session,media_release\nZoë,D,Pines ${viewport.width},July,yes\nAva,,Pines,July,yes`);
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("region", { name: "New campers", exact: true }).waitFor();
    await run("/staff/roster with results");
    await page.getByRole("button", { name: "Print cards" }).click();
    await page.getByRole("region", { name: "Sign-in cards" }).waitFor();
    await run("/staff/roster cards");
    await visit("/staff/team");
    await page.getByRole("list", { name: "Staff members" }).waitFor();
    await run("/staff/team with staff");
    // Cabin reels: the list (none yet) and the picker (the director reaches every cabin; this camp has none).
    await visit("/staff/reels");
    await page.getByText("No reels yet.", { exact: false }).waitFor();
    await run("/staff/reels empty");
    await visit("/staff/reels/new");
    await page.getByRole("combobox", { name: "Cabin or session" }).waitFor();
    await run("/staff/reels/new ready");
    // Staff see the family links (not the camper's card); turning one off asks first.
    await ok(await staff.request.post(`/api/staff/shows/${showId}/shares`, { data: {} }), "staff share");
    await visit(`/staff/shows/${showId}`, "/staff/shows/:id");
    const staffShare = page.getByRole("region", { name: "Family share links" });
    await staffShare.getByRole("button", { name: /^Revoke the link made/ }).first().click();
    await page.getByRole("alertdialog", { name: "Turn this link off?" }).waitFor();
    await run("/staff/shows/:id revoke dialog");
    await page.getByRole("button", { name: "Keep the link" }).click();
    // A camper's data leaves the app only after the staff member types the password again.
    await page.getByRole("link", { name: /Download .*'s data/ }).click();
    await page.getByRole("alertdialog", { name: "Type your password again" }).waitFor();
    await run("/staff/shows/:id password dialog");
    await page.keyboard.press("Escape");
    // A new sign-in card for the camper: asked first, then shown to print (decision 027b).
    await page.getByRole("button", { name: "New sign-in card" }).click();
    await page.getByRole("alertdialog", { name: /^New sign-in card for/ }).waitFor();
    await run("/staff/shows/:id new card dialog");
    await page.getByRole("button", { name: "Make a new card" }).click();
    await page.getByRole("article", { name: /^Sign-in card for/ }).waitFor();
    await run("/staff/shows/:id new card");
    await visit("/staff/cabins/1/cards", "/staff/cabins/:id/cards");
    await page.getByRole("button", { name: "Make new cards" }).click();
    await page.getByRole("alertdialog", { name: "Make new cards for the whole cabin?" }).waitFor();
    await run("/staff/cabins/:id/cards dialog");
    await page.keyboard.press("Escape");

    // The camper's own show page with the card, then the family's page the link opens.
    const camper = await newContext(scene.browser, server.baseURL, viewport);
    camper.setDefaultTimeout(20_000);
    await ok(await camper.request.post("/api/login", { data: camperCredentials }), "camper login");
    const camperPage = await camper.newPage();
    const camperErrors = watchPageErrors(camperPage, [401, 404]);
    await camperPage.goto(`/shows/${showId}`);
    const share = camperPage.getByRole("region", { name: "Share with family" });
    await share.getByRole("button", { name: "Make a share link" }).click();
    const card = share.getByTestId("share-print-card");
    const link = await card.getByLabel("Scan the code or type this link").inputValue();
    await card.getByRole("img", { name: /QR code for the link/ }).waitFor();
    await check(camperPage)("/shows/:id share card");
    await camperPage.goto(link);
    await check(camperPage)("/s/:token");
    titles.set("/s/:token", await camperPage.title());

    expect(errors).toEqual([]);
    expect(camperErrors).toEqual([]);
    await Promise.all([staff.close(), camper.close()]);
    return titles;
  }

  it.each([
    { size: "laptop", viewport: { width: 1280, height: 800 } },
    { size: "phone", viewport: { width: 390, height: 844 } },
  ])(
    "has no axe violation of any impact at $size size, and every staff route has its own title",
    async ({ viewport }) => {
      const findings: string[] = [];
      const titles = await staffAndShareScreens(viewport, (page) => checker(page, findings, true));
      expect(findings).toEqual([]);
      const seen = new Map<string, string>();
      for (const [route, title] of titles) {
        if (route.includes(" ")) continue; // states of a route share its title
        expect(seen.get(title), `${route} has the same title as ${seen.get(title)}: "${title}"`).toBeUndefined();
        seen.set(title, route);
        if (route.startsWith("/staff")) expect(title, route).toMatch(/ - Summer Stories$/);
      }
      expect(titles.get("/s/:token")).toContain("Canoe Week");
    },
    600_000,
  );

  it(
    "never scrolls sideways at 320 px wide on the staff and sharing screens",
    async () => {
      const findings: string[] = [];
      await staffAndShareScreens({ width: 320, height: 640 }, (page) => checker(page, findings, false));
      expect(findings).toEqual([]);
    },
    600_000,
  );
});
