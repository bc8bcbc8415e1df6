import path from "node:path";
import { RENDER_MESSAGES } from "../../../contracts/renders.ts";
import { renderTimeLimitMs } from "../../media/time-limits.ts";
import { spawnTool, stopErrorOf, ToolTimeLimitError } from "../../media/tool-process.ts";
import { RenderFailure } from "./render-errors.ts";

export interface RenderFfmpegRun {
  ffmpeg: string;
  args: string[];
  /** Seconds of video the run makes: its time limit and its progress are measured against it. */
  durationSeconds: number;
  /** The work folder, holding the run's fonts.conf (written by the renderer). */
  cwd: string;
  signal: AbortSignal;
  /** A preparation ahead runs at the lowest priority, so it never slows a camper's render. */
  lowPriority?: boolean;
  /** The run's share of its job's progress, 0 to 1, at most once a second; absent, nobody reads it. */
  onProgress?: (done: number) => void;
  log?: { error(obj: object, msg: string): void };
  jobId: number;
}

/**
 * Runs one ffmpeg of a render; resolves with the end of its log. Its failures become plain messages
 * (ffmpeg's own words, with paths and codecs, go to the admin's log, never to the camper).
 */
export function runRenderFfmpeg(run: RenderFfmpegRun): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawnTool(run.ffmpeg, run.args, {
      cwd: run.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FONTCONFIG_FILE: path.join(run.cwd, "fonts.conf") },
      timeoutMs: renderTimeLimitMs(run.durationSeconds),
      signal: run.signal,
      lowPriority: run.lowPriority ?? false,
    });
    let stderr = "";
    let lastReport = 0;
    child.stderr!.on("data", (d: Buffer) => {
      // The end is kept: errors and loudnorm's figures come last.
      stderr = (stderr + d.toString()).slice(-64 * 1024);
    });
    child.stdout!.on("data", (d: Buffer) => {
      const match = /out_time_(?:us|ms)=(\d+)/.exec(d.toString());
      if (!match || !run.onProgress || Date.now() - lastReport < 1000) return;
      lastReport = Date.now();
      run.onProgress(Math.min(1, Number(match[1]) / 1e6 / run.durationSeconds));
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return reject(new RenderFailure("The video tool (ffmpeg) is missing on the server. Ask your camp leader."));
      run.log?.error({ err: error, jobId: run.jobId }, "the video tool could not start");
      reject(new RenderFailure(RENDER_MESSAGES.couldNotFinish));
    });
    child.on("close", (code, signal) => {
      if (code === 0) return resolve(stderr);
      const stopped = stopErrorOf(child);
      if (stopped instanceof ToolTimeLimitError) {
        return reject(new RenderFailure("This video took far longer to make than it should, so it was stopped. Please try again; if it happens again, try fewer or shorter clips."));
      }
      if (stopped) return reject(new RenderFailure("The render was stopped"));
      if (/No space left on device/i.test(stderr)) return reject(new RenderFailure("The server ran out of disk space while rendering. Ask your camp leader to free some space, then try again."));
      run.log?.error({ jobId: run.jobId, exitCode: code, signal, ffmpeg: stderr.slice(-4000) }, "ffmpeg failed to render");
      reject(new RenderFailure(RENDER_MESSAGES.couldNotFinish));
    });
  });
}
