/**
 * Client benchmark (prints figures; never asserts): what the sign-in page and the Create screen cost a
 * camper's browser on a first visit (cold cache, a new browser context each time), in Debian's Chromium.
 * - JavaScript transferred: the encoded (compressed) bytes of every script response, from Chromium's
 *   own network events (Network.loadingFinished), headers included; target for sign-in <= 120 KB.
 * - All transferred: the same for every response of the load (the page, styles, scripts, API answers,
 *   the icon), so bytes moved from scripts into the page still count.
 * - Largest Contentful Paint (PerformanceObserver, buffered), from navigation start.
 * Profiles: camp Wi-Fi (Chromium's network emulation: 4 Mbit/s down, 1 Mbit/s up, 80 ms round trip;
 * targets for sign-in LCP <= 1.0 s) and unthrottled (LCP <= 0.3 s). The Create screen is opened signed in
 * (the session cookie set through the API first). 3 loads per page and profile, medians.
 * KB = 1000 bytes. Run: npm run bench:client
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { buildCredentials } from "../testing/factories.ts";
import { median, startApp } from "./support/processes.ts";

const RUNS = 3;
const PROFILES = {
  "camp Wi-Fi": { offline: false, latency: 80, downloadThroughput: (4_000_000 / 8) * 1, uploadThroughput: 1_000_000 / 8 },
  unthrottled: undefined,
} as const;

async function load(browser: Browser, baseURL: string, pathname: string, profile: keyof typeof PROFILES, cookie?: { name: string; value: string }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  if (cookie) await context.addCookies([{ ...cookie, url: baseURL }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const conditions = PROFILES[profile];
  if (conditions) await cdp.send("Network.emulateNetworkConditions", conditions);
  const scripts = new Set<string>();
  let scriptBytes = 0;
  let allBytes = 0;
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
    allBytes += event.encodedDataLength;
  });
  await page.goto(pathname, { waitUntil: "networkidle" });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return { scriptBytes, allBytes, lcp };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "ss-client-"));
const app = await startApp({ env: { DATA_DIR: dataDir }, via: "node" });
const browser = await launchBrowser();
try {
  const credentials = buildCredentials();
  const registered = await fetch(`${app.baseURL}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const [name, value] = registered.headers.getSetCookie()[0]!.split(";")[0]!.split("=") as [string, string];

  console.log(`\nClient: first visit (cold cache), ${RUNS} loads each, medians; JavaScript and everything transferred (KB, compressed) and LCP (ms)\n`);
  console.log(`${"page".padEnd(16)}${"profile".padEnd(14)}${"JS KB".padStart(8)}${"all KB".padStart(8)}${"LCP ms".padStart(9)}   targets`);
  for (const [label, pathname, cookie] of [
    ["sign-in", "/", undefined],
    ["Create screen", "/home", { name, value }],
  ] as const) {
    for (const profile of Object.keys(PROFILES) as (keyof typeof PROFILES)[]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(browser, app.baseURL, pathname, profile, cookie));
      const kb = median(runs.map((r) => r.scriptBytes)) / 1000;
      const allKb = median(runs.map((r) => r.allBytes)) / 1000;
      const lcp = median(runs.map((r) => r.lcp));
      const target =
        label === "sign-in" ? `JS <= 120 KB, LCP <= ${profile === "unthrottled" ? 300 : 1000} ms` : "(no target; for comparison)";
      console.log(`${label.padEnd(16)}${profile.padEnd(14)}${kb.toFixed(1).padStart(8)}${allKb.toFixed(1).padStart(8)}${lcp.toFixed(0).padStart(9)}   ${target}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
