import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { PHOTO_LIMITS } from "../../contracts/clips.ts";
import { Slots } from "../slots.ts";
import type { PhotoFormat } from "./magic-bytes.ts";
import { mediaFileTimeLimitMs } from "./time-limits.ts";

const require = createRequire(import.meta.url);

/** The photo cannot be decoded (truncated, corrupt, not what its first bytes said, or too many pixels). */
export class PhotoUnreadableError extends Error {}

/**
 * One photo at a time per server: a 48 MP photo's decoded pixels are ~200 MB, so a crowd uploading at
 * once queues instead of multiplying the peak (videos are remuxed by ffmpeg, outside this process).
 */
const decoding = new Slots(1);

/**
 * The stored form of an uploaded photo (docs/decisions/028d-photos.md): decoded within PHOTO_LIMITS.maxPixels,
 * turned upright by its EXIF orientation, at most PHOTO_LIMITS.longestSide on its longest side, sRGB,
 * transparency on white, written as a baseline JPEG with no metadata at all. sharp writes no EXIF, XMP,
 * IPTC, ICC profile or comment unless asked to (withMetadata/keepExif/keepIccProfile, never called here),
 * so the camera's GPS never reaches `output`. Also writes a PHOTO_LIMITS.posterSide poster to `poster`.
 */
export async function cleanPhoto(input: string, format: PhotoFormat, output: string, poster: string): Promise<{ width: number; height: number }> {
  return decoding.run(async () => {
    const source = format === "heif" ? await heifSource(input) : sharp(input, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "warning" });
    let written: OutputInfo;
    try {
      written = await source
        .rotate()
        .resize({ width: PHOTO_LIMITS.longestSide, height: PHOTO_LIMITS.longestSide, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .toColourspace("srgb")
        .jpeg({ quality: 88, progressive: false, mozjpeg: false, chromaSubsampling: "4:2:0" })
        .toFile(output);
    } catch (error) {
      // sharp's messages name the cause (truncated file, pixel limit); the camper hears one plain sentence.
      throw new PhotoUnreadableError((error as Error).message);
    }
    await sharp(output)
      .resize({ width: PHOTO_LIMITS.posterSide, height: PHOTO_LIMITS.posterSide, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toFile(poster);
    return { width: written.width, height: written.height };
  });
}

/** What the HEIF worker posts once: the primary image's pixels (RGBA), or why it could not. */
type HeifAnswer = { ok: true; width: number; height: number; data: Uint8Array } | { ok: false; message: string };

/**
 * HEIC/HEIF pixels for sharp. sharp's prebuilt libvips reads HEIF only with AV1 (no HEVC, for patent
 * reasons), so libheif compiled to WebAssembly (libheif-js, which heic-decode wraps) decodes it, in a
 * worker thread: the decode is synchronous and takes a second or more for a phone photo, and the server
 * keeps answering meanwhile. The size is checked before any pixel is decoded. libheif applies the
 * image's own rotation and mirroring (irot/imir), which is how HEIF stores orientation.
 */
async function heifSource(input: string): Promise<Sharp> {
  const bytes = await readFile(input);
  const answer = await inWorker(
    `const { parentPort, workerData } = require("node:worker_threads");
     // libheif prints its parse errors; the answer carries them, the server's log has its own line.
     console.log = console.warn = console.error = () => {};
     const libheif = require(workerData.libheif);
     const answer = (value, transfer) => parentPort.postMessage(value, transfer);
     try {
       const decoder = new libheif.HeifDecoder();
       const images = decoder.decode(workerData.bytes);
       const image = images[0];
       if (!image) answer({ ok: false, message: "no image in the HEIF file" });
       else {
         const width = image.get_width(), height = image.get_height();
         if (!(width > 0 && height > 0) || width * height > workerData.maxPixels) answer({ ok: false, message: "too many pixels: " + width + "x" + height });
         else image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => {
           if (!shown) answer({ ok: false, message: "HEIF decoding failed" });
           else {
             const data = new Uint8Array(shown.data.buffer, shown.data.byteOffset, shown.data.byteLength);
             answer({ ok: true, width, height, data }, [data.buffer]);
           }
         });
       }
     } catch (error) {
       answer({ ok: false, message: String(error && error.message || error) });
     }`,
    { libheif: require.resolve("libheif-js/wasm-bundle"), bytes, maxPixels: PHOTO_LIMITS.maxPixels },
    mediaFileTimeLimitMs(bytes.length),
  );
  if (!answer.ok) throw new PhotoUnreadableError(answer.message);
  return sharp(Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength), {
    raw: { width: answer.width, height: answer.height, channels: 4 },
    limitInputPixels: PHOTO_LIMITS.maxPixels,
  });
}

/** Runs CommonJS `source` in a worker (as voice-worker.ts does) and settles with its one answer, or fails at `timeoutMs`. */
function inWorker(source: string, workerData: object, timeoutMs: number): Promise<HeifAnswer> {
  const worker = new Worker(source, { eval: true, execArgv: [], workerData });
  return new Promise<HeifAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new PhotoUnreadableError(`HEIF decoding took longer than ${timeoutMs} ms`));
      void worker.terminate();
    }, timeoutMs);
    worker.once("exit", (code) => {
      clearTimeout(timer);
      // Settles nothing when an answer came first.
      reject(new PhotoUnreadableError(`the HEIF decoder stopped (exit code ${code})`));
    });
    worker.once("error", (error) => reject(new PhotoUnreadableError(error.message)));
    worker.once("message", (answer: HeifAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
  });
}
