// What `npm start` checks before starting: is dist/ built from exactly the sources in this checkout?
// The fingerprint is a hash of every file the build reads (contents, not times: a fresh clone or a
// branch switch leaves times that mean nothing). Tests are left out; they are not part of the build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE_DIRS = ["web", "server", "contracts", "db"];
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.base.json",
  "tsconfig.server.json",
  "tsconfig.web.json",
  "scripts/precompress.ts",
  "scripts/prerender.ts",
  "scripts/build-server.mjs",
  "scripts/copy-assets.mjs",
];
const NOT_BUILT = /\.test\.(ts|tsx)$|(^|\/)README\.md$/;
export const STAMP_FILE = "dist/build-stamp.json";

function* filesUnder(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, rel);
    else if (entry.isFile() && !NOT_BUILT.test(rel)) yield rel;
  }
}

/** A hash of every input of `npm run build`, relative to `root`. */
export function buildFingerprint(root = process.cwd()) {
  const hash = createHash("sha256");
  const files = [...SOURCE_DIRS.flatMap((dir) => [...filesUnder(root, dir)]), ...SOURCE_FILES.filter((f) => existsSync(path.join(root, f)))];
  for (const file of files) {
    hash.update(file).update("\0").update(readFileSync(path.join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

/** True when dist/ holds a complete build of the current sources. */
export function isBuildCurrent(root = process.cwd()) {
  const stamp = path.join(root, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(path.join(root, "dist/server/main.js")) || !existsSync(path.join(root, "dist/web/index.html"))) {
    return false;
  }
  try {
    return JSON.parse(readFileSync(stamp, "utf8")).fingerprint === buildFingerprint(root);
  } catch {
    return false;
  }
}

export function writeBuildStamp(root = process.cwd()) {
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ fingerprint: buildFingerprint(root) })}\n`);
}

// `npm run build` clears the stamp first (a build cut short is never taken as current) and writes it last.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === "clear") rmSync(STAMP_FILE, { force: true });
  else writeBuildStamp();
}
