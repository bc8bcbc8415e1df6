import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReelCandidate } from "../../../contracts/reels.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import { schema } from "../../../db/client.ts";
import { reelCamp, stored } from "../../../testing/reel-camp.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";
import type { App } from "../../app.ts";
import { renderPosterKey } from "../../media/render-poster.ts";

let app: App;
let world: BuiltWorld<Awaited<ReturnType<typeof buildPines>>>;

beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  // Both tests start from the reel camp and Zoë's approved video, rendered once (no picture made yet).
  world = await buildWorldOnce(buildPines);
}, 120_000);

afterAll(async () => {
  await world?.drop();
  await app.close();
});

async function buildPines() {
  const camp = await reelCamp(app);
  const zoe = await camp.approvedVideo("Lake Day", "Zoë");
  return { camp, zoe };
}

describe("the reel picker's pictures", () => {
  it("are a JPEG still of each approved video, made once and kept beside it, scoped like the video and not audited as a viewing", async () => {
    const { camp, zoe } = await world.fresh();
    const listed = await camp.call<ReelCandidate[]>(camp.pinesCounselor, "GET", `/api/staff/reels/candidates?cabinId=${camp.pines}`);
    const candidate = listed.body.find((c) => c.showId === zoe.show.id)!;
    expect(candidate.posterUrl).toBe(`/api/staff/renders/${zoe.video.id}/poster`);

    const poster = await camp.call(camp.pinesCounselor, "GET", candidate.posterUrl);
    expect(poster.status).toBe(200);
    expect(poster.res.headers["content-type"]).toBe("image/jpeg");
    expect(poster.res.headers["cache-control"]).toBe("private, max-age=3600");
    // A JPEG (SOI marker), a few kilobytes: nothing like the video's bytes.
    expect(poster.res.rawPayload.subarray(0, 2).toString("hex")).toBe("ffd8");
    const [render] = await camp.db.select().from(schema.renderJobs).where(eq(schema.renderJobs.id, zoe.video.id));
    const key = renderPosterKey(render!.outputKey!);
    expect(await stored(key)).toBe(true);
    // The second time it is the kept file, the same bytes.
    const again = await camp.call(camp.admin, "GET", candidate.posterUrl);
    expect(again.res.rawPayload.equals(poster.res.rawPayload)).toBe(true);

    // Another cabin's counselor: like a missing video. The camper: staff only.
    expect((await camp.call<{ message: string }>(camp.oaksCounselor, "GET", candidate.posterUrl)).body).toEqual({ message: "Video not found" });
    expect((await camp.call(camp.oaksCounselor, "GET", candidate.posterUrl)).status).toBe(404);
    expect((await camp.call(zoe.camper, "GET", candidate.posterUrl)).status).toBe(403);

    // A thumbnail is not a viewing: no "opened a video" entry.
    const audit = await camp.call<AuditEntry[]>(camp.admin, "GET", "/api/staff/audit");
    expect(audit.body.filter((e) => e.action === "opened_video")).toEqual([]);

    // Deleting the show deletes the picture with the video.
    expect((await camp.call(zoe.camper, "DELETE", `/api/recordings/${zoe.show.id}`)).status).toBe(204);
    expect(await stored(key)).toBe(false);
    expect((await camp.call(camp.admin, "GET", candidate.posterUrl)).status).toBe(404);
  }, 120_000);

  it("are kept by housekeeping's sweep of render files while their video is", async () => {
    const { camp, zoe } = await world.fresh();
    expect((await camp.call(camp.admin, "GET", `/api/staff/renders/${zoe.video.id}/poster`)).status).toBe(200);
    const [render] = await camp.db.select().from(schema.renderJobs).where(eq(schema.renderJobs.id, zoe.video.id));
    await app.housekeeping.sweepLeftovers(0);
    expect(await stored(renderPosterKey(render!.outputKey!))).toBe(true);
    expect(await stored(render!.outputKey!)).toBe(true);
  }, 120_000);
});
