import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { CSP_DIRECTIVES, cspHash, policyForPage } from "./content-security-policy.ts";

const directive = (policy: string, name: string) => policy.split(";").find((d) => d.startsWith(`${name} `));

describe("policyForPage", () => {
  it("allows a page's own <style> elements and style attributes by hash, and nothing else inline", () => {
    const page = `<html><head><style>body{margin:0}</style></head><body><p style="color: &quot;red&quot;">x</p><div style="outline:none"></div><div style="outline:none"></div></body></html>`;
    const policy = policyForPage(page);
    expect(directive(policy, "style-src")).toBe(`style-src 'self' ${cspHash("body{margin:0}")}`);
    // An attribute is hashed as the browser reads it (entities decoded), and each text once.
    expect(directive(policy, "style-src-attr")).toBe(`style-src-attr 'unsafe-hashes' ${cspHash('color: "red"')} ${cspHash("outline:none")}`);
    expect(directive(policy, "script-src")).toBe("script-src 'self'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policyForPage("<p>plain</p>"), "style-src-attr")).toBe("style-src-attr 'none'");
  });

  it("gives no page inline styles or other origins' styles by default", () => {
    expect(CSP_DIRECTIVES["style-src"]).toEqual(["'self'"]);
    expect(CSP_DIRECTIVES["style-src-attr"]).toEqual(["'none'"]);
    expect(Object.values(CSP_DIRECTIVES).flat()).not.toContain("'unsafe-inline'");
    expect(Object.values(CSP_DIRECTIVES).flat()).not.toContain("https:");
  });
});

describe("the share watch page's policy", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("allows exactly the page's own stylesheet, and the page may not be framed", async () => {
    const page = await app.inject({ method: "GET", url: `/s/${randomBytes(24).toString("base64url")}` });
    expect(page.statusCode).toBe(404);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1];
    expect(css).toBeDefined();
    const policy = page.headers["content-security-policy"] as string;
    expect(directive(policy, "style-src")).toBe(`style-src 'self' ${cspHash(css!)}`);
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
  });
});
