import { CLIP_LIMITS, CLIP_MESSAGES, HEIF_PHOTO_BRANDS, PHOTO_LIMITS } from "../../../../contracts/clips-constants.ts";
import type { LocalClip } from "./clip-store.ts";
import { activeRecordings, type RecorderRuntime } from "./runtime.ts";

/**
 * Photos from the camper's files as sections of the video. A photo is kept on the device and
 * sent exactly like a camera take (one chunk instead of many): the same store, outbox, uploader and
 * Retry. Only the first bytes are read here, to tell the type; nothing else of the file (its EXIF, its
 * location) is read or kept apart from the bytes themselves, which the server strips before storing.
 */

/** The file picker's filter; the bytes decide in the end (a renamed file is refused by its content). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/heic,image/heif,.heic,.heif";

/** The largest photo sent (a phone's HEIC or JPEG is 2-8 MB): the server's limit, refused with its words. */
export const PHOTO_MAX_BYTES = PHOTO_LIMITS.maxBytes;

export const PHOTO_MESSAGES = {
  /** The server's words for a file that is neither a video nor a photo (415). */
  notPhoto: CLIP_MESSAGES.notVideo,
  tooLarge: CLIP_MESSAGES.photoTooLarge,
  empty: "That file is empty",
  unreadable: "That file could not be read from this device",
} as const;

export type PhotoType = "image/jpeg" | "image/png" | "image/heic";

const HEIF_BRANDS = new Set<string>(HEIF_PHOTO_BRANDS);
/** Enough for the ftyp box of any phone's photo (its brands list is short). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));

/** The photo type the first bytes say, or null for anything else (a video, a document, a GIF). */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "image/png";
  // The major brand decides, as on the server (an AVIF or an MP4 may list HEIF brands as compatible).
  if (bytes.length >= 12 && ascii(bytes, 4) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8))) return "image/heic";
  return null;
}

export type PhotoCheck = { ok: true; mimeType: PhotoType } | { ok: false; message: string };

/** The checks the server makes, made before anything is stored, so the camper reads them at once. */
export async function checkPhotoFile(file: Blob): Promise<PhotoCheck> {
  if (file.size === 0) return { ok: false, message: PHOTO_MESSAGES.empty };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
  const mimeType = sniffPhotoType(head);
  if (!mimeType) return { ok: false, message: PHOTO_MESSAGES.notPhoto };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  return { ok: true, mimeType };
}

/** "IMG_2041.HEIC" -> "IMG_2041": the file's name without its extension, as long as a title may be. */
export function photoTitle(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]{1,5}$/, "").trim();
  return (base || "Photo").slice(0, CLIP_LIMITS.titleMaxLength).trim() || "Photo";
}

export interface AddPhotoOptions {
  userId: number;
  /** The saved show, or null before the story is first saved (the photo waits, loose, like a take). */
  showId: number | null;
  /** A shot's picture (its take); null for a section of its own. */
  shotId?: number | null;
  /** Before the story is first saved: its draft key (the photo joins the story's show once saved). */
  draftKey?: string | null;
}

/**
 * Keeps the photo on this device and starts its upload. The record is made in the "recording" state
 * and the bytes added before it becomes "local" with its final size, so a tab closed midway leaves
 * either nothing (no bytes: recovery removes it) or the whole photo (recovery sends it).
 */
export async function addPhotoToDevice(
  { store, manager }: RecorderRuntime,
  file: Blob & { name: string },
  mimeType: PhotoType,
  { userId, showId, shotId = null, draftKey = null }: AddPhotoOptions,
): Promise<LocalClip> {
  // A copy of the bytes, not a reference to the picked file: the file may change or go (a phone's
  // picker hands out temporary files) before the upload is done.
  const bytes = new Blob([await file.arrayBuffer()], { type: mimeType });
  const clip = await store.createClip({ userId, title: photoTitle(file.name), mimeType, showId, shotId, draftKey, kind: "photo" });
  activeRecordings.add(clip.localId);
  try {
    const stored = await store.addChunk(clip.localId, bytes);
    const now = Date.now();
    const local = await store.updateClip(clip.localId, { state: "local", totalBytes: stored.recordedBytes, endTime: now });
    manager.resume(clip.localId);
    return local;
  } catch (error) {
    // Nothing half-stored stays behind (the store refused: full, or private mode gone).
    await store.deleteClip(clip.localId).catch(() => undefined);
    throw error;
  } finally {
    activeRecordings.delete(clip.localId);
  }
}
