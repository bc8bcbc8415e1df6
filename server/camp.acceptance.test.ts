import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REEL_TITLE_SECONDS, type Reel } from "../contracts/reels.ts";
import type { RosterResult } from "../contracts/roster.ts";
import type { App } from "./app.ts";
import { probeVideo, resolveVideoTools } from "./media/video-tools.ts";
import { signInWithCode } from "../testing/cards.ts";
import { attachClip, renderFinalVideo, renderOutputPath } from "../testing/renders.ts";
import { confirmStaffPassword, createShow, createTestApp, registerStaff, type SignedInClient } from "../testing/test-app.ts";
import { uniqueSuffix } from "../testing/factories.ts";

/**
 * The camp's acceptance through the API, as camp software and staff use it: a roster of 30 campers in 3
 * cabins, a camper signing in by the card's code, a reissued card, a counselor kept to their own cabin
 * (list, detail, media, export, by id), a camper without a media release, and a reel of three approved
 * videos lasting its parts plus the title card.
 */
let app: App;
let work: string;
beforeAll(async () => {
  app = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), "camp-acceptance-"));
});
afterAll(async () => {
  await app.close();
  await rm(work, { recursive: true, force: true });
});

const tools = resolveVideoTools({});
const mediaDurationSeconds = async (file: string) => (await probeVideo(tools, file)).durationSeconds;

const FIRST_NAMES = ["Maya", "Zoë", "D'Angelo", "Renée", "José", "Liam", "Ava", "Noah", "Mia", "Eli"];

async function call<T>(client: SignedInClient | string | undefined, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const cookie = typeof client === "string" ? client : client?.cookie;
  const res = await app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const json = res.headers["content-type"]?.toString().includes("json");
  return { status: res.statusCode, body: (json ? res.json() : res.body) as T, res };
}

/** The camper's show with a finished video, sent for review; approved by the director when asked. */
async function sentVideo(cookie: string, director: SignedInClient, title: string, approve: boolean) {
  const camper = { cookie, userId: 0, credentials: { username: "", password: "" } };
  const show = await createShow(app, cookie, { title, narration: "We paddled to the island and back before lunch." });
  await attachClip(app, camper, show.id, 2);
  const video = await renderFinalVideo(app, camper, show.id, { captions: true });
  expect((await call(cookie, "POST", `/api/recordings/${show.id}/review`, {})).status).toBeLessThan(300);
  if (approve) {
    const decided = await call(director, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  }
  return { show, video };
}

describe("a camp runs it", () => {
  it("roster, card sign-in, reissue, counselors kept to their cabin, media release, and a cabin reel", async () => {
    const tag = uniqueSuffix();
    const cabins = [`Pines ${tag}`, `Birches ${tag}`, `Cedars ${tag}`];
    const lines = ["first_name,last_initial,cabin,session,media_release"];
    cabins.forEach((cabin, c) =>
      FIRST_NAMES.forEach((first, i) => lines.push(`"${first}",${"ABCDEFGHJK"[i]},${cabin},July ${tag},${c === 0 && i === 9 ? "no" : "yes"}`)),
    );
    const director = await registerStaff(app);
    const imported = await app.inject({
      method: "POST",
      url: "/api/staff/roster",
      headers: { cookie: director.cookie, "content-type": "text/csv" },
      payload: lines.join("\r\n"),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const roster = imported.json() as RosterResult;
    expect(roster.made).toHaveLength(30);
    expect(roster.refused).toEqual([]);
    expect(roster.made.map((m) => m.firstName)).toContain("D'Angelo");
    const pines = roster.made.filter((m) => m.cabin === cabins[0]);
    const birches = roster.made.filter((m) => m.cabin === cabins[1]);

    // A camper signs in with the card's code, typed the way a camper types it.
    const maya = pines[0]!;
    const mayaCookie = await signInWithCode(app, maya.code.toLowerCase().replace("-", " "));
    expect((await call<{ username: string }>(mayaCookie, "GET", "/api/user")).body.username).toBe(maya.username);

    // The Pines counselor reissues Maya's card: the old code is refused at once, the new one works.
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [cabins[0]!] });
    const reissued = await call<{ card: { code: string } }>(counselor, "POST", `/api/staff/campers/${maya.userId}/card`);
    expect(reissued.status).toBe(200);
    expect(reissued.body.card.code).not.toBe(maya.code);
    const old = await call(undefined, "POST", "/api/login/code", { code: maya.code });
    expect(old.status).toBe(401);
    const cookie = await signInWithCode(app, reissued.body.card.code);

    // A Birches camper's sent video: the Pines counselor cannot reach it in any list or by any id.
    const birchCamper = birches[0]!;
    const birchCookie = await signInWithCode(app, birchCamper.code);
    const birch = await sentVideo(birchCookie, director, "Birch Island", false);
    const shows = await call<{ id: number }[]>(counselor, "GET", "/api/staff/shows");
    expect(shows.body.map((s) => s.id)).not.toContain(birch.show.id);
    const board = await call<{ campers: { id: number }[] }>(counselor, "GET", "/api/staff/board");
    expect(board.status).toBe(200);
    expect(board.body.campers.map((c) => c.id)).not.toContain(birchCamper.userId);
    expect(board.body.campers.map((c) => c.id)).toContain(maya.userId);
    const campers = await call<{ id: number }[]>(counselor, "GET", "/api/staff/campers");
    expect(JSON.stringify(campers.body)).not.toContain(birchCamper.username);
    for (const url of [
      `/api/staff/shows/${birch.show.id}`,
      `/api/staff/renders/${birch.video.id}/media`,
      `/api/staff/renders/${birch.video.id}/captions.vtt`,
      `/api/staff/campers/${birchCamper.userId}/export`,
    ]) {
      expect((await call(counselor, "GET", url)).status, url).toBe(404);
    }
    expect((await call(counselor, "POST", `/api/staff/shows/${birch.show.id}/review`, { decision: "approve", renderJobId: birch.video.id })).status).toBe(404);
    expect((await call(counselor, "POST", `/api/staff/campers/${birchCamper.userId}/card`)).status).toBe(404);
    // Having typed the password again changes nothing of that; their own camper's data they may download.
    await confirmStaffPassword(app, counselor);
    expect((await call(counselor, "GET", `/api/staff/campers/${birchCamper.userId}/export`)).status).toBe(404);
    expect((await call(counselor, "GET", `/api/staff/campers/${maya.userId}/export`)).status).toBe(200);
    // The director reaches it.
    expect((await call(director, "GET", `/api/staff/shows/${birch.show.id}`)).status).toBe(200);

    // Three approved Pines videos; Eli (no media release) has one too, but gets no share link.
    const parts = [];
    for (const [i, who] of [reissued.body.card.code, pines[1]!.code, pines[2]!.code].entries()) {
      const c = i === 0 ? cookie : await signInWithCode(app, who);
      parts.push(await sentVideo(c, director, `Pines story ${i + 1}`, true));
    }
    const eli = pines.find((m) => !m.mediaRelease)!;
    expect(eli.firstName).toBe("Eli");
    const eliCookie = await signInWithCode(app, eli.code);
    const eliVideo = await sentVideo(eliCookie, director, "Eli's canoe", true);
    const refused = await call<{ code: string; message: string }>(eliCookie, "POST", `/api/recordings/${eliVideo.show.id}/shares`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("no_media_release");
    expect((await call(counselor, "POST", `/api/staff/shows/${eliVideo.show.id}/shares`, {})).status).toBe(409);
    // Maya's approved video can be shared.
    expect((await call(cookie, "POST", `/api/recordings/${parts[0]!.show.id}/shares`, {})).status).toBe(201);

    // The counselor's reel of the three: its length is the title card plus the three videos.
    const cabinId = (await call<{ id: number; name: string }[]>(counselor, "GET", "/api/staff/cabins")).body.find((c) => c.name === cabins[0])!.id;
    const made = await call<Reel>(counselor, "POST", "/api/staff/reels", {
      cabinId,
      format: "youtube",
      captions: true,
      items: parts.map((p) => ({ showId: p.show.id })),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    // A reel cannot take Eli's video.
    const withEli = await call(counselor, "POST", "/api/staff/reels", { cabinId, format: "youtube", captions: true, items: [{ showId: eliVideo.show.id }] });
    expect(withEli.status).toBe(409);
    while ((await app.renderWorker.runNext()) !== undefined) {
      // the reel renders on the same workers as campers' videos
    }
    const done = await call<Reel>(counselor, "GET", `/api/staff/reels/${made.body.id}`);
    expect(done.body, done.body.message ?? "").toMatchObject({ status: "done" });
    const media = await call(counselor, "GET", done.body.mediaUrl!);
    const file = path.join(work, "reel.mp4");
    await writeFile(file, media.res.rawPayload);
    let partsSeconds = 0;
    for (const p of parts) partsSeconds += await mediaDurationSeconds(await renderOutputPath(p.video.id));
    expect(Math.abs((await mediaDurationSeconds(file)) - (REEL_TITLE_SECONDS + partsSeconds))).toBeLessThanOrEqual(0.15);
  }, 300_000);
});
