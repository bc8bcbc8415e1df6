import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import type { App } from "../../app.ts";
import { approvedShow } from "../../../testing/shares.ts";
import { createTestApp, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";

describe("staff opening a camper's video", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
  });
  afterAll(() => app.close());

  const get = (who: SignedInClient, url: string, range?: string) =>
    app.inject({ method: "GET", url, headers: { cookie: who.cookie, ...(range ? { range } : {}) } });
  const openedVideos = async (who: SignedInClient) =>
    ((await get(who, "/api/staff/audit")).json() as AuditEntry[]).filter((e) => e.action === "opened_video");

  it("is in the audit log like opening the show, even by the video's id alone: once a viewing, not once a request", async () => {
    const { camper, show, video } = await approvedShow(app, "Canoe Week");
    const staff = await registerStaff(app);
    const media = `/api/staff/renders/${video.id}/media`;

    // Straight to the video, without opening the show: the player asks for the first bytes.
    expect((await get(staff, media, "bytes=0-")).statusCode).toBe(206);
    const [entry, ...more] = await openedVideos(staff);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      staffUsername: staff.credentials.username,
      camperUsername: camper.credentials.username,
      showId: show.id,
      showTitle: "Canoe Week",
      detail: `Video ${video.id}`,
    });

    // The same viewing: seeks, its captions, the player asking for the start again.
    expect((await get(staff, media, "bytes=5000-")).statusCode).toBe(206);
    expect((await get(staff, `/api/staff/renders/${video.id}/captions.vtt`)).statusCode).toBe(200);
    expect((await get(staff, media, "bytes=0-1")).statusCode).toBe(206);
    expect(await openedVideos(staff)).toHaveLength(1);

    // Another staff member's viewing is theirs; a download (no Range) counts as one.
    const other = await registerStaff(app);
    expect((await get(other, media)).statusCode).toBe(200);
    expect((await openedVideos(other)).filter((e) => e.staffUsername === other.credentials.username)).toHaveLength(1);

    // A video that is not there opens nothing.
    expect((await get(other, `/api/staff/renders/999999/media`, "bytes=0-")).statusCode).toBe(404);
    expect(await openedVideos(other)).toHaveLength(2);
  }, 120_000);
});
