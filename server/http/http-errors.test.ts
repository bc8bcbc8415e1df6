import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp, registerCamper } from "../../testing/test-app.ts";
import { buildApp } from "../app.ts";
import { testConfig } from "../../testing/test-app.ts";
import { testDatabase } from "../../testing/test-database.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("error responses", () => {
  it("malformed JSON is a 400 with a message", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "maya",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON" });
  });

  it("an oversized body is a 413 with a message", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "maya", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request body is too large" });
  });

  it("an unsupported content type is a 415 with a message", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/xml" },
      payload: "<login/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/content type/);
  });

  it("an unknown API route is a JSON 404", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route/);
  });

  it("an unexpected fault is a 500 with a plain message and no stack trace", async () => {
    const { db } = await testDatabase();
    const faulty = await buildApp({ config: testConfig(), db });
    faulty.get("/api/boom", async () => {
      throw new Error("secret internal detail at /srv/app.js:12");
    });
    await faulty.ready();
    const res = await faulty.inject({ method: "GET", url: "/api/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect(res.body).not.toMatch(/secret|\.js|stack/);
    await faulty.close();
  });

  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user" });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("cross-origin writes", () => {
  it.each([
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site" }],
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
  ])("refuses a state-changing request with %j", async (headers) => {
    const camper = await registerCamper(app);
    const res = await app.inject({ method: "POST", url: "/api/logout", headers: { ...headers, cookie: camper.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Requests from other sites are not allowed" });
    // The session is untouched.
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("allows same-origin writes and reads from anywhere", async () => {
    const camper = await registerCamper(app);
    const read = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: camper.cookie, "sec-fetch-site": "cross-site" } });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: camper.cookie, "sec-fetch-site": "same-origin", origin: "http://localhost:80" },
    });
    expect(write.statusCode).toBe(204);
  });

  it("allows an origin listed in ALLOWED_ORIGINS", async () => {
    const withOrigins = await createTestApp({ ALLOWED_ORIGINS: "https://camp.example" });
    try {
      const res = await withOrigins.inject({
        method: "POST",
        url: "/api/logout",
        headers: { origin: "https://camp.example", "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode).toBe(204);
    } finally {
      await withOrigins.close();
    }
  });
});
