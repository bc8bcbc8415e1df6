import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { App } from "./app.ts";
import { createShow, createTestApp, registerCamper, registerStaff, signIn } from "../testing/test-app.ts";
import { checkRoute, junk, runs, text } from "../testing/route-properties.ts";

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
