import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CURRENT_USER_PATH } from "../contracts/page-routes.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { ok } from "./support/api.ts";
import { newContext, watchPageErrors } from "./support/browser.ts";
import { campWithStaff } from "./support/camp.ts";

/**
 * The API answers a signed-in page's answer names as preloads (contracts/page-routes.ts, PAGE_DATA;
 * decision 029a) are exactly what the page asks for as it opens, each asked for once: the browser's
 * preload is what the client's own request gets, never a second request, and nothing the page asks
 * for that its path could have named is missing. "Could have named": an API path whose ids are all
 * among the page's path's ids (an id learnt from an answer, a render's, cannot be known in advance).
 * App-wide answers are not a page's: who is signed in (named by every page) and a camper's idle time.
 */
const APP_WIDE = new Set([CURRENT_USER_PATH, "/api/camp-settings/idle"]);
/**
 * Asked for only by the director's panels on /staff/shows: the server does not look up who is signed in
 * to send a page, so it names only what every role's page asks (PAGE_DATA says so too).
 */
const DIRECTOR_ONLY = new Set(["/api/staff/retention", "/api/staff/camp-settings"]);
const director = buildCredentials({ username: "director_preloads" });
const camp = campWithStaff(director);

/** Records, in the page, every GET the app's own code asks the API for with fetch (a preload is not one). */
function recordAppFetches() {
  const asked: string[] = [];
  (window as unknown as { appApiGets: string[] }).appApiGets = asked;
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input), location.href);
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method === "GET" && url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    return original.call(this, input, init);
  };
}

/**
 * What the page's code asks the API for as it opens (its fetches), how often each GET went over the
 * network (Chromium's own events: a preload the code's fetch took is one request, a preload it could
 * not take is two), and which preloads its code never asked for.
 */
async function openAndWatch(context: BrowserContext, pathname: string) {
  const page = await context.newPage();
  const errors = watchPageErrors(page, [401, 404]);
  await page.addInitScript(recordAppFetches);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const sent = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname.startsWith("/api/")) sent.set(url.pathname + url.search, (sent.get(url.pathname + url.search) ?? 0) + 1);
  });
  const response = await page.goto(pathname, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const preloaded = [...(response?.headers().link ?? "").matchAll(/<([^>]+)>; rel=preload; as=fetch; crossorigin=use-credentials/g)].map((m) => m[1]!);
  const asked = new Set(await page.evaluate(() => (window as unknown as { appApiGets: string[] }).appApiGets));
  await page.close();
  const unused = preloaded.filter((url) => !asked.has(url));
  return { asked, sent, preloaded, errors, unused };
}

describe("a signed-in page's API preloads", () => {
  it("are exactly what each page asks for as it opens, and each is asked for once", async () => {
    const { baseURL } = camp.server;
    const camperCredentials = buildCredentials();
    const camper = await newContext(camp.browser, baseURL);
    await ok(await camper.request.post("/api/register", { data: camperCredentials }), "register");
    const narration = "We woke up at six and the lake was silver. Then we paddled out past the old dock. By lunch our arms ached.";
    const show = await ok<{ id: number }>(await camper.request.post("/api/narrations", { data: buildShowBody({ title: "Lake Day", narration }) }), "show");
    const staff = await newContext(camp.browser, baseURL);
    await ok(await staff.request.post("/api/login", { data: director }), "login");
    const roster = ["first_name,last_initial,session,cabin,media_release", "Zoë,D,July,Pines,yes"].join("\n");
    await ok(await staff.request.post("/api/staff/roster", { data: roster, headers: { "content-type": "text/csv" } }), "roster");
    const [cabin] = await ok<{ id: number }[]>(await staff.request.get("/api/staff/cabins"), "cabins");

    const pages: [BrowserContext, string][] = [
      [camper, "/home"],
      [camper, "/shows"],
      [camper, `/shows/${show.id}`],
      [camper, `/shows/${show.id}/narration`],
      [camper, `/shows/${show.id}/shots`],
      [camper, "/profile"],
      [camper, "/voice-settings"],
      [staff, "/staff"],
      [staff, "/staff/shows"],
      [staff, `/staff/shows/${show.id}`],
      [staff, "/staff/audit"],
      [staff, `/staff/cabins/${cabin!.id}/cards`],
      [staff, "/staff/roster"],
      [staff, "/staff/team"],
      [staff, "/staff/reels"],
      [staff, "/staff/reels/new"],
    ];
    const report: string[] = [];
    for (const [context, pathname] of pages) {
      const { asked, sent, preloaded, errors, unused } = await openAndWatch(context, pathname);
      const ids: string[] = pathname.match(/\d+/g) ?? [];
      const namable = [...asked]
        .filter((url) => !APP_WIDE.has(url.split("?")[0]!) && !DIRECTOR_ONLY.has(url))
        .filter((url) => (url.split("?")[0]!.match(/\d+/g) ?? []).every((id) => ids.includes(id)));
      const twice = [...sent].filter(([url, times]) => times > 1 && (preloaded.includes(url) || url === CURRENT_USER_PATH));
      if ([...namable].sort().join() !== [...preloaded].sort().join() || twice.length || unused.length || errors.length) {
        report.push(`${pathname}: asked ${JSON.stringify(namable)}, preloaded ${JSON.stringify(preloaded)}, twice ${JSON.stringify(twice)}, unused ${JSON.stringify(unused)}, errors ${JSON.stringify(errors)}`);
      }
    }
    expect(report).toEqual([]);
    await camper.close();
    await staff.close();
  }, 240_000);
});
