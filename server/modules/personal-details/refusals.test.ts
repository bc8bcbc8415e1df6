import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../contracts/errors.ts";
import { personalDetailsRefusalSchema, type PersonalDetailsCheck, type PersonalDetailsRefusal } from "../../../contracts/personal-details.ts";
import type { ShowReview, StaffShowDetail } from "../../../contracts/reviews.ts";
import type { App } from "../../app.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
});
afterAll(() => app.close());

async function call<T>(client: SignedInClient, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { cookie: client.cookie }, payload });
  return { status: res.statusCode, body: res.json() as T };
}

/** What a refusal names, in the terms a screen offers "Fix it" by. */
const named = (findings: PersonalDetailsRefusal["findings"]) =>
  findings.map((f) => ({ kind: f.kind, phrase: f.phrase, places: f.places.map((p) => p.field) }));

describe("refusals name what to fix", () => {
  it("send, share and approve each answer 409 with the open findings and their places, the same ones the check lists", async () => {
    const camper = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, {
      title: "Canoe Week",
      narration: "We paddled to the island and back. Call 555-123-4567 to join us next summer.",
    });
    await attachClip(app, camper, show.id);
    const video = await renderFinalVideo(app, camper, show.id, { captions: true });
    const url = `/api/recordings/${show.id}/personal-details`;
    const check = (await call<PersonalDetailsCheck>(camper, "GET", url)).body;

    // One phrase in the script and the captions made from it: one finding, both places, the caption line named.
    expect(named(check.findings)).toEqual([{ kind: "phone", phrase: "555-123-4567", places: ["script", "captions"] }]);
    const [script, captions] = check.findings[0]!.places;
    expect(check.texts.script.slice(script!.start, script!.end)).toBe("555-123-4567");
    expect(check.texts.captions.slice(captions!.start, captions!.end)).toBe("555-123-4567");
    const line = captions!.line!;
    expect(line.text.slice(line.start, line.end)).toBe("555-123-4567");
    expect(check.texts.captions).toContain(line.text);
    expect(line.endSeconds).toBeGreaterThan(line.startSeconds);

    // Send for review: refused with the message and the findings, parsed by the shared contract.
    const sent = await call<PersonalDetailsRefusal>(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(sent.status).toBe(409);
    const sendRefusal = personalDetailsRefusalSchema.parse(sent.body);
    expect(sendRefusal.code).toBe("personal_details");
    expect(sendRefusal.message).toMatch(/1 to check/);
    expect(sendRefusal.findings).toEqual(check.findings);
    expect(sendRefusal.texts).toEqual(check.texts);

    // Share before staff approved: refused, saying what comes first.
    const early = await call<ErrorBody>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(early).toEqual({ status: 409, body: { message: expect.stringMatching(/approve/), code: "needs_approval" } });

    // Staff: deciding on a show nobody sent, or on an older video, says so and why.
    const unsent = await createShow(app, camper.cookie, { title: "Not sent" });
    expect(await call<ErrorBody>(staff, "POST", `/api/staff/shows/${unsent.id}/review`, { decision: "approve", renderJobId: video.id })).toMatchObject({
      status: 409,
      body: { code: "not_submitted" },
    });

    // Kept, sent; then the camper takes it back: staff's approval is refused naming the same finding.
    expect((await call<PersonalDetailsCheck>(camper, "POST", `${url}/keep`, { kind: "phone", phrase: "555-123-4567" })).body.unresolved).toBe(0);
    expect((await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(200);
    expect((await call<PersonalDetailsCheck>(camper, "POST", `${url}/unkeep`, { kind: "phone", phrase: "555-123-4567" })).body.unresolved).toBe(1);
    const stale = await call<ErrorBody>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id + 1000 });
    expect(stale).toMatchObject({ status: 409, body: { code: "video_changed" } });
    const approve = await call<PersonalDetailsRefusal>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id });
    expect(approve.status).toBe(409);
    const approveRefusal = personalDetailsRefusalSchema.parse(approve.body);
    expect(approveRefusal.message).toMatch(/camper has not fixed or kept.*Request changes/);
    expect(named(approveRefusal.findings)).toEqual(named(check.findings));
    expect(approveRefusal.findings[0]!.places).toEqual(check.findings[0]!.places);
    // Staff's page lists the finding as it stood when sent, with the same places.
    const detail = (await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body;
    expect(detail.personalDetails!.findings.map((f) => ({ ...f, kept: false }))).toEqual(approveRefusal.findings);
    expect(detail.review.state).toBe("waiting");

    // Kept again, approved; taken back once more: making a link is refused with the finding.
    await call(camper, "POST", `${url}/keep`, { kind: "phone", phrase: "555-123-4567" });
    expect((await call<ShowReview>(staff, "POST", `/api/staff/shows/${show.id}/review`, { decision: "approve", renderJobId: video.id })).body.state).toBe("approved");
    await call(camper, "POST", `${url}/unkeep`, { kind: "phone", phrase: "555-123-4567" });
    const share = await call<PersonalDetailsRefusal>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(share.status).toBe(409);
    expect(named(personalDetailsRefusalSchema.parse(share.body).findings)).toEqual(named(check.findings));
    // Staff making the link are told the same findings, in staff's words.
    const staffShare = await call<PersonalDetailsRefusal>(staff, "POST", `/api/staff/shows/${show.id}/shares`, {});
    expect(staffShare.status).toBe(409);
    expect(staffShare.body.message).toMatch(/camper has not fixed or kept/);
    expect(named(personalDetailsRefusalSchema.parse(staffShare.body).findings)).toEqual(named(check.findings));

    // A check stored before findings had places still reads, each finding in the one place it names.
    const { db } = await testDatabase();
    await db.execute(sql`
      UPDATE show_reviews SET personal_details = jsonb_set(personal_details, '{findings}',
        (SELECT jsonb_agg(f - 'places') FROM jsonb_array_elements(personal_details->'findings') f))
      WHERE show_id = ${show.id}`);
    const old = (await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body.personalDetails!.findings;
    expect(old.map((f) => [f.phrase, f.places])).toEqual([["555-123-4567", [{ field: "script", start: script!.start, end: script!.end }]]]);
  }, 120_000); // one real ffmpeg render

  it("a show with no video yet is refused with what to make first", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { title: "Lake", narration: "We swam." });
    const share = await call<ErrorBody>(camper, "POST", `/api/recordings/${show.id}/shares`, {});
    expect(share).toEqual({ status: 409, body: { message: expect.stringMatching(/Make the final video first/), code: "needs_video" } });
    const send = await call<ErrorBody>(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(send.status).toBe(400);
    expect(send.body.message).toMatch(/Make the final video first/);
  });
});
