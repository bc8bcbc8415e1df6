import type { X264Preset } from "../server/render/video-encoding.ts";

/**
 * The encoder speed of every test's renders (app.inject, the e2e servers, the cluster's worker): the
 * tests check a video's shape, sound, captions and frames, never its bytes, and ultrafast needs about
 * 2.6x less CPU than the product's veryfast (decision 029c). The benches keep the product's default.
 */
export const TEST_X264_PRESET = "ultrafast" satisfies X264Preset;
