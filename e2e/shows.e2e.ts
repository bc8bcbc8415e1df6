import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { closeContextsAfterEach, launchBrowser, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
closeContextsAfterEach(() => browser);

async function signedInPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  const errors = watchPageErrors(page, [401, 403, 404]);
  await registerThroughUI(page, buildCredentials());
  return { context, page, errors };
}

async function answer(page: Page, tab: string, text: string) {
  await page.getByRole("tab", { name: tab }).click();
  await page.getByRole("tabpanel", { name: tab }).getByRole("textbox").fill(text);
}

const toastRegion = (page: Page) => page.getByRole("region", { name: /Notifications/ }).locator("li");

describe("shows", () => {
  it("answers survive a reload; a draft is saved, listed, opened, edited, updated and deleted", async () => {
    const { context, page, errors } = await signedInPage();
    await page.getByText("Preparing reflection guide...").waitFor();
    await page.getByRole("tab", { name: "Explain Summer Stories" }).waitFor();
    expect(await page.getByRole("button", { name: "Create Recording" }).isDisabled()).toBe(true);

    await answer(page, "Explain Summer Stories", "We make videos at the lake with friends.");
    await answer(page, "Favorite Part", "Filming the sunrise over the dock.");
    await page.getByTestId("answered-context").waitFor();
    await page.getByTestId("answered-value").waitFor();

    await page.reload();
    await page.getByRole("tab", { name: "Explain Summer Stories" }).click();
    expect(await page.getByRole("tabpanel", { name: "Explain Summer Stories" }).getByRole("textbox").inputValue()).toBe(
      "We make videos at the lake with friends.",
    );
    await page.getByRole("tab", { name: /Favorite Part/ }).click();
    expect(await page.getByRole("tabpanel", { name: /Favorite Part/ }).getByRole("textbox").inputValue()).toBe(
      "Filming the sunrise over the dock.",
    );

    // Changing tab let the AI write a narration, and that show was saved at once.
    const save = page.getByRole("button", { name: "Update Recording" });
    await save.click();
    await expect.poll(() => toastRegion(page).textContent()).toContain("Draft saved");
    const saved = await (await context.request.get("/api/recordings")).json();
    expect(saved).toHaveLength(1);

    await page.getByRole("link", { name: "My Shows" }).first().click();
    await page.waitForURL("**/shows");
    const title = "We make videos at the lake with friends.";
    await page.getByText(title).first().waitFor();
    await page.getByRole("link", { name: `View ${title}` }).click();
    await page.waitForURL(/\/shows\/\d+$/);
    const showId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(showId).toBe(saved[0].id);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("Filming the sunrise over the dock.").first().waitFor();
    expect(await page.getByText("No response provided").count()).toBe(3);

    await page.getByRole("link", { name: /Edit/ }).first().click();
    await page.waitForURL(`**/record?id=${showId}`);
    await page.getByText(`EDITING MODE: ${title}`).waitFor();
    expect(await page.getByTestId("editing-id").textContent()).toContain(String(showId));
    await answer(page, "Conclusion", "Make a music video with my cousin.");
    await page.getByRole("button", { name: "Update Recording" }).click();
    await expect.poll(() => toastRegion(page).textContent()).toMatch(/Recording (updated|saved)/);
    await expect.poll(async () => (await (await context.request.get(`/api/recordings/${showId}`)).json()).responses[4]).toBe(
      "Make a music video with my cousin.",
    );
    // However the automatic and the button saves interleaved, there is still exactly one show.
    expect(await (await context.request.get("/api/recordings")).json()).toHaveLength(1);

    await page.goto(`/shows/${showId}`);
    await page.getByText("Make a music video with my cousin.").first().waitFor();

    await page.getByRole("button", { name: /Delete show/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL("**/shows");
    await page.goto(`/shows/${showId}`);
    await page.getByText("Show Not Found").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("makes one show when the answer to the first save is lost and the camper reloads and saves again", async () => {
    const { context, page, errors } = await signedInPage();
    // The first create reaches the server, but its answer never reaches the page (Wi-Fi dropped).
    let lost = 0;
    await page.route("**/api/narrations", async (route) => {
      if (route.request().method() !== "POST" || lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await answer(page, "Explain Summer Stories", "We paddle canoes across the lake.");
    await page.getByRole("button", { name: "Create Recording" }).click();
    await expect.poll(() => lost).toBe(1);
    await expect.poll(async () => (await (await context.request.get("/api/recordings")).json()).length).toBe(1);

    await page.reload();
    await page.getByRole("tab", { name: "Explain Summer Stories" }).click();
    await page.getByRole("button", { name: /^(Create|Update) Recording$/ }).click();
    await expect.poll(() => toastRegion(page).textContent()).toMatch(/Draft saved|Recording updated/);
    await expect.poll(() => page.getByTestId("story-save-status").getAttribute("data-state")).toBe("saved");
    const shows = (await (await context.request.get("/api/recordings")).json()) as { responses: string[] }[];
    expect(shows).toHaveLength(1);
    expect(shows[0]!.responses[0]).toBe("We paddle canoes across the lake.");
    expect(errors.filter((e) => !e.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    await context.close();
  });

  it("shows HTML a camper typed as text, never runs it", async () => {
    const { context, page } = await signedInPage();
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    const html = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const res = await context.request.post("/api/narrations", { data: buildShowBody({ title: "Tags", narration: html, responses: [html, ""] }) });
    const show = await res.json();
    await page.goto(`/shows/${show.id}`);
    await page.getByText(html).first().waitFor();
    expect(await page.locator("main img[src=x]").count()).toBe(0);
    expect(dialogs).toBe(0);
    await context.close();
  });

  it("refuses the 21st show on the free plan with the limit in the message; the profile counts shows", async () => {
    const { context, page } = await signedInPage();
    for (let i = 0; i < 20; i++) {
      const res = await context.request.post("/api/narrations", { data: buildShowBody({ title: `Show ${i + 1}` }) });
      expect(res.status()).toBe(201);
    }
    await page.goto("/profile");
    await expect.poll(() => page.getByTestId("profile-shows-used").textContent()).toMatch(/20 of 20/);

    await page.goto("/home");
    await answer(page, "Explain Summer Stories", "One more story.");
    await page.getByRole("button", { name: /Create Recording|Update Recording/ }).click();
    await expect.poll(() => toastRegion(page).textContent()).toMatch(/Failed to save (draft|recording)/);
    expect(await toastRegion(page).textContent()).toContain("The free plan holds 20 shows");

    // All 20 can be reached from the list.
    await page.goto("/shows");
    await page.getByText("Show 20").waitFor();
    expect(await page.getByText("Show 1", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Show more" }).click();
    await page.getByText("Show 1", { exact: true }).waitFor();
    await context.close();
  });

  it("pricing shows Coming Soon for other plans and Current Plan for the camper's own", async () => {
    const anonymous = await newContext(browser, baseURL);
    const anonPage = await anonymous.newPage();
    await anonPage.goto("/pricing");
    await anonPage.getByText("Authentication required").waitFor();
    await anonPage.getByText("Please sign in to view subscription options").waitFor();
    await anonymous.close();

    const { context, page } = await signedInPage();
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Current Plan" }).waitFor();
    expect(await page.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    await page.getByText("$19").waitFor();
    await page.getByText("$5,000").waitFor();
    const buttons = page.getByRole("main").getByRole("button").filter({ hasNotText: "Current Plan" });
    await buttons.first().click();
    await expect.poll(() => toastRegion(page).textContent()).toContain("Coming Soon");
    expect(await toastRegion(page).textContent()).toContain("Payment processing will be available soon");
    await context.close();
  });

  it("fits a 360 px phone without sideways scrolling", async () => {
    const { context, page } = await signedInPage();
    const res = await context.request.post("/api/narrations", { data: buildShowBody() });
    const show = await res.json();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/home", "/shows", `/shows/${show.id}`, `/edit?id=${show.id}`, "/profile", "/pricing"]) {
      await page.goto(path);
      await page.getByRole("main").waitFor();
      await page.getByText("Preparing reflection guide...").waitFor({ state: "detached" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await context.close();
  });

  it("has no serious or critical accessibility violations on the shows pages", async () => {
    const { context, page } = await signedInPage();
    const res = await context.request.post("/api/narrations", { data: buildShowBody() });
    const show = await res.json();
    const report: Record<string, unknown> = {};
    for (const path of ["/home", "/shows", `/shows/${show.id}`, `/edit?id=${show.id}`, "/profile", "/pricing"]) {
      await page.goto(path);
      await page.getByRole("main").waitFor();
      await page.waitForLoadState("networkidle");
      await page.getByText("Preparing reflection guide...").waitFor({ state: "detached" });
      report[path] = await seriousAxeViolations(page);
    }
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
    await context.close();
  });
});
