import { describe, expect, it } from "vitest";
import { CLIP_LIMITS, CLIP_MESSAGES } from "../../../../contracts/clips.ts";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, checkPhotoFile, photoTitle, sniffPhotoType } from "./photos.ts";
import { HEIC_HEAD, JPEG_HEAD, PNG_HEAD, photoFile } from "../../testing/photos.ts";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** An ISO-BMFF ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  new Uint8Array([0, 0, 0, 16 + 4 * compatible.length, ...ascii("ftyp"), ...ascii(major), 0, 0, 0, 0, ...compatible.flatMap(ascii)]);

describe("sniffPhotoType", () => {
  it("tells JPEG, PNG and HEIC/HEIF stills by their first bytes", () => {
    expect(sniffPhotoType(JPEG_HEAD)).toBe("image/jpeg");
    expect(sniffPhotoType(PNG_HEAD)).toBe("image/png");
    expect(sniffPhotoType(HEIC_HEAD)).toBe("image/heic");
    // An iPhone's HEIC names heic first; a plain HEIF still says mif1 with heic among its brands.
    expect(sniffPhotoType(ftyp("mif1", "heic"))).toBe("image/heic");
    expect(sniffPhotoType(ftyp("msf1", "hevc"))).toBe("image/heic");
  });

  it("refuses videos (MP4 is ftyp too, with video brands), WebM, GIF and text", () => {
    expect(sniffPhotoType(ftyp("isom", "iso2", "avc1", "mp41"))).toBeNull();
    expect(sniffPhotoType(ftyp("qt  ", "qt  "))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBeNull();
    expect(sniffPhotoType(new Uint8Array(ascii("GIF89a......")))).toBeNull();
    expect(sniffPhotoType(new TextEncoder().encode("Dear camp, here is my photo"))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe("checkPhotoFile", () => {
  it("decides by the content, not the name or the type the picker claims", async () => {
    expect(await checkPhotoFile(photoFile("IMG_1.HEIC", HEIC_HEAD, "image/jpeg"))).toEqual({ ok: true, mimeType: "image/heic" });
    expect(await checkPhotoFile(photoFile("lake.png", PNG_HEAD, ""))).toEqual({ ok: true, mimeType: "image/png" });
    const renamed = new File(["not a photo at all"], "notes.jpg", { type: "image/jpeg" });
    // The server's words for any file that is neither a video nor a photo.
    expect(await checkPhotoFile(renamed)).toEqual({ ok: false, message: CLIP_MESSAGES.notVideo });
    expect(PHOTO_MESSAGES.notPhoto).toBe("That file is not a video (WebM or MP4) or a photo (JPEG, PNG or HEIC)");
  });

  it("refuses a photo over the size limit and an empty file", async () => {
    const big = photoFile("huge.jpg", JPEG_HEAD, "image/jpeg", PHOTO_MAX_BYTES + 1);
    expect(await checkPhotoFile(big)).toEqual({ ok: false, message: "Photos can be at most 25 MB" });
    expect(await checkPhotoFile(photoFile("edge.jpg", JPEG_HEAD, "image/jpeg", PHOTO_MAX_BYTES))).toEqual({ ok: true, mimeType: "image/jpeg" });
    expect(await checkPhotoFile(new File([], "empty.jpg"))).toEqual({ ok: false, message: PHOTO_MESSAGES.empty });
  });
});

describe("photoTitle", () => {
  it("is the file name without its extension, within the title limit", () => {
    expect(photoTitle("IMG_2041.HEIC")).toBe("IMG_2041");
    expect(photoTitle("canoe trip.final.jpeg")).toBe("canoe trip.final");
    expect(photoTitle(".jpg")).toBe("Photo");
    expect(photoTitle(`${"a".repeat(200)}.png`)).toHaveLength(CLIP_LIMITS.titleMaxLength);
  });
});
