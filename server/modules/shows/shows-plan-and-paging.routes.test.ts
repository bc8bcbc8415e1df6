import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { App } from "../../app.ts";
import { buildShowBody } from "../../../testing/factories.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function recordingsCount(camper: SignedInClient): Promise<number> {
  const res = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
  return res.json().recordingsCount;
}

describe("a device's draft key", () => {
  const post = (camper: SignedInClient, payload: object) =>
    app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload });

  it("returns the show a lost create made when the device repeats it, sequentially and at once", async () => {
    const camper = await registerCamper(app);
    const draftKey = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    const first = await post(camper, buildShowBody({ title: "Lake", draftKey }));
    expect(first.statusCode).toBe(201);
    // The reload that lost the answer: the screen saves again, with newer text, under the same key.
    const again = await post(camper, buildShowBody({ title: "Lake, again", draftKey }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.json().id, title: "Lake" });

    const raceKey = "ffeeddccbbaa99887766554433221100";
    const racing = await Promise.all([1, 2, 3].map(() => post(camper, buildShowBody({ draftKey: raceKey }))));
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    expect(await recordingsCount(camper)).toBe(2);
  });

  it("keys per camper: another camper's key never returns their show", async () => {
    const [a, b] = [await registerCamper(app), await registerCamper(app)];
    const draftKey = "0123456789abcdef0123456789abcdef";
    const mine = await post(a, buildShowBody({ draftKey }));
    const theirs = await post(b, buildShowBody({ draftKey }));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().userId).toBe(b.userId);
  });

  it("refuses a key that is not 16 to 64 letters, digits, - or _", async () => {
    const camper = await registerCamper(app);
    const res = await post(camper, buildShowBody({ draftKey: "short" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/draftKey/);
    expect(await recordingsCount(camper)).toBe(0);
  });
});

describe("the free plan's 20 shows", () => {
  it("refuses the 21st show with 403 naming the limit; deleting one makes room", async () => {
    const camper = await registerCamper(app);
    const shows = [];
    for (let i = 0; i < 20; i++) shows.push(await createShow(app, camper.cookie));
    const refused = await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload: buildShowBody() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SHOW_MESSAGES.freeTierLimit(20));
    expect(refused.json().message).toContain("20 shows");
    expect(await recordingsCount(camper)).toBe(20);

    await app.inject({ method: "DELETE", url: `/api/recordings/${shows[0]!.id}`, headers: { cookie: camper.cookie } });
    const again = await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload: buildShowBody() });
    expect(again.statusCode).toBe(201);
  });

  it("does not limit corporate and events accounts", async () => {
    for (const tier of ["corporate", "events"]) {
      const camper = await registerCamper(app);
      const { db } = await testDatabase();
      await db.execute(sql`UPDATE users SET subscription_tier = ${tier} WHERE id = ${camper.userId}`);
      for (let i = 0; i < 21; i++) await createShow(app, camper.cookie);
      expect(await recordingsCount(camper)).toBe(21);
    }
  });

  it("keeps recordingsCount equal to the real number under concurrent creates and deletes", async () => {
    const camper = await registerCamper(app);
    const existing = [];
    for (let i = 0; i < 8; i++) existing.push(await createShow(app, camper.cookie));
    const requests = [
      ...Array.from({ length: 18 }, () =>
        app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload: buildShowBody() }),
      ),
      // Each existing show deleted twice at once: exactly one of each pair succeeds.
      ...existing.flatMap((s) =>
        [1, 2].map(() => app.inject({ method: "DELETE", url: `/api/recordings/${s.id}`, headers: { cookie: camper.cookie } })),
      ),
    ];
    const results = await Promise.all(requests);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(8);
    expect(codes.filter((c) => c === 500)).toHaveLength(0);
    const { db } = await testDatabase();
    const [row] = await queryRows<{ real: number; counted: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM shows WHERE user_id = ${camper.userId}) AS real,
                 shows_count AS counted FROM users WHERE id = ${camper.userId}`,
    );
    expect(row!.counted).toBe(row!.real);
    expect(row!.real).toBeLessThanOrEqual(20);
  });
});

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

describe("listing shows", () => {
  it("lists only the camper's own shows, newest first", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const first = await createShow(app, camper.cookie, { title: "First" });
    const second = await createShow(app, camper.cookie, { title: "Second" });
    await createShow(app, other.cookie, { title: "Not mine" });
    const res = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: camper.cookie } });
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
    expect(res.headers["x-next-cursor"]).toBeUndefined();
  });

  it("pages with limit and the next cursor in a header, without gaps or repeats", async () => {
    const camper = await registerCamper(app);
    const { db } = await testDatabase();
    await db.execute(sql`UPDATE users SET subscription_tier = 'corporate' WHERE id = ${camper.userId}`);
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push((await createShow(app, camper.cookie)).id);
    // Several shows in one instant: order falls back to the id.
    await db.execute(sql`UPDATE shows SET created_at = '2026-07-01T10:00:00.123456Z' WHERE id IN (${ids[3]}, ${ids[4]}, ${ids[5]})`);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const url = `/api/recordings?limit=10${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((s: { id: number }) => s.id));
      cursor = res.headers["x-next-cursor"] as string | undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const all = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: camper.cookie } });
    expect(seen).toEqual(all.json().map((s: { id: number }) => s.id));
  });

  it.each([
    ["limit=0", "at least 1"],
    ["limit=101", "at most 100"],
    ["limit=ten", "limit must be a number"],
    ["cursor=garbage", "cursor is not valid"],
    // Dates that look right but are not: February 31st, the year 0 (PostgreSQL has none), an hour 24.
    [`cursor=${cursorOf("2024-02-31T10:00:00.000000Z|5")}`, "cursor is not valid"],
    [`cursor=${cursorOf("0000-01-01T00:00:00.000000Z|5")}`, "cursor is not valid"],
    [`cursor=${cursorOf("2024-05-01T24:00:00.000000Z|5")}`, "cursor is not valid"],
    [`cursor=${cursorOf("2024-05-01T10:00:00.000000Z|2147483648")}`, "cursor is not valid"],
    ["sort=asc", "Unrecognized key"],
  ])("refuses ?%s with 400", async (query, message) => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "GET", url: `/api/recordings?${query}`, headers: { cookie: camper.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
