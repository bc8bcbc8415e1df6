import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/* The embedded server's processes as the operating system sees them: who it runs as, and a server left running. */

/** PostgreSQL refuses to run as root; then it runs as `nobody`, which must be able to reach its files. */
export function serverIdentity(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  let uid = 65534;
  let gid = 65534;
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("nobody:"));
    if (line) {
      const fields = line.split(":");
      uid = Number(fields[2]);
      gid = Number(fields[3]);
    }
  } catch {
    // No passwd file: the conventional ids.
  }
  return { uid, gid };
}

/** True when a user who is neither owner nor in the group may pass through every folder above `file`. */
export function othersCanReach(file: string): boolean {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return true;
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    // No /proc (macOS): trust the pid file, as pg_ctl does.
    return isAlive(pid);
  }
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** Which app started the running server, and where its socket is (written next to the cluster). */
export interface OwnerRecord {
  appPid: number;
  socketDir: string;
}

/**
 * A server left running by an app that was killed (kill -9, a crash) is stopped before a new one
 * starts; one whose app is still alive means two apps share DATA_DIR, which is refused.
 */
export async function stopLeftoverServer(dir: string, ownerFile: string, log: (line: string) => void) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  let owner: OwnerRecord | undefined;
  try {
    owner = JSON.parse(readFileSync(ownerFile, "utf8")) as OwnerRecord;
  } catch {
    owner = undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return;
  if (owner && owner.appPid !== process.pid && isAlive(owner.appPid)) {
    throw new Error(`${dir} is in use by another running Summer Stories (process ${owner.appPid}); stop it or use another DATA_DIR`);
  }
  log(`stopping the database server (process ${pid}) left running by an app that did not shut down`);
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, "SIGKILL");
    await waitForExit(pid, 5_000);
  }
  if (owner?.socketDir) rmSync(owner.socketDir, { recursive: true, force: true });
}
