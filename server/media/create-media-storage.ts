import type { AppConfig } from "../config.ts";
import { LocalMediaStorage } from "./local-media-storage.ts";
import type { MediaStorage } from "./media-storage.ts";

/**
 * S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/media. The AWS SDK
 * is loaded only for S3: it is about half a second of a laptop's start that local disk never needs.
 */
export async function createMediaStorage(media: AppConfig["media"]): Promise<MediaStorage> {
  if (!media.s3) return new LocalMediaStorage(media.dir);
  const { S3MediaStorage } = await import("./s3-media-storage.ts");
  return new S3MediaStorage(media.s3, media.tmpDir);
}
