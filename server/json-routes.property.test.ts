import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { createShow, createTestApp, registerCamper, registerStaff, signIn } from "../testing/test-app.ts";
import { queryRows, testDatabase } from "../testing/test-database.ts";
import { multipartBody } from "../testing/uploads.ts";
import { REFUSAL_CODES } from "../contracts/errors.ts";

/**
 * Generated bodies, valid and invalid, for every JSON route: the server never answers 5xx, and a
 * 4xx stores nothing. (Failed sign-ins are counted in rate_limits on purpose, so that table is
 * left out of the comparison.)
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_FAILURES_PER_USERNAME: "100000" });
});
afterAll(() => app.close());

async function snapshot(): Promise<string> {
  const { db } = await testDatabase();
  const users = await queryRows(db, sql`SELECT id, username, password_hash, subscription_tier, recordings_count FROM users ORDER BY id`);
  const shows = await queryRows(db, sql`SELECT * FROM recordings ORDER BY id`);
  const reviews = await queryRows(db, sql`SELECT * FROM show_reviews ORDER BY show_id`);
  const sessions = await queryRows(db, sql`SELECT id, user_id FROM sessions ORDER BY id`);
  return JSON.stringify({ users, shows, sessions, reviews });
}

const text = (max: number) =>
  fc.oneof(fc.string({ maxLength: max }), fc.string({ unit: "grapheme", maxLength: max }), fc.constantFrom("", " ", "<script>x</script>", "\u0000", "😀"));
const junk = fc.oneof(fc.anything(), fc.constant(null), fc.integer(), fc.boolean(), fc.array(fc.string()));

/** A value that is usually of the right shape and sometimes not. */
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });

const showBody = fc.record(
  {
    title: maybe(text(210)),
    narration: maybe(text(300)),
    prompts: maybe(fc.array(text(40), { maxLength: 7 })),
    responses: maybe(fc.array(text(60), { maxLength: 7 })),
    isDraft: maybe(fc.boolean()),
    tone: maybe(fc.constantFrom("friendly", "professional", "excited", "explanatory", "angry")),
    videoFormat: maybe(fc.constantFrom("linkedin", "youtube", "youtube_shorts", "tiktok", "instagram_stories", "vine")),
    lengthSeconds: maybe(fc.integer({ min: -60, max: 700 })),
    extra: junk,
  },
  { requiredKeys: [] },
);

const credentials = fc.record(
  { username: maybe(text(40)), password: maybe(text(140)), extra: junk },
  { requiredKeys: [] },
);

const anyBody = fc.oneof(junk, fc.string());

async function checkRoute(send: (body: unknown) => Promise<{ statusCode: number; body: string }>, body: unknown) {
  const before = await snapshot();
  const res = await send(body);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(() => JSON.parse(res.body || "{}")).not.toThrow();
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    // A refusal (409) also names why (contracts/errors.ts) and, for personal details, what to fix.
    if (res.statusCode === 409) expect(body).toMatchObject({ message: expect.any(String), code: expect.toBeOneOf([...REFUSAL_CODES]) });
    else expect(body).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toBe(before);
  }
}

const runs = { numRuns: 60 };

describe("JSON routes under generated bodies", () => {
  it("POST /api/register", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(credentials, anyBody), (body) =>
        checkRoute((payload) => app.inject({ method: "POST", url: "/api/register", payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }), body),
      ),
      runs,
    );
  });

  it("POST /api/login", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(credentials, anyBody), (body) =>
        checkRoute((payload) => app.inject({ method: "POST", url: "/api/login", payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }), body),
      ),
      runs,
    );
  });

  it("POST /api/login/code", async () => {
    const codes = fc.record({ code: maybe(fc.oneof(text(20), fc.stringMatching(/^[A-Z2-9]{4}-?[A-Z2-9]{4}$/))) }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.oneof(codes, anyBody), (body) =>
        checkRoute((payload) => app.inject({ method: "POST", url: "/api/login/code", payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }), body),
      ),
      runs,
    );
  });

  it("POST /api/narrations", async () => {
    const camper = await registerCamper(app);
    await fc.assert(
      fc.asyncProperty(fc.oneof(showBody, anyBody), (body) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "POST",
              url: "/api/narrations",
              payload: JSON.stringify(payload),
              headers: { cookie: camper.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });

  it("PATCH /api/recordings/:id", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    await fc.assert(
      fc.asyncProperty(fc.oneof(showBody, anyBody), fc.constantFrom(String(show.id), String(show.id + 1), "x"), (body, id) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "PATCH",
              url: `/api/recordings/${id}`,
              payload: JSON.stringify(payload),
              headers: { cookie: camper.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });

  it("DELETE /api/user", async () => {
    const camper = await registerCamper(app);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ password: maybe(text(60)), extra: junk }, { requiredKeys: [] }), anyBody), (body) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "DELETE",
              url: "/api/user",
              payload: JSON.stringify(payload),
              headers: { cookie: camper.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });

  it("PUT /api/user/password", async () => {
    const camper = await registerCamper(app);
    // Another device of the account: a refused change must not sign it out.
    await signIn(app, camper.credentials);
    const change = fc.record(
      { currentPassword: maybe(fc.oneof(text(60), fc.constant(camper.credentials.password))), newPassword: maybe(text(140)), extra: junk },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(change, anyBody), (body) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "PUT",
              url: "/api/user/password",
              payload: JSON.stringify(payload),
              headers: { cookie: camper.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });

  it("POST /api/staff/reauth", async () => {
    const staff = await registerStaff(app);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ password: maybe(text(60)), extra: junk }, { requiredKeys: [] }), anyBody), (body) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "POST",
              url: "/api/staff/reauth",
              payload: JSON.stringify(payload),
              headers: { cookie: staff.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });

  it("POST /api/staff/shows/:id/review", async () => {
    const staff = await registerStaff(app);
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const decision = fc.record(
      { decision: maybe(fc.constantFrom("approve", "request_changes", "maybe")), note: maybe(text(80)), renderJobId: maybe(fc.integer()), extra: junk },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(decision, anyBody), (body) =>
        checkRoute(
          (payload) =>
            app.inject({
              method: "POST",
              url: `/api/staff/shows/${show.id}/review`,
              payload: JSON.stringify(payload),
              headers: { cookie: staff.cookie, "content-type": "application/json" },
            }),
          body,
        ),
      ),
      runs,
    );
  });
});

/** Ids of every size: the database's range, just outside it, and far beyond. */
const anyWholeNumber = fc.oneof(
  fc.bigInt({ min: 0n, max: 3_000_000_000n }),
  fc.bigInt({ min: 0n, max: 10n ** 40n }),
  fc.constantFrom(0n, 1n, 2_147_483_647n, 2_147_483_648n, 4_294_967_296n, 9_999_999_999n),
);
const anyIdValue = fc.oneof(anyWholeNumber.map(Number), fc.integer(), fc.double(), junk);

describe("ids, cursors and forms under generated values", () => {
  it("a whole-number path id that names nothing is 404, whatever its size", async () => {
    const camper = await registerCamper(app);
    const paths = ["/api/recordings/", "/api/clips/", "/api/renders/", "/api/voice-overs/"];
    const suffix: Record<string, string> = { "/api/voice-overs/": "/media" };
    await fc.assert(
      fc.asyncProperty(anyWholeNumber, fc.constantFrom(...paths), async (id, base) => {
        const res = await app.inject({ method: "GET", url: `${base}${id}${suffix[base] ?? ""}`, headers: { cookie: camper.cookie } });
        expect(res.statusCode, res.body).toBe(404);
        expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
      }),
      runs,
    );
  });

  it("ids in a query or a body never answer 5xx, and stores nothing when refused", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    await fc.assert(
      fc.asyncProperty(anyWholeNumber, fc.array(anyIdValue, { maxLength: 4 }), async (queryId, clipIds) => {
        await checkRoute(
          () => app.inject({ method: "GET", url: `/api/clips?showId=${queryId}`, headers: { cookie: camper.cookie } }),
          undefined,
        );
        await checkRoute(
          (payload) =>
            app.inject({
              method: "PUT",
              url: `/api/recordings/${show.id}/clips`,
              payload: JSON.stringify(payload),
              headers: { cookie: camper.cookie, "content-type": "application/json" },
            }),
          { clipIds },
        );
      }),
      runs,
    );
  });

  it("list cursors of any date, real or impossible, answer 200 or 400", async () => {
    const camper = await registerCamper(app);
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    const cursorText = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 999_999 }),
        anyWholeNumber,
      )
      .map(([y, mo, d, h, us, id]) => `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:00:00.${pad(us, 6)}Z|${id}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(cursorText, fc.string()), async (text) => {
        const cursor = Buffer.from(text).toString("base64url");
        const res = await app.inject({ method: "GET", url: `/api/recordings?cursor=${cursor}`, headers: { cookie: camper.cookie } });
        expect([200, 400], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
      }),
      runs,
    );
  });

  it("multipart forms with generated fields never answer 5xx", async () => {
    const camper = await registerCamper(app);
    await fc.assert(
      fc.asyncProperty(text(60), text(200), fc.oneof(text(12), anyWholeNumber.map(String)), async (title, transcription, showId) => {
        // No file part: every form is refused, but never with a 5xx, and nothing is stored.
        const { payload, contentType } = multipartBody([
          { name: "title", value: title },
          { name: "transcription", value: transcription },
          { name: "showId", value: showId },
        ]);
        await checkRoute(
          () => app.inject({ method: "POST", url: "/api/recordings", payload, headers: { cookie: camper.cookie, "content-type": contentType } }),
          undefined,
        );
      }),
      runs,
    );
  });
});
