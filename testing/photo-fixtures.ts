import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp, { type Sharp } from "sharp";

/** Strings a phone's metadata carries that must never reach a stored photo (its EXIF maker and XMP author). */
export const PHOTO_SECRETS = ["TestCam", "Secret Camper", "Exif", "http://ns.adobe.com", "ICC_PROFILE"] as const;

/**
 * A 300x200 JPEG as a phone writes it held sideways: EXIF orientation 6 (turn 90° clockwise to view),
 * GPS coordinates (the Eiffel Tower), camera make and an XMP author. Left half red, right half blue, so
 * the turn can be seen in the pixels.
 */
export function phoneJpeg(): Promise<Buffer> {
  return withPhoneMetadata(
    sharp({ create: { width: 300, height: 200, channels: 3, background: "#ff0000" } }).composite([
      { input: { create: { width: 150, height: 200, channels: 3, background: "#0000ff" } }, left: 150, top: 0 },
    ]),
  )
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** What a phone writes into a photo: camera make, GPS (the Eiffel Tower) and an XMP author. */
function withPhoneMetadata(image: Sharp): Sharp {
  return image
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 17/1 4000/100" },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Camper</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    );
}

/**
 * A 2000x1500 landscape as a phone takes it (sky, hills, a lake, with grain, so a pan over it changes
 * every frame), carrying the same GPS, maker and author as phoneJpeg. Its colours stay below 200 in
 * every channel and its red below 150, so white caption text and the yellow lit word are the only such
 * pixels in a frame of it.
 */
export function campPhotoJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 28;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed % 25) - 12;
  };
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ridge = height * (0.42 + 0.08 * Math.sin(x / 170) + 0.04 * Math.sin(x / 53));
      const shore = height * 0.68;
      const t = y / height;
      const [r, g, b] =
        y < ridge ? [40 + 50 * t, 90 + 70 * t, 200 - 30 * t] : y < shore ? [30 + 25 * Math.sin(x / 31), 120 + 40 * Math.sin(y / 23), 60] : [20, 70 + 30 * Math.sin((x + y) / 40), 120 + 40 * t];
      const i = (y * width + x) * 3;
      pixels[i] = clamp(r + noise(), 150);
      pixels[i + 1] = clamp(g + noise(), 200);
      pixels[i + 2] = clamp(b + noise(), 200);
    }
  }
  return withPhoneMetadata(sharp(pixels, { raw: { width, height, channels: 3 } }))
    .jpeg({ quality: 88 })
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
