import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

/** An executable of that name on PATH, or undefined. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * setpriv (util-linux, present on every Debian and most Linux systems) asks the kernel to send the
 * tool SIGKILL when its parent dies (PR_SET_PDEATHSIG), which also covers kill -9 of this server,
 * where no exit handler runs. libuv forks from the event-loop thread, which lives as long as the process.
 */
const SETPRIV = process.platform === "linux" ? onPath("setpriv") : undefined;

/** Tools running right now, killed when this process exits (the fallback where setpriv is missing). */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Spawns ffmpeg/ffprobe so it never outlives this server. A command that does not exist is spawned
 * directly, so the caller still sees Node's ENOENT error rather than setpriv's exit code.
 */
export function spawnTool(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const wrapped = SETPRIV && (!command.includes("/") || isExecutable(command));
  const child = wrapped ? spawn(SETPRIV, ["--pdeathsig", "KILL", "--", command, ...args], options) : spawn(command, args, options);
  running.add(child);
  child.once("close", () => running.delete(child));
  child.once("error", () => running.delete(child));
  return child;
}

/** execFile's promise form on spawnTool: stdout and stderr, or an error carrying them. */
export function runTool(command: string, args: readonly string[], options: { maxBuffer: number }): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let overflow = false;
    const collect = (into: "out" | "err") => (chunk: Buffer) => {
      if (into === "out") stdout += chunk;
      else stderr += chunk;
      if (stdout.length + stderr.length > options.maxBuffer && !overflow) {
        overflow = true;
        child.kill("SIGKILL");
      }
    };
    child.stdout!.on("data", collect("out"));
    child.stderr!.on("data", collect("err"));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0 && !overflow) return resolve({ stdout, stderr });
      const reason = overflow ? "output too large" : signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(Object.assign(new Error(`${path.basename(command)} failed (${reason}): ${stderr.trim().slice(0, 500)}`), { code, stdout, stderr }));
    });
  });
}
