import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { builtinModules } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { isBuildCurrent } from "../scripts/build-stamp.mjs";
import { buildCredentials } from "../testing/factories.ts";
import { isAlive } from "../testing/processes.ts";
import { freePort, newDataDir } from "./support/server.ts";

/** `npm start` without npm in front: the script it runs. */
function startApp(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitForAnswer(baseURL: string, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/app-info`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Bare package names imported by the built server (node: builtins and relative paths left out). */
function packagesImportedBy(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of code.matchAll(/(?:from\s+|import\(\s*|require\(\s*|require\.resolve\(\s*)["']([^"'.][^"']*)["']/g)) {
      const spec = match[1]!;
      if (spec.startsWith("node:") || builtinModules.includes(spec)) continue;
      const parts = spec.split("/");
      names.add(spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
  }
  return names;
}

describe("npm start", () => {
  const running: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of running.splice(0)) {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited(child);
      }
    }
  });

  it("starts a current build as it is, with nothing but the runtime dependencies", async () => {
    expect(isBuildCurrent(), "dist/ must be built from these sources (npm run build)").toBe(true);

    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const runtime = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})]);
    const imported = [...packagesImportedBy("dist/server"), ...packagesImportedBy("dist/db"), ...packagesImportedBy("dist/contracts")];
    expect(imported.length).toBeGreaterThan(5);
    expect(imported.filter((name) => !runtime.has(name))).toEqual([]);
    for (const script of ["scripts/start.mjs", "scripts/build-stamp.mjs"]) {
      const specs = [...readFileSync(script, "utf8").matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1]!);
      expect(specs.filter((s) => !s.startsWith("node:") && !s.startsWith("./")), script).toEqual([]);
    }

    const port = await freePort();
    const app = startApp({ PORT: String(port), DATA_DIR: newDataDir() });
    running.push(app.child);
    await waitForAnswer(`http://127.0.0.1:${port}`, app.child, app.output);
    expect(app.output()).not.toMatch(/Building/);
  });

  it("on SIGTERM finishes the request in flight, stops its database and exits cleanly", async () => {
    const port = await freePort();
    const dataDir = newDataDir();
    const app = startApp({ PORT: String(port), DATA_DIR: dataDir });
    running.push(app.child);
    await waitForAnswer(`http://127.0.0.1:${port}`, app.child, app.output);
    const owner = JSON.parse(readFileSync(path.join(dataDir, "postgres.owner.json"), "utf8"));
    const serverPid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(owner.appPid).toBe(app.child.pid);

    // A registration whose body is still arriving when the signal comes.
    const body = JSON.stringify(buildCredentials());
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, method: "POST", path: "/api/register", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        app.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });

    const answer = await response;
    expect(answer.status, answer.body).toBe(201);
    expect(await exited(app.child)).toBe(0);
    expect(isAlive(serverPid)).toBe(false);
    expect(existsSync(path.join(dataDir, "postgres.owner.json"))).toBe(false);
  });
});
