import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import type { CreatedShare, ShareLink, ShowShares } from "../../../contracts/shares.ts";
import type { App } from "../../app.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";
import { approvedShow as approvedShowOf } from "../../../testing/shares.ts";
import { hashToken } from "./shares.service.ts";

let app: App;
let world: BuiltWorld<Awaited<ReturnType<typeof approvedShowOf>>>;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  // One approved show for the file (two accounts hashed with argon2id, a clip uploaded, a video rendered
  // and reviewed), put back as built before each test that needs one: each still starts from it untouched.
  world = await buildWorldOnce(() => approvedShowOf(app, "Lake Day <3"));
}, 180_000);
afterAll(async () => {
  await world?.drop();
  await app.close();
});

async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, on = app) {
  const res = await on.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
  return { status: res.statusCode, body: res.json() as T };
}

/** The file's approved show, exactly as built. */
const approvedShow = () => world.fresh();

const page = (path: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url: path, headers });

describe("share links", () => {
  it("play the approved video to anyone with the link, count views, and end when revoked", async () => {
    const { camper, staff, show, video } = await approvedShow();
    const listed = await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`);
    expect(listed.body).toEqual({ canShare: true, reason: null, links: [] });

    const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(made.status).toBe(201);
    const { token, path, share } = made.body;
    // 192 random bits as base64url; the database keeps only the hash.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(path).toBe(`/s/${token}`);
    const { db } = await testDatabase();
    const stored = await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM share_links WHERE id = ${share.id}`);
    expect(stored).toMatchObject([{ token_hash: hashToken(token) }]);
    expect(JSON.stringify(stored)).not.toContain(token);
    // 30 days unless the camper picks otherwise.
    const days = (Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // The watch page: no account, the title, the video with its captions, the banner, noindex, no username.
    const watch = await page(path);
    expect(watch.statusCode).toBe(200);
    expect(watch.headers["content-type"]).toContain("text/html");
    expect(watch.headers["x-robots-tag"]).toContain("noindex");
    expect(watch.body).toContain('<meta name="robots" content="noindex');
    expect(watch.body).toContain("Lake Day &lt;3");
    expect(watch.body).toContain(`src="${path}/media"`);
    expect(watch.body).toContain(`<track kind="captions" src="${path}/captions.vtt"`);
    expect(watch.body).toContain("Summer Stories Camp");
    expect(watch.body).not.toContain(camper.credentials.username);

    const media = await page(`${path}/media`, { range: "bytes=0-99" });
    expect(media.statusCode).toBe(206);
    expect(media.headers["content-type"]).toBe("video/mp4");
    expect(media.headers["content-range"]).toMatch(/^bytes 0-99\//);
    const whole = await page(`${path}/media`);
    const staffCopy = await app.inject({ method: "GET", url: `/api/staff/renders/${video.id}/media`, headers: { cookie: staff.cookie } });
    expect(whole.rawPayload.equals(staffCopy.rawPayload)).toBe(true);
    const captions = await page(`${path}/captions.vtt`);
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain("WEBVTT");

    // The camper and staff see the views (pages opened; the player's byte ranges are not views).
    await page(path);
    const views = (await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body.links;
    expect(views).toMatchObject([{ id: share.id, state: "active", views: 2 }]);
    expect((await call<ShowShares>(staff, "GET", `/api/staff/shows/${show.id}/shares`)).body.links[0]).toMatchObject({ views: 2 });

    // Revoked: the page is a friendly 404 and the video and captions are gone.
    const revoked = await call<ShareLink>(camper, "DELETE", `/api/shares/${share.id}`);
    expect(revoked.body).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    const dead = await page(path);
    expect(dead.statusCode).toBe(404);
    expect(dead.body).toContain("This video is no longer shared");
    expect(dead.headers["x-robots-tag"]).toContain("noindex");
    expect((await page(`${path}/media`, { range: "bytes=0-99" })).statusCode).toBe(404);
    expect((await page(`${path}/captions.vtt`)).statusCode).toBe(404);
    expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body.links[0]).toMatchObject({ state: "revoked", views: 2 });
  }, 120_000);

  it("expire after the days the camper picked", async () => {
    const { camper, show } = await approvedShow();
    const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 1 });
    const days = (Date.parse(made.body.share.expiresAt) - Date.parse(made.body.share.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(1);
    expect((await call(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 3 })).status).toBe(400);
    expect((await page(made.body.path)).statusCode).toBe(200);
    // A day later (the clock is the database row's expiry, moved to the past).
    const { db } = await testDatabase();
    await db.execute(sql`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = ${made.body.share.id}`);
    const dead = await page(made.body.path);
    expect(dead.statusCode).toBe(404);
    expect(dead.body).toContain("This video is no longer shared");
    expect((await page(`${made.body.path}/media`)).statusCode).toBe(404);
    expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body.links[0]!.state).toBe("expired");
  }, 120_000);

  it("reach only their own video, page and captions", async () => {
    const { camper, show } = await approvedShow();
    const { body } = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    const { token, path } = body;
    // Anything else under the link, a guessed token, or the token sent as a cookie or bearer: nothing.
    for (const url of [`${path}/clips`, `${path}/media/../../api/recordings`, `${path}x`, "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/s/"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("Lake Day");
    }
    for (const headers of [{ cookie: `ss_session=${token}` }, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      expect((await page(`/api/recordings/${show.id}`, headers)).statusCode).toBe(401);
      expect((await page("/api/recordings", headers)).statusCode).toBe(401);
      expect((await page(`/api/recordings/${show.id}/shares`, headers)).statusCode).toBe(401);
    }
  }, 120_000);

  it("keep playing the approved video when the camper makes a new one, until the new one is sent and approved", async () => {
    const { camper, staff, show, video } = await approvedShow();
    const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    const played = async () => (await page(`${made.body.path}/media`)).rawPayload;
    const staffCopy = async (id: number) =>
      (await app.inject({ method: "GET", url: `/api/staff/renders/${id}/media`, headers: { cookie: staff.cookie } })).rawPayload;
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "We swam across the lake at dawn." });
    const changed = await renderFinalVideo(app, camper, show.id, { captions: true });
    // The new video is not approved: the link keeps the approved one, and the camper may still share it.
    expect((await page(made.body.path)).statusCode).toBe(200);
    expect((await played()).equals(await staffCopy(video.id))).toBe(true);
    expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body).toMatchObject({ canShare: true });
    // Sent, not yet approved: still the approved one.
    await call(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect((await played()).equals(await staffCopy(video.id))).toBe(true);
    // Approved: the same link plays the new video.
    await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: changed.id });
    expect((await page(made.body.path)).statusCode).toBe(200);
    expect((await played()).equals(await staffCopy(changed.id))).toBe(true);
  }, 180_000);

  it("cannot be made for an unapproved show, another camper's show, or by staff through camper routes", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie);
    const noVideo = await call<{ message: string }>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(noVideo.status).toBe(409);
    expect(noVideo.body.message).toMatch(/final video/);
    await attachClip(app, camper, show.id);
    await renderFinalVideo(app, camper, show.id);
    await call(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect((await call(camper, "POST", `/api/recordings/${show.id}/shares`, {})).status).toBe(409);
    expect((await call(staff, "POST", `/api/staff/shows/${show.id}/shares`, {})).status).toBe(409);
    expect((await call(other, "POST", `/api/recordings/${show.id}/shares`, {})).status).toBe(404);
    expect((await call(other, "GET", `/api/recordings/${show.id}/shares`)).status).toBe(404);
    expect((await call(staff, "POST", `/api/recordings/${show.id}/shares`, {})).status).toBe(404);
  }, 120_000);

  it("may be made and revoked by staff (audited), and never revoked by another camper", async () => {
    const { camper, staff, show } = await approvedShow();
    const other = await registerCamper(app);
    const byStaff = await call<CreatedShare>(staff, "POST", `/api/staff/shows/${show.id}/shares`, { days: 7 });
    expect(byStaff.status).toBe(201);
    const byCamper = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    // The camper sees both links; another camper can neither see nor end them.
    expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body.links).toHaveLength(2);
    expect((await call(other, "DELETE", `/api/shares/${byCamper.body.share.id}`)).status).toBe(404);
    expect((await call(staff, "DELETE", `/api/shares/${byCamper.body.share.id}`)).status).toBe(404);
    expect((await call(camper, "DELETE", `/api/staff/shares/${byCamper.body.share.id}`)).status).toBe(403);
    expect((await page(byCamper.body.path)).statusCode).toBe(200);
    // Staff end the camper's link.
    const ended = await call<ShareLink>(staff, "DELETE", `/api/staff/shares/${byCamper.body.share.id}`);
    expect(ended.body.state).toBe("revoked");
    expect((await page(byCamper.body.path)).statusCode).toBe(404);
    expect((await page(byStaff.body.path)).statusCode).toBe(200);
    const audit = (await call<AuditEntry[]>(staff, "GET", "/api/staff/audit")).body;
    expect(audit.slice(0, 2).map((e) => [e.action, e.showId])).toEqual([
      ["revoked_share", show.id],
      ["shared", show.id],
    ]);
  }, 120_000);

  it("open any show with a finished video when staff review is not required", async () => {
    const open = await createTestApp({ VOICE_PROVIDER: "mespeak", REQUIRE_STAFF_REVIEW: "false" });
    try {
      const camper = await registerCamper(open);
      const show = await createShow(open, camper.cookie);
      expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`, undefined, open)).body.canShare).toBe(false);
      await attachClip(open, camper, show.id);
      await renderFinalVideo(open, camper, show.id);
      const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 7 }, open);
      expect(made.status).toBe(201);
      const watch = await open.inject({ method: "GET", url: made.body.path });
      expect(watch.statusCode).toBe(200);
      // No captions were made for this video, so the page offers none.
      expect(watch.body).not.toContain("<track");
    } finally {
      await open.close();
    }
  }, 120_000);

  it("are refused while the personal-details check has a phrase neither fixed nor kept, also without staff review", async () => {
    const open = await createTestApp({ VOICE_PROVIDER: "mespeak", REQUIRE_STAFF_REVIEW: "false" });
    try {
      const camper = await registerCamper(open);
      const show = await createShow(open, camper.cookie, { narration: "Call me at 555-123-4567 after camp." });
      await attachClip(open, camper, show.id);
      await renderFinalVideo(open, camper, show.id);
      const refused = await call<{ message: string }>(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 7 }, open);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/personal details/);
      const stored = await queryRows<{ n: number }>((await testDatabase()).db, sql`SELECT count(*)::int AS n FROM share_links WHERE show_id = ${show.id}`);
      expect(stored[0]?.n).toBe(0);

      await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "Call me after camp." }, open);
      await renderFinalVideo(open, camper, show.id);
      expect((await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, { days: 7 }, open)).status).toBe(201);
    } finally {
      await open.close();
    }
  }, 180_000);

  it("limit token lookups per address", async () => {
    const limited = await createTestApp({ SHARE_LOOKUPS_PER_MINUTE: "2" });
    try {
      const address = { remoteAddress: "203.0.113.9" };
      const hit = () => limited.inject({ method: "GET", url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", ...address });
      expect((await hit()).statusCode).toBe(404);
      expect((await hit()).statusCode).toBe(404);
      const third = await hit();
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
      expect(third.body).toContain("Try again in a minute");
      // Another address is not held back.
      expect((await limited.inject({ method: "GET", url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", remoteAddress: "203.0.113.10" })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
