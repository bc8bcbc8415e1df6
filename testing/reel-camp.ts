import { access } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CreatedShare } from "../contracts/shares.ts";
import type { Reel } from "../contracts/reels.ts";
import { schema } from "../db/client.ts";
import type { App } from "../server/app.ts";
import { ensureCabins } from "../server/modules/staff/staff-accounts.ts";
import { attachClip, renderFinalVideo } from "./renders.ts";
import { TEST_DATA_DIR, createShow, registerCamper, registerStaff, type SignedInClient } from "./test-app.ts";
import { testDatabase } from "./test-database.ts";
import { CabinsRepository } from "../server/modules/staff/cabins.repository.ts";

/**
 * A camp for reel tests (each test starts from empty tables): cabins Pines and Oaks, the session "July A",
 * the director, a counselor of each cabin, and helpers for campers' approved videos and finished reels.
 */
export async function reelCamp(app: App) {
  const { db } = await testDatabase();
  const [pines, oaks] = (await ensureCabins(new CabinsRepository(db), ["Pines", "Oaks"])).map((c) => c.id) as [number, number];
  const [row] = await db.insert(schema.campSessions).values({ name: "July A" }).returning();
  const session = row!.id;
  const admin = await registerStaff(app);
  const pinesCounselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
  const oaksCounselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Oaks"] });

  async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
    const res = await app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
    return { status: res.statusCode, body: (res.headers["content-type"]?.toString().includes("json") ? res.json() : res.body) as T, res };
  }

  /** A Pines camper of July A with a finished, captioned, approved 1 s video. */
  async function approvedVideo(title: string, firstName: string) {
    const camper = await registerCamper(app);
    await db.update(schema.users).set({ firstName, lastInitial: "Q", cabinId: pines, campSessionId: session }).where(eq(schema.users.id, camper.userId));
    const show = await createShow(app, camper.cookie, { title, narration: "We swam across the lake and back." });
    await attachClip(app, camper, show.id, 1);
    const video = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect((await call(camper, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(200);
    const decided = await call(admin, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    return { camper, show, video };
  }

  /** A finished reel (rendered by the app's worker) of those shows, with a live share link and its stored files. */
  async function finishedReel(title: string, showIds: number[], group: { cabinId: number } | { sessionId: number } = { cabinId: pines }) {
    const made = await call<Reel>(admin, "POST", "/api/staff/reels", { ...group, title, format: "youtube", captions: true, items: showIds.map((showId) => ({ showId })) });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    while ((await app.renderWorker.runNext()) !== undefined) {
      // the reel renders on the show renders' queue
    }
    const reel = await call<Reel>(admin, "GET", `/api/staff/reels/${made.body.id}`);
    expect(reel.body, reel.body.message ?? "").toMatchObject({ status: "done" });
    const [job] = await db.select().from(schema.renderJobs).where(eq(schema.renderJobs.reelId, made.body.id));
    const keys = [job!.outputKey!, job!.captionsKey!];
    expect(keys.every(Boolean)).toBe(true);
    const shared = await call<CreatedShare>(admin, "POST", `/api/staff/reels/${made.body.id}/shares`, { days: 7 });
    expect(shared.status).toBe(201);
    expect((await app.inject({ method: "GET", url: `${shared.body.path}/media`, headers: { range: "bytes=0-9" } })).statusCode).toBe(206);
    return { reel: reel.body, keys, sharePath: shared.body.path };
  }

  /** The reel is gone everywhere: its routes and link answer 404 and its files are deleted. */
  async function expectReelGone(found: Awaited<ReturnType<typeof finishedReel>>) {
    expect((await call(admin, "GET", `/api/staff/reels/${found.reel.id}`)).status).toBe(404);
    expect((await call(admin, "GET", `/api/staff/reels/${found.reel.id}/media`)).status).toBe(404);
    expect((await app.inject({ method: "GET", url: found.sharePath })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `${found.sharePath}/media` })).statusCode).toBe(404);
    for (const key of found.keys) expect(await stored(key), key).toBe(false);
    const audit = await call<{ action: string; detail: string | null }[]>(admin, "GET", "/api/staff/audit");
    expect(audit.body.some((e) => e.action === "reel_removed" && e.detail?.startsWith(`Removed the reel "${found.reel.title}"`))).toBe(true);
  }

  return { db, pines, oaks, session, admin, pinesCounselor, oaksCounselor, call, approvedVideo, finishedReel, expectReelGone };
}

/** Whether a storage key has a file in the test app's local media storage. */
export async function stored(key: string): Promise<boolean> {
  return access(path.join(TEST_DATA_DIR, "media", ...key.split("/"))).then(
    () => true,
    () => false,
  );
}
