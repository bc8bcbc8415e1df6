import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_DATA, PAGE_ROUTES, pageDataForPath } from "../../contracts/page-routes.ts";
import { dataPreloadHeader, preloadLinksByPage, type BuildManifest } from "./page-preloads.ts";

/** A manifest as Vite writes it: the entry, two pages sharing a chunk, and the entry's own chunks. */
const MANIFEST: BuildManifest = {
  "index.html": { file: "assets/index-a1.js", isEntry: true, imports: ["_react-b2.js"] },
  "_react-b2.js": { file: "assets/react-b2.js" },
  "src/features/shows/ShowsPage.tsx": { file: "assets/ShowsPage-c3.js", imports: ["index.html", "_react-b2.js", "_schemas-d4.js"] },
  "src/features/create/CreatePage.tsx": { file: "assets/CreatePage-e5.js", imports: ["index.html", "_recorder-f6.js"] },
  "_recorder-f6.js": { file: "assets/recorder-f6.js", imports: ["_schemas-d4.js", "_recorder-f6.js"] },
  "_schemas-d4.js": { file: "assets/schemas-d4.js" },
};

const hrefs = (links: string | undefined) => [...(links ?? "").matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("preloadLinksByPage", () => {
  it("names a page's chunk and everything it imports statically, less what the entry loads, each once", () => {
    const links = preloadLinksByPage(MANIFEST);
    expect(hrefs(links.get("ShowsPage"))).toEqual(["/assets/ShowsPage-c3.js", "/assets/schemas-d4.js"]);
    expect(hrefs(links.get("CreatePage"))).toEqual(["/assets/CreatePage-e5.js", "/assets/recorder-f6.js", "/assets/schemas-d4.js"]);
  });

  it("gives no links to a page the build does not have, and none at all without a manifest", () => {
    expect(preloadLinksByPage(MANIFEST).has("StaffBoardPage")).toBe(false);
    expect(preloadLinksByPage({}).size).toBe(0);
  });

  it("finds every page of the route table as a module of the same name in the client's source", () => {
    const root = path.resolve("web/src");
    const modules = (readdirSync(root, { recursive: true }) as string[]).map((file) => path.basename(file));
    for (const [name] of PAGE_ROUTES) expect(modules.filter((file) => file === `${name}.tsx`), name).toHaveLength(1);
  });
});

describe("pageDataForPath and dataPreloadHeader", () => {
  it("builds a page's API answers from the ids in its path, in the route's order", () => {
    expect(pageDataForPath("/shows/7/shots")).toEqual(PAGE_DATA.ShotsPage!([7]));
    expect(pageDataForPath("/shows/7/shots")).toContain("/api/recordings/7/shots");
    expect(pageDataForPath("/staff/shows/41")[0]).toBe("/api/staff/shows/41");
  });

  it("names nothing for an id that cannot be one (no markup or other path can get into the header), a query, or another page", () => {
    for (const path of ["/shows/0", "/shows/2147483648", "/shows/1e3", "/shows/%3Cscript%3E", "/shows/7?x=1", "/shows/7#top", "/pricing", "/nowhere"]) {
      expect(pageDataForPath(path), path).toEqual([]);
      expect(dataPreloadHeader(path), path).toBeUndefined();
    }
  });

  it("writes each answer as a credentialed fetch preload, as the client's own requests are made", () => {
    expect(dataPreloadHeader("/voice-settings")).toBe(
      PAGE_DATA.VoiceSettingsPage!([]).map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(", "),
    );
  });
});
