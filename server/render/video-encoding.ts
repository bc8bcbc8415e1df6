/**
 * The finished video's H.264 encoding, one rule for shows and reels. The x264 preset trades encoding
 * time for bytes at the same quality (CRF 23): veryfast is the default (about 1.4 s per second of 1080p
 * video on a loaded 2-core machine); RENDER_X264_PRESET lets a render worker with cores to spare make
 * smaller files, and the test suites use ultrafast (about 2.6x less CPU) since they check the video's
 * shape, sound and captions, not its bytes.
 */
export const X264_PRESETS = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium"] as const;
export type X264Preset = (typeof X264_PRESETS)[number];
export const DEFAULT_X264_PRESET: X264Preset = "veryfast";

/** ffmpeg's output options for the video stream: H.264 at CRF 23 in yuv420p (plays everywhere), `fps` frames a second. */
export function h264OutputArgs(fps: number, preset: X264Preset = DEFAULT_X264_PRESET): string[] {
  return ["-c:v", "libx264", "-preset", preset, "-crf", "23", "-pix_fmt", "yuv420p", "-r", String(fps)];
}
