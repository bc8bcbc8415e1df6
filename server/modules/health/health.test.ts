import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app.ts";
import { S3MediaStorage } from "../../media/s3-media-storage.ts";
import { createTestApp, testConfig } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
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
  beforeAll(async () => {
    s3 = await startLocalS3();
    const { db } = await testDatabase();
    // Chosen by configuration, as in production.
    app = await buildApp({ config: testConfig(s3.env), db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it("uses S3 when S3_BUCKET is set", () => {
    expect(testConfig(s3.env).media.s3?.bucket).toBe(s3.settings.bucket);
    expect(new S3MediaStorage(s3.settings)).toBeInstanceOf(S3MediaStorage);
  });

  it("turns 503 with the reason while the S3 server is away, and 200 once it is back", async () => {
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await s3.stop();
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^storage: S3 storage unreachable/);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    await s3.start();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });
});
