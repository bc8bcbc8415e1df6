import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("needs nothing to run on a laptop: port 5000, ./data, embedded database", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.database).toEqual({
      kind: "embedded-postgres",
      dir: path.resolve("data", "postgres"),
      pgliteDir: path.resolve("data", "db"),
      poolSize: 5,
    });
    expect(loadConfig({ DATABASE_POOL_SIZE: "8" }).database).toMatchObject({ kind: "embedded-postgres", poolSize: 8 });
    expect(loadConfig({ EMBEDDED_DATABASE: "pglite" }).database).toEqual({ kind: "pglite", dataDir: path.resolve("data", "db") });
    expect(config.camp.year).toBe(new Date().getFullYear());
  });

  it("switches to PostgreSQL with DATABASE_URL and honours PORT and DATA_DIR", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/camp", PORT: "8080", DATA_DIR: "/srv/ss" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/camp", poolSize: 10 });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe("/srv/ss");
  });

  it("encodes finished videos at veryfast unless RENDER_X264_PRESET names another x264 preset", () => {
    expect(loadConfig({}).render.x264Preset).toBe("veryfast");
    expect(loadConfig({ RENDER_X264_PRESET: "medium" }).render.x264Preset).toBe("medium");
    expect(() => loadConfig({ RENDER_X264_PRESET: "placebo; rm -rf /" })).toThrow(/RENDER_X264_PRESET: must be one of ultrafast, superfast, veryfast/);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(5000);
    // As .env.example leaves it: background preparation follows RENDER_CONCURRENCY.
    expect(loadConfig({ RENDER_PREPARE_CONCURRENCY: "" }).render.prepareConcurrency).toBe(1);
    expect(loadConfig({ RENDER_PREPARE_CONCURRENCY: "", RENDER_CONCURRENCY: "0" }).render.prepareConcurrency).toBe(0);
  });

  it("names every bad variable at once", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", CAMP_YEAR: "1999", TRUST_PROXY: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ["PORT", "DATABASE_URL", "CAMP_YEAR", "TRUST_PROXY"]) expect(message).toContain(name);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it("keeps media on local disk unless S3_BUCKET is set, then reads every S3 setting", () => {
    expect(loadConfig({}).media.s3).toBeUndefined();
    const config = loadConfig({
      S3_BUCKET: "camp-media",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      RENDER_CONCURRENCY: "0",
    });
    expect(config.media.s3).toEqual({
      bucket: "camp-media",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      partSizeBytes: 5 * 1024 * 1024,
      uploadBuffers: 24,
    });
    expect(config.render.concurrency).toBe(0);
    expect(() => loadConfig({ S3_BUCKET: "camp-media", S3_ACCESS_KEY_ID: "key" })).toThrow(/set both or neither/);
    expect(() => loadConfig({ S3_BUCKET: "Not A Bucket", S3_PART_SIZE_MB: "2" })).toThrow(/S3_BUCKET[\s\S]*S3_PART_SIZE_MB/);
  });
});
