import { startLocalS3 } from "./s3-server.ts";

/**
 * The S3 stand-in as a process of its own (startLocalS3Process), so a benchmark's clients and the
 * stand-in's hashing, disk work and listings do not share one event loop.
 */
const options = JSON.parse(process.argv[2] ?? "{}") as { bucket?: string; partSizeBytes?: number };
const s3 = await startLocalS3(options);
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await s3.close();
  process.exit(0);
};
process.on("SIGTERM", () => void close());
// The parent died: nobody will ask us to stop.
process.on("disconnect", () => void close());
process.send!({ settings: s3.settings, env: s3.env });
