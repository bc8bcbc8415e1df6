import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Credentials } from "../../testing/factories.ts";
import { TEST_X264_PRESET } from "../../testing/render-speed.ts";

/** The built server, started exactly as `npm start` starts it after building. */
const ENTRY = path.resolve("dist/server/main.js");

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  port: number;
  /** The server process's id. */
  pid: number;
  stop(): Promise<void>;
  /** kill -9: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "summer-stories-e2e-"));
}

export async function startServer(
  options: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? newDataDir();
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", RENDER_X264_PRESET: TEST_X264_PRESET, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/app-info`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseURL,
    dataDir,
    port,
    pid: child.pid!,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}

/**
 * A server whose database already holds a staff account. Staff come only from the command line (as the
 * README says), run before the server opens the embedded database.
 */
export async function startServerWithStaff(staff: Credentials): Promise<RunningServer> {
  const dataDir = newDataDir();
  await promisify(execFile)(process.execPath, [path.resolve("dist/server/cli/staff.js"), "add", staff.username, "--admin"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, STAFF_PASSWORD: staff.password, LOG_LEVEL: "warn" },
  });
  return startServer({ dataDir });
}
