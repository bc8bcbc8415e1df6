import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Show } from "../contracts/shows.ts";
import type { ScriptCheck, ShotList } from "../contracts/shots.ts";
import { schema } from "../db/client.ts";
import type { App } from "../server/app.ts";
import { webmFixture } from "./media-fixtures.ts";
import { createShow, type SignedInClient } from "./test-app.ts";
import { testDatabase } from "./test-database.ts";

/** A story of three paragraphs, for the shot list's tests (server/modules/shots). */
export const PARAGRAPHS = [
  "This summer at camp I learned to paddle a canoe across the lake. At first I tipped over twice and the water was freezing cold.",
  "Our counselor, Dr. Rivera, showed us how to steer from the back of the boat. By the end of the week we raced the older kids and almost won!",
  "On the last night we sang songs around the fire and watched the stars. I will never forget how quiet the lake was after everyone went to sleep.",
];
export const STORY = PARAGRAPHS.join("\n\n");

const videos = new Map<number, Buffer>();

/** A WebM clip of `seconds`, made once per length. */
export async function video(seconds: number) {
  if (!videos.has(seconds)) videos.set(seconds, await webmFixture(seconds));
  return videos.get(seconds)!;
}

/** The shot list's requests as a camper makes them, on the app `app()` returns. */
export function shotRequests(app: () => App) {
  return {
    async storyShow(camper: SignedInClient, narration = STORY) {
      return createShow(app(), camper.cookie, { narration });
    },

    async shotList(camper: SignedInClient, showId: number): Promise<ShotList> {
      const res = await app().inject({ method: "GET", url: `/api/recordings/${showId}/shots`, headers: { cookie: camper.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },

    patchShot(camper: SignedInClient, showId: number, shotId: number, payload: object) {
      return app().inject({ method: "PATCH", url: `/api/recordings/${showId}/shots/${shotId}`, headers: { cookie: camper.cookie }, payload });
    },

    split(camper: SignedInClient, showId: number, shotId: number, beforeSentence: number) {
      return app().inject({ method: "POST", url: `/api/recordings/${showId}/shots/${shotId}/split`, headers: { cookie: camper.cookie }, payload: { beforeSentence } });
    },

    merge(camper: SignedInClient, showId: number, shotId: number) {
      return app().inject({ method: "POST", url: `/api/recordings/${showId}/shots/${shotId}/merge`, headers: { cookie: camper.cookie } });
    },

    async editNarration(camper: SignedInClient, showId: number, narration: string) {
      const res = await app().inject({ method: "PATCH", url: `/api/recordings/${showId}`, headers: { cookie: camper.cookie }, payload: { narration } });
      expect(res.statusCode, res.body).toBe(200);
    },

    async getShow(camper: SignedInClient, showId: number): Promise<Show> {
      return (await app().inject({ method: "GET", url: `/api/recordings/${showId}`, headers: { cookie: camper.cookie } })).json();
    },
  };
}

/** What the take check (POST /api/clips/:id/script-check) stores: the lines the take was checked against. */
export async function checkedAgainst(clipId: number, lines: string, missed = 0) {
  const { db } = await testDatabase();
  const check: ScriptCheck = {
    status: "checked",
    source: "offline",
    lines,
    sentences: [{ text: lines, said: missed === 0, words: [] }],
    wordMatch: missed === 0 ? 1 : 0.5,
    message: null,
    checkedAt: new Date().toISOString(),
  };
  await db.update(schema.clips).set({ scriptCheck: check }).where(eq(schema.clips.id, clipId));
}
