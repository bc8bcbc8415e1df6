/**
 * A stand-in server for server/media/tool-process.test.ts: starts an endless ffmpeg through spawnTool,
 * prints its pid, and waits to be killed.
 */
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { spawnTool } from "../server/media/tool-process.ts";

const { ffmpeg } = resolveVideoTools({});
const child = spawnTool(ffmpeg, ["-v", "error", "-nostdin", "-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=5", "-f", "null", "-"], {
  stdio: "ignore",
});
console.log(String(child.pid));
setInterval(() => undefined, 60_000);
