import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crafted, listeningServer } from "../../testing/crafted-media.ts";
import { audioFixture, webmFixture } from "../../testing/media-fixtures.ts";
import { guardMediaInputs, MediaInputError, PROTOCOL_WHITELIST } from "./media-inputs.ts";
import { runTool } from "./tool-process.ts";
import { hasAudioStream, probeAudioDuration, remux, resolveVideoTools } from "./video-tools.ts";

const tools = resolveVideoTools({});
let work: string;
let server: Awaited<ReturnType<typeof listeningServer>>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "media-inputs-"));
  server = await listeningServer();
  await writeFile(path.join(work, "clip.webm"), await webmFixture(2));
  // Named like nothing: the format comes from the bytes, not the name.
  await writeFile(path.join(work, "tone"), await audioFixture(3, "mp3"));
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe("guardMediaInputs", () => {
  it("names each input's format from its own first bytes and allows only the file and pipe protocols", () => {
    const clip = path.join(work, "clip.webm");
    const tone = path.join(work, "tone");
    const args = guardMediaInputs(["-v", "error", "-ss", "1", "-i", clip, "-i", tone, "-f", "mp4", "out.mp4"]);
    expect(args).toEqual([
      "-v", "error", "-ss", "1", "-f", "matroska,webm", "-protocol_whitelist", PROTOCOL_WHITELIST, "-i", clip,
      "-f", "mp3", "-protocol_whitelist", PROTOCOL_WHITELIST, "-i", tone,
      "-f", "mp4", "out.mp4",
    ]);
    // A format the caller names (one we allow) is kept; lavfi sources have no file to read.
    expect(guardMediaInputs(["-f", "lavfi", "-i", "sine=d=1", "-f", "null", "-"])).toEqual([
      "-f", "lavfi", "-protocol_whitelist", PROTOCOL_WHITELIST, "-i", "sine=d=1", "-f", "null", "-",
    ]);
  });

  it("reads a photo section's JPEG with jpeg_pipe (the one file given, never image2's patterns)", async () => {
    const photo = path.join(work, "photo%d");
    await runTool(tools.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", "-f", "mjpeg", photo], { maxBuffer: 1024 * 1024 });
    expect(guardMediaInputs(["-an", "-i", photo])).toEqual(["-an", "-f", "jpeg_pipe", "-protocol_whitelist", PROTOCOL_WHITELIST, "-i", photo]);
  });

  it("reads a render's joined video parts as MPEG-TS when the caller names it (one file, no lists)", () => {
    expect(guardMediaInputs(["-f", "mpegts", "-i", "video.ts"])).toEqual(["-f", "mpegts", "-protocol_whitelist", PROTOCOL_WHITELIST, "-i", "video.ts"]);
  });

  it("refuses formats that open other files or URLs, other protocols, unknown files and unpinned inputs", async () => {
    const clip = path.join(work, "clip.webm");
    for (const format of ["concat", "hls", "image2", "tee"]) {
      expect(() => guardMediaInputs(["-f", format, "-i", clip])).toThrow(MediaInputError);
    }
    expect(() => guardMediaInputs(["-protocol_whitelist", "file,http,tcp", "-i", clip])).toThrow(/only the protocols file,pipe/);
    const playlist = path.join(work, "playlist.m3u8");
    await writeFile(playlist, "#EXTM3U\n#EXTINF:10,\nhttp://127.0.0.1:9/a.ts\n");
    expect(() => guardMediaInputs(["-i", playlist])).toThrow(/not a kind of media file this server reads/);
    expect(() => guardMediaInputs(["-i", "http://127.0.0.1:9/a.webm"])).toThrow(/needs its format named/);
    expect(() => guardMediaInputs(["-v", "error", clip])).toThrow(/must be given with -i/);
  });

  it("lets ffmpeg draw a card from a filter alone, and ffprobe still never opens a bare file", async () => {
    const card = path.join(work, "card.ts");
    const args = ["-v", "error", "-y", "-filter_complex", "color=c=0x1f3a5f:s=320x240:r=30:d=1[v]", "-map", "[v]", "-f", "mpegts", card];
    expect(guardMediaInputs(args)).toEqual(args);
    await runTool(tools.ffmpeg, args, { maxBuffer: 1024 * 1024 });
    const { stdout } = await runTool(tools.ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", "-f", "mpegts", "-i", card], { maxBuffer: 1024 * 1024 });
    expect(String(stdout)).toMatch(/^video/);
    await expect(runTool(tools.ffprobe, ["-v", "error", "-filter_complex", "x", path.join(work, "clip.webm")], { maxBuffer: 1024 })).rejects.toThrow();
  });
});

describe("the ffmpeg a camp configures", () => {
  it("has its inputs guarded whatever its file is called", async () => {
    const encoder = path.join(work, "encoder");
    await symlink(tools.ffmpeg, encoder);
    const configured = resolveVideoTools({ ffmpegPath: encoder });
    const playlist = path.join(work, "list.txt");
    await writeFile(playlist, "ffconcat version 1.0\nfile clip.webm\n");
    await expect(runTool(configured.ffmpeg, ["-v", "error", "-i", playlist, "-f", "null", "-"], { maxBuffer: 1024 })).rejects.toThrow(MediaInputError);
  });
});

describe("crafted media through the video tools", () => {
  // A file of this server's that a list could name: a camper's recording (WebM/Opus copies into WebM).
  let planted: string;
  beforeAll(async () => {
    // .mkv: an extension the HLS reader accepts for a segment.
    planted = path.join(work, "planted.mkv");
    await writeFile(planted, await audioFixture(3, "webm"));
  });

  it("never follows an HLS playlist behind an ID3 tag: no request leaves the server, no file is read", async () => {
    for (const segment of [planted, `${server.url}/segment.ts`]) {
      const file = path.join(work, "sample.mp3");
      await writeFile(file, crafted.hlsBehindId3(segment));
      // Guessed from its content, the playlist with a file of ours had that file's sound.
      await expect(hasAudioStream(tools, file)).rejects.toThrow();
      await expect(probeAudioDuration(tools, file)).rejects.toThrow();
      await expect(remux(tools, file, path.join(work, "out.webm"), "webm")).rejects.toThrow();
    }
    expect(server.requests).toEqual([]);
  });

  it("never reads the files an ffconcat list behind an ID3 tag names", async () => {
    const file = path.join(work, "list.mp3");
    await writeFile(file, crafted.concatBehindId3("planted.mkv"));
    // Guessed from its content, this was a concat list: it had the planted file's sound, and a remux copied it.
    await expect(hasAudioStream(tools, file)).rejects.toThrow();
    await expect(remux(tools, file, path.join(work, "copy.webm"), "webm")).rejects.toThrow();
  });
});
