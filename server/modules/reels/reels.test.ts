import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REEL_TITLE_SECONDS, type Reel, type ReelCandidate, type ReelChoices } from "../../../contracts/reels.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import type { CreatedShare } from "../../../contracts/shares.ts";
import { schema } from "../../../db/client.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";
import { unzip } from "../../../testing/zip.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { parseWebVtt } from "../../render/reel-captions.ts";
import { ensureCabins } from "../staff/staff-accounts.ts";
import { CabinsRepository } from "../staff/cabins.repository.ts";

const run = promisify(execFile);
const tools = resolveVideoTools({});

let app: App;
let work: string;
let admin: SignedInClient;
let pinesCounselor: SignedInClient;
let oaksCounselor: SignedInClient;
let pines: number;
let oaks: number;
let session: number;



async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
  return { status: res.statusCode, body: (res.headers["content-type"]?.toString().includes("json") ? res.json() : res.body) as T, res };
}

type CabinVideo = Awaited<ReturnType<typeof cabinVideo>>;

/** A roster camper of a cabin with a finished, captioned video of `seconds`; approved by the director unless told not to. */
async function cabinVideo(title: string, cabinId: number, firstName: string, { seconds = 2, approve = true, mediaRelease = true } = {}) {
  const camper = await registerCamper(app);
  const { db } = await testDatabase();
  await db.update(schema.users).set({ firstName, lastInitial: "Q", cabinId, campSessionId: session, mediaRelease }).where(eq(schema.users.id, camper.userId));
  const show = await createShow(app, camper.cookie, { title, narration: "We swam across the lake and back. Then we ate lunch by the fire." });
  await attachClip(app, camper, show.id, seconds);
  const video = await renderFinalVideo(app, camper, show.id, { captions: true });
  const sent = await call(camper, "POST", `/api/recordings/${show.id}/review`, {});
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  if (approve) {
    const decided = await call(admin, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  }
  return { camper, show, video };
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Number(stdout.trim());
}

async function streamsOf(file: string): Promise<string[]> {
  const { stdout } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", file]);
  return stdout.trim().split("\n");
}

let pinesWorld: BuiltWorld<{ zoe: CabinVideo; liam: CabinVideo }>;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  work = await mkdtemp(path.join(tmpdir(), "reels-"));
  // Every test needs the camp and two approved Pines videos (each a real render): built once, put
  // back as built before each test, which then adds the campers' videos it names.
  pinesWorld = await buildWorldOnce(async () => {
    await camp();
    return { zoe: await cabinVideo("Lake Day", pines, "Zoë"), liam: await cabinVideo("Fire & Songs", pines, "Liam") };
  });
}, 240_000);

/** The camp's cabins, a session, the director and a counselor of each cabin. */
async function camp() {
  const { db } = await testDatabase();
  [pines, oaks] = (await ensureCabins(new CabinsRepository(db), ["Pines", "Oaks"])).map((c) => c.id) as [number, number];
  const [row] = await db.insert(schema.campSessions).values({ name: "July A" }).returning();
  session = row!.id;
  admin = await registerStaff(app);
  pinesCounselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
  oaksCounselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Oaks"] });
}

afterAll(async () => {
  await pinesWorld?.drop();
  await app.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("cabin reels", () => {
  it("show a counselor their own cabin's approved videos only, refuse others naming the show, and zip the cabin's approved videos", async () => {
    const { zoe, liam } = await pinesWorld.fresh();
    const noRelease = await cabinVideo("Arts Day", pines, "Kai", { mediaRelease: false });
    const notApproved = await cabinVideo("Hike", pines, "Mia", { approve: false });
    const oaksCamper = await cabinVideo("Oak Tree", oaks, "Noah");
    const choices = await call<ReelChoices>(pinesCounselor, "GET", "/api/staff/reels/choices");
    expect(choices.body.cabins).toEqual([{ id: pines, name: "Pines" }]);

    const listed = await call<ReelCandidate[]>(pinesCounselor, "GET", `/api/staff/reels/candidates?cabinId=${pines}`);
    expect(listed.status).toBe(200);
    const shows = listed.body.map((c) => c.showId);
    expect(shows.sort()).toEqual([zoe.show.id, liam.show.id, noRelease.show.id].sort());
    expect(shows).not.toContain(notApproved.show.id);
    expect(shows).not.toContain(oaksCamper.show.id);
    expect(listed.body.find((c) => c.showId === noRelease.show.id)).toMatchObject({ mediaRelease: false, firstName: "Kai" });
    expect(listed.body.find((c) => c.showId === zoe.show.id)).toMatchObject({ renderJobId: zoe.video.id, firstName: "Zoë", title: "Lake Day", mediaRelease: true });

    // Another cabin is answered like a missing one.
    const other = await call<{ message: string }>(pinesCounselor, "GET", `/api/staff/reels/candidates?cabinId=${oaks}`);
    expect(other).toMatchObject({ status: 404, body: { message: "Cabin not found" } });

    // Refusals name the show; nothing is made.
    const body = (showId: number, cabinId = pines) => ({ cabinId, format: "youtube", captions: true, items: [{ showId: zoe.show.id }, { showId }] });
    const outOfScope = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", body(oaksCamper.show.id));
    expect(outOfScope).toMatchObject({ status: 404, body: { message: `Show ${oaksCamper.show.id} was not found among your campers' videos` } });
    const otherCabin = await call<{ message: string }>(admin, "POST", "/api/staff/reels", body(oaksCamper.show.id));
    expect(otherCabin).toMatchObject({ status: 409, body: { message: `"Oak Tree" is not from the cabin or session this reel is for` } });
    const waiting = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", body(notApproved.show.id));
    expect(waiting).toMatchObject({ status: 409, body: { message: `"Hike" is not approved yet, so it cannot be in a reel` } });
    const noMedia = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", body(noRelease.show.id));
    expect(noMedia.status).toBe(409);
    expect(noMedia.body.message).toContain(`"Arts Day" cannot be in a reel: Kai has no media release`);
    const otherGroup = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", body(liam.show.id, oaks));
    expect(otherGroup).toMatchObject({ status: 404, body: { message: "Cabin not found" } });
    const bad = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", { format: "youtube", captions: true, items: [{ showId: zoe.show.id }] });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining("Choose a cabin or a camp session") } });

    expect((await call<Reel[]>(admin, "GET", "/api/staff/reels")).body).toEqual([]);

    // The closing-night zip.
    const res = await app.inject({ method: "GET", url: `/api/staff/cabins/${pines}/approved.zip`, headers: { cookie: pinesCounselor.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="Pines-approved-videos-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      ["Liam-Q-Fire-Songs", "Zoe-Q-Lake-Day"].flatMap((n) => [`${n}.mp4`, `${n}.vtt`]).concat("README.txt").sort(),
    );
    const { db } = await testDatabase();
    const [zoeRender] = await db.select().from(schema.renderJobs).where(eq(schema.renderJobs.id, zoe.video.id));
    const stored = await call<string>(admin, "GET", `/api/staff/renders/${zoe.video.id}/media`);
    expect(entries.get("Zoe-Q-Lake-Day.mp4")!.bytes.equals(stored.res.rawPayload)).toBe(true);
    expect(zoeRender?.captionsKey).toBeTruthy();
    expect(entries.get("Zoe-Q-Lake-Day.vtt")!.bytes.toString()).toMatch(/^WEBVTT/);
    expect(entries.get("README.txt")!.bytes.toString()).toContain("- Kai Q: Arts Day");

    // Another cabin's counselor: like a missing cabin.
    expect((await app.inject({ method: "GET", url: `/api/staff/cabins/${pines}/approved.zip`, headers: { cookie: oaksCounselor.cookie } })).statusCode).toBe(404);
    const audit = await call<AuditEntry[]>(admin, "GET", "/api/staff/audit");
    expect(audit.body.find((e) => e.action === "export_cabin")).toMatchObject({ detail: "Pines: 2 approved videos" });
  }, 240_000);

  it("render three approved videos into one reel as long as its parts plus the title card, captions moved to where each part plays", async () => {
    const { zoe, liam } = await pinesWorld.fresh();
    const ana = await cabinVideo("Canoe Race", pines, "Ana");
    const made = await call<Reel>(pinesCounselor, "POST", "/api/staff/reels", {
      cabinId: pines,
      title: "Pines, summer 2026",
      format: "youtube_shorts",
      captions: true,
      maxSecondsPerCamper: 10,
      items: [{ showId: liam.show.id, startSeconds: 0.5, seconds: 1 }, { showId: zoe.show.id }, { showId: ana.show.id }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    expect(made.body).toMatchObject({ status: "queued", title: "Pines, summer 2026", cabinName: "Pines", format: "youtube_shorts", mediaUrl: null });
    expect(made.body.items.map((i) => [i.showId, i.renderJobId])).toEqual([
      [liam.show.id, liam.video.id],
      [zoe.show.id, zoe.video.id],
      [ana.show.id, ana.video.id],
    ]);
    const partsSeconds = made.body.items.reduce((sum, i) => sum + i.seconds, 0);
    expect(made.body.items[0]).toMatchObject({ startSeconds: 0.5, seconds: 1 });

    while ((await app.renderWorker.runNext()) !== undefined) {
      // the reel is rendered by the same worker as campers' videos
    }
    const done = await call<Reel>(pinesCounselor, "GET", `/api/staff/reels/${made.body.id}`);
    expect(done.body, done.body.message ?? "").toMatchObject({ status: "done", progress: 100 });

    const media = await call<string>(pinesCounselor, "GET", done.body.mediaUrl!);
    expect(media.res.headers["content-type"]).toBe("video/mp4");
    const file = path.join(work, "reel.mp4");
    await writeFile(file, media.res.rawPayload);
    const seconds = await durationOf(file);
    expect(Math.abs(seconds - (REEL_TITLE_SECONDS + partsSeconds))).toBeLessThanOrEqual(0.1);
    expect(Math.abs(done.body.durationSeconds! - (REEL_TITLE_SECONDS + partsSeconds))).toBeLessThanOrEqual(0.001);
    expect((await streamsOf(file)).sort()).toEqual(["audio", "video"]);

    const range = await app.inject({ method: "GET", url: done.body.mediaUrl!, headers: { cookie: pinesCounselor.cookie, range: "bytes=0-99" } });
    expect(range.statusCode).toBe(206);
    const download = await call(pinesCounselor, "GET", done.body.downloadUrl!);
    expect(download.res.headers["content-disposition"]).toContain('filename="Pines-summer-2026.mp4"');

    // Captions: Zoë's own cues, moved by the title card and Liam's one second.
    const reelCues = parseWebVtt((await call<string>(pinesCounselor, "GET", done.body.captionsUrl!)).body);
    const zoeCues = parseWebVtt((await call<string>(admin, "GET", `/api/staff/renders/${zoe.video.id}/captions.vtt`)).body);
    const zoeStart = REEL_TITLE_SECONDS + made.body.items[0]!.seconds;
    const moved = reelCues.filter((c) => c.start >= zoeStart - 0.001 && c.start < zoeStart + made.body.items[1]!.seconds);
    expect(moved.map((c) => c.text)).toEqual(zoeCues.filter((c) => c.start < made.body.items[1]!.seconds).map((c) => c.text));
    expect(moved[0]!.start).toBeCloseTo(zoeStart + zoeCues[0]!.start, 3);
    expect(reelCues.every((c) => c.start >= REEL_TITLE_SECONDS - 0.001 && c.end <= REEL_TITLE_SECONDS + partsSeconds + 0.001)).toBe(true);

    // Only staff who reach the cabin see the reel.
    expect((await call(oaksCounselor, "GET", `/api/staff/reels/${made.body.id}`)).status).toBe(404);
    expect((await call(oaksCounselor, "GET", done.body.mediaUrl!)).status).toBe(404);
    expect((await call<Reel[]>(oaksCounselor, "GET", "/api/staff/reels")).body).toEqual([]);
    expect((await call<Reel[]>(admin, "GET", "/api/staff/reels")).body.map((r) => r.id)).toContain(made.body.id);
    // A reel's render is not a show's: the show routes never find it.
    expect((await call(admin, "GET", `/api/staff/renders/${(await reelJobId(made.body.id))}/media`)).status).toBe(404);

    // Shared with the same link rules; revoking ends it.
    const shared = await call<CreatedShare>(pinesCounselor, "POST", `/api/staff/reels/${made.body.id}/shares`, { days: 7 });
    expect(shared.status).toBe(201);
    expect(shared.body.share).toMatchObject({ reelId: made.body.id, showId: null, state: "active" });
    const page = await app.inject({ method: "GET", url: shared.body.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Pines, summer 2026");
    expect((await app.inject({ method: "GET", url: `${shared.body.path}/media`, headers: { range: "bytes=0-9" } })).statusCode).toBe(206);
    expect((await call(oaksCounselor, "DELETE", `/api/staff/reels/${made.body.id}/shares/${shared.body.share.id}`)).status).toBe(404);
    // Not through a show's link routes either.
    expect((await call(admin, "DELETE", `/api/staff/shares/${shared.body.share.id}`)).status).toBe(404);
    const revoked = await call(pinesCounselor, "DELETE", `/api/staff/reels/${made.body.id}/shares/${shared.body.share.id}`);
    expect(revoked).toMatchObject({ status: 200, body: { state: "revoked" } });
    expect((await app.inject({ method: "GET", url: shared.body.path })).statusCode).toBe(404);

    const audit = await call<AuditEntry[]>(admin, "GET", "/api/staff/audit");
    expect(audit.body.some((e) => e.action === "make_reel" && e.detail?.includes(`Reel ${made.body.id}`))).toBe(true);

    expect((await call(oaksCounselor, "DELETE", `/api/staff/reels/${made.body.id}`)).status).toBe(404);
    expect((await call(pinesCounselor, "DELETE", `/api/staff/reels/${made.body.id}`)).status).toBe(204);
    expect((await call(pinesCounselor, "GET", `/api/staff/reels/${made.body.id}`)).status).toBe(404);

    // Longer than its format allows: refused with the way out.
    const items = [{ showId: zoe.show.id }, { showId: liam.show.id }, { showId: ana.show.id }];
    const { db } = await testDatabase();
    // A 60 s format and videos said to be 25 s long: 4 + 75 s is too long.
    await db.update(schema.renderJobs).set({ durationSeconds: 25 }).where(inArray(schema.renderJobs.id, [zoe.video.id, liam.video.id, ana.video.id]));
    const refused = await call<{ message: string }>(pinesCounselor, "POST", "/api/staff/reels", { cabinId: pines, format: "youtube_shorts", captions: false, items });
    expect(refused).toMatchObject({ status: 400, body: { message: "A YouTube Shorts reel can be up to 60 seconds: pick fewer videos or set a shorter length per camper." } });
    const capped = await call<Reel>(pinesCounselor, "POST", "/api/staff/reels", { cabinId: pines, format: "youtube_shorts", captions: false, maxSecondsPerCamper: 10, items });
    expect(capped.status).toBe(202);
    expect(capped.body.items.map((i) => i.seconds)).toEqual([10, 10, 10]);
  }, 240_000);
});

async function reelJobId(reelId: number): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: schema.renderJobs.id }).from(schema.renderJobs).where(eq(schema.renderJobs.reelId, reelId));
  return row!.id;
}
