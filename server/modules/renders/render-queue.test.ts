import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_MESSAGES, type RenderJob } from "../../../contracts/renders.ts";
import type { App } from "../../app.ts";
import { attachClip } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { RenderJobsRepository } from "./render-jobs.repository.ts";

const PER_CAMPER = 3;
/** AI requests a minute, which voice-overs share. */
const VOICE_LIMIT = 2;
let app: App;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak", RENDERS_QUEUED_PER_CAMPER: String(PER_CAMPER), AI_REQUESTS_PER_MINUTE: String(VOICE_LIMIT) });
});
afterAll(() => app.close());

async function showWithClip(camper: SignedInClient, narration = "We filmed the lake at dawn.") {
  const show = await createShow(app, camper.cookie, { narration });
  await attachClip(app, camper, show.id);
  return show;
}

function startRender(camper: SignedInClient, showId: number, body: object = {}) {
  return app.inject({ method: "POST", url: `/api/recordings/${showId}/renders`, headers: { cookie: camper.cookie }, payload: body });
}

const get = (camper: SignedInClient, url: string) => app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });

describe("the render queue per camper", () => {
  it("a newer render of a show replaces the one still waiting, and leaves a running one alone", async () => {
    const camper = await registerCamper(app);
    const show = await showWithClip(camper);
    const first = await startRender(camper, show.id);
    expect(first.statusCode).toBe(202);
    const second = await startRender(camper, show.id, { fit: "fit" });
    expect(second.statusCode).toBe(202);

    // The waiting one is gone: the show lists only the newer one.
    expect((await get(camper, `/api/renders/${first.json().id}`)).statusCode).toBe(404);
    const listed = (await get(camper, `/api/recordings/${show.id}/renders`)).json() as RenderJob[];
    expect(listed.map((j) => j.id)).toEqual([second.json().id]);

    // Running: a newer request queues beside it instead of replacing it.
    const { db } = await testDatabase();
    const running = await new RenderJobsRepository(db).claimNext("test-worker");
    expect(running?.id).toBe(second.json().id);
    const third = await startRender(camper, show.id, { fit: "crop", captions: true });
    expect(third.statusCode).toBe(202);
    expect((await get(camper, `/api/renders/${second.json().id}`)).json()).toMatchObject({ status: "running" });
  }, 60_000);

  it(`takes at most ${PER_CAMPER} waiting or running renders of one camper, even asked at once, with a message saying why`, async () => {
    const camper = await registerCamper(app);
    const shows = [];
    for (let i = 0; i <= PER_CAMPER; i++) shows.push(await showWithClip(camper));
    const answers = await Promise.all(shows.map((s) => startRender(camper, s.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(PER_CAMPER).fill(202), 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: RENDER_MESSAGES.queueFull(PER_CAMPER) });

    // Another camper is not held back by this one's queue.
    const other = await registerCamper(app);
    expect((await startRender(other, (await showWithClip(other)).id)).statusCode).toBe(202);

    // When one of them is made, the refused one can start.
    const refusedShow = shows[answers.indexOf(refused)]!;
    expect(await app.renderWorker.runNext()).toBeDefined();
    expect((await startRender(camper, refusedShow.id)).statusCode).toBe(202);
  }, 120_000);

  it("serves campers in turns: one camper's 100 waiting renders delay another camper's first by one job at most", async () => {
    const { db } = await testDatabase();
    const jobs = new RenderJobsRepository(db);
    const busy = await registerCamper(app);
    const busyShow = await createShow(app, busy.cookie);
    const options = { fit: "crop" as const, audio: "original" as const, captions: false };
    // Around the per-camper limit (the repository's create), as a long-built-up queue could hold.
    for (let i = 0; i < 100; i++) await jobs.create({ userId: busy.userId, showId: busyShow.id, fingerprint: `busy-${i}`, options });
    const newcomer = await registerCamper(app);
    const newcomerJob = await jobs.create({ userId: newcomer.userId, showId: (await createShow(app, newcomer.cookie)).id, fingerprint: "first", options });

    // One worker taking one job at a time: the newcomer's render is the first or the second it takes.
    const first = await jobs.claimNext("worker-1");
    expect(first?.userId).toBe(busy.userId);
    await jobs.fail("worker-1", first!.id, "done with it");
    const second = await jobs.claimNext("worker-1");
    expect(second?.id).toBe(newcomerJob.id);

    // Two workers at once: the second takes the newcomer's while the busy camper's is running.
    const another = await jobs.create({ userId: newcomer.userId, showId: newcomerJob.showId!, fingerprint: "second", options });
    const third = await jobs.claimNext("worker-1");
    expect(third?.userId).toBe(busy.userId);
    await jobs.fail("worker-1", second!.id, "done with it");
    expect((await jobs.claimNext("worker-2"))?.id).toBe(another.id);
  }, 60_000);
});

describe("a render's voice-over and the voice limit", () => {
  it("counts a voice-over the render will make against the camper's voice limit, and one already made not at all", async () => {
    const camper = await registerCamper(app);
    const heard = await showWithClip(camper, "The canoe tipped over. We laughed all the way back.");
    // The camper listens to this show's voice-over: one synthesis of the allowance.
    const voiceOver = await app.inject({ method: "POST", url: `/api/recordings/${heard.id}/clone-voice`, headers: { cookie: camper.cookie }, payload: {} });
    expect(voiceOver.statusCode).toBe(200);
    // A render of another script makes its voice-over: the second.
    expect((await startRender(camper, (await showWithClip(camper, "A new script to read.")).id, { audio: "voice" })).statusCode).toBe(202);

    // A third script with no voice-over yet is over the limit: refused with the limit's words, nothing queued.
    const third = await showWithClip(camper, "Yet another script to read.");
    const refused = await startRender(camper, third.id, { audio: "voice" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You're asking the AI very quickly\. Please wait/);
    expect((await get(camper, `/api/recordings/${third.id}/renders`)).json()).toEqual([]);

    // The first show's voice-over exists: its render makes none, so the limit does not hold it back.
    expect((await startRender(camper, heard.id, { audio: "voice" })).statusCode).toBe(202);
  }, 120_000);
});
