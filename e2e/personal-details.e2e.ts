import { describe, expect, it } from "vitest";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { campWithStaff } from "./support/camp.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";

/**
 * The personal-details check in Chromium: a camper's script has a phone number; sending for review shows it
 * highlighted and is refused; the camper keeps a full name in the title, fixes the number in the script,
 * makes a new video and sends it; staff see what was flagged and what was kept.
 */
const staffCredentials = buildCredentials({ username: "coach_privacy" });
const camp = campWithStaff(staffCredentials);

describe("personal-details check", () => {
  it("camper sees a phone number flagged, fixes it, keeps a full name and sends; staff see what was flagged and kept", async () => {
    const camper = await newContext(camp.browser, camp.server.baseURL);
    await ok(await camper.request.post("/api/register", { data: buildCredentials() }), "register");
    const show = await createShowViaApi(camper.request, {
      title: "Canoe Week with Marla Quenby",
      narration: "We paddled to the island. Call me at 555-123-4567 after camp!",
    });
    const clip = await uploadClipViaApi(camper.request, await webmFixture(2), "Paddling", show.id);
    await setShowClips(camper.request, show.id, [clip.id]);
    await renderViaApi(camper.request, show.id, { captions: true });

    const page = await camper.newPage();
    const errors = watchPageErrors(page, [401, 404, 409]);
    await page.goto(`/shows/${show.id}`);
    const flagged = page.getByRole("list", { name: "Possible personal details" });
    await flagged.locator("mark", { hasText: "555-123-4567" }).first().waitFor();
    await flagged.getByText(/Anyone who watches your video could call or text it/).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Sending now is refused, with the reason next to the button.
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByRole("alert").filter({ hasText: /personal details/ }).waitFor();

    // Marla Quenby is the counselor, who said her name may be shown: the camper keeps it.
    await flagged.getByRole("button", { name: "It's OK to share: Marla Quenby" }).click();
    await flagged.getByText("You said it's OK to share").waitFor();

    // The phone number is fixed in the script editor (autosaved), then a new video is made.
    await flagged.getByRole("link", { name: "Fix it: 555-123-4567" }).first().click();
    await page.waitForURL(`**/shows/${show.id}/narration`);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/recordings/${show.id}`) && r.request().method() === "PATCH" && r.ok());
    await page.getByRole("textbox", { name: "Narration script" }).fill("We paddled to the island. Ask the camp office to join!");
    await saved;
    await renderViaApi(camper.request, show.id, { captions: true });

    await page.goto(`/shows/${show.id}`);
    await flagged.getByText("You said it's OK to share").waitFor();
    expect(await flagged.locator("mark", { hasText: "555-123-4567" }).count()).toBe(0);
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByText("Waiting for review").first().waitFor();

    // Staff see what the check flagged when it was sent, and that the camper kept it.
    const staff = await newContext(camp.browser, camp.server.baseURL);
    await ok(await staff.request.post("/api/login", { data: staffCredentials }), "staff login");
    const staffPage = await staff.newPage();
    await staffPage.goto(`/staff/shows/${show.id}`);
    const staffList = staffPage.getByRole("list", { name: "Possible personal details" });
    await staffList.locator("mark", { hasText: "Marla Quenby" }).waitFor();
    await staffList.getByText("Kept by the camper").waitFor();
    await staffPage.getByText(/flagged 1 phrase; 1 kept as OK to share/).waitFor();
    expect(await seriousAxeViolations(staffPage)).toEqual([]);
    expect(errors).toEqual([]);
    await Promise.all([camper.close(), staff.close()]);
  }, 300_000);
});
