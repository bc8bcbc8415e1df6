import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import type { RenderJob } from "../../../contracts/renders.ts";
import type { ShowReview, StaffShowDetail, StaffShowItem } from "../../../contracts/reviews.ts";
import type { CreatedShare, ShowShares } from "../../../contracts/shares.ts";
import type { App } from "../../app.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
});
afterAll(() => app.close());

async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
  return { status: res.statusCode, body: res.json() as T };
}

const CLEAN = "We paddled to the island and sang by the fire.";
const WITH_PHONE = "We paddled to the island and sang by the fire. Call me at 555-123-4567.";

/** The text of a WebVTT answer (the captions a player shows). */
const body = async (url: string, cookie?: string) => (await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} })).body;

describe("one video identity", () => {
  it("checks, reviews, approves and shares the same render, also when the camper renders again", async () => {
    const camper = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, { title: "Canoe Week", narration: CLEAN });
    await attachClip(app, camper, show.id);
    const setScript = (narration: string) => call(camper, "PATCH", `/api/recordings/${show.id}`, { narration });
    const review = async () => (await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body;
    const check = async () => (await call<PersonalDetailsCheck>(camper, "GET", `/api/recordings/${show.id}/personal-details`)).body;

    // A clean video, then one with a phone number in the script (voice and captions), then the number removed.
    const clean = await renderFinalVideo(app, camper, show.id, { captions: true });
    await setScript(WITH_PHONE);
    const withPhone = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect(withPhone.id).not.toBe(clean.id);
    expect(await body(withPhone.captionsUrl!, camper.cookie)).toContain("555");
    expect((await check()).unresolved).toBeGreaterThan(0);
    await setScript(CLEAN);
    const again = await renderFinalVideo(app, camper, show.id, { captions: true });
    // The clean video is reused, and it is the camper's current video: the abandoned render holds nothing.
    expect(again.id).toBe(clean.id);
    expect((await review()).currentRenderJobId).toBe(clean.id);
    expect(await check()).toMatchObject({ unresolved: 0, findings: [] });

    // Sending pins the clean render, with the check of exactly that render.
    const sent = await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, { message: "Ready!" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: "waiting", sentRenderJobId: clean.id, changedSinceSent: false });

    // Staff watch the clean render beside its check, and the approval names it.
    const detail = (await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body;
    expect(detail.video?.renderJobId).toBe(clean.id);
    expect(detail.personalDetails).toMatchObject({ unresolved: 0, findings: [] });
    expect(detail.personalDetails!.texts.captions).not.toContain("555");
    expect(await body(detail.video!.captionsUrl!, staff.cookie)).not.toContain("555");
    const wrong = await call<{ message: string }>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: withPhone.id });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toMatch(/not the video the camper sent/);
    const approved = await call<ShowReview>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: clean.id });
    expect(approved.body).toMatchObject({ state: "approved", approvedRenderJobId: clean.id });

    // The camper can share it, and the link plays the clean render.
    expect((await call<ShowShares>(camper, "GET", `/api/recordings/${show.id}/shares`)).body).toMatchObject({ canShare: true });
    const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(made.status).toBe(201);
    const link = made.body.path;
    const cleanCaptions = await body(clean.captionsUrl!, camper.cookie);
    expect(await body(`${link}/captions.vtt`)).toBe(cleanCaptions);
    const cleanBytes = (await app.inject({ method: "GET", url: clean.mediaUrl!, headers: { cookie: camper.cookie } })).rawPayload;
    const played = async () => (await app.inject({ method: "GET", url: `${link}/media` })).rawPayload;
    expect((await played()).equals(cleanBytes)).toBe(true);

    // The camper renders again: both see "changed since it was sent"; the link keeps the approved video.
    await setScript("We paddled to the island at dawn and sang by the fire.");
    const newer = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect(await review()).toMatchObject({ state: "approved", changedSinceSent: true, currentRenderJobId: newer.id, approvedRenderJobId: clean.id });
    const staffView = (await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body;
    expect(staffView.review.changedSinceSent).toBe(true);
    expect(staffView.video?.renderJobId).toBe(clean.id);
    const listed = (await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows")).body.find((s) => s.showId === show.id);
    expect(listed).toMatchObject({ state: "approved", changedSinceSent: true });
    expect(await body(`${link}/captions.vtt`)).toBe(cleanCaptions);

    // Sent again: staff watch the newer one while the link still plays the approved one, until approved.
    await call(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(await review()).toMatchObject({ state: "waiting", sentRenderJobId: newer.id, changedSinceSent: false });
    expect((await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body.video?.renderJobId).toBe(newer.id);
    expect(await body(`${link}/captions.vtt`)).toBe(cleanCaptions);
    await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: newer.id });
    expect(await body(`${link}/captions.vtt`)).toBe(await body(newer.captionsUrl!, camper.cookie));
    expect(await body(`${link}/captions.vtt`)).toContain("dawn");
  }, 180_000);

  it("never lets a newer render that was not sent hold back sharing the approved one", async () => {
    const camper = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, { title: "Lake", narration: CLEAN });
    await attachClip(app, camper, show.id);
    const clean = await renderFinalVideo(app, camper, show.id, { captions: true });
    await call(camper, "POST", `/api/recordings/${show.id}/review`, {});
    await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: clean.id });

    // A phone number in a newer video: the camper is told before sending it, but the approved one still shares.
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: WITH_PHONE });
    await renderFinalVideo(app, camper, show.id, { captions: true });
    expect((await call<PersonalDetailsCheck>(camper, "GET", `/api/recordings/${show.id}/personal-details`)).body.unresolved).toBeGreaterThan(0);
    const send = await call<{ message: string }>(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(send.status).toBe(409);
    expect(send.body.message).toMatch(/personal details/);
    const made = await call<CreatedShare>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(made.status).toBe(201);
    expect(await body(`${made.body.path}/captions.vtt`)).not.toContain("555");

    // Changes asked on the approved video itself take the approval back: the link stops playing it.
    const renders = (await call<RenderJob[]>(camper, "GET", `/api/recordings/${show.id}/renders`)).body;
    expect(renders.find((r) => r.id === clean.id)?.current).toBe(false);
    await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "request_changes", note: "Please redo the ending.", renderJobId: clean.id });
    expect((await app.inject({ method: "GET", url: `${made.body.path}/media` })).statusCode).toBe(404);
  }, 180_000);
});
