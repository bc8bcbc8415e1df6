import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("needs nothing to run on a laptop: port 5000, ./data, embedded database", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.resolve("data", "db") });
    expect(config.camp.year).toBe(new Date().getFullYear());
  });

  it("switches to PostgreSQL with DATABASE_URL and honours PORT and DATA_DIR", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/camp", PORT: "8080", DATA_DIR: "/srv/ss" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/camp", poolSize: 10 });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe("/srv/ss");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(5000);
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
});
