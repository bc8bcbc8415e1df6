import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REEL_TITLE_SECONDS, type Reel } from "../contracts/reels.ts";
import type { RenderJob } from "../contracts/renders.ts";
import { buildCredentials } from "../testing/factories.ts";
import { webmFixture } from "../testing/media-fixtures.ts";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { createShowViaApi, ok, renderViaApi, setShowClips, uploadClipViaApi } from "./support/api.ts";
import { checkLayoutAndAxe, newContext, playsWithoutError, watchPageErrors } from "./support/browser.ts";
import { campWithStaff } from "./support/camp.ts";

/**
 * The camp's evening in Chromium: the director imports a roster and prints a cabin's sign-in
 * cards; a camper signs in by typing the card's code on a phone-size screen; three campers' videos are
 * approved; the cabin's counselor finds them on the board and makes the cabin reel, which plays and
 * lasts its three videos plus the title card.
 */
const directorCredentials = buildCredentials({ username: "director_roster" });
const camp = campWithStaff(directorCredentials);
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS;
const tools = resolveVideoTools({});

async function shot(context: BrowserContext | { screenshot: (o: { path: string; fullPage: boolean }) => Promise<unknown> }, name: string) {
  if (SHOTS && "screenshot" in context) await context.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A camper's story with a finished video, sent for review (the camper signed in on `request`). */
async function sentVideo(request: APIRequestContext, title: string): Promise<{ showId: number; video: RenderJob }> {
  const show = await createShowViaApi(request, { title, narration: "We paddled to the island and sang by the fire." });
  const clip = await uploadClipViaApi(request, await webmFixture(2), "Paddling", show.id);
  await setShowClips(request, show.id, [clip.id]);
  const video = await renderViaApi(request, show.id, { captions: true });
  await ok(await request.post(`/api/recordings/${show.id}/review`, { data: {} }), "send for review");
  return { showId: show.id, video };
}

describe("a camp's evening", () => {
  it("roster and cards by the director, a camper signing in by code on a phone, the counselor's cabin reel", async () => {
    // The director imports the roster on a laptop.
    const director = await newContext(camp.browser, camp.server.baseURL);
    await ok(await director.request.post("/api/login", { data: directorCredentials }), "director sign-in");
    const page = await director.newPage();
    const errors = watchPageErrors(page, [401]);
    await page.goto("/staff/roster");
    await page.getByLabel("Roster (CSV)").fill(
      [
        "first_name,last_initial,session,cabin,media_release",
        "Zoë,D,July,Pines,yes",
        "D'Angelo,R,July,Pines,yes",
        "Renée,M,July,Pines,yes",
        "José,P,July,Pines,no",
        "Ava,K,July,Birches,yes",
      ].join("\n"),
    );
    await page.getByRole("button", { name: "Import" }).click();
    const made = page.getByRole("region", { name: "New campers", exact: true });
    await made.waitFor();
    expect(await made.getByRole("row").count()).toBe(6); // a header and five campers
    await checkLayoutAndAxe(page);
    await shot(page, "director-roster-results");

    // The Pines sheet: four cards, each with a QR code and a code to type.
    await page.getByLabel("Cards for").selectOption("Pines");
    await page.getByRole("button", { name: "Print cards" }).click();
    const sheet = page.getByRole("region", { name: "Sign-in cards" });
    await sheet.waitFor();
    const cards = sheet.getByRole("article");
    expect(await cards.count()).toBe(4);
    expect(await sheet.getByRole("img", { name: /QR code/ }).count()).toBe(4);
    const codes = Object.fromEntries(
      await Promise.all(
        (await cards.all()).map(async (card) => [(await card.getAttribute("aria-label"))!.replace("Sign-in card for ", ""), (await card.getByTestId("card-code").textContent())!]),
      ),
    ) as Record<string, string>;
    expect(Object.keys(codes).sort()).toEqual(["D'Angelo", "José", "Renée", "Zoë"]);
    await page.emulateMedia({ media: "print" });
    await shot(page, "director-cards-print");
    expect(await page.getByRole("navigation", { name: "Staff" }).isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });

    // The director adds the Pines counselor in the app.
    await ok(await director.request.post("/api/staff/reauth", { data: { password: directorCredentials.password } }), "reauth");
    const counselorCredentials = buildCredentials({ username: "counselor_pines" });
    await ok(await director.request.post("/api/staff/accounts", { data: { ...counselorCredentials, role: "counselor", cabins: ["Pines"] } }), "add counselor");

    // Zoë signs in on a phone by typing her card's code.
    const phone = await newContext(camp.browser, camp.server.baseURL, PHONE);
    const zoePage = await phone.newPage();
    const zoeErrors = watchPageErrors(zoePage, [401]);
    await zoePage.goto("/auth");
    await zoePage.getByRole("tab", { name: "My Card" }).click();
    await zoePage.getByLabel("Code on my card").fill(codes["Zoë"]!.toLowerCase());
    await shot(zoePage, "camper-code-phone");
    await zoePage.getByRole("button", { name: "Sign in with my card" }).click();
    await zoePage.waitForURL("**/home");
    await checkLayoutAndAxe(zoePage);

    // Zoë, D'Angelo and Renée make and send their videos; the director approves them.
    const stories: { showId: number; video: RenderJob }[] = [];
    stories.push(await sentVideo(phone.request, "Zoë's lake"));
    for (const name of ["D'Angelo", "Renée"]) {
      const camper = await newContext(camp.browser, camp.server.baseURL, PHONE);
      await ok(await camper.request.post("/api/login/code", { data: { code: codes[name] } }), `${name} signs in`);
      stories.push(await sentVideo(camper.request, `${name}'s canoe`));
    }
    for (const story of stories) {
      await ok(await director.request.post(`/api/staff/shows/${story.showId}/review`, { data: { decision: "approve", renderJobId: story.video.id } }), "approve");
    }

    // The counselor's board shows the cabin; the reel takes the three approved videos in a chosen order.
    const counselor = await newContext(camp.browser, camp.server.baseURL);
    await ok(await counselor.request.post("/api/login", { data: counselorCredentials }), "counselor sign-in");
    const counselorPage = await counselor.newPage();
    const counselorErrors = watchPageErrors(counselorPage, [401]);
    await counselorPage.goto("/staff");
    await counselorPage.getByText("Zoë D.").first().waitFor();
    expect(await counselorPage.getByText("Ava K.").count()).toBe(0);
    await checkLayoutAndAxe(counselorPage);
    await shot(counselorPage, "counselor-board");
    await counselorPage.getByRole("link", { name: "Cabin reels" }).click();
    await counselorPage.getByRole("link", { name: /new reel|make a reel/i }).first().click();
    await counselorPage.getByLabel("Cabin or session").selectOption({ label: "Pines cabin" });
    for (const name of ["Renée M.", "Zoë D.", "D'Angelo R."]) await counselorPage.getByLabel(new RegExp(name)).check();
    await checkLayoutAndAxe(counselorPage);
    await shot(counselorPage, "counselor-new-reel");
    await counselorPage.getByRole("button", { name: "Make reel" }).click();
    await counselorPage.waitForURL((url) => url.pathname === "/staff/reels");
    const reelVideo = counselorPage.getByRole("list", { name: "Reels" }).locator("video").first();
    await reelVideo.waitFor({ timeout: 120_000 });
    await playsWithoutError(reelVideo);
    await shot(counselorPage, "counselor-reel-ready");

    // The file lasts its three parts plus the title card.
    const [reel] = await ok<Reel[]>(await counselor.request.get("/api/staff/reels"), "reels");
    const dir = await mkdtemp(path.join(tmpdir(), "reel-e2e-"));
    const file = path.join(dir, "reel.mp4");
    await writeFile(file, await (await counselor.request.get(reel!.mediaUrl!)).body());
    const seconds = async (f: string) => Number((await promisify(execFile)(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f])).stdout.trim());
    let parts = 0;
    for (const story of stories) {
      const part = path.join(dir, `${story.video.id}.mp4`);
      await writeFile(part, await (await director.request.get(`/api/staff/renders/${story.video.id}/media`)).body());
      parts += await seconds(part);
    }
    expect(Math.abs((await seconds(file)) - (REEL_TITLE_SECONDS + parts))).toBeLessThanOrEqual(0.15);
    expect([...errors, ...zoeErrors, ...counselorErrors]).toEqual([]);
  }, 300_000);
});
