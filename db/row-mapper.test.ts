import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "./client.ts";
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

describe("rows read raw and decoded by the table's columns", () => {
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
    const t = schema.recordings;
    // What no create sets: a JSON object, a chosen (non-null) captions flag, a voice.
    await db.update(t).set({ engagement: { sparkle: 3, words: ["camp", "lake"] }, captions: true, voice: "kal" }).where(eq(t.id, ids[0]!));
    const drizzleRows = await db.select().from(t).where(eq(t.userId, camper.userId)).orderBy(desc(t.createdAt), desc(t.id));
    const listed = await new ShowsRepository(db).listOwned(camper.userId, 10);
    expect(listed.map((r) => r.show)).toEqual(drizzleRows);
    expect(listed.every((r) => r.show.createdAt instanceof Date)).toBe(true);
    expect(listed.map((r) => r.position.id)).toEqual(drizzleRows.map((r) => r.id));
    for (const { position } of listed) expect(position.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });
});
