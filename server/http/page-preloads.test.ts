import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../contracts/page-routes.ts";
import { preloadLinksByPage, type BuildManifest } from "./page-preloads.ts";

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
