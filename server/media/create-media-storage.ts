import type { AppConfig } from "../config.ts";
import { LocalMediaStorage } from "./local-media-storage.ts";
import type { MediaStorage } from "./media-storage.ts";
import { S3MediaStorage } from "./s3-media-storage.ts";

/** S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/media. */
export function createMediaStorage(media: AppConfig["media"]): MediaStorage {
  return media.s3 ? new S3MediaStorage(media.s3, media.tmpDir) : new LocalMediaStorage(media.dir);
}
