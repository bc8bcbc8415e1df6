import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Credentials } from "../../testing/factories.ts";
import { launchBrowser } from "./browser.ts";
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
