import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { API_ROUTE_CASES, buildMatrixWorld, expectedStatus, type MatrixWorld, type RouteCase } from "../testing/api-routes.ts";
import { approvedShow, shareShow } from "../testing/shares.ts";
import { createTestApp } from "../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const callers = ["signedOut", "owner", "otherUser", "staff", "counselor", "otherCabin"] as const;
type Caller = (typeof callers)[number];

describe("authorization matrix", () => {
  it("lists every /api route the app serves", () => {
    const served = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = API_ROUTE_CASES.map((c) => `${c.method} ${c.route}`).sort();
    expect(listed).toEqual(served);
  });

  /** One call as `caller`, judged by the table: its status, and a message with any refusal. */
  async function expectAnswer(routeCase: RouteCase, caller: Caller, world: MatrixWorld) {
    const expected = expectedStatus(routeCase, caller);
    const cookie = {
      signedOut: undefined,
      owner: world.owner.cookie,
      otherUser: world.other.cookie,
      staff: world.staff.cookie,
      counselor: world.counselor?.cookie,
      otherCabin: world.otherCabin?.cookie,
    }[caller];
    if ((caller === "counselor" || caller === "otherCabin") && !cookie) throw new Error("this world was built without counselors");
    const res = await app.inject({
      method: routeCase.method,
      url: routeCase.url(world),
      headers: { ...routeCase.headers?.(world), ...(cookie ? { cookie } : {}) },
      payload: routeCase.payload?.(world) as string | Buffer | object | undefined,
    });
    expect(res.statusCode, `${routeCase.method} ${routeCase.route} as ${caller}: ${res.body}`).toBe(expected);
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ message: expect.any(String) });
  }

  const answers = (routeCase: RouteCase) => callers.map((caller) => `${caller} ${expectedStatus(routeCase, caller)}`).join(", ");

  for (const routeCase of API_ROUTE_CASES) {
    if (routeCase.method === "GET") {
      // A read changes nothing, so the four callers ask in one world (building one costs an upload).
      it(`${routeCase.method} ${routeCase.route}: ${answers(routeCase)}`, async () => {
        const world = await buildMatrixWorld(app);
        for (const caller of callers) await expectAnswer(routeCase, caller, world);
      });
      continue;
    }
    // A write may change the world it is refused in (that is what the matrix is for): a fresh one each.
    for (const caller of callers) {
      it(`${routeCase.method} ${routeCase.route} as ${caller} -> ${expectedStatus(routeCase, caller)}`, async () => {
        const counselors = caller === "counselor" || caller === "otherCabin";
        await expectAnswer(routeCase, caller, await buildMatrixWorld(app, { counselors }));
      });
    }
  }

  it("never lets another camper's show leak into a list", async () => {
    const world = await buildMatrixWorld(app);
    const res = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: world.other.cookie } });
    expect(res.json()).toEqual([]);
  });

  it("shows a counselor of another cabin none of the owner's shows or board card, and the owner's counselor both", async () => {
    const world = await buildMatrixWorld(app);
    const ask = async (cookie: string, url: string) => (await app.inject({ method: "GET", url, headers: { cookie } })).json();
    const showIds = (list: { showId: number }[]) => list.map((s) => s.showId);
    const camperIds = (board: { campers: { id: number }[] }) => board.campers.map((c) => c.id);
    const { counselor, otherCabin } = world as Required<MatrixWorld>;
    expect(showIds(await ask(otherCabin.cookie, "/api/staff/shows"))).not.toContain(world.showId);
    expect(camperIds(await ask(otherCabin.cookie, "/api/staff/board"))).not.toContain(world.owner.userId);
    expect(showIds(await ask(counselor.cookie, "/api/staff/shows"))).toContain(world.showId);
    expect(camperIds(await ask(counselor.cookie, "/api/staff/board"))).toEqual([world.owner.userId]);
    expect(camperIds(await ask(world.staff.cookie, "/api/staff/board"))).toContain(world.owner.userId);
  });

  it("lets a share token reach only its own page, video and captions", async () => {
    const { camper, show } = await approvedShow(app);
    const { token, path } = await shareShow(app, camper.cookie, show.id);
    const world = await buildMatrixWorld(app);
    // Sent every way a credential could travel, the token opens no /api route: each answers as signed out.
    const carriers: Record<string, string>[] = [{ cookie: `ss_session=${token}` }, { authorization: `Bearer ${token}` }, { "x-share-token": token }];
    for (const routeCase of API_ROUTE_CASES.filter((c) => c.method === "GET")) {
      for (const carrier of carriers) {
        const url = routeCase.url({ ...world, showId: show.id });
        const res = await app.inject({ method: "GET", url, headers: carrier });
        expect(res.statusCode, `${routeCase.route} with ${Object.keys(carrier)[0]}`).toBe(routeCase.expect.signedOut);
      }
    }
    for (const own of [path, `${path}/media`, `${path}/captions.vtt`]) {
      expect((await app.inject({ method: "GET", url: own })).statusCode, own).toBeLessThan(300);
    }
    for (const other of [`${path}/renders`, `${path}/review`, `${path}/shares`, `${path}/poster`]) {
      expect((await app.inject({ method: "GET", url: other })).statusCode, other).toBe(404);
    }
  }, 120_000);
});
