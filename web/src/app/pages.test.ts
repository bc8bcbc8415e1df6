import { describe, expect, it } from "vitest";
import { pageForPath, pages } from "./pages.ts";
import { lazyPage } from "./lazy-page.ts";

describe("page code splitting", () => {
  it("knows which page a link leads to, so pointing at it can fetch that page's code", () => {
    expect(pageForPath("/home")).toBe(pages.create);
    expect(pageForPath("/shows?after=x")).toBe(pages.shows);
    expect(pageForPath("/shows/42")).toBe(pages.showDetail);
    expect(pageForPath("/shows/42/narration")).toBe(pages.narrationEditor);
    expect(pageForPath("/shows/42/shots")).toBe(pages.shots);
    expect(pageForPath("/privacy")).toBe(pages.legal);
    expect(pageForPath("/staff")).toBe(pages.staffBoard);
    expect(pageForPath("/staff/shows")).toBe(pages.staffShows);
    expect(pageForPath("/staff/shows/42")).toBe(pages.staffShow);
    expect(pageForPath("/")).toBeUndefined();
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
    const module = (await pages.pricing.preload()) as { default: unknown };
    expect(typeof module.default).toBe("function");
  });
});
