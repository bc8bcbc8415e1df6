import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { S3MediaStorage } from "../../media/s3-media-storage.ts";
import { createLoggedTestApp, createTestApp, testConfig, type CapturedLog } from "../../../testing/test-app.ts";
import { NOT_READY_MESSAGE } from "./health.routes.ts";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";

describe("health and readiness", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers /healthz and /readyz with no session", async () => {
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });
});

describe("readiness on S3 storage", () => {
  let s3: LocalS3;
  let app: App;
  let log: CapturedLog;
  const token = "an-operators-token-of-some-length";
  beforeAll(async () => {
    s3 = await startLocalS3();
    // Chosen by configuration, as in production.
    ({ app, log } = await createLoggedTestApp({ ...s3.env, METRICS_TOKEN: token }));
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it("uses S3 when S3_BUCKET is set", () => {
    expect(testConfig(s3.env).media.s3?.bucket).toBe(s3.settings.bucket);
    expect(new S3MediaStorage(s3.settings)).toBeInstanceOf(S3MediaStorage);
  });

  it("turns 503 while the S3 server is away, telling the reason only to the log and the token's bearer, and 200 once it is back", async () => {
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await s3.stop();
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: NOT_READY_MESSAGE, status: "unavailable" });
    expect(down.body).not.toMatch(/S3|bucket|127\.0\.0\.1|storage:/);
    const wrongToken = await app.inject({ method: "GET", url: "/readyz", headers: { authorization: "Bearer not-the-operators-token-at-al" } });
    expect(wrongToken.json().message).toBe(NOT_READY_MESSAGE);
    const operator = await app.inject({ method: "GET", url: "/readyz", headers: { authorization: `Bearer ${token}` } });
    expect(operator.statusCode).toBe(503);
    expect(operator.json().message).toMatch(/^storage: S3 storage unreachable/);
    expect(log.lines).toContainEqual(expect.objectContaining({ msg: "not ready", reason: expect.stringMatching(/^storage: S3 storage unreachable/) }));
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    await s3.start();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });
});
