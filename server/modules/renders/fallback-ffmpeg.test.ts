import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { loudness } from "../../../testing/media-measure.ts";
import { campPhotoJpeg } from "../../../testing/photo-fixtures.ts";
import { renderFinalVideo, renderOutputPath } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { uploadClip } from "../../../testing/uploads.ts";
import { ffmpegFilters } from "../../media/video-tools.ts";

const require = createRequire(import.meta.url);

/**
 * `npm install` alone must still make videos: without a system ffmpeg the app falls back to the binaries
 * npm ships (a 2018 build), which lacks xfade and some newer options. The whole issue-28 video (music,
 * a photo, cards, captions) renders on it, with hard cuts instead of cross-fades, at the platforms' loudness.
 */
describe("a video on npm's fallback ffmpeg", () => {
  const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const ffprobe = (require("@ffprobe-installer/ffprobe") as { path: string }).path;
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe });
  });
  afterAll(() => app?.close());

  it("renders music, a photo, cards and word captions with hard cuts, at -14 LUFS under -1 dBTP", async () => {
    expect((await ffmpegFilters({ ffmpeg, ffprobe })).has("xfade")).toBe(false);
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { videoFormat: "tiktok", narration: "We paddled to the island. Then we swam back at sunset." });
    const clip = await uploadClip(app, camper, await webmFixture(2), "Paddle");
    const photo = await uploadClip(app, camper, await campPhotoJpeg(1200, 900), "Island");
    const put = await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id, photo.id] } });
    expect(put.statusCode, put.body).toBe(200);
    const choices = { audioSource: "voice", captions: true, captionStyle: "word", music: "still-lake", transitions: true, titleCard: true };
    const patch = await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: choices });
    expect(patch.statusCode, patch.body).toBe(200);

    const done = await renderFinalVideo(app, camper, show.id);
    expect(done.options).toMatchObject({ transitions: true, captionStyle: "word", music: { track: "still-lake" } });
    const { integrated, truePeak } = await loudness(await renderOutputPath(done.id));
    expect(Math.abs(integrated - VIDEO_STYLE.loudnessLufs)).toBeLessThanOrEqual(VIDEO_STYLE.loudnessToleranceLu);
    expect(truePeak).toBeLessThanOrEqual(VIDEO_STYLE.truePeakDbtp);
    expect(done.durationSeconds).toBeGreaterThan(VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds);
  }, 180_000);
});
