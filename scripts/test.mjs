#!/usr/bin/env node
/**
 * `npm test`: every suite, in two vitest processes side by side, then one report.
 * - units: the server suite (PGlite, and PostgreSQL with TEST_DATABASE_URL), its files spread over the
 *   cores. It needs no build, so it starts at once, and it is the longest chain.
 * - browser: `npm run build`, then the end-to-end files (and with TEST_DATABASE_URL the cluster test)
 *   one at a time, since each drives Chromium against a running app.
 * - web: the web suite (jsdom), after whichever of the two above finishes first.
 * One vitest process cannot overlap the two: its files without file parallelism run in a group of their
 * own after all the others (decision 029c). Each process writes a blob report; `--merge-reports` then
 * prints the whole run once and takes the reporters given after `--` (CI adds a JSON report).
 * Exit status: non-zero when the build or any test failed.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";

const REPORTS = ".vitest-reports";
const vitest = ["node_modules/vitest/vitest.mjs"];
const extraReporters = process.argv.slice(2);
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Runs a command with each line of its output prefixed by `label` (two run at once), resolving to its exit code. */
function run(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" } });
    const prefix = (stream, out) => {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`[${label}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Each process reports as it goes (a line a file) and keeps a blob for the merged report.
const blob = (name) => ["--reporter=blob", `--outputFile.blob=${REPORTS}/${name}.json`, "--reporter=default"];

rmSync(REPORTS, { recursive: true, force: true });
// Two unit workers on two cores, beside the browser process (which mostly waits on Chromium and the app).
const unitWorkers = String(Math.max(2, availableParallelism() - 1));
const units = run("units", process.execPath, [
  ...vitest, "run", "--project", "server*", `--maxWorkers=${unitWorkers}`, ...blob("units"),
]);
const browser = run("build", "npm", ["run", "build"]).then((built) =>
  built !== 0
    ? built
    : run("browser", process.execPath, [...vitest, "run", "--project", "e2e", ...(withPostgres ? ["--project", "cluster"] : []), ...blob("browser")]),
);
// The web suite (about a minute) follows whichever of the two finishes first, so it never lengthens the
// longer one: either can be the critical path (decision 029c).
const web = Promise.race([units, browser]).then(() => run("web", process.execPath, [...vitest, "run", "--project", "web", ...blob("web")]));
const [unitsStatus, browserStatus, webStatus] = await Promise.all([units, browser, web]);

// The whole run, once, with the reporters asked for (the default one when none are).
const merged = await new Promise((resolve) => {
  const args = [...vitest, "run", `--merge-reports=${REPORTS}`, ...(extraReporters.length ? extraReporters : ["--reporter=default"])];
  spawn(process.execPath, args, { stdio: "inherit" }).on("exit", (code) => resolve(code ?? 1));
});
process.exit(unitsStatus || browserStatus || webStatus || merged ? 1 : 0);
