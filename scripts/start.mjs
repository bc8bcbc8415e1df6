// `npm start`: builds only when dist/ is missing or older than the sources, then runs the server in
// this same process (no second Node, so no second copy of the runtime in memory). A current build
// starts without the development dependencies (`npm ci --omit=dev` is enough to run one).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isBuildCurrent, writeBuildStamp } from "./build-stamp.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

if (!isBuildCurrent(root)) {
  const require = createRequire(path.join(root, "package.json"));
  const canBuild = ["vite", "typescript"].every((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return true;
    } catch {
      return false;
    }
  });
  if (!canBuild) {
    console.error(
      "The app in dist/ is missing or older than the sources, and building it needs the development tools.\n" +
        "Run `npm install` (it installs them), then `npm start` again.",
    );
    process.exit(1);
  }
  console.warn("Building the app (only when the sources changed)...");
  const npm = process.env.npm_execpath
    ? [process.execPath, [process.env.npm_execpath, "run", "build"]]
    : [process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]];
  const build = spawnSync(npm[0], npm[1], { stdio: "inherit", shell: process.platform === "win32" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeBuildStamp(root);
}

// npm runs this through `sh -c`, and a SIGTERM sent to npm (as `docker stop` or a process manager
// does) ends npm and that shell but never reaches us. Losing our parent means the same: shut down
// cleanly (main.js finishes in-flight requests, then stops the database).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 250).unref();

await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
