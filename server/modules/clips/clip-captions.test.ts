import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIP_MESSAGES } from "../../../contracts/clips.ts";
import type { App } from "../../app.ts";
import { OTHER_SCRIPT, READ_SCRIPT, speechStartsIn, spokenClip } from "../../../testing/speech-fixtures.ts";
import { createShow, createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { uploadClip } from "../../../testing/uploads.ts";
import { renderFinalVideo } from "../../../testing/renders.ts";
import { PocketsphinxAligner } from "../../speech/pocketsphinx-aligner.ts";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

let app: App;
beforeAll(async () => {
  // The default config: Debian's pocketsphinx listens, offline.
  app = await createTestApp();
});
afterAll(() => app.close());

const get = (camper: SignedInClient, url: string) => app.inject({ method: "GET", url, headers: { cookie: camper.cookie } });

function cueStarts(vtt: string): { start: number; text: string }[] {
  const seconds = (stamp: string) => stamp.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
  return [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> \d\d:\d\d:\d\d\.\d{3}\n(.+)\n/g)].map((m) => ({ start: seconds(m[1]!), text: m[2]! }));
}

async function clipOnShow(camper: SignedInClient, narration: string, bytes: Buffer) {
  const show = await createShow(app, camper.cookie, { narration });
  const clip = await uploadClip(app, camper, bytes, "Take 1");
  const put = await app.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [clip.id] } });
  expect(put.statusCode, put.body).toBe(200);
  return { show, clip };
}

describe("a clip's own captions track", () => {
  it("times the script's sentences the camper says in the clip within 0.5 s of the speech, and only those", async () => {
    const camper = await registerCamper(app);
    // The camper reads the first two sentences of a three-sentence script in this take.
    const bytes = await spokenClip(READ_SCRIPT.slice(0, 2), { leadSeconds: 1.2 });
    const { clip } = await clipOnShow(camper, READ_SCRIPT.join(" "), bytes);

    const res = await get(camper, `/api/clips/${clip.id}/captions.vtt`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/vtt/);
    const cues = cueStarts(res.body);
    expect(res.body).not.toContain("best friends");

    const work = await mkdtemp(path.join(tmpdir(), "clip-vtt-"));
    try {
      const file = path.join(work, "take.webm");
      await writeFile(file, bytes);
      const speech = await speechStartsIn(file);
      expect(speech).toHaveLength(2);
      for (const [i, sentence] of READ_SCRIPT.slice(0, 2).entries()) {
        const cue = cues.find((c) => sentence.startsWith(c.text.split(" ").slice(0, 3).join(" ")));
        expect(cue, `a cue for "${sentence}"`).toBeDefined();
        expect(Math.abs(cue!.start - speech[i]!)).toBeLessThanOrEqual(0.5);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);

  it("has none for speech that is not the script, a clip on no show, or another camper's clip", async () => {
    const camper = await registerCamper(app);
    const other = await registerCamper(app);
    const { clip } = await clipOnShow(camper, READ_SCRIPT.join(" "), await spokenClip(OTHER_SCRIPT));
    const unrelated = await get(camper, `/api/clips/${clip.id}/captions.vtt`);
    // None is an answer (204, empty), not a failure; only a clip that is not there is 404.
    expect(unrelated.statusCode).toBe(204);
    expect(unrelated.body).toBe("");

    const loose = await uploadClip(app, camper, await spokenClip(READ_SCRIPT.slice(0, 1)), "Loose");
    expect((await get(camper, `/api/clips/${loose.id}/captions.vtt`)).statusCode).toBe(204);
    expect((await get(other, `/api/clips/${clip.id}/captions.vtt`)).statusCode).toBe(404);
    expect((await get(other, `/api/clips/${clip.id}/captions.vtt`)).json().message).toBe(CLIP_MESSAGES.notFound);
  }, 120_000);

  it("listens to a clip once: a second request, a trim nudge, another app instance and the final video read the kept words", async () => {
    const camper = await registerCamper(app);
    const { show, clip } = await clipOnShow(camper, READ_SCRIPT.join(" "), await spokenClip(READ_SCRIPT.slice(0, 2), { leadSeconds: 1 }));
    const listened = vi.spyOn(PocketsphinxAligner.prototype, "align");
    const other = await createTestApp();
    try {
      const first = await get(camper, `/api/clips/${clip.id}/captions.vtt`);
      expect(first.statusCode, first.body).toBe(200);
      expect(listened).toHaveBeenCalledTimes(1);
      expect((await get(camper, `/api/clips/${clip.id}/captions.vtt`)).body).toBe(first.body);

      const nudge = await app.inject({ method: "PATCH", url: `/api/clips/${clip.id}`, headers: { cookie: camper.cookie }, payload: { trimStartSeconds: 0.4 } });
      expect(nudge.statusCode, nudge.body).toBe(200);
      const trimmed = await get(camper, `/api/clips/${clip.id}/captions.vtt`);
      expect(trimmed.statusCode).toBe(200);
      expect(cueStarts(trimmed.body).map((c) => c.text)).toEqual(cueStarts(first.body).map((c) => c.text));

      // Another instance sharing the database: the words are there, not in the first instance's memory.
      const elsewhere = await other.inject({ method: "GET", url: `/api/clips/${clip.id}/captions.vtt`, headers: { cookie: camper.cookie } });
      expect(elsewhere.body).toBe(trimmed.body);

      // The final video's automatic captions come from the same words.
      const video = await renderFinalVideo(app, camper, show.id);
      expect(video.captionsUrl).not.toBeNull();
      expect(listened).toHaveBeenCalledTimes(1);
    } finally {
      listened.mockRestore();
      await other.close();
    }
  }, 180_000);

  it("listens to a limited number of a camper's clips a minute, saying when the next can be captioned; kept words are not held back", async () => {
    const limited = await createTestApp({ CAPTION_LISTENS_PER_MINUTE: "1" });
    try {
      const camper = await registerCamper(limited);
      const show = await createShow(limited, camper.cookie, { narration: READ_SCRIPT.join(" ") });
      const first = await uploadClip(limited, camper, await spokenClip(READ_SCRIPT.slice(0, 1)), "Take 1");
      const second = await uploadClip(limited, camper, await spokenClip(READ_SCRIPT.slice(1, 2)), "Take 2");
      const put = await limited.inject({ method: "PUT", url: `/api/recordings/${show.id}/clips`, headers: { cookie: camper.cookie }, payload: { clipIds: [first.id, second.id] } });
      expect(put.statusCode, put.body).toBe(200);
      const captions = (id: number) => limited.inject({ method: "GET", url: `/api/clips/${id}/captions.vtt`, headers: { cookie: camper.cookie } });

      expect((await captions(first.id)).statusCode).toBe(200);
      const refused = await captions(second.id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Captions are being made for a lot of your clips right now\. This clip's captions can be made in about (\d+ seconds?|1 minute)\.$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await captions(first.id)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 180_000);
});
