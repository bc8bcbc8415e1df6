import { describe, expect, it } from "vitest";
import type { StaffShowDetail } from "../contracts/reviews.ts";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { campWithStaff, shareAndWatchAsFamily } from "./support/camp.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { newContext, watchPageErrors } from "./support/browser.ts";

/**
 * One video from sending to the family's link, in Chromium: a clean video, one with a phone number, the
 * number removed (the clean video comes back); staff watch and approve the clean one, the link plays it,
 * and a newer video is "changed since it was sent" for both while the link keeps the approved one.
 */
const staffCredentials = buildCredentials({ username: "coach_onevideo" });
const camp = campWithStaff(staffCredentials);
const CLEAN = "We paddled to the island. We sang by the fire.";

describe("one video identity", () => {
  it("staff approve and families watch the video that was checked, also after the camper renders again", async () => {
    const camper = await newContext(camp.browser, camp.server.baseURL);
    await ok(await camper.request.post("/api/register", { data: buildCredentials() }), "register");
    const show = await createShowViaApi(camper.request, { title: "Canoe Week", narration: CLEAN });
    const clip = await uploadClipViaApi(camper.request, await webmFixture(2), "Paddling", show.id);
    await setShowClips(camper.request, show.id, [clip.id]);
    const setScript = async (narration: string) => ok(await camper.request.patch(`/api/recordings/${show.id}`, { data: { narration } }), "save script");
    const clean = await renderViaApi(camper.request, show.id, { captions: true });
    await setScript("We paddled to the island. Call me at 555-123-4567!");
    const withPhone = await renderViaApi(camper.request, show.id, { captions: true });
    await setScript(CLEAN);
    expect((await renderViaApi(camper.request, show.id, { captions: true })).id).toBe(clean.id);

    // The camper's page lists nothing to fix and sends the clean video.
    const page = await camper.newPage();
    const errors = watchPageErrors(page, [401, 404]);
    await page.goto(`/shows/${show.id}`);
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByText("Waiting for review").first().waitFor();
    expect(await page.getByRole("list", { name: "Possible personal details" }).count()).toBe(0);

    // Staff watch the clean video, with the check of that video, and approve it.
    const staff = await newContext(camp.browser, camp.server.baseURL);
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    const staffPage = await staff.newPage();
    const staffErrors = watchPageErrors(staffPage, [401, 404]);
    await staffPage.goto(`/staff/shows/${show.id}`);
    await staffPage.getByText("Nothing was flagged when the camper sent this video.").waitFor();
    const watched = staffPage.locator("video").first();
    expect(await watched.getAttribute("src")).toBe(`/api/staff/renders/${clean.id}/media`);
    expect(await watched.getAttribute("src")).not.toContain(String(withPhone.id));
    await staffPage.getByRole("button", { name: "Approve" }).click();
    await staffPage.getByText("Approved", { exact: true }).first().waitFor();
    // Staff see the links, not the camper's card.
    await staffPage.getByRole("region", { name: "Family share links" }).waitFor();
    expect(await staffPage.getByRole("region", { name: "Share with family" }).count()).toBe(0);

    // The camper shares it; the family's link plays the clean video.
    const { link, family } = await shareAndWatchAsFamily(page, camp);
    const cleanCaptions = await (await camper.request.get(clean.captionsUrl!)).text();
    const linkCaptions = async () => (await family.request.get(`${new URL(link).pathname}/captions.vtt`)).text();
    expect(await linkCaptions()).toBe(cleanCaptions);
    expect(cleanCaptions).not.toContain("555");

    // The camper renders again: both see "Changed since it was sent"; the link keeps the approved video.
    await setScript("We paddled to the island at dawn. We sang by the fire.");
    await renderViaApi(camper.request, show.id, { captions: true });
    await page.reload();
    await page.getByTestId("changed-since-sent").getByText("Changed since it was sent").waitFor();
    await page.getByRole("button", { name: "Send for review" }).waitFor();
    await staffPage.reload();
    await staffPage.getByTestId("changed-since-sent").waitFor();
    expect(await staffPage.locator("video").first().getAttribute("src")).toBe(`/api/staff/renders/${clean.id}/media`);
    const detail = await ok<StaffShowDetail>(await staff.request.get(`/api/staff/shows/${show.id}`), "staff detail");
    expect(detail.review).toMatchObject({ changedSinceSent: true, approvedRenderJobId: clean.id });
    expect(await linkCaptions()).toBe(cleanCaptions);

    expect(errors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await Promise.all([camper.close(), staff.close(), family.close()]);
  }, 420_000);
});
