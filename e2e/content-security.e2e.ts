import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { launchBrowser, newContext, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the Content-Security-Policy in Chromium", () => {
  it("lets the pre-rendered sign-in page and a dialog's scroll lock style themselves, with nothing refused", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    // Chromium reports each refused style or script as a console error; the page reports it as an event too.
    const errors = watchPageErrors(page);
    await page.addInitScript(() => {
      (window as unknown as { refused: string[] }).refused = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { refused: string[] }).refused.push(e.violatedDirective));
    });
    const refused = () => page.evaluate(() => (window as unknown as { refused: string[] }).refused);

    const signIn = await page.goto("/");
    expect(signIn?.headers()["content-security-policy"]).not.toMatch(/unsafe-inline/);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    // The written-in stylesheet applies: the page is laid out by it, not the browser's defaults.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    expect(await refused()).toEqual([]);

    await registerThroughUI(page, buildCredentials());
    await page.goto("/profile");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("alertdialog").waitFor();
    // The dialog locks the page behind it with a stylesheet made while it opens.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    expect(await refused()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
