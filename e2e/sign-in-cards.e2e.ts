import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { AUTH_MESSAGES } from "../contracts/auth.ts";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi } from "./support/api.ts";
import { newContext, seriousAxeViolations, sidewaysOverflow, watchPageErrors } from "./support/browser.ts";
import { campWithStaff } from "./support/camp.ts";

/**
 * Sign-in cards (decision 027b) in Chromium: staff make a camper a new card from the camper's
 * page, the camper types its code on a phone-size screen and signs in; the card's QR link signs in on
 * a shared tablet without the code ever reaching the server in an address; a reissued card's old code is
 * refused, and the first page a tablet loads for a card stays light.
 */
const staffCredentials = buildCredentials({ username: "director_cards" });
const camp = campWithStaff(staffCredentials);
const PHONE = { width: 390, height: 844 };

/** Staff press "New sign-in card" on the camper's show page and read the new code off the card. */
async function reissueFromCamperPage(page: Page, showId: number): Promise<string> {
  await page.goto(`/staff/shows/${showId}`);
  await page.getByRole("button", { name: "New sign-in card" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Make a new card" }).click();
  const code = await page.getByTestId("card-code").textContent();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  return code!;
}

describe("sign-in cards", () => {
  it("a camper signs in by typing their card's code on a phone, and by its QR link; a reissued card's old code is refused", async () => {
    const camper = await newContext(camp.browser, camp.server.baseURL);
    const credentials = buildCredentials();
    expect((await camper.request.post("/api/register", { data: credentials })).ok()).toBe(true);
    const show = await createShowViaApi(camper.request, { title: "Lake Days" });

    const staff = await newContext(camp.browser, camp.server.baseURL);
    expect((await staff.request.post("/api/login", { data: staffCredentials })).ok()).toBe(true);
    const staffPage = await staff.newPage();
    const staffErrors = watchPageErrors(staffPage, [401]);
    const code = await reissueFromCamperPage(staffPage, show.id);
    const printed = staffPage.getByRole("article", { name: `Sign-in card for ${credentials.username}` });
    await printed.getByRole("img", { name: /QR code/ }).waitFor();
    // On paper only the card: no navigation, no buttons.
    await staffPage.emulateMedia({ media: "print" });
    expect(await printed.isVisible()).toBe(true);
    expect(await staffPage.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    expect(await staffPage.getByRole("button", { name: "Print card" }).isVisible()).toBe(false);
    await staffPage.emulateMedia({ media: "screen" });

    // On a phone: the My Card tab, the code typed in small letters without its dash.
    const phone = await newContext(camp.browser, camp.server.baseURL, PHONE);
    const page = await phone.newPage();
    const errors = watchPageErrors(page, [401]);
    await page.goto("/auth");
    await page.getByRole("tab", { name: "My Card" }).click();
    const field = page.getByRole("tabpanel", { name: "My Card" }).getByLabel("Code on my card");
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const box = (await page.getByRole("button", { name: "Sign in with my card" }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await field.fill(code.replace("-", "").toLowerCase());
    await page.getByRole("button", { name: "Sign in with my card" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("link", { name: `Profile: ${credentials.username}` }).waitFor();

    // A shared tablet scans the card: /card#CODE. The code is in no address the server is sent.
    const tablet = await newContext(camp.browser, camp.server.baseURL, PHONE);
    const tabletPage = await tablet.newPage();
    const tabletErrors = watchPageErrors(tabletPage, [401]);
    const requested: string[] = [];
    tabletPage.on("request", (request) => requested.push(request.url()));
    await tabletPage.goto(`/card#${code}`);
    await tabletPage.waitForURL("**/home");
    expect(requested.filter((url) => url.includes(code) || url.includes(code.replace("-", "")))).toEqual([]);
    expect(requested.some((url) => url.endsWith("/api/login/code"))).toBe(true);

    // Staff reissue the card: the phone is signed out and the old code is refused, with the kind message.
    await reissueFromCamperPage(staffPage, show.id);
    await page.reload();
    await page.waitForURL((url) => url.pathname === "/");
    const lost = await newContext(camp.browser, camp.server.baseURL, PHONE);
    const lostPage = await lost.newPage();
    const lostErrors = watchPageErrors(lostPage, [401]);
    await lostPage.goto(`/card#${code}`);
    await lostPage.getByRole("alert").filter({ hasText: AUTH_MESSAGES.wrongCode }).waitFor();
    expect(await lostPage.getByLabel("Code on my card").inputValue()).toBe(code);
    expect(new URL(lostPage.url()).hash).toBe("");

    // Light: the card page is the app's first chunk, its own small one and the stylesheet; no contract or zod yet.
    const loaded = await lostPage.evaluate(() =>
      [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map((e) => ({
        name: e.name,
        bytes: (e as PerformanceResourceTiming).transferSize,
      })),
    );
    const total = loaded.reduce((sum, e) => sum + e.bytes, 0);
    expect(total, JSON.stringify(loaded)).toBeLessThan(130_000);
    expect(loaded.filter((e) => /schemas-|CreatePage-|ShowsPage-/.test(e.name))).toEqual([]);

    expect([...staffErrors, ...errors, ...tabletErrors, ...lostErrors]).toEqual([]);
    for (const context of [camper, staff, phone, tablet, lost]) await context.close();
  }, 180_000);
});
