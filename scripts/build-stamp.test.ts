import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isBuildCurrent, writeBuildStamp } from "./build-stamp.mjs";

/** A checkout in miniature: sources and a finished build. */
function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), "ss-stamp-"));
  const files: Record<string, string> = {
    "package.json": "{}",
    "package-lock.json": "{}",
    "server/main.ts": "export {};",
    "server/main.test.ts": "test",
    "web/src/App.tsx": "export {};",
    "dist/server/main.js": "",
    "dist/web/index.html": "",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("the build stamp npm start checks", () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("calls a build current until a source it was built from changes", () => {
    const root = checkout();
    roots.push(root);
    expect(isBuildCurrent(root)).toBe(false);
    writeBuildStamp(root);
    expect(isBuildCurrent(root)).toBe(true);

    // New times alone (a fresh clone, a branch switched back) and tests do not call for a build.
    utimesSync(path.join(root, "server/main.ts"), new Date(), new Date(Date.now() + 60_000));
    writeFileSync(path.join(root, "server/main.test.ts"), "another test");
    expect(isBuildCurrent(root)).toBe(true);

    writeFileSync(path.join(root, "web/src/App.tsx"), "export const changed = 1;");
    expect(isBuildCurrent(root)).toBe(false);
    writeBuildStamp(root);
    writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it("never calls a partial build current", () => {
    const root = checkout();
    roots.push(root);
    writeBuildStamp(root);
    rmSync(path.join(root, "dist/web/index.html"));
    expect(isBuildCurrent(root)).toBe(false);
  });
});
