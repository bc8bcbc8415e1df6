import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { confirmStaffPassword, createTestApp, registerCamper, registerStaff } from "../../../testing/test-app.ts";

/** Generated bodies for the director's JSON routes (roster, campers, team, settings): never a 5xx, every refusal a { message }. */
describe("campers and staff routes under generated bodies", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const text = fc.oneof(fc.string({ maxLength: 70 }), fc.string({ unit: "grapheme", maxLength: 70 }), fc.constantFrom("", " ", "\u0000", "Pines", "😀"));
  const junk = fc.oneof(fc.anything(), fc.constant(null), fc.integer(), fc.boolean(), fc.array(text));
  const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: junk });

  it("PATCH /api/staff/campers/:id, POST and PATCH /api/staff/accounts", async () => {
    const director = await registerStaff(app);
    await confirmStaffPassword(app, director);
    const camper = await registerCamper(app);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    const place = fc.record({ cabin: maybe(fc.option(text)), session: maybe(fc.option(text)), mediaRelease: maybe(fc.boolean()), extra: junk }, { requiredKeys: [] });
    const account = fc.record(
      { username: maybe(text), password: maybe(text), role: maybe(fc.constantFrom("admin", "counselor", "camper")), cabins: maybe(fc.array(text, { maxLength: 4 })) },
      { requiredKeys: [] },
    );
    const check = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(JSON.parse(res.body)).toMatchObject({ message: expect.any(String) });
    };
    const headers = { cookie: director.cookie };
    await fc.assert(
      fc.asyncProperty(place, async (body) => check(await app.inject({ method: "PATCH", url: `/api/staff/campers/${camper.userId}`, headers, payload: body }))),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(account, async (body) => {
        check(await app.inject({ method: "POST", url: "/api/staff/accounts", headers, payload: body }));
        check(await app.inject({ method: "PATCH", url: `/api/staff/accounts/${counselor.userId}`, headers, payload: body }));
      }),
      { numRuns: 30 },
    );
  });
});
