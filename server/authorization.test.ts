import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { API_ROUTE_CASES, buildMatrixWorld } from "../testing/api-routes.ts";
import { createTestApp } from "../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const callers = ["signedOut", "owner", "otherUser"] as const;

describe("authorization matrix", () => {
  it("lists every /api route the app serves", () => {
    const served = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = API_ROUTE_CASES.map((c) => `${c.method} ${c.route}`).sort();
    expect(listed).toEqual(served);
  });

  for (const routeCase of API_ROUTE_CASES) {
    for (const caller of callers) {
      it(`${routeCase.method} ${routeCase.route} as ${caller} -> ${routeCase.expect[caller]}`, async () => {
        const world = await buildMatrixWorld(app);
        const cookie = caller === "owner" ? world.owner.cookie : caller === "otherUser" ? world.other.cookie : undefined;
        const res = await app.inject({
          method: routeCase.method,
          url: routeCase.url(world),
          headers: { ...routeCase.headers?.(world), ...(cookie ? { cookie } : {}) },
          payload: routeCase.payload?.(world) as string | Buffer | object | undefined,
        });
        expect(res.statusCode, res.body).toBe(routeCase.expect[caller]);
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
