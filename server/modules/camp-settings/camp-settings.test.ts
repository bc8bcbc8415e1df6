import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import { CAMP_SETTINGS_MESSAGES } from "../../../contracts/camp-settings.ts";
import { DEFAULT_CAMP_COLOURS } from "../../../contracts/video-style.ts";
import type { App } from "../../app.ts";
import { createTestApp, registerCamper, registerStaff } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const settings = (cookie: string) => app.inject({ method: "GET", url: "/api/staff/camp-settings", headers: { cookie } });
const put = (cookie: string, payload: object) => app.inject({ method: "PUT", url: "/api/staff/camp-settings", headers: { cookie }, payload });
const idle = async () => (await app.inject({ method: "GET", url: "/api/camp-settings/idle" })).json();

/** Moves a user's last request into the past, as if they had walked away that long ago. */
async function walkAway(userId: number, minutes: number) {
  const { db } = await testDatabase();
  await db.execute(sql`UPDATE sessions SET last_seen_at = now() - make_interval(secs => ${minutes * 60}) WHERE user_id = ${userId}`);
}

describe("camp settings", () => {
  it("are the defaults until the director saves, which every staff member then reads and the idle time is public", async () => {
    const director = await registerStaff(app);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    expect((await settings(counselor.cookie)).json()).toEqual({
      campName: "Summer Stories Camp",
      camperIdleMinutes: 15,
      colour: DEFAULT_CAMP_COLOURS.background,
      accentColour: DEFAULT_CAMP_COLOURS.accent,
      updatedAt: null,
    });
    expect(await idle()).toEqual({ camperIdleMinutes: 15 });

    const saved = await put(director.cookie, { campName: "  Camp Loon Lake ", camperIdleMinutes: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ campName: "Camp Loon Lake", camperIdleMinutes: 30 });
    expect((await settings(counselor.cookie)).json()).toMatchObject({ campName: "Camp Loon Lake", camperIdleMinutes: 30 });
    expect(await idle()).toEqual({ camperIdleMinutes: 30 });

    // The camp's colours on videos' cards: kept as written (lower case), and left as they were when not sent.
    const coloured = await put(director.cookie, { campName: "Camp Loon Lake", camperIdleMinutes: 30, colour: "#1A4D2E", accentColour: "#f5d76e" });
    expect(coloured.json()).toMatchObject({ colour: "#1a4d2e", accentColour: "#f5d76e" });
    await put(director.cookie, { campName: "Camp Loon Lake", camperIdleMinutes: 25 });
    expect((await settings(counselor.cookie)).json()).toMatchObject({ camperIdleMinutes: 25, colour: "#1a4d2e", accentColour: "#f5d76e" });
  });

  it("are changed by the director only, and bad input changes nothing", async () => {
    const director = await registerStaff(app);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    const camper = await registerCamper(app);
    await put(director.cookie, { campName: "Camp Loon Lake", camperIdleMinutes: 20 });

    const byCounselor = await put(counselor.cookie, { campName: "Mine now", camperIdleMinutes: 0 });
    expect(byCounselor.statusCode).toBe(403);
    expect(byCounselor.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
    expect((await put(camper.cookie, { campName: "Mine now", camperIdleMinutes: 0 })).statusCode).toBe(403);
    expect((await settings(camper.cookie)).statusCode).toBe(403);

    for (const [body, message] of [
      [{ campName: "Camp", camperIdleMinutes: 4 }, CAMP_SETTINGS_MESSAGES.idleMinutes],
      [{ campName: "Camp", camperIdleMinutes: 241 }, CAMP_SETTINGS_MESSAGES.idleMinutes],
      [{ campName: "Camp", camperIdleMinutes: 7.5 }, CAMP_SETTINGS_MESSAGES.idleMinutes],
      [{ campName: "Camp", camperIdleMinutes: "10" }, CAMP_SETTINGS_MESSAGES.idleMinutes],
      [{ campName: "   ", camperIdleMinutes: 10 }, CAMP_SETTINGS_MESSAGES.campName],
      [{ campName: "x".repeat(81), camperIdleMinutes: 10 }, CAMP_SETTINGS_MESSAGES.campName],
      [{ campName: "Camp", camperIdleMinutes: 10, colour: "green" }, "Colours are written #rrggbb"],
      [{ campName: "Camp", camperIdleMinutes: 10, accentColour: "#12345" }, "Colours are written #rrggbb"],
    ] as const) {
      const res = await put(director.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await put(director.cookie, { campName: "Camp", camperIdleMinutes: 10, extra: 1 })).statusCode).toBe(400);
    expect((await settings(director.cookie)).json()).toMatchObject({ campName: "Camp Loon Lake", camperIdleMinutes: 20 });
    // The edges are allowed.
    expect((await put(director.cookie, { campName: "Camp", camperIdleMinutes: 5 })).statusCode).toBe(200);
    expect((await put(director.cookie, { campName: "Camp", camperIdleMinutes: 240 })).statusCode).toBe(200);
  });
});

describe("idle sign-out on shared tablets", () => {
  it("ends a camper's session after the default 15 minutes away, and not before", async () => {
    const stays = await registerCamper(app);
    const leaves = await registerCamper(app);
    await walkAway(stays.userId, 14);
    await walkAway(leaves.userId, 16);
    expect((await me(stays.cookie)).statusCode).toBe(200);
    const gone = await me(leaves.cookie);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: AUTH_MESSAGES.signedOut });
  });

  it("follows the camp's setting at once, and 0 never signs a camper out; staff keep their own 30 minutes", async () => {
    const director = await registerStaff(app);
    const camper = await registerCamper(app);
    await put(director.cookie, { campName: "Camp", camperIdleMinutes: 5 });
    await walkAway(camper.userId, 6);
    expect((await me(camper.cookie)).statusCode).toBe(401);

    const other = await registerCamper(app);
    await put(director.cookie, { campName: "Camp", camperIdleMinutes: 0 });
    await walkAway(other.userId, 3 * 24 * 60);
    expect((await me(other.cookie)).statusCode).toBe(200);
    // The director's own session is not a camper's: 29 minutes away is within staff's half hour.
    await walkAway(director.userId, 29);
    expect((await me(director.cookie)).statusCode).toBe(200);
  });

  it("counts a camper's requests as activity (written at most once a minute), and the keep-alive restarts the clock", async () => {
    const camper = await registerCamper(app);
    await walkAway(camper.userId, 14);
    // A request: the camper is back, so 14 more minutes later they are still signed in.
    expect((await me(camper.cookie)).statusCode).toBe(200);
    await walkAway(camper.userId, 14);
    const kept = await app.inject({ method: "POST", url: "/api/session/keepalive", headers: { cookie: camper.cookie } });
    expect(kept.statusCode).toBe(204);
    const { db } = await testDatabase();
    const [row] = await queryRows<{ fresh: boolean }>(db, sql`SELECT (now() - last_seen_at) < interval '1 minute' AS fresh FROM sessions WHERE user_id = ${camper.userId}`);
    expect(row?.fresh).toBe(true);

    await walkAway(camper.userId, 16);
    const late = await app.inject({ method: "POST", url: "/api/session/keepalive", headers: { cookie: camper.cookie } });
    expect(late.statusCode).toBe(401);
  });
});
