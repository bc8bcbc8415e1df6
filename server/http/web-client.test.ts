import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app.ts";
import { testConfig } from "../../testing/test-app.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { createShow, registerCamper } from "../../testing/test-app.ts";
import { cacheControlFor, pageWithAppInfo, preferredEncoding } from "./web-client.ts";
import { PRODUCT_NAME } from "../../contracts/product.ts";
import type { AppInfo } from "../../contracts/app-info.ts";

/** A built client as the Vite build leaves it: files with their .br and .gz copies beside them. */
function writeBuiltClient(root: string) {
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${"<!-- padding -->".repeat(64)}</body></html>`,
    "assets/index-abc123.js": `console.log(${JSON.stringify("camp ".repeat(400))});`,
  };
  mkdirSync(path.join(root, "assets"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
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
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(pageWithAppInfo(files["index.html"]!, appInfo));
    }
    const gz = await app.inject({ url: "/home", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(pageWithAppInfo(files["index.html"]!, appInfo));
  });

  it("carries the camp's banner facts in the page, the same the API answers, so the page needs no request for them", async () => {
    const page = (await app.inject({ url: "/", headers: { "accept-encoding": "identity" } })).body;
    const json = /<script type="application\/json" id="app-info">(.*?)<\/script><\/head>/.exec(page)?.[1];
    expect(JSON.parse(json!)).toEqual((await app.inject({ url: "/api/app-info" })).json());
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

describe("preferredEncoding", () => {
  it("takes brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe("pageWithAppInfo", () => {
  it("writes the facts as JSON that no camp title can break out of", () => {
    const page = pageWithAppInfo("<html><head></head><body></body></html>", { productName: "P", campTitle: "Lake </script><script>alert(1)</script>", campYear: 2026 });
    expect(page).not.toContain("</script><script>");
    const json = /<script type="application\/json" id="app-info">(.*?)<\/script><\/head>/.exec(page)?.[1];
    expect(JSON.parse(json!).campTitle).toBe("Lake </script><script>alert(1)</script>");
  });
});

describe("cacheControlFor", () => {
  it("keys on the uncompressed name", () => {
    const assets = path.join("/srv", "web", "assets");
    expect(cacheControlFor(path.join(assets, "x-1.js.br"))).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor(path.join("/srv", "web", "index.html.gz"))).toBe("no-store");
    expect(cacheControlFor(path.join("/srv", "web", "favicon.svg"))).toBe("no-cache");
  });
});
