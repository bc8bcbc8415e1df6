import { describe, expect, it } from "vitest";
import { CLIP_MESSAGES, type Clip } from "../../../contracts/clips.ts";
import { registerCamper } from "../../../testing/test-app.ts";
import { appWithVideo, uploadClip } from "../../../testing/uploads.ts";

const scene = appWithVideo(2);

describe("clip posters", () => {
  it("makes a JPEG still when the clip is saved and serves it to its owner only", async () => {
    const camper = await registerCamper(scene.app);
    const clip = await uploadClip(scene.app, camper, scene.video);
    expect(clip.posterUrl).toBe(`/api/clips/${clip.id}/poster`);
    const poster = await scene.app.inject({ method: "GET", url: clip.posterUrl!, headers: { cookie: camper.cookie } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/jpeg");
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(poster.rawPayload.length).toBeGreaterThan(1000);

    const other = await registerCamper(scene.app);
    const stolen = await scene.app.inject({ method: "GET", url: clip.posterUrl!, headers: { cookie: other.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: CLIP_MESSAGES.notFound });
    expect((await scene.app.inject({ method: "GET", url: clip.posterUrl! })).statusCode).toBe(401);
  });
});

describe("clip trims", () => {
  async function patch(cookie: string, id: number, payload: object) {
    return scene.app.inject({ method: "PATCH", url: `/api/clips/${id}`, headers: { cookie }, payload });
  }

  it("keeps start and end on the clip, within its duration, without changing the file", async () => {
    const camper = await registerCamper(scene.app);
    const clip = await uploadClip(scene.app, camper, scene.video);
    expect(clip).toMatchObject({ trimStartSeconds: 0, trimEndSeconds: clip.durationSeconds, usedSeconds: clip.durationSeconds });
    const before = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } });

    const trimmed = await patch(camper.cookie, clip.id, { trimStartSeconds: 0.5, trimEndSeconds: 1.5 });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json()).toMatchObject({ trimStartSeconds: 0.5, trimEndSeconds: 1.5, usedSeconds: 1 });
    const listed = (await scene.app.inject({ method: "GET", url: `/api/clips/${clip.id}`, headers: { cookie: camper.cookie } })).json() as Clip;
    expect(listed.usedSeconds).toBe(1);
    const after = await scene.app.inject({ method: "GET", url: clip.mediaUrl, headers: { cookie: camper.cookie } });
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);

    // One end alone moves; null is "to the end" again.
    const end = await patch(camper.cookie, clip.id, { trimEndSeconds: null });
    expect(end.json()).toMatchObject({ trimStartSeconds: 0.5, trimEndSeconds: clip.durationSeconds });
  });

  it("refuses trims outside the clip or too short with a 400 and a message, and other campers' clips with 404", async () => {
    const camper = await registerCamper(scene.app);
    const clip = await uploadClip(scene.app, camper, scene.video);
    const cases: [object, string][] = [
      [{ trimStartSeconds: 5 }, CLIP_MESSAGES.trimOutside(clip.durationSeconds)],
      [{ trimEndSeconds: 9 }, CLIP_MESSAGES.trimOutside(clip.durationSeconds)],
      [{ trimStartSeconds: 1.5, trimEndSeconds: 1 }, CLIP_MESSAGES.trimTooShort],
      [{ trimStartSeconds: 1, trimEndSeconds: 1.2 }, CLIP_MESSAGES.trimTooShort],
    ];
    for (const [body, message] of cases) {
      const res = await patch(camper.cookie, clip.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    for (const body of [{ trimStartSeconds: -1 }, { trimStartSeconds: "1" }, { trimEndSeconds: Number.MAX_VALUE }]) {
      const res = await patch(camper.cookie, clip.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const other = await registerCamper(scene.app);
    expect((await patch(other.cookie, clip.id, { trimStartSeconds: 0.5 })).statusCode).toBe(404);
    const unchanged = (await scene.app.inject({ method: "GET", url: `/api/clips/${clip.id}`, headers: { cookie: camper.cookie } })).json() as Clip;
    expect(unchanged.usedSeconds).toBe(clip.durationSeconds);
  });
});
