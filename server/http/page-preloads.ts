import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CURRENT_USER_PATH, PAGE_ROUTES, pageDataForPath, type PageName } from "../../contracts/page-routes.ts";

/** One chunk of Vite's build manifest (`build.manifest`), as much of it as we read. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest in the built client (a dot folder, never served as a file). */
export const MANIFEST_FILE = path.join(".vite", "manifest.json");

/**
 * The signed-in user's answer, asked for while the app's bundle downloads rather than once it has run
 * (the client's own request then takes this response). Credentials as the client's fetch sends them, or
 * the browser would not match the two. Every page but the pre-rendered sign-in page asks for it.
 */
export const CURRENT_USER_PRELOAD = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${CURRENT_USER_PATH}">`;

/**
 * The API answers the page at `url` asks for as it opens (contracts/page-routes.ts, PAGE_DATA), as a
 * `Link` header of preloads, or undefined when it asks for none. A header, not links in the page: they
 * depend on the ids in the path, while the page's HTML is made and compressed once per page at start-up;
 * and the browser starts them on reading the headers, before the page's body. Credentials as the
 * client's fetch sends them (as for CURRENT_USER_PRELOAD), so its requests take these answers.
 */
export function dataPreloadHeader(url: string): string | undefined {
  const paths = pageDataForPath(url);
  return paths.length ? paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(", ") : undefined;
}

/** The chunk keys a chunk needs before it runs: itself and its static imports, all the way down. */
function staticClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * Each page's `<link rel="modulepreload">` elements: its chunk and every chunk that imports statically,
 * less what the app's entry already loads (the page names those itself). Written into the page the
 * server sends for the page's path, the browser fetches them beside the app's bundle; without them it
 * learns of them only once that bundle has downloaded and run. A page's chunk is the manifest key
 * ending in `/{name}.tsx` (contracts/page-routes.ts); a page the build does not have gets no links.
 */
export function preloadLinksByPage(manifest: BuildManifest): Map<PageName, string> {
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, loaded);
  const links = new Map<PageName, string>();
  for (const [name] of PAGE_ROUTES) {
    const key = Object.keys(manifest).find((candidate) => candidate.endsWith(`/${name}.tsx`));
    if (!key) continue;
    const files = [...staticClosure(manifest, key)].filter((chunk) => !loaded.has(chunk)).map((chunk) => manifest[chunk]!.file);
    links.set(name, files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(""));
  }
  return links;
}

/** The built client's manifest, or an empty one when the build has none (then no page gets links). */
export function readBuildManifest(webRoot: string): BuildManifest {
  const file = path.join(webRoot, MANIFEST_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BuildManifest) : {};
}
