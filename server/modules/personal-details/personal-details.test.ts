import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import type { ShowReview, StaffShowDetail } from "../../../contracts/reviews.ts";
import type { App } from "../../app.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { appWithFakeOpenAi } from "../../../testing/fake-openai-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
});
afterAll(() => app.close());

async function call<T>(client: SignedInClient | undefined, method: "GET" | "POST" | "PATCH", url: string, payload?: object, on = app) {
  const res = await on.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload });
  return { status: res.statusCode, body: res.json() as T };
}

describe("personal-details check of a show", () => {
  it("flags the title and script with kind, place and a plain explanation, for the owner only", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, {
      title: "Summer Stories with Maya Johnson",
      narration: "Summer Stories at Camp Wildwood. Call me at 555-123-4567! I go to Lincoln Middle School.",
    });
    const url = `/api/recordings/${show.id}/personal-details`;

    const res = await call<PersonalDetailsCheck>(camper, "GET", url);
    expect(res.status).toBe(200);
    expect(res.body.findings.map(({ field, kind, phrase, source, kept }) => ({ field, kind, phrase, source, kept }))).toEqual([
      { field: "title", kind: "full_name", phrase: "Maya Johnson", source: "rules", kept: false },
      { field: "script", kind: "phone", phrase: "555-123-4567", source: "rules", kept: false },
      { field: "script", kind: "school", phrase: "Lincoln Middle School", source: "rules", kept: false },
    ]);
    const phone = res.body.findings[1]!;
    expect(res.body.texts.script.slice(phone.start, phone.end)).toBe("555-123-4567");
    expect(phone.explanation).toMatch(/phone number/);
    expect(res.body).toMatchObject({ unresolved: 3, aiChecked: false, texts: { captions: "" } });

    // Another camper and staff get the same 404 as for any show not theirs; signed out is 401.
    for (const who of [other, staff]) {
      expect(await call(who, "GET", url)).toEqual({ status: 404, body: { message: "Show not found" } });
      expect((await call(who, "POST", `${url}/keep`, { kind: "phone", phrase: "555-123-4567" })).status).toBe(404);
    }
    expect((await call(undefined, "GET", url)).status).toBe(401);
  });

  it("refuses to submit while a finding is open; a kept false alarm lets it through and staff see it; a fixed one needs a new video", async () => {
    const camper = await registerCamper(app);
    const staff = await registerStaff(app);
    const show = await createShow(app, camper.cookie, { title: "Canoe Week", narration: "We paddled to the island. Call 555-123-4567 to join." });
    await attachClip(app, camper, show.id);
    await renderFinalVideo(app, camper, show.id, { captions: true });
    const url = `/api/recordings/${show.id}/personal-details`;

    // The captions of the video say it too: one finding, in both places.
    const check = (await call<PersonalDetailsCheck>(camper, "GET", url)).body;
    expect(check.findings.map((f) => [f.field, f.kind, f.phrase, f.places.map((p) => p.field)])).toEqual([
      ["script", "phone", "555-123-4567", ["script", "captions"]],
    ]);
    expect(check.texts.captions).toContain("We paddled to the island.");

    const refused = await call<{ message: string }>(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/personal details.*1 to check.*It's OK to share/);
    expect((await call<ShowReview>(camper, "GET", `/api/recordings/${show.id}/review`)).body.state).toBe("video_ready");

    // Keeping a phrase that is not flagged is refused; keeping the flagged one covers every place it is.
    expect(await call(camper, "POST", `${url}/keep`, { kind: "phone", phrase: "555-000-0000" })).toEqual({
      status: 400,
      body: { message: "That phrase is not flagged in this show" },
    });
    const kept = await call<PersonalDetailsCheck>(camper, "POST", `${url}/keep`, { kind: "phone", phrase: " 555-123-4567 " });
    expect(kept.status).toBe(200);
    expect(kept.body.findings.every((f) => f.kept)).toBe(true);
    expect(kept.body.unresolved).toBe(0);

    const submitted = await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, {});
    expect(submitted.status).toBe(200);
    const detail = (await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body;
    expect(detail.personalDetails?.findings.map((f) => [f.places.map((p) => p.field), f.phrase, f.kept])).toEqual([
      [["script", "captions"], "555-123-4567", true],
    ]);

    // Taking it back holds the show again. Fixing the script leaves the old video behind: its captions
    // hold nothing (it is no longer the video that would be sent), and there is nothing to send until
    // the new video is made.
    expect((await call<PersonalDetailsCheck>(camper, "POST", `${url}/unkeep`, { kind: "phone", phrase: "555-123-4567" })).body.unresolved).toBe(1);
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "We paddled to the island. Ask camp to join." });
    const afterFix = (await call<PersonalDetailsCheck>(camper, "GET", url)).body;
    expect(afterFix).toMatchObject({ findings: [], unresolved: 0, texts: { captions: "" } });
    expect((await call<{ message: string }>(camper, "POST", `/api/recordings/${show.id}/review`, {})).body.message).toMatch(/Make the final video first/);
    await renderFinalVideo(app, camper, show.id, { captions: true });
    expect((await call<PersonalDetailsCheck>(camper, "GET", url)).body).toMatchObject({ findings: [], unresolved: 0 });
    expect((await call<ShowReview>(camper, "POST", `/api/recordings/${show.id}/review`, {})).status).toBe(200);
    expect((await call<StaffShowDetail>(staff, "GET", `/api/staff/shows/${show.id}`)).body.personalDetails?.findings).toEqual([]);
  }, 120_000); // two real ffmpeg renders
});

describe("the AI provider's second opinion", () => {
  const provider = appWithFakeOpenAi((baseURL) => ({ AI_BASE_URL: baseURL, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2000", AI_MAX_RETRIES: "0" }));

  it("adds what the rules missed (only words really in the text), and a failing provider leaves the rules' answer", async () => {
    const camper = await registerCamper(provider.app);
    const show = await createShow(provider.app, camper.cookie, { title: "Canoe Week", narration: "Next year I start at Jefferson. Text 555-123-4567 to join." });
    const url = `/api/recordings/${show.id}/personal-details`;
    const answer = {
      findings: [
        { kind: "school", phrase: "Jefferson" },
        { kind: "phone", phrase: "555-123-4567" },
        { kind: "address", phrase: "10 Invented Road" },
      ],
    };
    provider.fake.setBehaviour({ kind: "ok", words: ["Here you go: ```json\n", JSON.stringify(answer), "\n```"] });

    const check = (await call<PersonalDetailsCheck>(camper, "GET", url, undefined, provider.app)).body;
    expect(check.aiChecked).toBe(true);
    expect(check.findings.map((f) => [f.field, f.kind, f.phrase, f.source])).toEqual([
      ["script", "school", "Jefferson", "ai"],
      ["script", "phone", "555-123-4567", "rules"],
    ]);
    // The provider got the show's texts and nothing about the account.
    const sent = JSON.stringify(provider.fake.requests.at(-1));
    expect(sent).toContain("Next year I start at Jefferson.");
    expect(sent).not.toContain(camper.credentials.username);

    // The same texts again (a reload, "It's OK to share"): the kept answer, the provider not asked.
    const asked = provider.fake.requests.length;
    expect((await call<PersonalDetailsCheck>(camper, "GET", url, undefined, provider.app)).body.findings).toEqual(check.findings);
    expect(provider.fake.requests).toHaveLength(asked);

    provider.fake.setBehaviour({ kind: "status", status: 500 });
    await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration: "Next year I start at Jefferson. Text 555-123-4567 to join us." }, provider.app);
    const offline = (await call<PersonalDetailsCheck>(camper, "GET", url, undefined, provider.app)).body;
    expect(offline.aiChecked).toBe(false);
    expect(offline.findings.map((f) => [f.kind, f.phrase])).toEqual([["phone", "555-123-4567"]]);
  }, 60_000);
});

describe("the AI second opinion and the camper's AI limit", () => {
  const provider = appWithFakeOpenAi((baseURL) => ({ AI_BASE_URL: baseURL, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2000", AI_MAX_RETRIES: "0", AI_REQUESTS_PER_MINUTE: "2" }));

  it("counts each new text against the limit; once reached the rules answer alone, and texts already asked about keep their answer", async () => {
    const camper = await registerCamper(provider.app);
    const show = await createShow(provider.app, camper.cookie, { title: "Canoe Week", narration: "Next year I start at Jefferson." });
    const url = `/api/recordings/${show.id}/personal-details`;
    provider.fake.setBehaviour({ kind: "ok", words: [JSON.stringify({ findings: [{ kind: "school", phrase: "Jefferson" }] })] });
    const checkAfter = async (narration: string) => {
      expect((await call(camper, "PATCH", `/api/recordings/${show.id}`, { narration }, provider.app)).status).toBe(200);
      return (await call<PersonalDetailsCheck>(camper, "GET", url, undefined, provider.app)).body;
    };

    expect((await call<PersonalDetailsCheck>(camper, "GET", url, undefined, provider.app)).body.aiChecked).toBe(true);
    const second = await checkAfter("Next year I start at Jefferson. Call 555-123-4567.");
    expect(second.aiChecked).toBe(true);
    const asked = provider.fake.requests.length;

    // The limit (two a minute) is reached: the rules still find the phone number, the AI is not asked.
    const third = await checkAfter("Next year I start at Jefferson. Call 555-123-4568.");
    expect(third.aiChecked).toBe(false);
    expect(third.findings.map((f) => [f.kind, f.phrase, f.source])).toEqual([["phone", "555-123-4568", "rules"]]);
    expect(provider.fake.requests).toHaveLength(asked);
    // The AI routes share the limit: writing is refused too.
    const write = await provider.app.inject({ method: "POST", url: "/api/generate-title", headers: { cookie: camper.cookie }, payload: { content: "A lake story" } });
    expect(write.statusCode).toBe(429);

    // Back to the texts asked about last: their answer is kept, nothing is asked or counted.
    const again = await checkAfter("Next year I start at Jefferson. Call 555-123-4567.");
    expect(again.aiChecked).toBe(true);
    expect(again.findings.map((f) => [f.kind, f.source])).toEqual([
      ["school", "ai"],
      ["phone", "rules"],
    ]);
    expect(provider.fake.requests).toHaveLength(asked);
  }, 60_000);
});
