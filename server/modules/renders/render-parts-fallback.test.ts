import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../db/client.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { attachClip, renderFinalVideo, renderOutputPath } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

let app: App;
beforeAll(async () => {
  app = await createTestApp({ RENDER_PREPARE_DEBOUNCE_MS: "0" });
});
afterAll(() => app.close());

describe("a render whose parts cannot be kept", () => {
  it("still gives the camper the whole video, from one picture pass", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: "We climbed to the lookout and watched the storm roll over the lake." });
    await attachClip(app, camper, show.id, 2);
    await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload: { audioSource: "original", captions: false } });

    // A file where the camper's parts folder would go: every part fails to be stored (a full or broken
    // disk looks the same to the worker).
    const partsFolder = path.join(TEST_DATA_DIR, "media", "users", String(camper.userId), "render-parts");
    await mkdir(path.dirname(partsFolder), { recursive: true });
    await writeFile(partsFolder, "not a folder");
    try {
      const job = await renderFinalVideo(app, camper, show.id);
      expect(job.status).toBe("done");
      const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", await renderOutputPath(job.id)]);
      const probed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string }[] };
      expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
      expect(Number(probed.format.duration)).toBeGreaterThan(1.5);
      // Nothing was recorded as a kept part.
      const { db } = await testDatabase();
      expect(await db.select().from(schema.renderParts).where(eq(schema.renderParts.showId, show.id))).toEqual([]);
    } finally {
      await rm(partsFolder, { force: true });
    }
  }, 240_000);
});
