import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { StoryLength } from "../../../contracts/renders.ts";
import { SHOT_MESSAGES } from "../../../contracts/shots.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import { schema } from "../../../db/client.ts";
import { renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { uploadClip, uploadTake } from "../../../testing/uploads.ts";
import type { App } from "../../app.ts";
import { PARAGRAPHS, STORY, checkedAgainst, shotRequests, video } from "../../../testing/shots.ts";
import { ClipsRepository } from "../clips/clips.repository.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const { storyShow, shotList, patchShot, split, merge, editNarration, getShow } = shotRequests(() => app);

describe("deleting", () => {
  it("un-chooses a deleted chosen take, and deletes a show or an account with its shots and takes", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const [shot] = (await shotList(camper, show.id)).shots;
    const first = await uploadTake(app, camper, await video(1), { shotId: shot!.id });
    const second = await uploadTake(app, camper, await video(1), { shotId: shot!.id });
    expect((await app.inject({ method: "DELETE", url: `/api/clips/${first.id}`, headers: { cookie: camper.cookie } })).statusCode).toBe(204);
    const after = (await shotList(camper, show.id)).shots[0]!;
    expect(after.chosenClipId).toBeNull();
    expect(after.takes.map((t) => t.clipId)).toEqual([second.id]);

    expect((await app.inject({ method: "DELETE", url: `/api/recordings/${show.id}`, headers: { cookie: camper.cookie } })).statusCode).toBe(204);
    const { db } = await testDatabase();
    expect(await db.select().from(schema.shots).where(eq(schema.shots.showId, show.id))).toEqual([]);

    const another = await storyShow(camper);
    const [anotherShot] = (await shotList(camper, another.id)).shots;
    await uploadTake(app, camper, await video(1), { shotId: anotherShot!.id });
    const gone = await app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: camper.cookie }, payload: { password: camper.credentials.password } });
    expect(gone.statusCode).toBe(204);
    expect(await db.select().from(schema.shots).where(eq(schema.shots.showId, another.id))).toEqual([]);
  });
});

describe("following the narration", () => {
  it("keeps shots, ids and chosen takes through a small edit, and says which takes a rewrite left behind", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const shots = (await shotList(camper, show.id)).shots;
    const takes: Clip[] = [];
    for (const shot of shots) {
      const take = await uploadTake(app, camper, await video(1), { shotId: shot.id });
      await checkedAgainst(take.id, shot.text);
      takes.push(take);
    }

    const fixed = STORY.replace("freezing cold", "freezing");
    await editNarration(camper, show.id, fixed);
    let list = await shotList(camper, show.id);
    expect(list.shots.map((s) => s.id)).toEqual(shots.map((s) => s.id));
    expect(list.shots[0]!.text).toBe(PARAGRAPHS[0]!.replace("freezing cold", "freezing"));
    expect(list.shots.map((s) => s.chosenClipId)).toEqual(takes.map((t) => t.id));
    expect(list.shots.every((s) => s.takes[0]!.matchesLines)).toBe(true);

    const rewrite = "Then a huge thunderstorm rolled over the hills. Everybody ran inside the dining hall and played card games.";
    await editNarration(camper, show.id, fixed.replace(PARAGRAPHS[1]!, rewrite));
    list = await shotList(camper, show.id);
    expect(list.shots.map((s) => s.id)).toEqual(shots.map((s) => s.id));
    expect(list.shots[1]).toMatchObject({ text: rewrite, chosenClipId: takes[1]!.id });
    expect(list.shots.map((s) => s.takes[0]!.matchesLines)).toEqual([true, false, true]);

    // A shot's lines deleted: the shot goes; its take stays, with the next shot, not in the video.
    await editNarration(camper, show.id, `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[2]}`);
    list = await shotList(camper, show.id);
    expect(list.shots.map((s) => s.id)).toEqual([shots[0]!.id, shots[2]!.id]);
    expect(list.shots[1]!.chosenClipId).toBe(takes[2]!.id);
    expect(list.shots[1]!.takes.map((t) => [t.clipId, t.chosen, t.matchesLines])).toEqual([
      [takes[1]!.id, false, false],
      [takes[2]!.id, true, true],
    ]);
    const { db } = await testDatabase();
    const videoClips = await new ClipsRepository(db).videoClips(camper.userId, show.id);
    expect(videoClips.map((c) => c.id)).toEqual([takes[0]!.id, takes[2]!.id]);
  });

  it("chooses the first take recorded for a shot that has takes only from a dropped shot (they say other lines)", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const shots = (await shotList(camper, show.id)).shots;
    const moved = await uploadTake(app, camper, await video(1), { shotId: shots[1]!.id });
    await editNarration(camper, show.id, `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[2]}`);
    let heir = (await shotList(camper, show.id)).shots[1]!;
    expect(heir).toMatchObject({ id: shots[2]!.id, chosenClipId: null });
    expect(heir.takes.map((t) => [t.clipId, t.chosen])).toEqual([[moved.id, false]]);

    const own = await uploadTake(app, camper, await video(1), { shotId: heir.id });
    heir = (await shotList(camper, show.id)).shots[1]!;
    expect(heir.chosenClipId).toBe(own.id);
    const { db } = await testDatabase();
    expect((await new ClipsRepository(db).videoClips(camper.userId, show.id)).map((c) => c.id)).toEqual([own.id]);
  });

  it("answers a change to a shot the narration edit just dropped with 'shot gone'", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const shots = (await shotList(camper, show.id)).shots;
    await editNarration(camper, show.id, `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[2]}`);
    const res = await patchShot(camper, show.id, shots[1]!.id, { text: "Too late." });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SHOT_MESSAGES.shotGone });
    expect((await getShow(camper, show.id)).narration).toBe(`${PARAGRAPHS[0]}\n\n${PARAGRAPHS[2]}`);
  });
});

describe("owner scoping", () => {
  it("answers another camper's show or shot exactly as a missing one", async () => {
    const owner = await registerCamper(app);
    const intruder = await registerCamper(app);
    const show = await storyShow(owner);
    const [shot] = (await shotList(owner, show.id)).shots;
    const theirs = await storyShow(intruder, "A different story about archery. We hit the target twice.");
    const calls = [
      () => app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: intruder.cookie } }),
      () => patchShot(intruder, show.id, shot!.id, { text: "Mine now." }),
      () => split(intruder, show.id, shot!.id, 1),
      () => merge(intruder, show.id, shot!.id),
      () => app.inject({ method: "GET", url: `/api/recordings/999999/shots`, headers: { cookie: owner.cookie } }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SHOW_MESSAGES.notFound });
    }
    // Their own show, the owner's shot id: not a shot of that show.
    const mixed = await patchShot(intruder, theirs.id, shot!.id, { text: "Mine now." });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: SHOT_MESSAGES.notFound });
    expect((await getShow(owner, show.id)).narration).toBe(STORY);
  });
});

describe("the finished video's clips", () => {
  it("are the chosen takes in shot order, then the free clips; the length check and the render agree", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const [one, two] = (await shotList(camper, show.id)).shots;
    // Recorded out of order, with a take left unchosen and a free clip between.
    const twoTake = await uploadTake(app, camper, await video(2), { shotId: two!.id });
    const free = await uploadClip(app, camper, await video(1));
    await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [free.id] } });
    const oneTake = await uploadTake(app, camper, await video(1), { shotId: one!.id });
    await uploadTake(app, camper, await video(3), { shotId: one!.id });

    const { db } = await testDatabase();
    const clips = await new ClipsRepository(db).videoClips(camper.userId, show.id);
    expect(clips.map((c) => c.id)).toEqual([oneTake.id, twoTake.id, free.id]);

    const length = (await app.inject({ method: "GET", url: `/api/recordings/${show.id}/length`, headers: { cookie: camper.cookie } })).json() as StoryLength;
    expect(length.clipCount).toBe(3);
    const seconds = [oneTake, twoTake, free].reduce((sum, c) => sum + c.usedSeconds, 0);
    expect(length.clipsSeconds).toBeCloseTo(seconds, 1);

    const render = await renderFinalVideo(app, camper, show.id, { captions: false });
    // The unchosen 3 s take is not in the video (which opens and closes with the cards).
    expect(render.durationSeconds).toBeCloseTo(seconds + VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds, 0);
  }, 120_000);

  it("are all of a show's clips in their order when it has no shots, as before", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie);
    const a = await uploadClip(app, camper, await video(1));
    const b = await uploadClip(app, camper, await video(1));
    await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [b.id, a.id] } });
    const { db } = await testDatabase();
    const repository = new ClipsRepository(db);
    expect((await repository.videoClips(camper.userId, show.id)).map((c) => c.id)).toEqual((await repository.list(camper.userId, show.id)).map((c) => c.id));
    expect((await repository.videoClips(camper.userId, show.id)).map((c) => c.id)).toEqual([b.id, a.id]);
  });
});
