import { expect } from "vitest";
import type { CreatedShare } from "../contracts/shares.ts";
import type { App } from "../server/app.ts";
import { attachClip, renderFinalVideo } from "./renders.ts";
import { createShow, registerCamper, registerStaff } from "./test-app.ts";

/** A camper's show with a finished, captioned video that staff approved (real render, real review). */
export async function approvedShow(app: App, title = "Lake Day") {
  const camper = await registerCamper(app);
  const staff = await registerStaff(app);
  const show = await createShow(app, camper.cookie, { title, narration: "We swam across the lake and back." });
  await attachClip(app, camper, show.id);
  const video = await renderFinalVideo(app, camper, show.id, { captions: true });
  const submitted = await app.inject({ method: "POST", url: `/api/recordings/${show.id}/review`, headers: { cookie: camper.cookie }, payload: {} });
  expect(submitted.statusCode, submitted.body).toBeLessThan(300);
  const approved = await app.inject({
    method: "POST",
    url: `/api/staff/shows/${show.id}/review`,
    headers: { cookie: staff.cookie },
    payload: { decision: "approve", renderJobId: video.id },
  });
  expect({ status: approved.statusCode, body: approved.json() }).toMatchObject({ body: { state: "approved" } });
  return { camper, staff, show, video };
}

/** The camper makes a share link of their show through the API. */
export async function shareShow(app: App, cookie: string, showId: number, days?: 1 | 7 | 30): Promise<CreatedShare> {
  const res = await app.inject({ method: "POST", url: `/api/recordings/${showId}/shares`, headers: { cookie }, payload: days ? { days } : {} });
  if (res.statusCode !== 201) throw new Error(`share failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreatedShare;
}
