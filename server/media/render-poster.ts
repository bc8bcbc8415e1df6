import type { MediaStorage } from "./media-storage.ts";
import { grabPoster, type VideoToolPaths } from "./video-tools.ts";

/**
 * A finished render's still picture lives beside its video under the same name (`….mp4` -> `….jpg`), so
 * whatever finds the video's key finds the picture's: no column to keep in step, and housekeeping's sweep
 * of render files counts it as named while its video is.
 */
export const renderPosterKey = (outputKey: string) => outputKey.replace(/\.[a-z0-9]+$/i, "") + ".jpg";

/**
 * The render's picture, made from its video the first time it is asked for and kept (renders made before
 * pictures existed get one too). Two requests at once both make it; the second write replaces the first
 * with the same picture. Answers the key, or undefined when no picture could be made from the video.
 */
export async function ensureRenderPoster(
  storage: MediaStorage,
  tools: VideoToolPaths,
  render: { outputKey: string; durationSeconds: number | null },
): Promise<string | undefined> {
  const key = renderPosterKey(render.outputKey);
  if (await storage.size(key)) return key;
  try {
    await storage.withLocalFile(render.outputKey, (input) =>
      storage.withNewLocalFile(key, (output) => grabPoster(tools, input, output, render.durationSeconds ?? 1)),
    );
    if (await storage.size(key)) return key;
  } catch {
    // A video ffmpeg cannot read a frame of: no picture, and the picker shows the title alone.
  }
  await storage.delete(key).catch(() => undefined);
  return undefined;
}
