import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheControlFor, isLeanAsset, pageWithAppInfo, preferredEncoding, signInPageFor } from "./web-client.ts";
import { campBannerText, PRERENDER_APP_INFO } from "../../contracts/page-data.ts";

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

describe("signInPageFor", () => {
  const built = `<html><head></head><body><div id="root"><div>${campBannerText(PRERENDER_APP_INFO)}</div></div></body></html>`;

  it("writes the camp's banner line as text no camp title can turn into markup", () => {
    const page = signInPageFor(built, { productName: "P", campTitle: `Lake <img src=x onerror=alert(1)> & "Pines"`, campYear: 2026 });
    expect(page).toContain("<div>Lake &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Pines&quot; 2026</div>");
    expect(page).not.toContain("<img");
  });

  it("refuses a built page without the placeholder exactly once (a build that does not match this server)", () => {
    const info = { productName: "P", campTitle: "Lake", campYear: 2026 };
    expect(() => signInPageFor("<html><head></head><body></body></html>", info)).toThrow(/placeholder 0 times/);
    expect(() => signInPageFor(built.replace("</body>", `${campBannerText(PRERENDER_APP_INFO)}</body>`), info)).toThrow(/2 times/);
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

describe("isLeanAsset", () => {
  it("is a hashed script, stylesheet or source map, compressed or not; never an SVG or a page", () => {
    const assets = path.join("/srv", "web", "assets");
    for (const name of ["x-1.js", "x-1.js.br", "x-1.css.gz", "x-1.js.map"]) expect(isLeanAsset(path.join(assets, name)), name).toBe(true);
    for (const file of [path.join(assets, "logo-1.svg"), path.join("/srv", "web", "favicon.svg"), path.join("/srv", "web", "app.js")]) {
      expect(isLeanAsset(file), file).toBe(false);
    }
  });
});
