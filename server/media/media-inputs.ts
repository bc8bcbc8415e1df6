import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { sniffAudio, sniffContainer } from "./magic-bytes.ts";

/**
 * What ffmpeg and ffprobe may read. Left to itself ffmpeg guesses a file's format from its content,
 * skipping an ID3 tag first, so an "MP3" that is an HLS playlist or an ffconcat list behind an ID3 tag
 * makes it open URLs or other files on the server. Every input therefore gets its format named (as its
 * own first bytes say, or as the caller says) and only the file and pipe protocols.
 */

/** Protocols every input may use: our local files (S3 media is copied to a local file first) and pipes. */
export const PROTOCOL_WHITELIST = "file,pipe";

/**
 * Formats a caller may name for an input: the ones the server stores or makes, and lavfi (sources
 * ffmpeg generates). Playlists (hls), lists (concat) and patterns (image2) open other files, so never;
 * a photo (stored as a JPEG) is read by jpeg_pipe, which reads the one file it is given; a
 * render's joined video parts (render ahead) by mpegts, which also reads only its one file.
 */
const DEMUXERS = new Set(["matroska,webm", "matroska", "webm", "mov,mp4,m4a,3gp,3g2,mj2", "mov", "mp4", "wav", "ogg", "mp3", "lavfi", "jpeg_pipe", "mpegts"]);

/** A file ffmpeg is not allowed to read: the caller's mistake or a file that is not what it claims. */
export class MediaInputError extends Error {}

/** The demuxer for a file's first bytes: one of the containers and audio files we accept, or undefined. */
export function demuxerFor(head: Buffer): string | undefined {
  // A photo section's JPEG (SOI marker, then a segment marker).
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg_pipe";
  const video = sniffContainer(head);
  if (video === "webm") return "matroska,webm";
  if (video === "mp4") return "mov,mp4,m4a,3gp,3g2,mj2";
  switch (sniffAudio(head)?.extension) {
    case "ogg":
      return "ogg";
    case "wav":
      return "wav";
    case "mp3":
      return "mp3";
    default:
      return undefined;
  }
}

function firstBytes(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw new MediaInputError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const head = Buffer.alloc(16);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The ffmpeg and ffprobe paths the server resolved (resolveVideoTools), whatever they are called. */
const mediaTools = new Set<string>();

export function registerMediaTool(command: string): void {
  mediaTools.add(command);
}

/** Whether a command is ffmpeg or ffprobe: one the server resolved, or one named so (ffmpeg-7 too). */
export function isMediaTool(command: string): boolean {
  return mediaTools.has(command) || /^ff(mpeg|probe)/.test(path.basename(command));
}

/**
 * The arguments with every input (`-i X`) preceded by the protocol whitelist and its format: the
 * caller's `-f` when it names an allowed one, else the format the file's first bytes show. An input
 * that is not an absolute path needs a `-f` of its own; a file of no format we know is refused, and
 * so is an input not given with -i (ffprobe's bare file name), whose format could not be pinned.
 */
export function guardMediaInputs(args: readonly string[]): string[] {
  if (!args.includes("-i")) {
    // A question to the tool itself (-version), or ffmpeg drawing every frame from a filter (a run of render
    // parts that holds only a title or end card, drawn by `color`). ffprobe would take any other word for an
    // input, but it has no -filter_complex: it refuses that option before opening anything.
    if (args.every((arg) => arg.startsWith("-")) || args.includes("-filter_complex")) return [...args];
    throw new MediaInputError("every input must be given with -i, so its format can be pinned");
  }
  const out: string[] = [];
  let optionsStart = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== "-i") {
      out.push(args[i]!);
      continue;
    }
    const input = args[i + 1];
    if (input === undefined) throw new MediaInputError("-i without an input");
    const options = args.slice(optionsStart, i);
    const formatAt = options.lastIndexOf("-f");
    let format = formatAt >= 0 ? options[formatAt + 1] : undefined;
    if (format !== undefined && !DEMUXERS.has(format)) throw new MediaInputError(`input format ${format} is not allowed`);
    if (format === undefined) {
      if (!path.isAbsolute(input)) throw new MediaInputError(`input ${input} needs its format named (-f)`);
      format = demuxerFor(firstBytes(input));
      if (!format) throw new MediaInputError(`${path.basename(input)} is not a kind of media file this server reads`);
      out.push("-f", format);
    }
    const whitelistAt = options.lastIndexOf("-protocol_whitelist");
    if (whitelistAt < 0) out.push("-protocol_whitelist", PROTOCOL_WHITELIST);
    else if (options[whitelistAt + 1] !== PROTOCOL_WHITELIST) throw new MediaInputError(`inputs may use only the protocols ${PROTOCOL_WHITELIST}`);
    out.push("-i", input);
    i++;
    optionsStart = i + 1;
  }
  return out;
}
