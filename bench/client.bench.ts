/**
 * Client benchmark (prints figures; never asserts): what each screen costs a browser on a first visit
 * (cold cache, a new browser context each time), in Debian's Chromium: the sign-in page, and every
 * signed-in screen, a camper's (Create, the show list and page, the narration editor, the shot list,
 * profile, voice settings) and staff's (the board, the review list with camp settings, a show's review
 * page, the audit log, cabin cards, roster, team, reels).
 * - JavaScript transferred: the encoded (compressed) bytes of every script response, from Chromium's
 *   own network events (Network.loadingFinished), headers included; targets: sign-in <= 120 KB, every
 *   signed-in screen <= 150 KB.
 * - All transferred: the same for every response of the load (the page, styles, scripts, API answers,
 *   the icon), so bytes moved from scripts into the page still count.
 * - Largest Contentful Paint (PerformanceObserver, buffered), from navigation start.
 * Profiles: camp Wi-Fi (Chromium's network emulation: 4 Mbit/s down, 1 Mbit/s up, 80 ms round trip;
 * target LCP <= 1.0 s for every screen) and unthrottled (sign-in LCP <= 0.3 s). Signed-in screens are
 * opened with a session cookie set through the API first; each load waits for the screen's own heading
 * (so a spinner or a redirect is never measured as the screen). 3 loads per screen and profile, medians.
 * KB = 1000 bytes. Run: npm run bench:client  (or `npm run bench:client -- shots editor` for some rows);
 * BENCH_CHAIN=1 also prints, for each row's first load, the LCP element and when each script and API
 * answer started and ended (ms from navigation start).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { median, startApp } from "./support/processes.ts";

const RUNS = 3;
const PROFILES = {
  "camp Wi-Fi": { offline: false, latency: 80, downloadThroughput: (4_000_000 / 8) * 1, uploadThroughput: 1_000_000 / 8 },
  unthrottled: undefined,
} as const;
type Profile = keyof typeof PROFILES;
type Cookie = { name: string; value: string };

async function load(browser: Browser, baseURL: string, pathname: string, heading: RegExp, profile: Profile, cookie?: Cookie) {
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
  await page.goto(pathname, { waitUntil: "networkidle", timeout: 90_000 });
  // The screen itself, not a spinner, an error or the sign-in page it redirected to.
  await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  if (new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} went to ${page.url()}`);
  const { lcp, element } = await page.evaluate(
    () =>
      new Promise<{ lcp: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; url?: string };
          const what = last.element ? `<${last.element.tagName.toLowerCase()}> ${(last.element.textContent ?? "").trim().slice(0, 40)}` : "";
          resolve({ lcp: last.startTime, element: last.url || what });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  // The chain behind the paint (BENCH_CHAIN=1): when the app's scripts and each API answer started and ended.
  const chain = process.env.BENCH_CHAIN
    ? await page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.name.includes("/api/") || entry.initiatorType === "script" || /\.js$/.test(entry.name))
          .map((entry) => `${new URL(entry.name).pathname.replace(/^\/assets\//, "")} ${entry.initiatorType} ${entry.startTime.toFixed(0)}-${entry.responseEnd.toFixed(0)}`),
      )
    : [];
  await context.close();
  return { scriptBytes, allBytes, lcp, element, chain };
}

async function api(baseURL: string, method: string, pathname: string, cookie: Cookie | undefined, body?: unknown, type = "application/json") {
  const res = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": type }), ...(cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  return res;
}

function sessionCookie(res: Response): Cookie {
  const [name, value] = res.headers.getSetCookie()[0]!.split(";")[0]!.split("=") as [string, string];
  return { name, value };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "ss-client-"));
// Staff accounts come only from the command line, run before the server opens the database (README).
const director = buildCredentials({ username: "director_bench" });
await promisify(execFile)(process.execPath, [path.resolve("dist/server/cli/staff.js"), "add", director.username, "--admin"], {
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, STAFF_PASSWORD: director.password, LOG_LEVEL: "warn" },
});
const app = await startApp({ env: { DATA_DIR: dataDir }, via: "node" });
const browser = await launchBrowser({ desktop: true });
try {
  const base = app.baseURL;
  // A camper with a show whose script makes a few shots; the director with a roster (a cabin of campers).
  const camper = sessionCookie(await api(base, "POST", "/api/register", undefined, buildCredentials()));
  const narration =
    "We woke up at six and the lake was silver. Nobody talked, not even Maya. " +
    "Then we paddled out past the old dock. A heron lifted off the water right in front of us. " +
    "By lunch our arms ached. We laughed the whole way back anyway.";
  const show = (await (await api(base, "POST", "/api/narrations", camper, buildShowBody({ title: "Lake Day", narration }))).json()) as { id: number };
  await api(base, "GET", `/api/recordings/${show.id}/shots`, camper);
  const staff = sessionCookie(await api(base, "POST", "/api/login", undefined, director));
  const roster = ["first_name,last_initial,session,cabin,media_release", "Zoë,D,July,Pines,yes", "Ava,K,July,Pines,no"].join("\n");
  await api(base, "POST", "/api/staff/roster", staff, roster, "text/csv");
  const cabins = (await (await api(base, "GET", "/api/staff/cabins", staff)).json()) as { id: number }[];

  const screens: [label: string, pathname: string, heading: RegExp, cookie: Cookie | undefined][] = [
    ["sign-in", "/", /./, undefined],
    ["Create screen", "/home", /./, camper],
    ["show list", "/shows", /./, camper],
    ["show page", `/shows/${show.id}`, /Lake Day/, camper],
    ["editor", `/shows/${show.id}/narration`, /./, camper],
    ["shot list", `/shows/${show.id}/shots`, /Record to the script/, camper],
    ["profile", "/profile", /./, camper],
    ["voice settings", "/voice-settings", /./, camper],
    ["staff board", "/staff", /./, staff],
    ["staff shows", "/staff/shows", /./, staff],
    ["staff show", `/staff/shows/${show.id}`, /Lake Day/, staff],
    ["staff audit", "/staff/audit", /./, staff],
    ["cabin cards", `/staff/cabins/${cabins[0]!.id}/cards`, /./, staff],
    ["roster", "/staff/roster", /./, staff],
    ["team", "/staff/team", /./, staff],
    ["reels", "/staff/reels", /./, staff],
    ["new reel", "/staff/reels/new", /./, staff],
  ];
  const only = process.argv.slice(2).map((word) => word.toLowerCase());
  const chosen = only.length ? screens.filter(([label]) => only.some((word) => label.toLowerCase().includes(word))) : screens;

  console.log(`\nClient: first visit (cold cache), ${RUNS} loads each, medians; JavaScript and everything transferred (KB, compressed) and LCP (ms)\n`);
  console.log(`${"page".padEnd(16)}${"profile".padEnd(14)}${"JS KB".padStart(8)}${"all KB".padStart(8)}${"LCP ms".padStart(9)}   targets`);
  const missed: string[] = [];
  for (const [label, pathname, heading, cookie] of chosen) {
    for (const profile of Object.keys(PROFILES) as Profile[]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(browser, base, pathname, heading, profile, cookie));
      const kb = median(runs.map((r) => r.scriptBytes)) / 1000;
      const allKb = median(runs.map((r) => r.allBytes)) / 1000;
      const lcp = median(runs.map((r) => r.lcp));
      const jsTarget = label === "sign-in" ? 120 : 150;
      const lcpTarget = profile === "camp Wi-Fi" ? 1000 : label === "sign-in" ? 300 : undefined;
      const marks = [`JS <= ${jsTarget} KB ${kb <= jsTarget ? "met" : "MISSED"}`];
      if (lcpTarget !== undefined) marks.push(`LCP <= ${lcpTarget} ms ${lcp <= lcpTarget ? "met" : "MISSED"}`);
      if (marks.some((mark) => mark.endsWith("MISSED"))) missed.push(`${label} (${profile})`);
      console.log(`${label.padEnd(16)}${profile.padEnd(14)}${kb.toFixed(1).padStart(8)}${allKb.toFixed(1).padStart(8)}${lcp.toFixed(0).padStart(9)}   ${marks.join(", ")}`);
      if (process.env.BENCH_CHAIN) console.log(`    LCP element: ${runs[0]!.element}\n    ${runs[0]!.chain.join("\n    ")}`);
    }
  }
  console.log(`\n${missed.length ? `Targets missed: ${missed.join("; ")}` : "Every screen met its targets."}`);
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
