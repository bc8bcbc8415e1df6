import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Credentials } from "../../testing/factories.ts";
import { launchBrowser, newContext, playsWithoutError } from "./browser.ts";
import { startServerWithStaff, type RunningServer } from "./server.ts";

/**
 * The scene of a file whose story needs camp staff: a server whose database holds the staff account, and
 * Chromium. Registers the file's own beforeAll/afterAll; read `server` and `browser` inside its tests.
 */
export function campWithStaff(staff: Credentials): { readonly server: RunningServer; readonly browser: Browser } {
  const scene = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    scene.server = await startServerWithStaff(staff);
    scene.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await scene.browser?.close();
    await scene.server?.stop();
  });
  return scene;
}

/**
 * The camper makes a share link from their show page (reloaded, so it shows the approval); a family
 * member with no account opens it and the video plays. The share card stays open for what comes next.
 */
export async function shareAndWatchAsFamily(page: Page, scene: { readonly server: RunningServer; readonly browser: Browser }) {
  await page.reload();
  const share = page.getByRole("region", { name: "Share with family" });
  const makeLink = share.getByRole("button", { name: "Make a share link" });
  // A reloaded show page on a loaded machine (its code, the show, its renders and its links) can take
  // longer than a click's 10 s; if the button never comes, say what the card offered instead.
  await makeLink.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    const card = await share.textContent({ timeout: 1000 }).catch(() => "(no share card on the page)");
    throw new Error(`The show page offered no "Make a share link"; its share card read: ${card}`, { cause: error });
  });
  await makeLink.click();
  const link = await share.getByTestId("share-print-card").getByLabel("Scan the code or type this link").inputValue();
  const family = await newContext(scene.browser, scene.server.baseURL);
  const watch = await family.newPage();
  const opened = await watch.goto(link);
  if (opened?.status() !== 200) throw new Error(`The share link answered ${opened?.status()}`);
  await playsWithoutError(watch.locator("video"));
  return { share, link, family, watch };
}
