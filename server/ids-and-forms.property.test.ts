import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { createShow, createTestApp, registerCamper } from "../testing/test-app.ts";
import { multipartBody } from "../testing/uploads.ts";
import { checkRoute, junk, runs, text } from "../testing/route-properties.ts";

/**
 * Generated ids (in paths, queries and bodies), list cursors and multipart form fields: the server
 * never answers 5xx, and a 4xx stores nothing (json-routes.property.test.ts does the same for bodies).
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_FAILURES_PER_USERNAME: "100000" });
});
afterAll(() => app.close());

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
