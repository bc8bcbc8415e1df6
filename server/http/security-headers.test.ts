import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp, registerCamper } from "../../testing/test-app.ts";
import { CSP_DIRECTIVES } from "./content-security-policy.ts";
import { securityHeadersFor } from "./security-headers.ts";

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

  it("go with every answer: a signed-in list, a refusal, an unknown API path", async () => {
    const camper = await registerCamper(app);
    const answers = await Promise.all([
      app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: camper.cookie } }),
      app.inject({ method: "GET", url: "/api/recordings" }),
      app.inject({ method: "GET", url: "/api/no-such-thing" }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) expect(res.headers).toMatchObject(EXPECTED);
  });

  it("refuses options helmet refuses, at start-up rather than on a request", () => {
    expect(() => securityHeadersFor({ referrerPolicy: { policy: "nonsense" as "no-referrer" } })).toThrow();
  });
});
