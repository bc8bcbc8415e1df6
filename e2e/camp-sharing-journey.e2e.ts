import { describe, expect, it } from "vitest";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { campWithStaff, shareAndWatchAsFamily } from "./support/camp.ts";
import { createShowViaApi, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { newContext, watchPageErrors } from "./support/browser.ts";

/**
 * The sharing path with the camp in between, in Chromium: the camper sends a video; staff ask for a
 * change; the camper's change adds a phone number, which the personal-details check flags; she fixes it,
 * makes a new video and sends it; staff approve; she shares it; the link plays signed out; revoking ends it.
 */
const staffCredentials = buildCredentials({ username: "coach_journey" });
const camp = campWithStaff(staffCredentials);

describe("sharing with the camp's say-so", () => {
  it("submit, changes requested, a flagged phone number fixed, approved, shared, watched signed out, revoked", async () => {
    const camper = await newContext(camp.browser, camp.server.baseURL);
    const registered = await camper.request.post("/api/register", { data: buildCredentials() });
    expect(registered.ok()).toBe(true);
    const show = await createShowViaApi(camper.request, { title: "Canoe Week", narration: "We paddled to the island. We sang by the fire." });
    const clip = await uploadClipViaApi(camper.request, await webmFixture(3), "Paddling", show.id);
    await setShowClips(camper.request, show.id, [clip.id]);
    await renderViaApi(camper.request, show.id);

    // The camper sends the video from the show page.
    const page = await camper.newPage();
    const errors = watchPageErrors(page, [401, 404, 409]);
    await page.goto(`/shows/${show.id}`);
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByText("Waiting for review").first().waitFor();

    // Staff ask for a change, with a note.
    const staff = await newContext(camp.browser, camp.server.baseURL);
    expect((await staff.request.post("/api/login", { data: staffCredentials })).ok()).toBe(true);
    const staffPage = await staff.newPage();
    const staffErrors = watchPageErrors(staffPage, [401, 404]);
    await staffPage.goto(`/staff/shows/${show.id}`);
    await staffPage.getByLabel("Note for the camper (needed to request changes)").fill("Tell families how they can reach you.");
    await staffPage.getByRole("button", { name: "Request changes" }).click();
    await staffPage.getByText("Changes requested", { exact: true }).first().waitFor();

    // The camper reads the note and adds her phone number: the check flags it and sending is refused.
    await page.reload();
    await page.getByText("Tell families how they can reach you.").waitFor();
    let saved = page.waitForResponse((r) => r.url().endsWith(`/api/recordings/${show.id}`) && r.request().method() === "PATCH" && r.ok());
    await page.goto(`/shows/${show.id}/narration`);
    await page.getByRole("textbox", { name: "Narration script" }).fill("We paddled to the island. Call me at 555-123-4567!");
    await saved;
    await renderViaApi(camper.request, show.id);
    await page.goto(`/shows/${show.id}`);
    const flagged = page.getByRole("list", { name: "Possible personal details" });
    await flagged.locator("mark", { hasText: "555-123-4567" }).first().waitFor();
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByRole("alert").filter({ hasText: /personal details/ }).waitFor();

    // She fixes it, makes a new video and sends it again.
    await flagged.getByRole("link", { name: "Fix it in your script: 555-123-4567" }).click();
    await page.waitForURL(`**/shows/${show.id}/narration?fix=script*`);
    saved = page.waitForResponse((r) => r.url().endsWith(`/api/recordings/${show.id}`) && r.request().method() === "PATCH" && r.ok());
    await page.getByRole("textbox", { name: "Narration script" }).fill("We paddled to the island. Families can ask the camp office.");
    await saved;
    await renderViaApi(camper.request, show.id);
    await page.goto(`/shows/${show.id}`);
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByText("Waiting for review").first().waitFor();

    // Staff approve the newest video.
    await staffPage.reload();
    await staffPage.getByRole("button", { name: "Approve" }).click();
    await staffPage.getByText("Approved", { exact: true }).first().waitFor();

    // The camper shares it; a family member with no account watches it.
    const { share, family, watch } = await shareAndWatchAsFamily(page, camp);

    // Revoking ends the link.
    await share.getByRole("button", { name: /^Revoke the link made/ }).click();
    await page.getByRole("alertdialog", { name: "Turn this link off?" }).getByRole("button", { name: "Turn the link off" }).click();
    await share.getByText("Revoked").waitFor();
    const dead = await watch.reload();
    expect(dead!.status()).toBe(404);
    await watch.getByRole("heading", { name: "This video is no longer shared" }).waitFor();
    expect(errors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await Promise.all([camper.close(), staff.close(), family.close()]);
  }, 420_000);
});
