import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runTool } from "./tool-process.ts";
import { resolveVideoTools } from "./video-tools.ts";

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
    await new Promise((resolve) => {
      server.once("exit", resolve);
      server.kill("SIGKILL");
    });
    // The kernel delivers the parent-death signal as the parent goes; allow the scheduler a moment.
    for (let i = 0; i < 100 && isRunning(ffmpegPid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(ffmpegPid)).toBe(false);
  });

  it("runs a tool to its output, and reports a failure with its stderr", async () => {
    const { ffprobe } = resolveVideoTools({});
    const { stdout } = await runTool(ffprobe, ["-version"], { maxBuffer: 1024 * 1024 });
    expect(stdout).toMatch(/ffprobe version/);
    await expect(runTool(ffprobe, ["-v", "error", "/no/such/file.webm"], { maxBuffer: 1024 * 1024 })).rejects.toThrow(/No such file/);
  });
});
