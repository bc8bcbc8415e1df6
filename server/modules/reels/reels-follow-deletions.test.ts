import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reel } from "../../../contracts/reels.ts";
import { schema } from "../../../db/client.ts";
import { reelCamp } from "../../../testing/reel-camp.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";
import type { App } from "../../app.ts";

let app: App;
let world: BuiltWorld<Awaited<ReturnType<typeof buildPines>>>;

beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  // Every test deletes Zoë's video some way and watches her reel go: the camp, her approved video and
  // the finished, shared reel are rendered once and put back untouched before each test.
  world = await buildWorldOnce(buildPines);
}, 240_000);

afterAll(async () => {
  await world?.drop();
  await app.close();
});

/** The reel camp, Zoë's approved "Lake Day" and the finished reel "Pines week" of it. */
async function buildPines() {
  const camp = await reelCamp(app);
  const zoe = await camp.approvedVideo("Lake Day", "Zoë");
  const reel = await camp.finishedReel("Pines week", [zoe.show.id]);
  return { camp, zoe, reel };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A retention rule whose moment is tomorrow (or, executed, one already carried out). */
async function retentionRule(db: Awaited<ReturnType<typeof reelCamp>>["db"], executed = false) {
  const deleteAt = new Date(Date.now() + DAY_MS);
  await db.insert(schema.campRetention).values({ id: 1, startsOn: deleteAt.toISOString().slice(0, 10), afterDays: 0, deleteAt, setByUsername: "director", executedAt: executed ? new Date() : null });
}

describe("a reel follows the deletion of a video in it", () => {
  it("goes when a camper deletes their show: routes, link and files, with an audit entry; a reel without that video stays", async () => {
    const { camp, zoe } = await world.fresh();
    const liam = await camp.approvedVideo("Fire Songs", "Liam");
    const both = await camp.finishedReel("Pines week", [zoe.show.id, liam.show.id]);
    const liamOnly = await camp.finishedReel("Liam alone", [liam.show.id]);

    expect((await camp.call(zoe.camper, "DELETE", `/api/recordings/${zoe.show.id}`)).status).toBe(204);

    await camp.expectReelGone(both);
    expect((await camp.call<Reel>(camp.admin, "GET", `/api/staff/reels/${liamOnly.reel.id}`)).body).toMatchObject({ status: "done" });
    expect((await app.inject({ method: "GET", url: liamOnly.sharePath })).statusCode).toBe(200);
  }, 240_000);

  it("goes when a camper deletes their account", async () => {
    const { camp, zoe, reel } = await world.fresh();

    const deleted = await app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: zoe.camper.cookie }, payload: { password: zoe.camper.credentials.password } });
    expect(deleted.statusCode).toBe(204);

    await camp.expectReelGone(reel);
  }, 240_000);

  it("goes when the retention rule deletes the campers' videos", async () => {
    const { camp, reel } = await world.fresh();
    await retentionRule(camp.db);

    const report = await app.housekeeping.run(new Date(Date.now() + 2 * DAY_MS));
    expect(report.retention?.items).toBeGreaterThan(0);

    await camp.expectReelGone(reel);
  }, 240_000);

  it("goes on housekeeping's hourly run when its video went some way that did not say so", async () => {
    const { camp, zoe, reel } = await world.fresh();
    // A render row gone behind the app's back (a reel made while its video was being deleted ends up so).
    await camp.db.delete(schema.renderJobs).where(eq(schema.renderJobs.id, zoe.video.id));

    await app.housekeeping.run();

    await camp.expectReelGone(reel);
  }, 240_000);

  it("goes when its camp session's campers are deleted, the session's own reels too", async () => {
    const { camp, zoe, reel: cabinReel } = await world.fresh();
    const sessionReel = await camp.finishedReel("July A week", [zoe.show.id], { sessionId: camp.session });
    // The rule already ran (it deletes nothing more); the session's deletion waits for its moment only.
    await retentionRule(camp.db, true);
    await camp.db.update(schema.campSessions).set({ deleteRequestedAt: new Date() }).where(eq(schema.campSessions.id, camp.session));

    const report = await app.housekeeping.run(new Date(Date.now() + 2 * DAY_MS));
    expect(report).toMatchObject({ sessionCampersDeleted: 1 });
    expect(report.retention).toBeUndefined();

    await camp.expectReelGone(cabinReel);
    await camp.expectReelGone(sessionReel);
  }, 240_000);
});
