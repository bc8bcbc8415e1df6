import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { checker, type Check } from "./support/a11y-check.ts";
import { browserWithClip, newContext, watchPageErrors } from "./support/browser.ts";
import { startServerWithStaff, type RunningServer } from "./support/server.ts";

/**
 * The accessibility audit, kept: the staff and sharing screens and their states (dialogs open, a
 * show approved and shared) have no axe violation of any impact at laptop and phone size (with
 * AAA text contrast, color-contrast-enhanced, and every touch target at 44x44 px), each route names
 * itself in its own title, nothing scrolls sideways at 320 px, and under reduced motion nothing
 * animates endlessly.
 */
const scene = browserWithClip();

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
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    const page = await staff.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    const run = check(page);
    const visit = async (route: string, name = route, loaded?: () => Promise<void>) => {
      await page.goto(route);
      // A form whose data is still arriving enables its button mid-check: axe would measure the colour change.
      await loaded?.();
      await run(name);
      await expect.poll(() => page.title()).not.toBe("");
      titles.set(name, await page.title());
    };

    // The cabin board (the staff home): the camper's card, their video approved.
    await visit("/staff");
    await page.getByRole("list", { name: "Campers" }).getByText(/^(Approved|Shared)$/).first().waitFor();
    await run("/staff board");
    // The director's camp settings, loaded.
    await visit("/staff/shows", "/staff/shows", () => expect.poll(() => page.getByLabel("Camp name").inputValue()).toBe("Summer Stories Camp"));
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
    { size: "laptop", viewport: { width: 1280, height: 800 }, narrowWidth: undefined },
    // The narrowest phones ride along with the phone walk: each screen is also narrowed to 320 px.
    { size: "phone (and 320 px wide)", viewport: { width: 390, height: 844 }, narrowWidth: 320 },
  ])(
    "has no axe violation of any impact and never scrolls sideways at $size size, and every staff route has its own title",
    async ({ viewport, narrowWidth }) => {
      const findings: string[] = [];
      const titles = await staffAndShareScreens(viewport, (page) => checker(page, findings, narrowWidth));
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
});
