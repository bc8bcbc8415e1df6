import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { App } from "../../app.ts";
import { buildShowBody } from "../../../testing/factories.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { uploadClip } from "../../../testing/uploads.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function showCount(): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM shows`);
  return row!.n;
}

async function recordingsCount(camper: SignedInClient): Promise<number> {
  const res = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
  return res.json().recordingsCount;
}

describe("saving shows", () => {
  it("creates a draft with the placeholder narration (waiting for the AI) and returns it with its id", async () => {
    const camper = await registerCamper(app);
    const body = buildShowBody({ isDraft: true, narration: undefined });
    const res = await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload: body });
    expect(res.statusCode).toBe(201);
    const show = res.json();
    expect(show).toMatchObject({
      id: expect.any(Number),
      userId: camper.userId,
      title: body.title,
      narration: SHOW_MESSAGES.draftNarration,
      prompts: body.prompts,
      responses: body.responses,
      isDraft: true,
      videoUrl: "",
      tone: "friendly",
      videoFormat: "linkedin",
      lengthSeconds: 120,
    });
    expect(Date.parse(show.createdAt)).not.toBeNaN();
    expect(await recordingsCount(camper)).toBe(1);
  });

  it("keeps the Create screen's tone, format and length with the show", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { tone: "excited", videoFormat: "tiktok", lengthSeconds: 180 });
    expect(show).toMatchObject({ tone: "excited", videoFormat: "tiktok", lengthSeconds: 180 });
    // Any whole number of seconds: a 45 s video stays 45 s.
    expect(await createShow(app, camper.cookie, { lengthSeconds: 45 })).toMatchObject({ lengthSeconds: 45 });
  });

  it("reads, updates and deletes only through the owner", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const read = await app.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(read.json()).toEqual(show);

    const patch = await app.inject({
      method: "PATCH",
      url: `/api/recordings/${show.id}`,
      headers: { cookie: camper.cookie },
      payload: { prompts: ["P1"], responses: ["new answer"], narration: SHOW_MESSAGES.updatedNarration, title: "New title" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ prompts: ["P1"], responses: ["new answer"], narration: SHOW_MESSAGES.updatedNarration, title: "New title" });
    expect(Date.parse(patch.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(show.updatedAt));

    const del = await app.inject({ method: "DELETE", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(del.statusCode).toBe(204);
    const gone = await app.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: SHOW_MESSAGES.notFound });
    expect(await recordingsCount(camper)).toBe(0);
  });

  it("answers a foreign show exactly like a missing one, and leaves it untouched", async () => {
    const owner = await registerCamper(app);
    const other = await registerCamper(app);
    const show = await createShow(app, owner.cookie);
    const missingId = show.id + 1000;
    for (const [method, payload] of [
      ["GET", undefined],
      ["PATCH", { title: "hijacked" }],
      ["DELETE", undefined],
    ] as const) {
      const foreign = await app.inject({ method, url: `/api/recordings/${show.id}`, headers: { cookie: other.cookie }, payload });
      const missing = await app.inject({ method, url: `/api/recordings/${missingId}`, headers: { cookie: other.cookie }, payload });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
    }
    const still = await app.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: owner.cookie } });
    expect(still.json().title).toBe(show.title);
  });

  it.each([
    ["no response with text", { responses: ["   ", ""] , prompts: ["a", "b"] }, SHOW_MESSAGES.needsResponse],
    ["six prompts", { prompts: Array(6).fill("p"), responses: Array(6).fill("r") }, "At most 5"],
    ["mismatched lists", { prompts: ["a", "b"], responses: ["only one"] }, SHOW_MESSAGES.promptsMismatch],
    ["a 5,001-character response", { prompts: ["a"], responses: ["x".repeat(5001)] }, "at most 5000"],
    ["an empty title", { title: "  " }, "Title can't be empty"],
    ["a 201-character title", { title: "t".repeat(201) }, "at most 200"],
    ["a 20,001-character narration", { narration: "n".repeat(20_001) }, "at most 20000"],
    ["a wrong type", { isDraft: "yes" }, "isDraft"],
    ["an unknown field", { userId: 1 }, "Unrecognized key"],
    ["an unknown format", { videoFormat: "vine" }, "Video format must be one of"],
    ["a length in part seconds", { lengthSeconds: 45.5 }, "whole number of seconds"],
    ["a length under 30 s", { lengthSeconds: 20 }, "at least 30 seconds"],
  ])("refuses %s with 400 and stores nothing", async (_label, overrides, message) => {
    const camper = await registerCamper(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/narrations",
      headers: { cookie: camper.cookie },
      payload: { ...buildShowBody(), ...overrides },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await showCount()).toBe(0);
    expect(await recordingsCount(camper)).toBe(0);
  });

  it.each([
    ["an empty body", {}, "Nothing to update"],
    ["responses without prompts", { responses: ["x"] }, "together"],
    ["blank responses", { prompts: ["a"], responses: [" "] }, SHOW_MESSAGES.needsResponse],
    ["an unknown field", { createdAt: "2020-01-01" }, "Unrecognized key"],
  ])("refuses an update with %s and changes nothing", async (_label, payload, message) => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const res = await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const after = await app.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(after.json()).toEqual(show);
  });

  it.each(["abc", "-1", "1.5", "1e3", "0x10", " 7"])("refuses the id %s, which is not a whole number, with 400", async (id) => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "GET", url: `/api/recordings/${encodeURIComponent(id)}`, headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Show id must be a whole number/);
  });

  it.each(["0", "1000000", "2147483647", "2147483648", "9999999999", "99999999999999999999999"])(
    "answers the whole-number id %s that names no show with 404, like any missing show",
    async (id) => {
      const camper = await registerCamper(app);
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        const res = await app.inject({
          method,
          url: `/api/recordings/${id}`,
          headers: { cookie: camper.cookie },
          payload: method === "PATCH" ? { title: "x" } : undefined,
        });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual({ message: SHOW_MESSAGES.notFound });
      }
    },
  );

  it("stores HTML and script as plain text, unchanged", async () => {
    const camper = await registerCamper(app);
    const html = `<script>alert("hi")</script><img src=x onerror=alert(1)>`;
    const show = await createShow(app, camper.cookie, { title: html, narration: html, responses: [html, "ok"] });
    expect(show.title).toBe(html);
    expect(show.narration).toBe(html);
  });
});

describe("every choice of a show lives on the server", () => {
  it("keeps the AI's original narration, voice, fit and captions, and returns them on every read", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { narration: "The AI wrote this.", originalNarration: "The AI wrote this." });
    expect(show).toMatchObject({ originalNarration: "The AI wrote this.", voice: null, fit: "crop", captions: null });
    const status = await app.inject({ method: "GET", url: "/api/voice/status", headers: { cookie: camper.cookie } });
    const voice = status.json().voices.at(-1) as string;

    const patch = await app.inject({
      method: "PATCH",
      url: `/api/recordings/${show.id}`,
      headers: { cookie: camper.cookie },
      payload: { narration: "My own edit.", voice, fit: "fit", captions: false, audioSource: "voice" },
    });
    expect(patch.statusCode).toBe(200);
    const read = await app.inject({ method: "GET", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } });
    expect(read.json()).toMatchObject({
      narration: "My own edit.",
      originalNarration: "The AI wrote this.",
      voice,
      fit: "fit",
      captions: false,
      audioSource: "voice",
    });

    const automatic = await app.inject({
      method: "PATCH",
      url: `/api/recordings/${show.id}`,
      headers: { cookie: camper.cookie },
      payload: { captions: null, voice: null },
    });
    expect(automatic.json()).toMatchObject({ captions: null, voice: null });
  });

  it.each([
    [{ fit: "stretch" }, /fit must be crop or fit/],
    [{ captions: "yes" }, /captions must be true, false or null/],
    [{ voice: "" }, /Voice can't be empty/],
    [{ voice: "not-a-voice-we-have" }, /That voice is not available/],
  ])("refuses %j with 400 and a message", async (payload, message) => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const res = await app.inject({ method: "PATCH", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it("creates a show from a first clip before any answer, with the clip attached", async () => {
    const camper = await registerCamper(app);
    const clip = await uploadClip(app, camper, await webmFixture(1), "Recording 1");
    const res = await app.inject({
      method: "POST",
      url: "/api/narrations",
      headers: { cookie: camper.cookie },
      payload: { title: "My Reflection", prompts: ["P1"], responses: [""], isDraft: true, clipIds: [clip.id] },
    });
    expect(res.statusCode).toBe(201);
    const clips = await app.inject({ method: "GET", url: `/api/clips?showId=${res.json().id}`, headers: { cookie: camper.cookie } });
    expect(clips.json().map((c: { id: number }) => c.id)).toEqual([clip.id]);
  });

  it("refuses a blank story without clips, and a clip that is not the camper's, creating nothing", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const foreign = await uploadClip(app, other, await webmFixture(1), "Theirs");
    const before = await recordingsCount(camper);
    const blank = await app.inject({
      method: "POST",
      url: "/api/narrations",
      headers: { cookie: camper.cookie },
      payload: { title: "T", prompts: ["P1"], responses: [" "], isDraft: true },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(SHOW_MESSAGES.needsResponse);
    const stolen = await app.inject({
      method: "POST",
      url: "/api/narrations",
      headers: { cookie: camper.cookie },
      payload: { title: "T", prompts: ["P1"], responses: [""], isDraft: true, clipIds: [foreign.id] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(await recordingsCount(camper)).toBe(before);
  });
});
