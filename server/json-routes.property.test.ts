import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { createShow, createTestApp, registerCamper } from "../testing/test-app.ts";
import { queryRows, testDatabase } from "../testing/test-database.ts";

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
  const sessions = await queryRows(db, sql`SELECT id, user_id FROM sessions ORDER BY id`);
  return JSON.stringify({ users, shows, sessions });
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
    expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
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
});
