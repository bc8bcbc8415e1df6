import { expect } from "vitest";
import type { App } from "../server/app.ts";
import { audioFixture, webmFixture } from "./media-fixtures.ts";
import { attachClip, renderFinalVideo } from "./renders.ts";
import { createShow, registerCamper, type SignedInClient } from "./test-app.ts";
import { uploadClip } from "./uploads.ts";

const narration = "This summer at camp I filmed the lake at sunrise. I learned to wait for the light.";

/** A camper with everything the app can hold: a show with a clip, a voice-over and a final video, a loose clip and a voice sample. */
export async function fullCamper(app: App) {
  const camper = await registerCamper(app);
  const show = await createShow(app, camper.cookie, { narration, title: `Lake ${camper.credentials.username}` });
  await attachClip(app, camper, show.id);
  await uploadClip(app, camper, await webmFixture(1), "Loose take");
  const sample = await voiceSample(app, camper);
  expect(sample.statusCode, sample.body).toBe(201);
  const voiceOver = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/clone-voice`, headers: { cookie: camper.cookie } });
  expect(voiceOver.statusCode, voiceOver.body).toBe(200);
  await renderFinalVideo(app, camper, show.id, { captions: true });
  return { camper, show };
}

export async function voiceSample(app: App, camper: SignedInClient) {
  const boundary = "----exportboundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="voiceSample"; filename="sample.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
    await audioFixture(2, "webm"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: "/api/voice/save-sample",
    headers: { cookie: camper.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

