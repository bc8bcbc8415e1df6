import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { SHOW_LIMITS, SHOW_MESSAGES, type Show } from "../../../contracts/recordings.ts";
import type { StoryLength } from "../../../contracts/renders.ts";
import { SHOT_MESSAGES, type ScriptCheck, type ShotList } from "../../../contracts/shots.ts";
import { VIDEO_STYLE } from "../../../contracts/video-style.ts";
import { schema } from "../../../db/client.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { renderFinalVideo } from "../../../testing/renders.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { tusCreate, tusPatch, uploadClip, uploadTake } from "../../../testing/uploads.ts";
import type { App } from "../../app.ts";
import { TYPICAL_WORDS_PER_SECOND, countSpokenWords } from "../voice/voice.service.ts";
import { ClipsRepository } from "../clips/clips.repository.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const PARAGRAPHS = [
  "This summer at camp I learned to paddle a canoe across the lake. At first I tipped over twice and the water was freezing cold.",
  "Our counselor, Dr. Rivera, showed us how to steer from the back of the boat. By the end of the week we raced the older kids and almost won!",
  "On the last night we sang songs around the fire and watched the stars. I will never forget how quiet the lake was after everyone went to sleep.",
];
const STORY = PARAGRAPHS.join("\n\n");

const videos = new Map<number, Buffer>();
async function video(seconds: number) {
  if (!videos.has(seconds)) videos.set(seconds, await webmFixture(seconds));
  return videos.get(seconds)!;
}

async function storyShow(camper: SignedInClient, narration = STORY) {
  return createShow(app, camper.cookie, { narration });
}

async function shotList(camper: SignedInClient, showId: number): Promise<ShotList> {
  const res = await app.inject({ method: "GET", url: `/api/recordings/${showId}/shots`, headers: { cookie: camper.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function patchShot(camper: SignedInClient, showId: number, shotId: number, payload: object) {
  return app.inject({ method: "PATCH", url: `/api/recordings/${showId}/shots/${shotId}`, headers: { cookie: camper.cookie }, payload });
}

function split(camper: SignedInClient, showId: number, shotId: number, beforeSentence: number) {
  return app.inject({ method: "POST", url: `/api/recordings/${showId}/shots/${shotId}/split`, headers: { cookie: camper.cookie }, payload: { beforeSentence } });
}

function merge(camper: SignedInClient, showId: number, shotId: number) {
  return app.inject({ method: "POST", url: `/api/recordings/${showId}/shots/${shotId}/merge`, headers: { cookie: camper.cookie } });
}

async function editNarration(camper: SignedInClient, showId: number, narration: string) {
  const res = await app.inject({ method: "PATCH", url: `/api/recordings/${showId}`, headers: { cookie: camper.cookie }, payload: { narration } });
  expect(res.statusCode, res.body).toBe(200);
}

async function getShow(camper: SignedInClient, showId: number): Promise<Show> {
  return (await app.inject({ method: "GET", url: `/api/recordings/${showId}`, headers: { cookie: camper.cookie } })).json();
}

/** What the take check (POST /api/clips/:id/script-check) stores: the lines the take was checked against. */
async function checkedAgainst(clipId: number, lines: string, missed = 0) {
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

describe("the shot list", () => {
  it("lays the narration out into shots the first time it is read, and keeps them after", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const list = await shotList(camper, show.id);
    expect(list.showId).toBe(show.id);
    expect(list.wordsPerSecond).toBe(TYPICAL_WORDS_PER_SECOND);
    expect(list.shots.map((s) => s.text)).toEqual(PARAGRAPHS);
    expect(list.shots[1]).toMatchObject({
      number: 2,
      sentences: ["Our counselor, Dr. Rivera, showed us how to steer from the back of the boat.", "By the end of the week we raced the older kids and almost won!"],
      estimatedSeconds: Math.round((countSpokenWords(PARAGRAPHS[1]!) / TYPICAL_WORDS_PER_SECOND) * 10) / 10,
      chosenClipId: null,
      takes: [],
    });
    const again = await shotList(camper, show.id);
    expect(again.shots.map((s) => s.id)).toEqual(list.shots.map((s) => s.id));
  });

  it("has no shots while the show has no script, and refuses changes then", async () => {
    const camper = await registerCamper(app);
    const show = await createShow(app, camper.cookie, { isDraft: true, narration: undefined });
    expect((await shotList(camper, show.id)).shots).toEqual([]);
    // Two requests at once lay the shots out once (the show's row lock).
    await editNarration(camper, show.id, STORY);
    const [a, b] = await Promise.all([shotList(camper, show.id), shotList(camper, show.id)]);
    expect(a.shots.map((s) => s.id)).toEqual(b.shots.map((s) => s.id));
    expect(a.shots).toHaveLength(3);
    await editNarration(camper, show.id, SHOW_MESSAGES.updatedNarration);
    expect((await shotList(camper, show.id)).shots).toEqual([]);
    const res = await patchShot(camper, show.id, a.shots[0]!.id, { text: "New lines." });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SHOT_MESSAGES.noNarration });
    // The script back: the same shots again, untouched while it was away.
    await editNarration(camper, show.id, STORY);
    expect((await shotList(camper, show.id)).shots.map((s) => s.id)).toEqual(a.shots.map((s) => s.id));
  });

  it("splits a shot between sentences and merges it back", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const [first, second, third] = (await shotList(camper, show.id)).shots;
    const res = await split(camper, show.id, second!.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    const splitList: ShotList = res.json();
    expect(splitList.shots.map((s) => s.text)).toEqual([PARAGRAPHS[0], ...second!.sentences, PARAGRAPHS[2]]);
    expect(splitList.shots.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    expect(splitList.shots[1]!.id).toBe(second!.id);
    expect([first!.id, second!.id, third!.id]).not.toContain(splitList.shots[2]!.id);

    for (const bad of [0, 2, 9]) {
      const refused = await split(camper, show.id, second!.id, bad);
      expect(refused.statusCode).toBe(400);
    }
    expect((await split(camper, show.id, second!.id, 1)).json()).toEqual({ message: SHOT_MESSAGES.cannotSplit });

    const merged = await merge(camper, show.id, second!.id);
    expect(merged.statusCode, merged.body).toBe(200);
    expect((merged.json() as ShotList).shots.map((s) => [s.id, s.text])).toEqual([
      [first!.id, PARAGRAPHS[0]],
      [second!.id, PARAGRAPHS[1]],
      [third!.id, PARAGRAPHS[2]],
    ]);
    const last = await merge(camper, show.id, third!.id);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ message: SHOT_MESSAGES.cannotMerge });
    // Splitting and merging group the words; the script itself never changed.
    expect((await getShow(camper, show.id)).narration).toBe(STORY);
  });

  it("edits a shot's lines and so the narration, leaving the rest of the script exactly as it was", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const { shots } = await shotList(camper, show.id);
    const res = await patchShot(camper, show.id, shots[1]!.id, { text: "  Dr. Rivera taught us to steer.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ShotList).shots.map((s) => s.text)).toEqual([PARAGRAPHS[0], "Dr. Rivera taught us to steer.", PARAGRAPHS[2]]);
    const after = await getShow(camper, show.id);
    expect(after.narration).toBe(`${PARAGRAPHS[0]}\n\nDr. Rivera taught us to steer.\n\n${PARAGRAPHS[2]}`);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(show.updatedAt));

    const empty = await patchShot(camper, show.id, shots[1]!.id, { text: "   " });
    expect(empty.statusCode).toBe(400);
    expect((await patchShot(camper, show.id, shots[1]!.id, {})).statusCode).toBe(400);
  });
});

describe("at most SHOW_LIMITS.maxSections parts a show", () => {
  const MAX = SHOW_LIMITS.maxSections;
  // 130 sentences of about 10 s each: a script far longer than any video, laid out one shot a sentence.
  const LONG_SCRIPT = Array.from({ length: 130 }, (_, i) => `On day ${i + 1} we paddled across the cold lake and sang loud songs by the fire while the stars came out over the pines.`).join(" ");

  it("lays a very long script out in as many shots as leave room for the free clips, then refuses another part with a plain message", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper, LONG_SCRIPT);
    const free = await uploadClip(app, camper, await video(1), "Free clip");
    const attach = (clipIds: number[]) =>
      app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds } });
    expect((await attach([free.id])).statusCode).toBe(200);

    const list = await shotList(camper, show.id);
    expect(list.shots).toHaveLength(MAX - 1);
    // Every word of the script is still in a shot, in order.
    expect(list.shots.map((s) => s.text).join(" ").replace(/\s+/g, " ")).toBe(LONG_SCRIPT);

    const full = { message: SHOW_MESSAGES.tooManySections(MAX) };
    const splittable = list.shots.find((s) => s.sentences.length > 1)!;
    const refusedSplit = await split(camper, show.id, splittable.id, 1);
    expect(refusedSplit.statusCode).toBe(403);
    expect(refusedSplit.json()).toEqual(full);
    const another = await uploadClip(app, camper, await video(1), "One too many");
    const refusedAttach = await attach([another.id]);
    expect(refusedAttach.statusCode).toBe(403);
    expect(refusedAttach.json()).toEqual(full);
    // A free clip recorded straight onto the show is refused before any byte is sent.
    const refusedUpload = await app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { cookie: camper.cookie, "tus-resumable": "1.0.0", "upload-length": "1000", "upload-metadata": `title ${Buffer.from("x").toString("base64")},showId ${Buffer.from(String(show.id)).toString("base64")}` },
    });
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json()).toEqual(full);
    expect((await shotList(camper, show.id)).shots).toHaveLength(MAX - 1);

    // Merging two shots makes room again.
    expect((await merge(camper, show.id, list.shots[0]!.id)).statusCode).toBe(200);
    expect((await split(camper, show.id, splittable.id, 1)).statusCode).toBe(200);
  }, 120_000);
});

describe("takes", () => {
  it("makes a tus upload with a shotId a take of that shot; the first take is chosen, later ones when picked", async () => {
    const camper = await registerCamper(app);
    const show = await storyShow(camper);
    const [shot, other] = (await shotList(camper, show.id)).shots;
    const first = await uploadTake(app, camper, await video(1), { shotId: shot!.id });
    expect(first).toMatchObject({ showId: show.id, shotId: shot!.id });
    const second = await uploadTake(app, camper, await video(1), { shotId: shot!.id, showId: show.id });

    let list = await shotList(camper, show.id);
    expect(list.shots[0]!.chosenClipId).toBe(first.id);
    expect(list.shots[0]!.takes).toEqual([
      { clipId: first.id, chosen: true, matchesLines: true, wordMatch: null, missedSentences: null },
      { clipId: second.id, chosen: false, matchesLines: true, wordMatch: null, missedSentences: null },
    ]);

    const picked = await patchShot(camper, show.id, shot!.id, { chosenClipId: second.id });
    expect(picked.statusCode, picked.body).toBe(200);
    expect((picked.json() as ShotList).shots[0]!.takes.map((t) => t.chosen)).toEqual([false, true]);
    list = (await patchShot(camper, show.id, shot!.id, { chosenClipId: null })).json();
    expect(list.shots[0]!.chosenClipId).toBeNull();

    // Only a take of this shot can be its chosen take.
    const free = await uploadClip(app, camper, await video(1));
    const otherTake = await uploadTake(app, camper, await video(1), { shotId: other!.id });
    for (const clipId of [free.id, otherTake.id, 999_999]) {
      const res = await patchShot(camper, show.id, shot!.id, { chosenClipId: clipId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SHOT_MESSAGES.takeNotOfShot });
    }

    // The check's figures show on the take.
    await checkedAgainst(second.id, shot!.text, 1);
    const checked = (await shotList(camper, show.id)).shots[0]!.takes[1];
    expect(checked).toMatchObject({ wordMatch: 0.5, missedSentences: 1, matchesLines: true });
  });

  it("ignores a shotId of another camper's show, like a foreign showId", async () => {
    const owner = await registerCamper(app);
    const intruder = await registerCamper(app);
    const show = await storyShow(owner);
    const [shot] = (await shotList(owner, show.id)).shots;
    const location = await tusCreate(app, intruder, { shotId: shot!.id });
    const bytes = await video(1);
    const done = await tusPatch(app, intruder, location, 0, bytes, bytes.length);
    const clip = (await app.inject({ method: "GET", url: `/api/clips/${done.headers["upload-clip-id"]}`, headers: { cookie: intruder.cookie } })).json() as Clip;
    expect(clip).toMatchObject({ showId: null, shotId: null });
    expect((await shotList(owner, show.id)).shots[0]!.takes).toEqual([]);
  });
});

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
