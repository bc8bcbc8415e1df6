import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer as createNetServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshDatabase as freshTestDatabase } from "./test-database.ts";

/**
 * Pieces for running the built app as several processes, as in production: web instances and render
 * workers started exactly as `node dist/server/main.js` / `node dist/server/worker.js`, a database of
 * their own on PostgreSQL, and a TCP proxy in front of it that a test can cut to "stop the database".
 */
const root = path.resolve(import.meta.dirname, "..");

export function assertBuilt() {
  for (const file of ["dist/server/main.js", "dist/server/worker.js"]) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh, empty PostgreSQL database named `name` next to TEST_DATABASE_URL's; returns its URL. */
export async function freshDatabase(name: string): Promise<URL> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("The cluster needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
  return new URL(await freshTestDatabase(base, name.replace(/[^a-z0-9_]/g, "_")));
}

export interface TcpProxy {
  port: number;
  /** Refuses new connections and cuts every open one, as a stopped server would. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:port to target; stop()/start() keep the port. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createNetServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    if (!server) return;
    const running = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await start();
  return { port, start, stop, close: stop };
}

export interface AppProcess {
  name: string;
  /** Web instances only. */
  baseURL?: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
  stop(): Promise<void>;
  /** Dies at once, as a crashed machine would. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/** Starts `node dist/server/<entry>.js` with `env` on top of a production environment. */
export async function startAppProcess(
  name: string,
  entry: "main" | "worker",
  env: Record<string, string>,
): Promise<AppProcess> {
  const port = entry === "main" ? await freePort() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), `summer-stories-${name}-`));
  const child = spawn(process.execPath, [path.join(root, `dist/server/${entry}.js`)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // A worker says "render worker ready" at info level; web instances stay quiet.
      LOG_LEVEL: entry === "worker" ? "info" : "warn",
      ...(port !== undefined ? { PORT: String(port) } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const baseURL = port !== undefined ? `http://127.0.0.1:${port}` : undefined;
  const proc: AppProcess = {
    name,
    baseURL,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.kill("SIGTERM");
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
  };
  if (baseURL) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`${name} was not ready within 120 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } else {
    // A worker logs one line when it is ready.
    const deadline = Date.now() + 120_000;
    while (!output.includes("render worker ready")) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${name} did not start within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return proc;
}

/** Process-group-free RSS of one process in bytes (Linux), for memory figures. */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}
