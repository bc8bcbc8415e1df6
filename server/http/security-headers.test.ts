import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp, registerCamper } from "../../testing/test-app.ts";
import { listMusic } from "../modules/music/music-library.ts";
import { CSP_DIRECTIVES } from "./content-security-policy.ts";
import { API_SECURITY_HEADERS, securityHeadersFor } from "./security-headers.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** What helmet 8 sends with the app's options (as @fastify/helmet sent them, once per request). */
const EXPECTED = {
  "content-security-policy": Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join(";"),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers, worked out once", () => {
  it("are helmet's for the app's options, and never HSTS on their own", () => {
    const headers = securityHeadersFor({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      xFrameOptions: { action: "deny" },
      strictTransportSecurity: false,
    });
    expect(headers).toEqual(EXPECTED);
  });

  it("go with every API answer, the API's set: a signed-in list, a refusal, a cross-site write, an unknown API path", async () => {
    const camper = await registerCamper(app);
    const answers = await Promise.all([
      app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: camper.cookie } }),
      app.inject({ method: "GET", url: "/api/recordings" }),
      app.inject({ method: "POST", url: "/api/narrations", headers: { cookie: camper.cookie, "sec-fetch-site": "cross-site" }, payload: {} }),
      app.inject({ method: "GET", url: "/api/no-such-thing" }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 403, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "cache-control": "no-store",
      });
      // What governs documents only stays off answers no browser renders as one.
      for (const name of Object.keys(EXPECTED)) if (!(name in API_SECURITY_HEADERS)) expect(res.headers[name], name).toBeUndefined();
    }
  });

  it("go with every other answer, the page set: an unknown page, a share link's page", async () => {
    const answers = await Promise.all([app.inject({ method: "GET", url: "/no-such-page" }), app.inject({ method: "GET", url: "/s/no-such-link" })]);
    for (const res of answers) {
      const { "content-security-policy": policy, ...rest } = EXPECTED;
      expect(res.headers).toMatchObject(rest);
      // A page may send its own policy (the share page does); none is without one.
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });

  it("leave a media answer's own caching alone", async () => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "GET", url: listMusic()[0]!.audioUrl, headers: { cookie: camper.cookie, range: "bytes=0-9" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses options helmet refuses, at start-up rather than on a request", () => {
    expect(() => securityHeadersFor({ referrerPolicy: { policy: "nonsense" as "no-referrer" } })).toThrow();
  });
});
