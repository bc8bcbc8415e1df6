import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { setPriority } from "node:os";
import { guardMediaInputs, isMediaTool } from "./media-inputs.ts";

/**
 * The one place the server starts other programs (eslint refuses node:child_process anywhere else).
 * What it promises every call site:
 * - arguments are the server's own: text a camper wrote goes on standard input (`input`), never
 *   among them, so it can never be read as an option;
 * - ffmpeg and ffprobe read each input with its format pinned and only the file and pipe protocols
 *   (media-inputs.ts), so a crafted upload cannot make them open URLs or other files;
 * - a run stops (SIGKILL) at its time limit or when its request or job goes (`timeoutMs`, `signal`);
 * - no tool outlives this server.
 */

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

/** A run stopped at its time limit. */
export class ToolTimeLimitError extends Error {
  constructor(
    readonly tool: string,
    readonly limitMs: number,
  ) {
    super(`${tool} ran past its time limit of ${Math.ceil(limitMs / 1000)} s and was stopped`);
  }
}

/** A run stopped because the request or job it served went away. */
export class ToolAbortedError extends Error {
  constructor(tool: string, reason: unknown) {
    super(`${tool} was stopped: ${reason instanceof Error ? reason.message : String(reason ?? "aborted")}`);
  }
}

export interface ToolLimits {
  /** Stops the run (SIGKILL) after this long; the run then fails with a ToolTimeLimitError. */
  timeoutMs?: number;
  /** Stops the run (SIGKILL) when this aborts; the run then fails with a ToolAbortedError. */
  signal?: AbortSignal;
  /**
   * For a service that is stopped explicitly and cleans up after itself (the embedded database): not
   * killed with this server, and no time limit needed.
   */
  outlivesServer?: boolean;
  /**
   * Background work (a show's video prepared ahead): the program runs at the lowest CPU priority (nice 19,
   * inherited by the threads it starts), so a camper's render on the same machine is hardly slowed by it.
   */
  lowPriority?: boolean;
}

const stopped = new WeakMap<ChildProcess, Error>();

/** Why spawnTool stopped this child (its time limit or its signal), or undefined. */
export function stopErrorOf(child: ChildProcess): Error | undefined {
  return stopped.get(child);
}

/**
 * Starts a program so it never outlives this server, with ffmpeg/ffprobe inputs guarded and the
 * run's limits applied. A command that does not exist is spawned directly, so the caller still sees
 * Node's ENOENT error rather than setpriv's exit code. Throws a MediaInputError (before anything
 * starts) for an ffmpeg input it may not read, a ToolAbortedError when the signal has already aborted.
 */
export function spawnTool(command: string, args: readonly string[], options: Omit<SpawnOptions, "signal" | "timeout"> & ToolLimits): ChildProcess {
  const { timeoutMs, signal, outlivesServer, lowPriority, ...spawnOptions } = options;
  const name = path.basename(command);
  if (signal?.aborted) throw new ToolAbortedError(name, signal.reason);
  const finalArgs = isMediaTool(command) ? guardMediaInputs(args) : [...args];
  const wrapped = !outlivesServer && SETPRIV && (!command.includes("/") || isExecutable(command));
  const child = wrapped ? spawn(SETPRIV, ["--pdeathsig", "KILL", "--", command, ...finalArgs], spawnOptions) : spawn(command, finalArgs, spawnOptions);
  const stop = (error: Error) => {
    if (child.exitCode !== null || child.signalCode !== null || stopped.has(child)) return;
    stopped.set(child, error);
    child.kill("SIGKILL");
  };
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => stop(new ToolTimeLimitError(name, timeoutMs)), timeoutMs);
  const onAbort = () => stop(new ToolAbortedError(name, signal?.reason));
  signal?.addEventListener("abort", onAbort, { once: true });
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    running.delete(child);
  };
  if (lowPriority && child.pid !== undefined) {
    // Set before the program has started its encoder threads (spawn returns once it is exec'd), so they inherit it.
    try {
      setPriority(child.pid, 19);
    } catch {
      // The process already ended: nothing to lower.
    }
  }
  if (!outlivesServer) running.add(child);
  child.once("close", done);
  child.once("error", done);
  return child;
}

export interface RunToolOptions extends ToolLimits, Pick<SpawnOptions, "cwd" | "env" | "uid" | "gid"> {
  /** Most bytes of output (stdout and stderr together) before the run is stopped as failed. */
  maxBuffer: number;
  /** Written to the program's standard input, which is then closed: where a camper's text goes. */
  input?: string | Buffer;
}

export interface ToolOutput<T extends string | Buffer> {
  stdout: T;
  stderr: string;
}

/** execFile's promise form on spawnTool: stdout and stderr, or an error carrying them. */
export function runTool(command: string, args: readonly string[], options: RunToolOptions & { encoding: "buffer" }): Promise<ToolOutput<Buffer>>;
export function runTool(command: string, args: readonly string[], options: RunToolOptions & { encoding?: "utf8" }): Promise<ToolOutput<string>>;
export function runTool(command: string, args: readonly string[], options: RunToolOptions & { encoding?: "buffer" | "utf8" }): Promise<ToolOutput<string | Buffer>> {
  return new Promise((resolve, reject) => {
    const { maxBuffer, input, encoding, ...spawnOptions } = options;
    const child = spawnTool(command, args, { ...spawnOptions, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBuffer) {
        if (!overflow) child.kill("SIGKILL");
        overflow = true;
        return;
      }
      into.push(chunk);
    };
    child.stdout!.on("data", collect(out));
    child.stderr!.on("data", collect(err));
    if (input !== undefined) {
      // A program that exits without reading all of it closes the pipe: its exit code tells why.
      child.stdin!.on("error", () => undefined);
      child.stdin!.end(input);
    }
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const stdout = encoding === "buffer" ? Buffer.concat(out) : Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      const stop = stopErrorOf(child);
      if (stop) return reject(Object.assign(stop, { code, stdout, stderr }));
      if (code === 0 && !overflow) return resolve({ stdout, stderr });
      const reason = overflow ? "output too large" : signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(Object.assign(new Error(`${path.basename(command)} failed (${reason}): ${stderr.trim().slice(0, 500)}`), { code, stdout, stderr }));
    });
  });
}

/** Whether a program runs and exits 0 (a check made once at start-up, so synchronous). */
export function toolRuns(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { stdio: "ignore", timeout: 10_000 }).status === 0;
}
