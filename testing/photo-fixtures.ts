import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

/** Strings a phone's metadata carries that must never reach a stored photo (its EXIF maker and XMP author). */
export const PHOTO_SECRETS = ["TestCam", "Secret Camper", "Exif", "http://ns.adobe.com", "ICC_PROFILE"] as const;

/**
 * A 300x200 JPEG as a phone writes it held sideways: EXIF orientation 6 (turn 90° clockwise to view),
 * GPS coordinates (the Eiffel Tower), camera make and an XMP author. Left half red, right half blue, so
 * the turn can be seen in the pixels.
 */
export function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: "#ff0000" } })
    .composite([{ input: { create: { width: 150, height: 200, channels: 3, background: "#0000ff" } }, left: 150, top: 0 }])
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4000/100" },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Camper</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A PNG with a transparent corner. */
export function cornerPng(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } } }).png().toBuffer();
}

/** A real HEIC (HEVC in HEIF) made by libheif's heif-enc (Debian libheif-examples) from phoneJpeg: it carries its EXIF and XMP. */
export async function phoneHeic(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "photo-fixture-"));
  try {
    await writeFile(path.join(dir, "in.jpg"), await phoneJpeg());
    await promisify(execFile)("heif-enc", ["-q", "50", path.join(dir, "in.jpg"), "-o", path.join(dir, "out.heic")]);
    return await readFile(path.join(dir, "out.heic"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
