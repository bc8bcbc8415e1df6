import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, StaffShowDetail, StaffShowItem } from "../../../contracts/reviews.ts";
import type { CreatedShare, ShowShares } from "../../../contracts/shares.ts";
import type { App } from "../../app.ts";
import { placeCamper } from "../../../testing/camp.ts";
import { approvedShow, shareShow } from "../../../testing/shares.ts";
import { confirmStaffPassword, createTestApp, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";

let app: App;
let world: BuiltWorld<Awaited<ReturnType<typeof buildCamp>>>;
beforeAll(async () => {
  app = await createTestApp();
  // The camp (a rendered, approved and shared video, two counselors) is built once and put back
  // untouched before each test: a test that moves the camper or shares again leaves nothing behind.
  world = await buildWorldOnce(buildCamp);
}, 180_000);
afterAll(async () => {
  await world?.drop();
  await app.close();
});

async function call(client: SignedInClient, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { cookie: client.cookie }, payload });
  return { status: res.statusCode, body: res.body, json: () => res.json() as unknown };
}

/** A camper of Pines with an approved, captioned video and a live link; a counselor of Pines and one of Oaks. */
async function buildCamp() {
  const { camper, show, video } = await approvedShow(app, "Pines Lake");
  await placeCamper(camper.userId, "Pines");
  const link = await shareShow(app, camper.cookie, show.id);
  const pines = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
  const oaks = await registerStaff(app, {}, { role: "counselor", cabins: ["Oaks"] });
  for (const counselor of [pines, oaks]) await confirmStaffPassword(app, counselor);
  return { camper, show, video, link, pines, oaks };
}

/** The file's camp, exactly as built. */
const camp = () => world.fresh();

/** Every staff route that names the camper, their show, its video or its link, as [method, url, body]. */
function camperRoutes(w: Awaited<ReturnType<typeof buildCamp>>): [ "GET" | "POST" | "DELETE", string, object?][] {
  return [
    ["GET", `/api/staff/shows/${w.show.id}`],
    ["POST", `/api/staff/shows/${w.show.id}/review`, { decision: "request_changes", renderJobId: w.video.id, note: "Louder please" }],
    ["GET", `/api/staff/renders/${w.video.id}/media`],
    ["GET", `/api/staff/renders/${w.video.id}/captions.vtt`],
    ["GET", `/api/staff/shows/${w.show.id}/shares`],
    ["POST", `/api/staff/shows/${w.show.id}/shares`, {}],
    ["DELETE", `/api/staff/shares/${w.link.share.id}`],
    ["GET", `/api/staff/campers/${w.camper.userId}/export`],
  ];
}

describe("a counselor reaches the campers of their own cabins only", () => {
  it("answers a counselor of another cabin 404, word for word what a missing record answers, and changes nothing", async () => {
    const w = await camp();
    for (const [method, url, payload] of camperRoutes(w)) {
      const res = await call(w.oaks, method, url, payload);
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(404);
      // The same id one past anything that exists: the same answer, so an id of another cabin tells nothing.
      const missing = await call(w.oaks, method, url.replace(/\/(\d+)(?=\/|$)/, "/2147483000"), payload);
      expect(missing.status, `${method} ${url} (missing)`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    // Nothing happened: the link still plays, the show is still approved, and the audit log has no Oaks entry.
    expect((await app.inject({ method: "GET", url: w.link.path })).statusCode).toBe(200);
    const detail = (await call(w.pines, "GET", `/api/staff/shows/${w.show.id}`)).json() as StaffShowDetail;
    expect(detail.review.state).toBe("approved");
    const admin = await registerStaff(app);
    const audit = (await call(admin, "GET", "/api/staff/audit")).json() as AuditEntry[];
    expect(audit.some((e) => e.staffUsername === w.oaks.credentials.username)).toBe(false);
  });

  it("lists only their cabins' shows, and gives the owner's counselor what the director gets", async () => {
    const w = await camp();
    const listOf = async (who: SignedInClient) => ((await call(who, "GET", "/api/staff/shows")).json() as StaffShowItem[]).map((s) => s.showId);
    expect(await listOf(w.oaks)).toEqual([]);
    expect(await listOf(w.pines)).toEqual([w.show.id]);
    // Searching by the camper's name finds nothing of another cabin either.
    const searched = await call(w.oaks, "GET", `/api/staff/shows?q=${encodeURIComponent(w.camper.credentials.username)}`);
    expect(searched.json()).toEqual([]);

    expect((await call(w.pines, "GET", `/api/staff/shows/${w.show.id}`)).status).toBe(200);
    const media = await call(w.pines, "GET", `/api/staff/renders/${w.video.id}/media`);
    expect(media.status).toBe(200);
    expect((await call(w.pines, "GET", `/api/staff/renders/${w.video.id}/captions.vtt`)).status).toBe(200);
    const shares = (await call(w.pines, "GET", `/api/staff/shows/${w.show.id}/shares`)).json() as ShowShares;
    expect(shares.links.map((l) => l.id)).toEqual([w.link.share.id]);
    const made = await call(w.pines, "POST", `/api/staff/shows/${w.show.id}/shares`, { days: 7 });
    expect(made.status, made.body).toBe(201);
    expect((await call(w.pines, "DELETE", `/api/staff/shares/${(made.json() as CreatedShare).share.id}`)).status).toBe(200);
    const exported = await call(w.pines, "GET", `/api/staff/campers/${w.camper.userId}/export`);
    expect(exported.status).toBe(200);
  });

  it("follows a change of cabins at once: moved to Oaks, the camper is Oaks' and no longer Pines'", async () => {
    const w = await camp();
    await placeCamper(w.camper.userId, "Oaks");
    expect((await call(w.pines, "GET", `/api/staff/shows/${w.show.id}`)).status).toBe(404);
    expect((await call(w.oaks, "GET", `/api/staff/shows/${w.show.id}`)).status).toBe(200);
  });

  it("logs a counselor's actions on their campers with their role, and shows a counselor only their campers' entries", async () => {
    const w = await camp();
    const other = await approvedShow(app, "Oaks Hike");
    await placeCamper(other.camper.userId, "Oaks");
    await call(w.pines, "POST", `/api/staff/shows/${w.show.id}/shares`, { days: 1 });
    await call(w.pines, "GET", `/api/staff/campers/${w.camper.userId}/export`);
    await call(w.oaks, "GET", `/api/staff/shows/${other.show.id}`);

    const admin = await registerStaff(app);
    const all = (await call(admin, "GET", "/api/staff/audit")).json() as AuditEntry[];
    const byPines = all.filter((e) => e.staffUsername === w.pines.credentials.username);
    expect(byPines.map((e) => [e.action, e.staffRole, e.camperUsername])).toEqual(
      expect.arrayContaining([
        ["shared", "counselor", w.camper.credentials.username],
        ["exported_data", "counselor", w.camper.credentials.username],
      ]),
    );
    // The director's own approvals carry their role.
    expect(all.find((e) => e.action === "approved")?.staffRole).toBe("admin");

    const pinesView = (await call(w.pines, "GET", "/api/staff/audit")).json() as AuditEntry[];
    expect(pinesView.length).toBeGreaterThan(0);
    expect(new Set(pinesView.map((e) => e.camperUsername))).toEqual(new Set([w.camper.credentials.username]));
    const oaksView = (await call(w.oaks, "GET", "/api/staff/audit")).json() as AuditEntry[];
    expect(new Set(oaksView.map((e) => e.camperUsername))).toEqual(new Set([other.camper.credentials.username]));
  });

  it("keeps the retention rule to the director", async () => {
    const w = await camp();
    for (const [method, payload] of [["GET"], ["PUT", { startsOn: "2099-08-31", afterDays: 30 }], ["DELETE"]] as const) {
      const res = await call(w.pines, method as "GET", "/api/staff/retention", payload);
      expect(res.status, `${method}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});
