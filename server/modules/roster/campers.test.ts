import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPER_MESSAGES, type Cabin, type RosterResult, type StaffCamper } from "../../../contracts/roster.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import type { App } from "../../app.ts";
import { createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";

const ROSTER = "first_name,last_initial,cabin,session,media_release\nAva,D,Pines,July,yes\nBen,K,Cedars,July,yes";

describe("campers, cabins and placing a camper", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const get = (who: SignedInClient, url: string) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
  const patch = (who: SignedInClient, id: number, payload: object) => app.inject({ method: "PATCH", url: `/api/staff/campers/${id}`, headers: { cookie: who.cookie }, payload });

  async function camp() {
    const admin = await registerStaff(app);
    const roster = (await app.inject({ method: "POST", url: "/api/staff/roster", headers: { cookie: admin.cookie, "content-type": "text/csv" }, payload: ROSTER })).json() as RosterResult;
    const [ava, ben] = roster.made;
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    return { admin, counselor, ava: ava!, ben: ben! };
  }

  it("a counselor lists, and reaches, only the campers and cabins of their own cabins", async () => {
    const { admin, counselor, ava, ben } = await camp();
    const selfRegistered = await registerCamper(app);
    const all = (await get(admin, "/api/staff/campers")).json() as StaffCamper[];
    expect(all.map((c) => c.id).sort()).toEqual([ava.userId, ben.userId, selfRegistered.userId].sort());
    expect(all.find((c) => c.id === selfRegistered.userId)).toMatchObject({ cabin: null, session: null, firstName: null, hasPassword: true, hasCode: false, mediaRelease: true });

    expect(((await get(counselor, "/api/staff/campers")).json() as StaffCamper[]).map((c) => c.id)).toEqual([ava.userId]);
    expect(((await get(counselor, "/api/staff/cabins")).json() as Cabin[]).map((c) => [c.name, c.campers])).toEqual([["Pines", 1]]);
    expect(((await get(admin, "/api/staff/cabins")).json() as Cabin[]).map((c) => c.name)).toEqual(["Cedars", "Pines"]);
    expect(((await get(admin, "/api/staff/campers?session=july&cabin=Cedars")).json() as StaffCamper[]).map((c) => c.id)).toEqual([ben.userId]);

    // Another cabin's camper is answered exactly like one that does not exist.
    const outOfScope = await patch(counselor, ben.userId, { mediaRelease: false });
    const missing = await patch(counselor, 999_999, { mediaRelease: false });
    expect([outOfScope.statusCode, outOfScope.json()]).toEqual([404, { message: CAMPER_MESSAGES.notFound }]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: CAMPER_MESSAGES.notFound }]);
  });

  it("the cabin's counselor sets a media release; only the director moves a camper; both audited", async () => {
    const { admin, counselor, ava } = await camp();
    const set = await patch(counselor, ava.userId, { mediaRelease: false });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: ava.userId, mediaRelease: false });

    const move = await patch(counselor, ava.userId, { cabin: "Cedars" });
    expect([move.statusCode, move.json()]).toEqual([403, { message: CAMPER_MESSAGES.placeAdminOnly }]);

    const selfRegistered = await registerCamper(app);
    const placed = await patch(admin, selfRegistered.userId, { cabin: "birches", session: "August" });
    expect(placed.json()).toMatchObject({ cabin: "birches", session: "August" });
    // A cabin named in another letter case is the one the camp already has.
    expect((await patch(admin, selfRegistered.userId, { cabin: "PINES" })).json()).toMatchObject({ cabin: "Pines" });
    expect(((await get(counselor, "/api/staff/campers")).json() as StaffCamper[]).map((c) => c.id).sort()).toEqual([ava.userId, selfRegistered.userId].sort());
    expect((await patch(admin, selfRegistered.userId, { cabin: null })).json()).toMatchObject({ cabin: null, session: "August" });

    const bad = await patch(admin, selfRegistered.userId, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Say what to change/);
    const staffTarget = await patch(admin, counselor.userId, { mediaRelease: false });
    expect(staffTarget.statusCode).toBe(404);

    const audit = (await get(admin, "/api/staff/audit")).json() as AuditEntry[];
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === "place_camper")).toHaveLength(3);
    expect(actions.filter((a) => a === "set_media_release")).toHaveLength(1);
  });
});
