import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "./client.ts";
import { fastStatement } from "./row-mapper.ts";
import { ShowsRepository } from "../server/modules/shows/shows.repository.ts";
import type { App } from "../server/app.ts";
import { buildShowBody } from "../testing/factories.ts";
import { createTestApp, registerCamper } from "../testing/test-app.ts";
import { testDatabase } from "../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("rows read as arrays and decoded by each field's own decoder", () => {
  it("come out exactly as Drizzle's own mapping gives them: nulls, JSON, booleans and times alike", async () => {
    const camper = await registerCamper(app);
    const bodies = [buildShowBody(), buildShowBody({ isDraft: true, narration: undefined }), buildShowBody({ title: 'Quotes " and \\ backslashes, ünïcödé' })];
    const ids: number[] = [];
    for (const payload of bodies) {
      const res = await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie }, payload });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const { db } = await testDatabase();
    const t = schema.shows;
    // What no create sets: a JSON object, a chosen (non-null) captions flag, a voice.
    await db.update(t).set({ engagement: { sparkle: 3, words: ["camp", "lake"] }, captions: true, voice: "kal" }).where(eq(t.id, ids[0]!));
    const drizzleRows = await db.select().from(t).where(eq(t.userId, camper.userId)).orderBy(desc(t.createdAt), desc(t.id));
    const listed = await new ShowsRepository(db).listOwned(camper.userId, 10);
    expect(listed.map((r) => r.show)).toEqual(drizzleRows);
    expect(listed.every((r) => r.show.createdAt instanceof Date)).toBe(true);
    expect(listed.map((r) => r.position.id)).toEqual(drizzleRows.map((r) => r.id));
    for (const { position } of listed) expect(position.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it("come out as Drizzle's execute() gives them for a join with expressions, nested and top-level alike", async () => {
    const camper = await registerCamper(app);
    const { db } = await testDatabase();
    const s = schema.sessions;
    const u = schema.users;
    const statement = db
      .select({ user: u, stale: sql<boolean>`${s.lastSeenAt} < now()`, seen: s.lastSeenAt, id: sql<string>`${s.id}`.as("sid"), missing: sql<null>`null` })
      .from(s)
      .innerJoin(u, eq(u.id, s.userId))
      .leftJoin(schema.campSettings, eq(schema.campSettings.id, 1))
      .where(and(eq(s.userId, sql.placeholder("userId"))))
      .prepare("row_mapper_test_join");
    const drizzleRows = await statement.execute({ userId: camper.userId });
    expect(drizzleRows).toHaveLength(1);
    expect(await fastStatement(statement).execute({ userId: camper.userId })).toEqual(drizzleRows);
    expect(drizzleRows[0]!.seen).toBeInstanceOf(Date);
    expect(await fastStatement(statement).execute({ userId: camper.userId + 1_000_000 })).toEqual([]);
  });

  it("refuses a select it would read differently: a left-joined table's columns", async () => {
    const { db } = await testDatabase();
    const statement = db
      .select({ user: schema.users, settings: schema.campSettings })
      .from(schema.users)
      .leftJoin(schema.campSettings, eq(schema.campSettings.id, 1))
      .prepare("row_mapper_test_left_join");
    expect(() => fastStatement(statement)).toThrow(/left-joined camp_settings/);
  });
});
