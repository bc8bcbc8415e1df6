import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { buildShowBody } from "../../testing/factories.ts";
import { createTestApp, registerCamper } from "../../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("compressed request bodies", () => {
  it("are read on routes that take a body, and refused in an encoding we do not speak", async () => {
    const camper = await registerCamper(app);
    const body = buildShowBody();
    const headers = { cookie: camper.cookie, "content-type": "application/json" };
    const created = await app.inject({ method: "POST", url: "/api/narrations", headers: { ...headers, "content-encoding": "gzip" }, payload: gzipSync(JSON.stringify(body)) });
    expect(created.statusCode).toBe(201);
    expect(created.json().title).toBe(body.title);
    const refused = await app.inject({ method: "POST", url: "/api/narrations", headers: { ...headers, "content-encoding": "zstd-nonsense" }, payload: JSON.stringify(body) });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toHaveProperty("message");
  });

  it("are not looked for on GET routes, which have no body: the answer is the usual one", async () => {
    const camper = await registerCamper(app);
    const list = await app.inject({ method: "GET", url: "/api/recordings", headers: { cookie: camper.cookie, "content-encoding": "zstd-nonsense" } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });
});
