import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../../e2e/support/server.ts";

export const MiB = 1024 * 1024;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory (MiB) of a process and every process below it, however detached (the embedded database). */
export function treeRssMiB(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let kib = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kib += Number(match?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return kib / 1024;
}

/** Samples a process tree's memory until stopped; `peak` is the highest sample. */
export function sampleRss(rootPid: number, everyMs = 100) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(rootPid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssMiB(rootPid));
    },
  };
}

/** The Node process serving the app under `npm start` (npm -> sh -> node), or the process itself. */
function appPid(rootPid: number): number | undefined {
  let pid = rootPid;
  for (let depth = 0; depth < 3; depth++) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes("start.mjs") || cmdline.includes("main.js")) return pid;
      const child = readdirSync(`/proc/${pid}/task/${pid}`).includes("children")
        ? Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0])
        : NaN;
      if (!child) return undefined;
      pid = child;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface StartedApp {
  pid: number;
  baseURL: string;
  /** Milliseconds from spawn to the first answer of GET /api/app-info. */
  firstAnswerMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the app as a camper does (`npm start`, so npm itself is in the measured tree) or as
 * `node dist/server/main.js`, in its own process group, and waits for its first answer.
 */
export async function startApp(options: { env: Record<string, string>; via: "npm start" | "node" }): Promise<StartedApp> {
  const port = await freePort();
  const started = performance.now();
  const [command, args] = options.via === "npm start" ? ["npm", ["start", "--silent"]] : [process.execPath, ["dist/server/main.js"]];
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/app-info`)).ok) break;
    } catch {
      // not yet
    }
    await sleep(25);
  }
  const firstAnswerMs = performance.now() - started;
  return {
    pid: child.pid!,
    baseURL,
    firstAnswerMs,
    output: () => output,
    async stop() {
      // As a terminal's Ctrl-C or a process manager would: the whole group, then wait for every process.
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // already gone
        }
      };
      const app = appPid(child.pid!);
      signal("SIGTERM");
      const deadline = Date.now() + 60_000;
      while ((app !== undefined && treeRssMiB(app) > 0) || treeRssMiB(child.pid!) > 0) {
        if (Date.now() > deadline) {
          signal("SIGKILL");
          break;
        }
        await sleep(50);
      }
    },
  };
}

/** A new, empty database on the PostgreSQL at `baseUrl`, for one benchmark run. */
export { freshDatabase } from "../../testing/test-database.ts";

/** The data folders of one bench's app runs: `make` a new one (`prefix-…` in the temp folder), `removeAll` at the end. */
export function benchDataDirs(prefix: string) {
  const made: string[] = [];
  return {
    make(): string {
      const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
      made.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL the benchmarks compare against (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else local). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
export const median = (xs: number[]) => percentile(xs, 50);
