import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app.ts";
import { testConfig } from "../../testing/test-app.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { createShow, registerCamper } from "../../testing/test-app.ts";
import { pageWithAppInfo, signInPageFor } from "./web-client.ts";
import { cspHash } from "./content-security-policy.ts";
import { campBannerText, PRERENDER_APP_INFO, SIGN_IN_PAGE_FILE } from "../../contracts/page-data.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";
import { CURRENT_USER_PRELOAD, MANIFEST_FILE } from "./page-preloads.ts";
import { PRODUCT_NAME } from "../../contracts/product.ts";
import type { AppInfo } from "../../contracts/app-info.ts";

/** The entry, and the show page with a chunk of its own. */
const MANIFEST = {
  "index.html": { file: "assets/index-abc123.js", isEntry: true },
  "src/features/shows/ShowDetailPage.tsx": { file: "assets/ShowDetailPage-def456.js", imports: ["index.html", "_share-789.js"] },
  "_share-789.js": { file: "assets/share-789.js" },
};
const SHOW_PAGE_LINKS = '<link rel="modulepreload" crossorigin href="/assets/ShowDetailPage-def456.js"><link rel="modulepreload" crossorigin href="/assets/share-789.js">';

/** The built page as served on a path that is not the sign-in page: the facts, the user's answer started early, the page's chunks. */
function emptyPage(files: Record<string, string>, info: AppInfo, chunks = "") {
  return pageWithAppInfo(files["index.html"]!, info).replace("</head>", `${CURRENT_USER_PRELOAD}${chunks}</head>`);
}

const SIGN_IN_CSS = "body{color:#0f172a}.banner{font-weight:600}";

/** A built client as the Vite build leaves it: files with their .br and .gz copies beside them. */
function writeBuiltClient(root: string) {
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${"<!-- padding -->".repeat(64)}<div id="root"></div></body></html>`,
    // The stylesheet written in, and a style attribute from a pre-rendered component (Radix tabs).
    [SIGN_IN_PAGE_FILE]: `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script><style>${SIGN_IN_CSS}</style></head><body>${"<!-- padding -->".repeat(64)}<div id="root"><header>${campBannerText(PRERENDER_APP_INFO)}</header><h1>Welcome back</h1><div role="tablist" style="outline:none"></div></div></body></html>`,
    "assets/index-abc123.js": `console.log(${JSON.stringify("camp ".repeat(400))});`,
    "assets/index-abc123.css": `body{margin:0}${".camp{color:#0f172a}".repeat(80)}`,
    "assets/logo-abc123.svg": "<svg xmlns='http://www.w3.org/2000/svg'><script>parent.camp=1</script></svg>",
  };
  mkdirSync(path.join(root, "assets"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  mkdirSync(path.join(root, ".vite"));
  writeFileSync(path.join(root, MANIFEST_FILE), JSON.stringify(MANIFEST));
  return files;
}

describe("the built client and compression", () => {
  let appInfo: AppInfo;
  let app: App;
  let root: string;
  let files: Record<string, string>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "ss-web-"));
    files = writeBuiltClient(root);
    const { db } = await testDatabase();
    const config = testConfig();
    appInfo = { productName: PRODUCT_NAME, campTitle: config.camp.title, campYear: config.camp.year };
    app = await buildApp({ config, db, webRoot: root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("sends the prebuilt brotli copy of a hashed asset and lets browsers keep it a year", async () => {
    const response = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files["assets/index-abc123.js"]);
  });

  it("sends the gzip copy to a browser without brotli, and plain bytes to one that accepts neither", async () => {
    const gz = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files["assets/index-abc123.js"]);

    const plain = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(files["assets/index-abc123.js"]);
  });

  it("never lets the HTML be cached, on every client route, compressed too", async () => {
    for (const url of ["/", "/home", "/shows/12/narration"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["content-encoding"], url).toBe("br");
      const expected = url === "/" ? signInPageFor(files[SIGN_IN_PAGE_FILE]!, appInfo) : emptyPage(files, appInfo);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(expected);
    }
    const gz = await app.inject({ url: "/home", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(emptyPage(files, appInfo));
  });

  it("carries the camp's banner facts in the page, the same the API answers, so the page needs no request for them", async () => {
    const page = (await app.inject({ url: "/", headers: { "accept-encoding": "identity" } })).body;
    const json = /<script type="application\/json" id="app-info">(.*?)<\/script><\/head>/.exec(page)?.[1];
    expect(JSON.parse(json!)).toEqual((await app.inject({ url: "/api/app-info" })).json());
  });

  it("sends the sign-in page pre-rendered, with this camp's banner, to a visitor without a session", async () => {
    for (const url of ["/", "/auth", "/auth?next=%2Fshows"]) {
      const page = (await app.inject({ url, headers: { "accept-encoding": "identity" } })).body;
      expect(page, url).toContain(`<header>${campBannerText(appInfo)}</header><h1>Welcome back</h1>`);
      expect(page, url).not.toContain(campBannerText(PRERENDER_APP_INFO));
      expect(page, url).toContain('<script type="application/json" id="app-info">');
    }
  });

  it("lets each page style itself only with what it carries: the sign-in page's stylesheet and style attributes by hash", async () => {
    const signIn = (await app.inject({ url: "/auth" })).headers["content-security-policy"] as string;
    const directive = (policy: string, name: string) => policy.split(";").find((d) => d.startsWith(`${name} `));
    expect(directive(signIn, "style-src")).toBe(`style-src 'self' ${cspHash(SIGN_IN_CSS)}`);
    expect(directive(signIn, "style-src-attr")).toBe(`style-src-attr 'unsafe-hashes' ${cspHash("outline:none")}`);
    expect(directive(signIn, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(signIn, "script-src")).toBe("script-src 'self'");
    // The empty page has nothing inline; neither has the icon. API answers allow nothing at all.
    const api = (await app.inject({ url: "/api/app-info" })).headers["content-security-policy"];
    expect(api).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const url of ["/home", "/favicon.svg"]) {
      const policy = (await app.inject({ url })).headers["content-security-policy"] as string;
      expect(directive(policy, "style-src"), url).toBe("style-src 'self'");
      expect(directive(policy, "style-src-attr"), url).toBe("style-src-attr 'none'");
      expect(directive(policy, "frame-ancestors"), url).toBe("frame-ancestors 'none'");
      expect(policy, url).not.toMatch(/unsafe-inline|https:/);
    }
  });

  it("sends the empty page on other paths and to a visitor with a session, who is not shown a sign-in form", async () => {
    const shell = emptyPage(files, appInfo);
    const camper = await registerCamper(app);
    expect(camper.cookie).toContain(`${SESSION_COOKIE}=`);
    for (const [url, cookie] of [["/home", undefined], ["/", camper.cookie], ["/auth", camper.cookie]] as const) {
      const response = await app.inject({ url, headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } });
      expect(response.body, url).toBe(shell);
    }
  });

  it("starts the signed-in user's answer from the page, as the client's own request asks for it", async () => {
    const page = (await app.inject({ url: "/home", headers: { "accept-encoding": "identity" } })).body;
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">');
    expect((await app.inject({ url: "/auth", headers: { "accept-encoding": "identity" } })).body).not.toContain('rel="preload"');
  });

  it("names a page's chunks in the page sent for its paths, so they download beside the app's bundle", async () => {
    const camper = await registerCamper(app);
    for (const url of ["/shows/12", "/shows/12?from=list"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br", cookie: camper.cookie } });
      const expected = emptyPage(files, appInfo, SHOW_PAGE_LINKS);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(expected);
    }
    // A page the build has no chunk for, and a path of no page, get the empty page as built.
    for (const url of ["/home", "/no-such-page"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "identity", cookie: camper.cookie } });
      expect(response.body, url).toBe(emptyPage(files, appInfo));
    }
  });

  it("starts a signed-in page's own API answers with it, from the ids in its path, and never for a visitor without a session", async () => {
    const camper = await registerCamper(app);
    const link = async (url: string, cookie?: string) =>
      (await app.inject({ url, headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } })).headers.link;
    expect(await link("/shows/12", camper.cookie)).toBe(
      ["/api/recordings/12", "/api/recordings/12/renders", "/api/recordings/12/review", "/api/recordings/12/shares"]
        .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
        .join(", "),
    );
    // Signed out (the answers would be 401s), an address with a query (filters may change what the page
    // asks), an id that names nothing, and a page that asks for nothing as it opens: no header.
    for (const [url, cookie] of [["/shows/12", undefined], ["/shows/12?from=list", camper.cookie], ["/shows/abc", camper.cookie], ["/pricing", camper.cookie]] as const) {
      expect(await link(url, cookie), url).toBeUndefined();
    }
  });

  it("never serves the build's manifest", async () => {
    const response = await app.inject({ url: `/${MANIFEST_FILE.split(path.sep).join("/")}` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("ShowDetailPage");
  });

  it("never serves a page as a file, which would lack the camp's facts", async () => {
    for (const url of ["/index.html", `/${SIGN_IN_PAGE_FILE}`]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(emptyPage(files, appInfo));
    }
  });

  it("sends a hashed script or stylesheet with only the headers it needs, in every encoding", async () => {
    const expected = ["cache-control", "connection", "content-encoding", "content-length", "content-type", "cross-origin-resource-policy", "date", "vary", "x-content-type-options"];
    for (const encoding of ["br", "gzip", "identity"]) {
      for (const url of ["/assets/index-abc123.js", "/assets/index-abc123.css"]) {
        const response = await app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, url).toBe(200);
        const names = Object.keys(response.headers).filter((name) => encoding !== "identity" || name !== "content-encoding");
        expect(names.sort(), `${url} ${encoding}`).toEqual(expected.filter((name) => encoding !== "identity" || name !== "content-encoding"));
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
        expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
        expect(response.headers["content-type"], url).toMatch(url.endsWith(".js") ? /^application\/javascript/ : /^text\/css/);
      }
    }
  });

  it("keeps every security header on a file that may be opened as a document (an SVG)", async () => {
    for (const url of ["/favicon.svg", "/assets/logo-abc123.svg"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-security-policy"], url).toMatch(/script-src 'self'/);
      expect(response.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("makes browsers revalidate files that keep their names across releases", async () => {
    const response = await app.inject({ url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses API answers worth compressing, and leaves small ones alone", async () => {
    const camper = await registerCamper(app);
    for (let i = 0; i < 8; i++) await createShow(app, camper.cookie);
    const list = await app.inject({ url: "/api/recordings", headers: { cookie: camper.cookie, "accept-encoding": "gzip, br" } });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString())).toHaveLength(8);

    const small = await app.inject({ url: "/api/user", headers: { cookie: camper.cookie, "accept-encoding": "gzip, br" } });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("a built sign-in page that does not fit this server", () => {
  it("is not sent: the empty page serves, the client draws the sign-in page itself", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "ss-web-"));
    const files = writeBuiltClient(root);
    writeFileSync(path.join(root, SIGN_IN_PAGE_FILE), "<html><head></head><body><div id=\"root\"><h1>Welcome back</h1></div></body></html>");
    const { db } = await testDatabase();
    const config = testConfig();
    const app = await buildApp({ config, db, webRoot: root });
    try {
      const page = (await app.inject({ url: "/", headers: { "accept-encoding": "identity" } })).body;
      expect(page).toBe(emptyPage(files, { productName: PRODUCT_NAME, campTitle: config.camp.title, campYear: config.camp.year }));
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
