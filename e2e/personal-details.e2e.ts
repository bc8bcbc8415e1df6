import { describe, expect, it } from "vitest";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { campWithStaff } from "./support/camp.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";

/**
 * The personal-details check in Chromium: a camper's script has a phone number; sending for review shows it
 * highlighted and is refused; the camper keeps a full name in the title (the counselor's, shown with her
 * say-so); "Fix it" opens the script and the caption line with the number selected; the camper fixes it,
 * makes a new video and sends it; staff see what was flagged and what was kept.
 */
const staffCredentials = buildCredentials({ username: "coach_privacy" });

/** Whether a text field has focus, and the words selected in it. */
function selectedText(field: Element) {
  const box = field as HTMLTextAreaElement;
  return { focused: document.activeElement === box, selected: box.value.slice(box.selectionStart, box.selectionEnd) };
}
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

    // One finding for the number, in both places it stands: the script and a caption line of the video.
    const phone = flagged.getByTestId("finding").filter({ hasText: "Phone number" });
    expect(await phone.getByTestId("finding-place").evaluateAll((places) => places.map((p) => (p as HTMLElement).dataset.field))).toEqual(["script", "captions"]);

    // Fix it in the script: the editor opens with exactly the number selected in the script.
    await phone.getByRole("link", { name: "Fix it in your script: 555-123-4567" }).click();
    await page.waitForURL(`**/shows/${show.id}/narration?fix=script*`);
    const script = page.getByRole("textbox", { name: "Narration script" });
    await page.getByText('Selected "555-123-4567" in your script. Change or delete it.').waitFor();
    expect(await script.evaluate(selectedText)).toEqual({ focused: true, selected: "555-123-4567" });

    // Fix it on the caption line: the clip the line shows over, the line with the number selected.
    await page.goBack();
    await phone.getByRole("link", { name: /^Fix it in your video's captions, line \d+ \(at \d:\d\d\): 555-123-4567$/ }).click();
    await page.waitForURL(`**/shows/${show.id}/narration?fix=captions*`);
    const captionFix = page.getByTestId("video-section").getByTestId("caption-fix");
    const line = captionFix.getByRole("textbox", { name: /^Caption line \d+ of your video/ });
    await line.waitFor();
    await expect.poll(() => line.evaluate(selectedText)).toEqual({ focused: true, selected: "555-123-4567" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // From there, the same words in the script, then fixed there (autosaved) and a new video made.
    await captionFix.getByRole("link", { name: "Select it in the script" }).click();
    await expect.poll(() => script.evaluate(selectedText)).toEqual({ focused: true, selected: "555-123-4567" });
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/recordings/${show.id}`) && r.request().method() === "PATCH" && r.ok());
    await script.fill("We paddled to the island. Ask the camp office to join!");
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
