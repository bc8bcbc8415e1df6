import { describe, expect, it } from "vitest";
import { pageForPath, pages } from "./pages.ts";
import { lazyPage } from "./lazy-page.ts";

describe("page code splitting", () => {
  it("knows which page a link leads to, so pointing at it can fetch that page's code", () => {
    expect(pageForPath("/home")).toBe(pages.CreatePage);
    expect(pageForPath("/shows?after=x")).toBe(pages.ShowsPage);
    expect(pageForPath("/shows/42")).toBe(pages.ShowDetailPage);
    expect(pageForPath("/shows/42/narration")).toBe(pages.NarrationEditorPage);
    expect(pageForPath("/shows/42/shots")).toBe(pages.ShotsPage);
    expect(pageForPath("/privacy")).toBe(pages.LegalPage);
    expect(pageForPath("/staff")).toBe(pages.StaffBoardPage);
    expect(pageForPath("/staff/shows")).toBe(pages.StaffShowsPage);
    expect(pageForPath("/staff/shows/42")).toBe(pages.StaffShowPage);
    expect(pageForPath("/staff/cabins/3/cards")).toBe(pages.CabinCardsPage);
    expect(pageForPath("/edit#top")).toBe(pages.CreatePage);
    expect(pageForPath("/")).toBeUndefined();
    expect(pageForPath("/shows/42/nope")).toBeUndefined();
  });

  it("fetches a page's code once however often it is prefetched, and retries after a failed download", async () => {
    let loads = 0;
    let fail = true;
    const Page = () => null;
    const page = lazyPage(async () => {
      loads++;
      if (fail) throw new Error("offline");
      return { Page };
    }, "Page");
    await expect(page.preload()).rejects.toThrow("offline");
    fail = false;
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(loads).toBe(2);
  });

  it("loads the real pages' code", async () => {
    const module = (await pages.PricingPage.preload()) as { PricingPage: unknown };
    expect(typeof module.PricingPage).toBe("function");
  });
});
