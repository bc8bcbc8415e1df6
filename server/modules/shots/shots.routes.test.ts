import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { SHOW_LIMITS, SHOW_MESSAGES } from "../../../contracts/shows.ts";
import { SHOT_MESSAGES, type ShotList } from "../../../contracts/shots.ts";
import { createShow, createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { tusCreate, tusPatch, uploadClip, uploadTake } from "../../../testing/uploads.ts";
import type { App } from "../../app.ts";
import { PARAGRAPHS, STORY, checkedAgainst, shotRequests, video } from "../../../testing/shots.ts";
import { TYPICAL_WORDS_PER_SECOND, countSpokenWords } from "../voice/voice-timing.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const { storyShow, shotList, patchShot, split, merge, editNarration, getShow } = shotRequests(() => app);

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
