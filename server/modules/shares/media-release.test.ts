import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffShowDetail } from "../../../contracts/reviews.ts";
import { SHARE_MESSAGES, type ShowShares } from "../../../contracts/shares.ts";
import type { App } from "../../app.ts";
import { setMediaRelease } from "../../../testing/camp.ts";
import { approvedShow, shareShow } from "../../../testing/shares.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { sql } from "drizzle-orm";
import { createTestApp, type SignedInClient } from "../../../testing/test-app.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";

let app: App;
let world: BuiltWorld<Awaited<ReturnType<typeof approvedShow>>>;
beforeAll(async () => {
  app = await createTestApp();
  // Both tests start from a camper's approved video (rendered once), the release then withdrawn.
  world = await buildWorldOnce(() => approvedShow(app, "Canoe Race"));
}, 120_000);
afterAll(async () => {
  await world?.drop();
  await app.close();
});

async function call(client: SignedInClient | undefined, method: "GET" | "POST", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
  return { status: res.statusCode, body: res.body, json: () => res.json() as unknown };
}

const linkCount = async (showId: number) => {
  const { db } = await testDatabase();
  return (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM share_links WHERE show_id = ${showId}`))[0]!.n;
};

describe("a camper without a media release", () => {
  it("gets no share link, with a kind message, and still downloads their video", async () => {
    const { camper, staff, show, video } = await world.fresh();
    await setMediaRelease(camper.userId, false);

    const listed = (await call(camper, "GET", `/api/recordings/${show.id}/shares`)).json() as ShowShares;
    expect(listed).toEqual({ canShare: false, reason: SHARE_MESSAGES.noMediaRelease, links: [] });
    const made = await call(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 7 });
    expect(made.status).toBe(409);
    expect(made.json()).toEqual({ message: SHARE_MESSAGES.noMediaRelease, code: "no_media_release" });

    // Staff hear why, in their words; nothing was made either way.
    const byStaff = await call(staff, "POST", `/api/staff/shows/${show.id}/shares`, {});
    expect(byStaff.status).toBe(409);
    expect(byStaff.json()).toEqual({ message: SHARE_MESSAGES.noMediaReleaseStaff, code: "no_media_release" });
    expect(((await call(staff, "GET", `/api/staff/shows/${show.id}/shares`)).json() as ShowShares).reason).toBe(SHARE_MESSAGES.noMediaReleaseStaff);
    expect(await linkCount(show.id)).toBe(0);

    const detail = (await call(staff, "GET", `/api/staff/shows/${show.id}`)).json() as StaffShowDetail;
    expect(detail.camper.mediaRelease).toBe(false);

    // Their own video is theirs to download.
    const download = await call(camper, "GET", `/api/renders/${video.id}/media`);
    expect(download.status).toBe(200);
  });

  it("stops the links made before the release was withdrawn, like revoked ones, until it is given back", async () => {
    const { camper, show } = await world.fresh();
    const { path } = await shareShow(app, camper.cookie, show.id);
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(200);

    await setMediaRelease(camper.userId, false);
    for (const url of [path, `${path}/media`, `${path}/captions.vtt`]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    const page = await app.inject({ method: "GET", url: path });
    expect(page.body).toContain(SHARE_MESSAGES.noLongerShared);

    await setMediaRelease(camper.userId, true);
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(200);
  });
});
