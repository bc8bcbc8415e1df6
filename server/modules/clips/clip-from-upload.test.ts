import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import { SHOW_LIMITS } from "../../../contracts/shows-constants.ts";
import { schema } from "../../../db/client.ts";
import { silentWebmFixture } from "../../../testing/media-fixtures.ts";
import { createShow, registerCamper } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { appWithVideo, tusCreate, tusPatch, uploadClip } from "../../../testing/uploads.ts";

/** What an upload's last step (ClipFromUpload) makes of it: the clip's place among its story's, and its sound. */
const scene = appWithVideo(2);

describe("a clip made from an upload", () => {
  it("keeps whether each clip has sound, read when it is saved", async () => {
    const camper = await registerCamper(scene.app);
    const withSound = await uploadClip(scene.app, camper, scene.video, "With sound");
    const silent = await uploadClip(scene.app, camper, await silentWebmFixture(1), "No microphone");
    const { db } = await testDatabase();
    const rows = await db.select({ id: schema.clips.id, hasAudio: schema.clips.hasAudio }).from(schema.clips).where(eq(schema.clips.userId, camper.userId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.hasAudio]))).toEqual({ [withSound.id]: true, [silent.id]: false });
  });

  it("places each clip in the order its upload began, whatever order the uploads end in", async () => {
    const camper = await registerCamper(scene.app);
    const show = await createShow(scene.app, camper.cookie);
    const titlesOnServer = async () =>
      ((await scene.app.inject({ method: "GET", url: `/api/clips?showId=${show.id}`, headers: { cookie: camper.cookie } })).json() as Clip[]).map((c) => [c.title, c.position]);
    const finish = async (location: string) => {
      const res = await tusPatch(scene.app, camper, location, 0, scene.video, scene.video.length);
      expect(res.statusCode, res.body).toBe(204);
    };
    // Three sections begun in order (two takes, then a photo picked while the second take uploads).
    const first = await tusCreate(scene.app, camper, { title: "First take", showId: show.id });
    const second = await tusCreate(scene.app, camper, { title: "Second take", showId: show.id });
    const third = await tusCreate(scene.app, camper, { title: "Third section", showId: show.id });
    // The third ends first, then the first, then the second.
    await finish(third);
    await finish(first);
    expect(await titlesOnServer()).toEqual([["First take", 0], ["Third section", 1]]);
    await finish(second);
    expect(await titlesOnServer()).toEqual([["First take", 0], ["Second take", 1], ["Third section", 2]]);

    // After the camper's own arrangement, a section begun later still goes at the end.
    const ids = ((await scene.app.inject({ method: "GET", url: `/api/clips?showId=${show.id}`, headers: { cookie: camper.cookie } })).json() as Clip[]).map((c) => c.id);
    const arranged = await scene.app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [ids[2], ids[0], ids[1]] } });
    expect(arranged.statusCode, arranged.body).toBe(200);
    await finish(await tusCreate(scene.app, camper, { title: "Fourth take", showId: show.id }));
    expect(await titlesOnServer()).toEqual([["Third section", 0], ["First take", 1], ["Second take", 2], ["Fourth take", 3]]);
  });

  it("puts a take sent again after a failure back among the sections begun before it", async () => {
    const camper = await registerCamper(scene.app);
    const show = await createShow(scene.app, camper.cookie);
    const finish = async (location: string) => {
      const res = await tusPatch(scene.app, camper, location, 0, scene.video, scene.video.length);
      expect(res.statusCode, res.body).toBe(204);
    };
    const titlesOnServer = async () =>
      ((await scene.app.inject({ method: "GET", url: `/api/clips?showId=${show.id}`, headers: { cookie: camper.cookie } })).json() as Clip[]).map((c) => c.title);
    // The first take's upload failed and the device removed it; the camper went on to a second take.
    const failed = await tusCreate(scene.app, camper, { title: "First take", showId: show.id, begunMsAgo: 0 });
    expect((await scene.app.inject({ method: "DELETE", url: failed, headers: { cookie: camper.cookie, "tus-resumable": "1.0.0" } })).statusCode).toBe(204);
    await finish(await tusCreate(scene.app, camper, { title: "Second take", showId: show.id, begunMsAgo: 0 }));
    // Retry, a minute after the first take began: a new upload, which says when its section began.
    await finish(await tusCreate(scene.app, camper, { title: "First take", showId: show.id, begunMsAgo: 60_000 }));
    expect(await titlesOnServer()).toEqual(["First take", "Second take"]);
    // A value no device sends counts as "began now": the section goes at the end, and nothing is refused.
    await finish(await tusCreate(scene.app, camper, { title: "Third take", showId: show.id, begunMsAgo: "a minute" }));
    await finish(await tusCreate(scene.app, camper, { title: "Fourth take", showId: show.id, begunMsAgo: -5 }));
    expect(await titlesOnServer()).toEqual(["First take", "Second take", "Third take", "Fourth take"]);
  });

  it("joins a take begun before its story was saved to that story's show, in the place it was begun", async () => {
    const camper = await registerCamper(scene.app);
    const draftKey = "story-begun-on-this-device-1";
    const finish = async (location: string) => {
      const res = await tusPatch(scene.app, camper, location, 0, scene.video, scene.video.length);
      expect(res.statusCode, res.body).toBe(204);
    };
    const clipsOf = async (showId: number | null) =>
      ((await scene.app.inject({ method: "GET", url: showId === null ? "/api/clips" : `/api/clips?showId=${showId}`, headers: { cookie: camper.cookie } })).json() as Clip[]).map((c) => c.title);
    // Two takes begun on a story not saved yet; a second device's take of another unsaved story.
    const first = await tusCreate(scene.app, camper, { title: "First take", draftKey });
    const second = await tusCreate(scene.app, camper, { title: "Second take", draftKey });
    const elsewhere = await tusCreate(scene.app, camper, { title: "Other story", draftKey: "another-story-key-2222" });
    // The second finishes first and the story is saved with it (what the Create screen does).
    await finish(second);
    const secondId = ((await scene.app.inject({ method: "GET", url: "/api/clips", headers: { cookie: camper.cookie } })).json() as Clip[])[0]!.id;
    const show = await createShow(scene.app, camper.cookie, { draftKey, clipIds: [secondId] });
    // The first finishes after the camper left the Create screen: it joins the story, ahead of the second.
    await finish(first);
    expect(await clipsOf(show.id)).toEqual(["First take", "Second take"]);
    // A take begun on the story after it was saved, still sent without its show's id, joins it too.
    await finish(await tusCreate(scene.app, camper, { title: "Third take", draftKey }));
    expect(await clipsOf(show.id)).toEqual(["First take", "Second take", "Third take"]);
    // A story never saved keeps its take loose, for its own Create screen; a key no device makes is ignored.
    await finish(elsewhere);
    await finish(await tusCreate(scene.app, camper, { title: "Odd key", draftKey: "no spaces allowed here!" }));
    expect(await clipsOf(null)).toEqual(["Other story", "Odd key"]);
  });

  it("keeps a take begun before its story was saved loose, and whole, when the story has no room for another part", async () => {
    const camper = await registerCamper(scene.app);
    const draftKey = "story-begun-on-this-device-full";
    const take = await tusCreate(scene.app, camper, { title: "One part too many", draftKey });
    // Saved since, with a script long enough to fill every part with a shot of its own.
    const longScript = Array.from({ length: 130 }, (_, i) => `On day ${i + 1} we paddled across the cold lake and sang loud songs by the fire while the stars came out.`).join(" ");
    const show = await createShow(scene.app, camper.cookie, { draftKey, narration: longScript });
    const shots = (await scene.app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: camper.cookie } })).json() as { shots: unknown[] };
    expect(shots.shots).toHaveLength(SHOW_LIMITS.maxSections);

    const res = await tusPatch(scene.app, camper, take, 0, scene.video, scene.video.length);
    expect(res.statusCode, res.body).toBe(204);
    const loose = (await scene.app.inject({ method: "GET", url: "/api/clips", headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(loose.map((c) => [c.title, c.showId])).toEqual([["One part too many", null]]);
    expect(loose[0]!.uploadedBytes).toBe(scene.video.length);
    const onShow = (await scene.app.inject({ method: "GET", url: `/api/clips?showId=${show.id}`, headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(onShow).toEqual([]);
  });

  it("gives uploads that finish at the same moment places of their own, in the order they began", async () => {
    const camper = await registerCamper(scene.app);
    const show = await createShow(scene.app, camper.cookie);
    const titles = ["One", "Two", "Three", "Four"];
    const locations: string[] = [];
    for (const title of titles) locations.push(await tusCreate(scene.app, camper, { title, showId: show.id }));
    // Each upload's last bytes arrive together, so their clips are saved at once.
    const finished = await Promise.all(locations.map((location) => tusPatch(scene.app, camper, location, 0, scene.video, scene.video.length)));
    expect(finished.map((res) => res.statusCode)).toEqual([204, 204, 204, 204]);
    const clips = (await scene.app.inject({ method: "GET", url: `/api/clips?showId=${show.id}`, headers: { cookie: camper.cookie } })).json() as Clip[];
    expect(clips.map((c) => [c.title, c.position])).toEqual(titles.map((title, position) => [title, position]));
  });
});
