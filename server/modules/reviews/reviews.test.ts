import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, ShowReview, StaffShowDetail, StaffShowItem } from "../../../contracts/reviews.ts";
import type { App } from "../../app.ts";
import { FREE_TIER_SHOW_LIMIT } from "../../../contracts/product.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, signIn, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { buildCredentials } from "../../../testing/factories.ts";
import { addStaffAccount, removeStaffAccount, StaffAccountError } from "../staff/staff-accounts.ts";
import { LocalMediaStorage } from "../../media/local-media-storage.ts";
import { StaffAccountsRepository } from "../staff/staff-accounts.repository.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
});
afterAll(() => app.close());

const as = (client: SignedInClient) => ({ cookie: client.cookie });

async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: client ? as(client) : {}, payload });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

describe("staff accounts", () => {
  it("are made on the command line only, sign in on the same screen and say they are staff", async () => {
    const { db } = await testDatabase();
    const credentials = buildCredentials({ username: "coach_rivera" });
    expect(await addStaffAccount(new StaffAccountsRepository(db), credentials.username, credentials.password, { role: "admin" })).toBe("created");
    const cookie = await signIn(app, credentials);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ username: "coach_rivera", role: "admin" });

    // Running it again sets a new password.
    expect(await addStaffAccount(new StaffAccountsRepository(db), credentials.username, "a-new-password-1")).toBe("updated");
    await expect(signIn(app, credentials)).rejects.toThrow(/401/);
    await signIn(app, { ...credentials, password: "a-new-password-1" });

    await removeStaffAccount(new StaffAccountsRepository(db), new LocalMediaStorage("/nonexistent-media-dir-for-test"), "COACH_RIVERA");
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("never turns a camper into staff, and check the username and password rules", async () => {
    const { db } = await testDatabase();
    const camper = await registerCamper(app);
    await expect(addStaffAccount(new StaffAccountsRepository(db), camper.credentials.username, "long-enough-pw")).rejects.toThrow(StaffAccountError);
    await expect(addStaffAccount(new StaffAccountsRepository(db), "x", "long-enough-pw")).rejects.toThrow(/at least 3/);
    await expect(addStaffAccount(new StaffAccountsRepository(db), "coach_lee", "short")).rejects.toThrow(/at least 8/);
    await expect(removeStaffAccount(new StaffAccountsRepository(db), new LocalMediaStorage("/nonexistent"), camper.credentials.username)).rejects.toThrow(StaffAccountError);
  });

  it("cannot be reached through the API by a camper", async () => {
    const res = await app.inject({ method: "POST", url: "/api/register", payload: { ...buildCredentials(), role: "staff" } });
    expect(res.statusCode).toBe(400);
    const camper = await registerCamper(app);
    expect((await call(camper, "GET", "/api/user")).body).toMatchObject({ role: "camper" });
    expect((await call(camper, "GET", "/api/staff/shows")).status).toBe(403);
    expect((await call(camper, "GET", "/api/staff/audit")).status).toBe(403);
  });

  it("have no free-tier cap", async () => {
    const staff = await registerStaff(app);
    for (let i = 0; i <= FREE_TIER_SHOW_LIMIT; i++) await createShow(app, staff.cookie);
    expect((await call<{ recordingsCount: number }>(staff, "GET", "/api/user")).body.recordingsCount).toBe(FREE_TIER_SHOW_LIMIT + 1);
  });
});

describe("review", () => {
  it("takes a show from video ready through changes requested to approved, and says when the video changed since", async () => {
    const camper = await registerCamper(app, { username: "maya_films" });
    const other = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, { title: "Canoe Week", narration: "We paddled to the island and sang." });
    const draft = await createShow(app, other.cookie, { title: "Unfinished", isDraft: true });

    expect((await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body.state).toBe("draft");
    expect((await call(camper, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(400);

    await attachClip(app, camper, show.id);
    const video = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect((await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body.state).toBe("video_ready");

    // Another camper and staff cannot submit someone else's show.
    expect((await call(other, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(404);
    expect((await call(staff, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(404);

    const submitted = await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, { message: "  My first one!  " });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ state: "waiting", camperMessage: "My first one!", currentRenderJobId: video.id, sentRenderJobId: video.id });

    // The staff list: every camper's show with its state, filters and search.
    const all = (await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows")).body;
    expect(all.map((s) => [s.title, s.state, s.camperUsername])).toEqual(
      expect.arrayContaining([
        ["Canoe Week", "waiting", "maya_films"],
        ["Unfinished", "draft", other.credentials.username],
      ]),
    );
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?state=waiting")).body.map((s) => s.showId)).toEqual([show.id]);
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?state=draft")).body.map((s) => s.showId)).toEqual([draft.id]);
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?q=MAYA")).body.map((s) => s.showId)).toEqual([show.id]);
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?q=canoe")).body.map((s) => s.showId)).toEqual([show.id]);
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?q=100%25")).body).toEqual([]);
    expect((await call(staff, "GET", "/api/staff/shows?state=lost")).status).toBe(400);

    // Staff open the show: script, the camper's message, and the video with captions.
    const detail = await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.show.narration).toBe("We paddled to the island and sang.");
    expect(detail.body.camper.username).toBe("maya_films");
    expect(detail.body.review.camperMessage).toBe("My first one!");
    expect(detail.body.video).toMatchObject({ renderJobId: video.id, captionsUrl: expect.stringContaining("captions.vtt") });
    const media = await app.inject({ method: "GET", url: detail.body.video!.mediaUrl, headers: { ...as(staff), range: "bytes=0-99" } });
    expect(media.statusCode).toBe(206);
    expect(media.headers["content-type"]).toBe("video/mp4");
    const captions = await app.inject({ method: "GET", url: detail.body.video!.captionsUrl!, headers: as(staff) });
    expect(captions.body).toContain("WEBVTT");
    // ... which campers cannot use, not even the owner.
    expect((await app.inject({ method: "GET", url: detail.body.video!.mediaUrl, headers: as(camper) })).statusCode).toBe(403);

    // Staff read but never change the show.
    expect((await call(staff, "PATCH", `/api/recordings/${show.id}`, { title: "Changed by staff" })).status).toBe(404);
    expect((await call(staff, "DELETE", `/api/recordings/${show.id}`)).status).toBe(404);

    // Changes requested need a note, which the camper then sees.
    const noNote = await call<{ message: string }>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "request_changes", renderJobId: video.id });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toMatch(/note/);
    const changes = await call<ShowReview>(staff, "POST", `/api/staff/shows/${show.id}/review`, {
      decision: "request_changes",
      note: "Please cut the part with the phone number.",
      renderJobId: video.id,
    });
    expect(changes.body.state).toBe("changes_requested");
    expect((await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body).toMatchObject({
      state: "changes_requested",
      staffNote: "Please cut the part with the phone number.",
    });

    // The camper makes a new video and submits again; staff deciding on the old one are told.
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "We paddled to the island." });
    const fixed = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect(fixed.id).not.toBe(video.id);
    expect((await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, {})).body.state).toBe("waiting");
    const stale = await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id });
    expect(stale.status).toBe(409);
    const approved = await call<ShowReview>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: fixed.id });
    expect(approved.body).toMatchObject({ state: "approved", approvedRenderJobId: fixed.id });

    // A video made after approval: still approved (links play the approved one), changed since it was sent.
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "We paddled to the island at dawn." });
    const changed = await renderFinalVideo(app, camper, show.id, { captions: true });
    expect((await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body).toMatchObject({
      state: "approved",
      changedSinceSent: true,
      currentRenderJobId: changed.id,
      sentRenderJobId: fixed.id,
      approvedRenderJobId: fixed.id,
    });
    expect((await call<StaffShowItem[]>(staff, "GET", "/api/staff/shows?state=approved")).body).toMatchObject([{ showId: show.id, changedSinceSent: true }]);

    // Every staff action is in the audit log, newest first, with who and what.
    const audit = (await call<AuditEntry[]>(staff, "GET", "/api/staff/audit")).body;
    expect(audit.map((e) => e.action)).toEqual(["approved", "requested_changes", "opened_video", "opened_show"]);
    expect(audit[1]).toMatchObject({
      staffUsername: staff.credentials.username,
      camperUsername: "maya_films",
      showTitle: "Canoe Week",
      detail: "Please cut the part with the phone number.",
    });
  }, 120_000);

  it("refuses decisions on shows nobody submitted", async () => {
    const camper = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie);
    expect((await call(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: 1 })).status).toBe(409);
    expect((await call(staff, "GET", "/api/staff/shows/999999")).status).toBe(404);
    expect((await call(staff, "GET", "/api/staff/renders/999999/media")).status).toBe(404);
  });
});
