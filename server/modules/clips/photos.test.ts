import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIP_MESSAGES, PHOTO_LIMITS, type Clip } from "../../../contracts/clips.ts";
import type { ShotList } from "../../../contracts/shots.ts";
import type { VideoSections } from "../../../contracts/video-sections.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style.ts";
import { cornerPng, PHOTO_SECRETS, phoneHeic, phoneJpeg } from "../../../testing/photo-fixtures.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR, type SignedInClient } from "../../../testing/test-app.ts";
import { tusCreate, tusPatch, uploadClip, uploadTake } from "../../../testing/uploads.ts";
import { unzip } from "../../../testing/zip.ts";
import type { App } from "../../app.ts";
import { sniffClipUpload } from "../../media/magic-bytes.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ SPEECH_ALIGNER: "off" });
});
afterAll(() => app?.close());

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** A real PNG whose header is rewritten to say `width` x `height` (a "decompression bomb": tiny file, huge image). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: "#808080" } }).png().toBuffer());
  // IHDR: length (4) at 8, type at 12, width at 16, height at 20, its CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function media(camper: SignedInClient, clip: Clip, download = false) {
  const res = await app.inject({ method: "GET", url: download ? clip.downloadUrl : clip.mediaUrl, headers: { cookie: camper.cookie } });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, type: res.headers["content-type"], disposition: res.headers["content-disposition"] };
}

/** Every file under the data folder (database, media, scratch) whose bytes are exactly `bytes`. */
async function copiesOf(bytes: Buffer): Promise<string[]> {
  const entries = await readdir(TEST_DATA_DIR, { withFileTypes: true, recursive: true });
  const found: string[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size === bytes.length && (await readFile(file)).equals(bytes)) found.push(file);
  }
  return found;
}

/** No EXIF, GPS, XMP, IPTC or ICC by a metadata reader, nor any of the phone's strings in the bytes. */
async function expectNoMetadata(jpeg: Buffer) {
  expect(await exifr.parse(jpeg, { tiff: true, xmp: true, icc: true, iptc: true, jfif: false, ihdr: false })).toBeUndefined();
  expect(await exifr.gps(jpeg)).toBeUndefined();
  const text = jpeg.toString("latin1");
  for (const secret of PHOTO_SECRETS) expect(text).not.toContain(secret);
  const meta = await sharp(jpeg).metadata();
  expect(meta).toMatchObject({ format: "jpeg", isProgressive: false });
  expect(meta.exif ?? meta.xmp ?? meta.icc ?? meta.iptc).toBeUndefined();
}

describe("photos uploaded like clips", () => {
  it("stores a phone JPEG upright, without its GPS or any metadata, and keeps no copy of the uploaded bytes", async () => {
    const original = await phoneJpeg();
    // The source really carries what must go.
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(48.857, 2) });
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const camper = await registerCamper(app);
    const clip = await uploadClip(app, camper, original, "Lake at dawn");
    expect(clip).toMatchObject({
      kind: "photo",
      mimeType: "image/jpeg",
      durationSeconds: PHOTO_SECONDS.default,
      trimStartSeconds: 0,
      trimEndSeconds: PHOTO_SECONDS.default,
      usedSeconds: PHOTO_SECONDS.default,
      uploadedBytes: original.length,
      uploadSha256: sha256(original),
    });
    expect(clip.posterUrl).not.toBeNull();
    const stored = await media(camper, clip);
    expect(stored.type).toBe("image/jpeg");
    expect(clip.sizeBytes).toBe(stored.bytes.length);
    await expectNoMetadata(stored.bytes);
    // Upright: 300x200 turned a quarter clockwise is 200x300, red (the left half) now on top.
    const { data, info } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([200, 300]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(100, 40)[0]).toBeGreaterThan(200);
    expect(pixel(100, 260)[2]).toBeGreaterThan(200);
    const poster = await app.inject({ method: "GET", url: clip.posterUrl!, headers: { cookie: camper.cookie } });
    expect(poster.statusCode).toBe(200);
    await expectNoMetadata(poster.rawPayload);
    const download = await media(camper, clip, true);
    expect(download.disposition).toMatch(/filename="Lake-at-dawn\.jpg"/);
    expect(await copiesOf(original)).toEqual([]);
  });

  it("takes a PNG (transparency on white) and a real HEIC from heif-enc, both stored as metadata-free JPEGs", async () => {
    const camper = await registerCamper(app);
    const png = await uploadClip(app, camper, await cornerPng(), "Badge");
    expect(png).toMatchObject({ kind: "photo", mimeType: "image/jpeg" });
    const pngStored = await media(camper, png);
    expect(await sharp(pngStored.bytes).metadata()).toMatchObject({ format: "jpeg", width: 120, height: 80 });

    const heic = await phoneHeic();
    expect(heic.toString("latin1", 4, 12)).toBe("ftypheic");
    // heif-enc copied the phone's EXIF and XMP into the HEIC.
    expect(heic.toString("latin1")).toContain("TestCam");
    expect(heic.toString("latin1")).toContain("Secret Camper");
    const clip = await uploadClip(app, camper, heic, "Campfire");
    expect(clip).toMatchObject({ kind: "photo", mimeType: "image/jpeg", durationSeconds: PHOTO_SECONDS.default });
    const stored = await media(camper, clip);
    await expectNoMetadata(stored.bytes);
    // heif-enc stores the pixels as the JPEG had them (300x200: HEIF keeps no EXIF orientation of its own).
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await copiesOf(heic)).toEqual([]);

    // A HEIC cut short fails in the decoder's worker: 422, nothing kept.
    const cut = heic.subarray(0, Math.floor(heic.length * 0.7));
    const truncated = await tusPatch(app, camper, await tusCreate(app, camper, {}), 0, cut, cut.length);
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toEqual({ message: CLIP_MESSAGES.photoUnreadable });
    expect(await copiesOf(cut)).toEqual([]);
  });

  it("refuses a text file named .jpg with 415 and a truncated JPEG with 422, keeping neither", async () => {
    const camper = await registerCamper(app);
    const location = await tusCreate(app, camper, { title: "holiday.jpg" });
    const text = await tusPatch(app, camper, location, 0, Buffer.from("These are my notes from the hike, not a photo at all."));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: CLIP_MESSAGES.notVideo });

    const jpeg = await phoneJpeg();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const truncated = await tusPatch(app, camper, await tusCreate(app, camper, {}), 0, cut, cut.length);
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toEqual({ message: CLIP_MESSAGES.photoUnreadable });
    expect(await copiesOf(cut)).toEqual([]);
    const clips = (await app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clips).toEqual([]);
  });

  it("refuses a photo over the photo limit with 413 and a decompression bomb with 422", async () => {
    const camper = await registerCamper(app);
    // Declared bigger than a photo may be (though within the video limit): refused at its first bytes.
    const big = PHOTO_LIMITS.maxBytes + 1;
    const location = await tusCreate(app, camper, { length: big });
    const tooBig = await tusPatch(app, camper, location, 0, (await phoneJpeg()).subarray(0, 4096));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: CLIP_MESSAGES.photoTooLarge });

    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await tusPatch(app, camper, await tusCreate(app, camper, {}), 0, bomb, bomb.length);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: CLIP_MESSAGES.photoUnreadable });
  });

  it("is in the camper's data export as a .jpg with its poster", async () => {
    const camper = await registerCamper(app);
    const clip = await uploadClip(app, camper, await phoneJpeg());
    const res = await app.inject({ method: "GET", url: "/api/user/export", headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const stored = await media(camper, clip);
    expect(entries.get(`loose-clips/clips/${clip.id}.jpg`)?.sha256).toBe(sha256(stored.bytes));
    expect(entries.has(`loose-clips/clips/${clip.id}-poster.jpg`)).toBe(true);
  });

  it("sets a photo's length with photoSeconds; refuses trims on a photo, photoSeconds on a video, and a script check", async () => {
    const camper = await registerCamper(app);
    const photo = await uploadClip(app, camper, await phoneJpeg());
    const patch = (id: number, payload: object) => app.inject({ method: "PATCH", url: `/api/clips/${id}`, headers: { cookie: camper.cookie }, payload });
    const set = await patch(photo.id, { photoSeconds: 7.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ durationSeconds: 7.5, trimStartSeconds: 0, trimEndSeconds: 7.5, usedSeconds: 7.5 });
    const tooLong = await patch(photo.id, { photoSeconds: PHOTO_SECONDS.max + 1 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/A photo shows for/);
    const trim = await patch(photo.id, { trimStartSeconds: 1 });
    expect(trim.statusCode).toBe(400);
    expect(trim.json()).toEqual({ message: CLIP_MESSAGES.photoNotTrimmed });

    const video = await uploadClip(app, camper, await webmFixture(1));
    expect(video.kind).toBe("video");
    const onVideo = await patch(video.id, { photoSeconds: 5 });
    expect(onVideo.statusCode).toBe(400);
    expect(onVideo.json()).toEqual({ message: CLIP_MESSAGES.notAPhoto });

    const captions = await app.inject({ method: "GET", url: `/api/clips/${photo.id}/captions.vtt`, headers: { cookie: camper.cookie } });
    expect(captions.statusCode).toBe(204);
  });

  it("is a shot's picture: a photo take becomes the chosen take, in the sections and their seconds; a script check is refused", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: "We paddled across the lake at dawn. The water was cold and still." });
    const shots = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: camper.cookie } })).json() as ShotList;
    const shot = shots.shots[0]!;
    const video = await uploadTake(app, camper, await webmFixture(1), { shotId: shot.id });
    const photo = await uploadTake(app, camper, await phoneJpeg(), { shotId: shot.id });
    expect(photo).toMatchObject({ kind: "photo", shotId: shot.id, showId: show.id });
    const sections = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/sections`, headers: { cookie: camper.cookie } })).json() as VideoSections;
    const section = sections.sections.find((s) => s.shotId === shot.id)!;
    expect(section.clip?.id).toBe(photo.id);
    expect(section.otherTakes.map((t) => t.id)).toEqual([video.id]);
    expect(sections.clipsSeconds).toBeCloseTo(PHOTO_SECONDS.default, 2);

    const check = await app.inject({ method: "POST", url: `/api/clips/${photo.id}/script-check`, headers: { cookie: camper.cookie }, payload: { transcript: "we paddled" } });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ message: CLIP_MESSAGES.photoHasNoWords });
  });
});

describe("telling a photo from a video by its first bytes", () => {
  const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from(`ftyp${brand}`, "latin1")]);
  it("reads HEIF brands as photos, MP4 brands as video, and refuses AVIF", () => {
    for (const brand of ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]) expect(sniffClipUpload(ftyp(brand)), brand).toEqual({ kind: "photo", format: "heif" });
    for (const brand of ["isom", "mp42", "mp41", "avc1", "M4V ", "qt  "]) expect(sniffClipUpload(ftyp(brand)), brand).toEqual({ kind: "video", container: "mp4" });
    for (const brand of ["avif", "avis"]) expect(sniffClipUpload(ftyp(brand)), brand).toBeUndefined();
    expect(sniffClipUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({ kind: "photo", format: "jpeg" });
    expect(sniffClipUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toEqual({ kind: "photo", format: "png" });
    expect(sniffClipUpload(Buffer.from("GIF89a......"))).toBeUndefined();
  });
});
