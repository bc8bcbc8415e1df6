import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MediaInputError } from "./media-inputs.ts";
import { runTool, spawnTool, stopErrorOf, ToolAbortedError, ToolTimeLimitError } from "./tool-process.ts";
import { resolveVideoTools } from "./video-tools.ts";

/** The program a process runs now (its name in /proc), or null once it is gone. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/** Running, as opposed to gone or a zombie nobody has reaped yet (a container's PID 1 may never). */
function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== undefined && state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

describe("spawnTool", () => {
  it.runIf(process.platform === "linux")("takes ffmpeg down with a server killed by kill -9", async () => {
    const server = spawn(process.execPath, ["--import", "tsx", path.resolve("testing/spawn-tool-child.ts")], { stdio: ["ignore", "pipe", "inherit"] });
    const ffmpegPid = await new Promise<number>((resolve, reject) => {
      server.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      server.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(isRunning(ffmpegPid)).toBe(true);
    // setpriv sets the parent-death signal, then becomes ffmpeg: on a busy machine the pid is printed
    // before that, so wait until it is ffmpeg (a server killed in those first milliseconds is not the case here).
    for (let i = 0; i < 200 && commandOf(ffmpegPid) !== "ffmpeg"; i++) await new Promise((r) => setTimeout(r, 25));
    expect(commandOf(ffmpegPid)).toBe("ffmpeg");
    await new Promise((resolve) => {
      server.once("exit", resolve);
      server.kill("SIGKILL");
    });
    // The kernel delivers the parent-death signal as the parent goes; allow the scheduler a moment.
    for (let i = 0; i < 100 && isRunning(ffmpegPid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(ffmpegPid)).toBe(false);
  });

  it("runs a tool to its output, and reports a failure with its stderr", async () => {
    const { ffprobe, ffmpeg } = resolveVideoTools({});
    const { stdout } = await runTool(ffprobe, ["-version"], { maxBuffer: 1024 * 1024 });
    expect(stdout).toMatch(/ffprobe version/);
    await expect(runTool(ffmpeg, ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "nosuchsource", "-f", "null", "-"], { maxBuffer: 1024 * 1024 })).rejects.toThrow(
      /ffmpeg failed \(exit code 1\).*nosuchsource/s,
    );
  });

  it("refuses, before anything starts, an ffmpeg input it could not pin to a format", async () => {
    const { ffprobe } = resolveVideoTools({});
    await expect(runTool(ffprobe, ["-v", "error", "-i", "/no/such/file.webm"], { maxBuffer: 1024 })).rejects.toThrow(MediaInputError);
    await expect(runTool(ffprobe, ["-v", "error", "/no/such/file.webm"], { maxBuffer: 1024 })).rejects.toThrow(/must be given with -i/);
  });

  it("gives a program's standard input the text, which is never among its arguments", async () => {
    const { stdout } = await runTool("cat", [], { maxBuffer: 1024, input: "-f /etc/hostname" });
    expect(stdout).toBe("-f /etc/hostname");
  });
});

/** An ffmpeg that runs until stopped (a test pattern at real-time speed, written nowhere). */
const endless = ["-v", "error", "-nostdin", "-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=5", "-f", "null", "-"];

function closed(child: ReturnType<typeof spawnTool>) {
  return new Promise<void>((resolve) => child.once("close", () => resolve()));
}

describe("a run's limits", () => {
  const { ffmpeg } = resolveVideoTools({});

  it("stops a run at its time limit, as a clear error, and the program is gone", async () => {
    const child = spawnTool(ffmpeg, endless, { stdio: "ignore", timeoutMs: 300 });
    await closed(child);
    expect(stopErrorOf(child)).toBeInstanceOf(ToolTimeLimitError);
    expect(isRunning(child.pid!)).toBe(false);
    await expect(runTool(ffmpeg, endless, { maxBuffer: 1024 * 1024, timeoutMs: 300 })).rejects.toThrow(/ffmpeg ran past its time limit of 1 s and was stopped/);
  });

  it("stops a run when its request or job goes away", async () => {
    const controller = new AbortController();
    const child = spawnTool(ffmpeg, endless, { stdio: "ignore", signal: controller.signal });
    await new Promise((resolve) => child.once("spawn", resolve));
    expect(isRunning(child.pid!)).toBe(true);
    controller.abort(new Error("client went away"));
    await closed(child);
    expect(stopErrorOf(child)).toBeInstanceOf(ToolAbortedError);
    expect(isRunning(child.pid!)).toBe(false);

    const running = runTool(ffmpeg, endless, { maxBuffer: 1024 * 1024, signal: AbortSignal.timeout(300) });
    await expect(running).rejects.toBeInstanceOf(ToolAbortedError);
    // Already gone: nothing starts.
    await expect(runTool(ffmpeg, endless, { maxBuffer: 1024, signal: controller.signal })).rejects.toThrow(/ffmpeg was stopped: client went away/);
  });
});
