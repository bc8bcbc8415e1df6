import { describe, expect, it } from "vitest";
import type { ShowReview } from "../contracts/reviews.ts";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { campWithStaff } from "./support/camp.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { allAxeViolations, newContext, playsWithoutError, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";

/**
 * Private share links end to end: a camper's show approved by camp staff is shared from the show page,
 * the link plays the video in a browser with no account, and revoking it ends it (a real 404 page).
 */
const staffCredentials = buildCredentials({ username: "coach_share" });
const camp = campWithStaff(staffCredentials);

describe("share links", () => {
  it("camper shares an approved show; the link plays signed out; revoking ends it", async () => {
    // The scene through the API: a camper's show with a finished, captioned video, approved by staff.
    const camper = await newContext(camp.browser, camp.server.baseURL);
    const credentials = buildCredentials();
    await ok(await camper.request.post("/api/register", { data: credentials }), "register");
    const show = await createShowViaApi(camper.request, { title: "Canoe Week", narration: "We paddled to the island and sang by the fire." });
    const clip = await uploadClipViaApi(camper.request, await webmFixture(3), "Paddling", show.id);
    await setShowClips(camper.request, show.id, [clip.id]);
    const started = await renderViaApi(camper.request, show.id, { captions: true });
    await ok(await camper.request.post(`/api/recordings/${show.id}/review`, { data: { message: "Ready!" } }), "submit");
    const staff = await newContext(camp.browser, camp.server.baseURL);
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    const decided = await ok<ShowReview>(
      await staff.request.post(`/api/staff/shows/${show.id}/review`, { data: { decision: "approve", renderJobId: started.id } }),
      "approve",
    );
    expect(decided.state).toBe("approved");

    // The camper shares from the show page: 7 days, a card with the link and its QR code.
    const page = await camper.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await page.goto(`/shows/${show.id}`);
    const share = page.getByRole("region", { name: "Share with family" });
    await share.getByRole("radio", { name: "7 days" }).check();
    await share.getByRole("button", { name: "Make a share link" }).click();
    const card = share.getByTestId("share-print-card");
    const link = await card.getByLabel("Scan the code or type this link").inputValue();
    expect(link).toMatch(new RegExp(`^${camp.server.baseURL}/s/[A-Za-z0-9_-]{32}$`));
    await card.getByRole("img", { name: /QR code for the link/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A family member with no account, in a fresh browser context, opens the link and the video plays.
    const family = await newContext(camp.browser, camp.server.baseURL);
    const watch = await family.newPage();
    const watchErrors = watchPageErrors(watch, [404]);
    const opened = await watch.goto(link);
    expect(opened!.status()).toBe(200);
    expect(opened!.headers()["x-robots-tag"]).toContain("noindex");
    expect(await watch.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await watch.getByRole("heading", { level: 1, name: "Canoe Week" }).waitFor();
    expect(await watch.textContent("body")).not.toContain(credentials.username);
    const video = watch.locator("video");
    expect(await video.locator("track[kind=captions]").getAttribute("src")).toBe(`${new URL(link).pathname}/captions.vtt`);
    await playsWithoutError(video);
    // The captions track loaded its cues.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await allAxeViolations(watch)).toEqual([]);
    // Signed out: the app's API stays closed to this browser.
    expect((await family.request.get(`/api/recordings/${show.id}`)).status()).toBe(401);

    // The camper sees the view, then revokes the link.
    await page.reload();
    await expect.poll(() => share.getByText("1 view").count(), { timeout: 10_000 }).toBe(1);
    await share.getByRole("button", { name: /^Revoke the link made/ }).click();
    await page.getByRole("alertdialog", { name: "Turn this link off?" }).getByRole("button", { name: "Turn the link off" }).click();
    await share.getByText("Revoked").waitFor();

    const dead = await watch.reload();
    expect(dead!.status()).toBe(404);
    await watch.getByRole("heading", { name: "This video is no longer shared" }).waitFor();
    expect(await watch.locator("video").count()).toBe(0);
    expect(await allAxeViolations(watch)).toEqual([]);
    expect(errors).toEqual([]);
    expect(watchErrors).toEqual([]);
    await Promise.all([camper.close(), staff.close(), family.close()]);
  }, 240_000);
});
