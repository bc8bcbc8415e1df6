import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { allAxeViolations, launchBrowser, newContext } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The show list's own chunk (every page but sign-in is one: web/src/app/pages.ts). */
const SHOWS_PAGE_CODE = /\/assets\/ShowsPage-[\w-]+\.js$/;

describe("a page whose code does not arrive", () => {
  it("says so in the page's place with the header still there, and Try again opens it once the Wi-Fi is back", async () => {
    const context = await newContext(browser, baseURL, { width: 390, height: 844 });
    const page = await context.newPage();
    await registerThroughUI(page, buildCredentials());
    // Camp Wi-Fi drops just as the camper opens their shows.
    let dropped = 0;
    await context.route(SHOWS_PAGE_CODE, (route) => {
      dropped++;
      return route.abort("internetdisconnected");
    });
    await page.goto("/home");
    await page.getByRole("link", { name: "My Shows" }).first().click();
    const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 1, name: "This page could not open" }) });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("The connection dropped. Check the Wi-Fi and try again.");
    expect(dropped).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "My Shows" }).first().isVisible()).toBe(true);
    expect((await allAxeViolations(page)).map((v) => v.id)).toEqual([]);

    await context.unroute(SHOWS_PAGE_CODE);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "My Shows", level: 1 }).waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});
