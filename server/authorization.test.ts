import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app.ts";
import { API_ROUTE_CASES, buildMatrixWorld, expectedStatus, type MatrixWorld, type RouteCase } from "../testing/api-routes.ts";
import { approvedShow, shareShow } from "../testing/shares.ts";
import { createTestApp, TEST_DATA_DIR } from "../testing/test-app.ts";
import { resetDatabase, testDatabase } from "../testing/test-database.ts";
import { snapshotWorld, type WorldSnapshot } from "../testing/world-snapshot.ts";

let app: App;
let built: MatrixWorld;
let snapshot: WorldSnapshot;
beforeAll(async () => {
  app = await createTestApp();
  // One world for the file (accounts hashed with argon2id, a clip uploaded and remuxed), put back as
  // built before each cell that uses it: every cell still starts from an untouched world.
  const { db } = await testDatabase();
  await resetDatabase(db);
  await rm(path.join(TEST_DATA_DIR, "media"), { recursive: true, force: true });
  built = await buildMatrixWorld(app);
  snapshot = await snapshotWorld(db);
});
afterAll(async () => {
  await snapshot?.drop();
  await app.close();
});

/** The file's world, exactly as built (rows, media, and times as fresh as if built now). */
async function freshWorld(): Promise<MatrixWorld> {
  await snapshot.restore();
  return built;
}

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
      // A read changes nothing, so every caller asks in one world.
      it(`${routeCase.method} ${routeCase.route}: ${answers(routeCase)}`, async () => {
        const world = await freshWorld();
        for (const caller of callers) await expectAnswer(routeCase, caller, world);
      });
      continue;
    }
    // A write may change the world it is refused in (that is what the matrix is for): a fresh one each.
    for (const caller of callers) {
      it(`${routeCase.method} ${routeCase.route} as ${caller} -> ${expectedStatus(routeCase, caller)}`, async () => {
        await expectAnswer(routeCase, caller, await freshWorld());
      });
    }
  }

  it("puts the world back as built before each cell: its rows and its media", async () => {
    let world = await freshWorld();
    const owner = { cookie: world.owner.cookie };
    expect((await app.inject({ method: "DELETE", url: `/api/clips/${world.clipId}`, headers: owner })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: `/api/clips/${world.clipId}/media`, headers: owner })).statusCode).toBe(404);
    world = await freshWorld();
    const media = await app.inject({ method: "GET", url: `/api/clips/${world.clipId}/media`, headers: owner });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.length).toBeGreaterThan(1000);
  });

  it("never lets another camper's show leak into a list", async () => {
    const world = await freshWorld();
    const res = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: world.other.cookie } });
    expect(res.json()).toEqual([]);
  });

  it("shows a counselor of another cabin none of the owner's shows or board card, and the owner's counselor both", async () => {
    const world = await freshWorld();
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
