/** The journey's steps and checks: downloads and their hashes, screenshots for docs/journey, a photo, music and style, and the phone video's frames. */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { APIRequestContext, Download, Locator, Page } from "playwright-core";
import type { Show } from "../../contracts/shows.ts";
import type { RenderJob } from "../../contracts/renders.ts";
import type { VideoSections } from "../../contracts/video-sections.ts";
import { resolveVideoTools } from "../../server/media/video-tools.ts";
import { framePng } from "../../testing/media-measure.ts";
import { campPhotoJpeg } from "../../testing/photo-fixtures.ts";
import { expectMusicUnderSpeech, expectNoPhotoMetadata, expectPhotoMoves, expectTitleCard, expectWordCaptionInSafeArea } from "./finished-video.ts";

export const run = promisify(execFile);
export const tools = resolveVideoTools({});
export const JOURNEY_DIR = path.resolve("docs/journey");
export async function sha256(download: Download): Promise<{ sha: string; file: string }> {
  const file = (await download.path())!;
  return { sha: createHash("sha256").update(await readFile(file)).digest("hex"), file };
}

/** The container's duration as ffprobe reads it. */
export async function duration(file: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Number(stdout.trim());
}

export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(JOURNEY_DIR, `${name}.png`) });
}

export async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

/** Waits until the player shows a real frame (not the black box of a video with only metadata). */
export async function showFrameAt(video: Locator, seconds: number) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await video.evaluate(
    (v: HTMLVideoElement, at) =>
      new Promise<void>((resolve, reject) => {
        v.addEventListener("seeked", () => resolve(), { once: true });
        v.addEventListener("error", () => reject(new Error(`media error ${v.error?.code}: ${v.error?.message}`)), { once: true });
        v.currentTime = at;
      }),
    seconds,
  );
  // HAVE_FUTURE_DATA: the player has dropped its loading spinner (the README's picture shows the frame).
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
}

/** The phone's photo: a camera's 2000x1500 JPEG carrying GPS, a maker and an author; shown this long. */
export const PHOTO = { file: "IMG_0728.jpg", title: "IMG_0728", seconds: 5 } as const;
/**
 * The music each size picks. The laptop's is not at the default level (medium), so the choice is seen to
 * reach the render; the phone's is measured from outside at the default: speech against the music in the
 * pauses, where medium stays 12 LU under the voice (loud only 9: it ducks further under speech).
 */
export const MUSIC = {
  laptop: { id: "sunny-trail", title: "Sunny Trail", level: "Loud" },
  phone: { id: "campfire-circle", title: "Campfire Circle", level: "Medium" },
} as const;

/** "Add photos" under the record button, the file picked in the chooser it opens. */
export async function addPhoto(page: Page) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Add photos" }).click();
  await (await chooser).setFiles({ name: PHOTO.file, mimeType: "image/jpeg", buffer: await campPhotoJpeg() });
}

/**
 * The final video's "Music and style" group: a track picked after a preview, its level, and (on the
 * phone) the first name on the title card and word-by-word captions. Each choice is waited for on the
 * server before the next, as the camper would see it saved.
 */
export async function chooseMusicAndStyle(page: Page, showOnServer: () => Promise<Show>, music: (typeof MUSIC)[keyof typeof MUSIC], phone: boolean) {
  const group = page.getByRole("region", { name: "Music and style" });
  await group.getByRole("radio", { name: new RegExp(`^${music.title} \\(`) }).waitFor();
  await group.getByRole("button", { name: `Preview ${music.title}` }).click();
  await group.getByRole("button", { name: `Stop ${music.title}` }).waitFor();
  const audio = page.getByTestId("music-preview-audio");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await group.getByRole("button", { name: `Stop ${music.title}` }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await group.getByRole("radio", { name: new RegExp(`^${music.title} \\(`) }).click();
  await expect.poll(showOnServer).toMatchObject({ music: music.id });
  await group.getByRole("radio", { name: music.level }).click();
  await expect.poll(showOnServer).toMatchObject({ musicLevel: music.level.toLowerCase() });
  // Cards and cross-fades are on by default.
  expect(await group.getByRole("checkbox", { name: "Title and end cards" }).isChecked()).toBe(true);
  expect(await group.getByRole("checkbox", { name: "Cross-fade between sections" }).isChecked()).toBe(true);
  if (!phone) return;
  await group.getByRole("checkbox", { name: "Show my first name on the title card" }).click();
  await expect.poll(showOnServer).toMatchObject({ titleCard: true, titleCardName: true });
  await group.getByRole("radio", { name: "Word by word" }).click();
  await expect.poll(showOnServer).toMatchObject({ captionStyle: "word", transitions: true });
}

/** The phone's MP4 as an outside checker sees it: title card, photo, music, word captions; the README's pictures of it. */
export async function checkPhoneVideo(request: APIRequestContext, render: RenderJob, video: { file: string; voiceFile: string; storyStart: number; width: number; height: number }) {
  const { sections } = await getJson<VideoSections>(request, `/api/recordings/${render.showId}/sections`);
  const inVideo = sections.flatMap((s) => (s.clip ? [s.clip] : []));
  const at = inVideo.findIndex((c) => c.kind === "photo");
  const photo = inVideo[at]!;
  expect(photo.usedSeconds).toBe(PHOTO.seconds);
  const photoStart = video.storyStart + inVideo.slice(0, at).reduce((sum, c) => sum + c.usedSeconds, 0);
  const moved = await expectPhotoMoves(video.file, photoStart, photo.usedSeconds);
  await expectNoPhotoMetadata(await (await request.get(photo.mediaUrl)).body());
  const card = await expectTitleCard(video.file, render.options.cards!.background);
  // From the photo on, the clips' own sound has played: what is heard in the pauses is the music.
  const levels = await expectMusicUnderSpeech(tools, video.file, video.voiceFile, video.storyStart, photoStart);
  const word = await expectWordCaptionInSafeArea(video.file, "tiktok", video.width, video.height, photoStart + 0.6, photoStart + photo.usedSeconds - 0.3);
  console.log(
    `[journey phone] photo at ${photoStart.toFixed(2)} s moved ${moved.toFixed(1)}; title card ${JSON.stringify(card)}; ` +
      `pauses and sentences (dBFS) ${JSON.stringify(levels)}; lit word at ${word.seconds.toFixed(2)} s in ${JSON.stringify(word.box)}`,
  );
  await framePng(video.file, 1.5, path.join(JOURNEY_DIR, "6-title-card.png"), 540);
  await framePng(video.file, word.seconds, path.join(JOURNEY_DIR, "7-word-captions.png"), 540);
}

export const ANSWERS = {
  "Explain Summer Stories": "Summer Stories is a camp where we film and edit videos at the lake.",
  "Favorite Project": "Our stop-motion short about a canoe that paddles itself across the lake at dawn.",
} as const;
