import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { API_ROUTE_CASES, buildMatrixWorld } from "../testing/api-routes.ts";
import { createTestApp } from "../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const callers = ["signedOut", "owner", "otherUser", "staff"] as const;

describe("authorization matrix", () => {
  it("lists every /api route the app serves", () => {
    const served = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = API_ROUTE_CASES.map((c) => `${c.method} ${c.route}`).sort();
    expect(listed).toEqual(served);
  });

  for (const routeCase of API_ROUTE_CASES) {
    for (const caller of callers) {
      const expected = routeCase.expect[caller] ?? routeCase.expect.otherUser;
      it(`${routeCase.method} ${routeCase.route} as ${caller} -> ${expected}`, async () => {
        const world = await buildMatrixWorld(app);
        const cookie = { signedOut: undefined, owner: world.owner.cookie, otherUser: world.other.cookie, staff: world.staff.cookie }[caller];
        const res = await app.inject({
          method: routeCase.method,
          url: routeCase.url(world),
          headers: { ...routeCase.headers?.(world), ...(cookie ? { cookie } : {}) },
          payload: routeCase.payload?.(world) as string | Buffer | object | undefined,
        });
        expect(res.statusCode, res.body).toBe(expected);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ message: expect.any(String) });
      });
    }
  }

  it("never lets another camper's show leak into a list", async () => {
    const world = await buildMatrixWorld(app);
    const res = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: world.other.cookie } });
    expect(res.json()).toEqual([]);
  });
});
