import { describe, expect, it } from "vitest";
import type { Show } from "../contracts/shows.ts";
import { buildCredentials } from "../testing/factories.ts";
import { createShowViaApi, ok } from "./support/api.ts";
import { allAxeViolations, newContext, smallTargets, watchPageErrors } from "./support/browser.ts";
import { campWithStaff } from "./support/camp.ts";
import { registerThroughUI, signInThroughUI } from "./support/flows.ts";

/**
 * A shared tablet (decision 027e): the director sets 5 minutes away; a camper
 * editing a script walks away; a minute before, "Still there?" (accessible, 44 px targets) keeps them
 * in; walking away again signs them out with the edit saved, and the sign-in page says so. The page's
 * clock is Playwright's (time flows, and jumps when the test says); the server's is real.
 */
const director = buildCredentials({ username: "director_idle" });
const camp = campWithStaff(director);

describe("idle sign-out on a shared tablet", () => {
  it("warns a minute before the camp's time, keeps a camper who answers, then signs out one who left, work saved", async () => {
    const staff = await newContext(camp.browser, camp.server.baseURL);
    await ok(await staff.request.post("/api/login", { data: director }), "director login");
    await ok(await staff.request.put("/api/staff/camp-settings", { data: { campName: "Camp Loon Lake", camperIdleMinutes: 5 } }), "settings");
    await staff.close();

    const context = await newContext(camp.browser, camp.server.baseURL, { width: 390, height: 844 });
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401]);
    await page.clock.install();
    const camper = buildCredentials();
    await registerThroughUI(page, camper);
    const show = await createShowViaApi(context.request, { title: "Lake Days", narration: "We swam." });
    const keptAlive = () => page.waitForResponse((res) => new URL(res.url()).pathname === "/api/session/keepalive" && res.status() === 204);
    const keptAliveAfterAMinute = () => Promise.all([keptAlive(), page.clock.fastForward("01:05")]);
    // The page starts its clock with a keep-alive of its own.
    await Promise.all([keptAlive(), page.goto(`/shows/${show.id}/narration`)]);
    const script = page.getByLabel("Narration script");
    await script.fill("We swam to the raft at sunrise.");

    // A minute on, the typing is told to the server (a keep-alive); the camp's clock starts from it.
    await keptAliveAfterAMinute();
    // 5 minutes less 10 s (signing out before the server would) less the minute of warning.
    await page.clock.fastForward("03:55");
    const dialog = page.getByRole("alertdialog", { name: "Still there?" });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain("to keep your work safe on this shared device.");
    expect(await allAxeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await Promise.all([keptAlive(), dialog.getByRole("button", { name: "I'm still here" }).click()]);
    await dialog.waitFor({ state: "hidden" });

    // The camper types again, unsaved as the tablet is left, and walks away for good.
    await script.fill("We swam to the raft at sunrise, then dried off by the fire.");
    await keptAliveAfterAMinute();
    await page.clock.fastForward("05:00");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("You were signed out after 5 minutes away. Your work is saved.").waitFor();
    // The sign-in page's own code may still be on its way (the toast is the app shell's): check the page
    // once it is there, not its loading spinner.
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await allAxeViolations(page)).toEqual([]);
    // Signed out on the server too, not only on screen.
    expect((await context.request.get("/api/user")).status()).toBe(401);

    // The same camper comes back: the edit was saved before the sign-out.
    await signInThroughUI(page, camper);
    await page.waitForURL("**/home");
    const saved = await ok<Show>(await context.request.get(`/api/recordings/${show.id}`), "show");
    expect(saved.narration).toBe("We swam to the raft at sunrise, then dried off by the fire.");
    // The notice was for this tablet's next camper only.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByText(/You were signed out after/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
