import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_NAMES } from "./config-env.ts";

/**
 * No container engine runs where the tests run, so the example Dockerfile and compose file are
 * checked here instead: every command, script, file and environment name they use must exist in the
 * project, so they cannot drift from the process commands the other tests run.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);

/** `node dist/server/x.js` runs what `npm run build` makes of server/x.ts. */
function expectBuiltEntry(file: string) {
  const match = /^dist\/(.+)\.js$/.exec(file);
  expect(match, `${file} is not a built entry under dist/`).not.toBeNull();
  expect(existsSync(path.join(root, `${match![1]}.ts`)), `${match![1]}.ts exists`).toBe(true);
}

function expectCommand(words: string[]) {
  if (words[0] === "node") {
    if (words[1] === "-e") return;
    expectBuiltEntry(words[1]!);
  } else if (words[0] === "npm") {
    if (words[1] === "run") expect(scripts, `npm script ${words[2]}`).toContain(words[2]);
    else expect(["ci", "prune"]).toContain(words[1]);
  } else {
    throw new Error(`unexpected command: ${words.join(" ")}`);
  }
}

describe("Dockerfile", () => {
  const lines = read("Dockerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"));

  it("is Debian-based and installs Debian's ffmpeg", () => {
    expect(lines.filter((l) => l.startsWith("FROM ")).every((l) => /bookworm/.test(l))).toBe(true);
    expect(lines.some((l) => /apt-get install .*\bffmpeg\b/.test(l))).toBe(true);
  });

  it("uses only the project's scripts, entries, files and environment names", () => {
    for (const line of lines) {
      const [instruction, ...rest] = line.trim().split(/\s+/);
      const args = rest.join(" ");
      if (instruction === "RUN") {
        for (const step of args.split("&&").map((s) => s.trim().split(/\s+/))) {
          if (step[0] === "npm") expectCommand(step);
        }
      } else if (instruction === "CMD") {
        expectCommand(JSON.parse(args) as string[]);
      } else if (instruction === "ENV") {
        for (const [, name] of args.matchAll(/([A-Z_][A-Z0-9_]*)=/g)) expect(ENV_NAMES, `ENV ${name}`).toContain(name);
      } else if (instruction === "COPY" && !args.startsWith("--from")) {
        for (const source of rest.slice(0, -1)) expect(existsSync(path.join(root, source)), `COPY ${source}`).toBe(true);
      } else if (instruction === "HEALTHCHECK") {
        expect(args).toContain("/healthz");
      }
    }
  });
});

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, { build?: string; command?: string[]; environment?: Record<string, string>; volumes?: string[]; image?: string }>;
  };
  const ours = Object.entries(compose.services).filter(([, s]) => s.build === ".");

  it("runs PostgreSQL, MinIO, two web instances and one render worker", () => {
    const commands = ours.map(([, s]) => s.command!.join(" "));
    expect(commands.filter((c) => c === "node dist/server/main.js")).toHaveLength(2);
    expect(commands.filter((c) => c === "node dist/server/worker.js")).toHaveLength(1);
    const images = Object.values(compose.services).map((s) => s.image ?? "");
    expect(images.some((i) => i.startsWith("postgres:"))).toBe(true);
    expect(images.some((i) => i.startsWith("minio/minio"))).toBe(true);
  });

  it("gives our services only commands and environment names the app has", () => {
    for (const [name, service] of ours) {
      expectCommand(service.command!);
      for (const key of Object.keys(service.environment ?? {})) expect(ENV_NAMES, `${name}: ${key}`).toContain(key);
      expect(service.environment?.S3_BUCKET, `${name} uses the bucket`).toBeTruthy();
      expect(service.environment?.DATABASE_URL, `${name} uses PostgreSQL`).toMatch(/^postgres:\/\//);
    }
    const web = ours.filter(([, s]) => s.command!.includes("dist/server/main.js"));
    for (const [, service] of web) expect(service.environment?.RENDER_CONCURRENCY).toBe("0");
  });

  it("mounts only files that exist", () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0]!;
        if (source.startsWith("./")) expect(existsSync(path.join(root, source)), source).toBe(true);
      }
    }
  });
});

describe("deploy/nginx.conf", () => {
  const conf = read("deploy/nginx.conf")
    .split("\n")
    .filter((l) => !l.trim().startsWith("#"))
    .join("\n");
  const token = "Zx9_TOKEN-OF-A-SHARE-LINK-0123456789ab";

  /** What nginx makes of `value` through `map $source $target { "~regex" "replacement"; default $source; }`. */
  function mapped(source: string, value: string): string {
    const block = new RegExp(`map \\$${source} \\$(\\w+) \\{([^}]*)\\}`).exec(conf);
    expect(block, `a map of $${source}`).not.toBeNull();
    for (const [, pattern, replacement] of block![2]!.matchAll(/"~([^"]+)"\s+"([^"]+)";/g)) {
      const match = new RegExp(pattern!).exec(value);
      if (match) return replacement!.replace(/\$(\w+)/g, (_all, name: string) => match.groups?.[name] ?? "");
    }
    return value;
  }

  it("logs share-link paths and referers with the token replaced, in every access log", () => {
    const format = /log_format redacted ((?:'[^']*'\s*)+);/.exec(conf)?.[1] ?? "";
    expect(format).toContain("$redacted_request_uri");
    expect(format).toContain("$redacted_referer");
    // Nothing that carries the raw path or referer.
    expect(format).not.toMatch(/\$(request|request_uri|uri|http_referer)\b/);
    const accessLogs = [...conf.matchAll(/access_log ([^;]+);/g)].map((m) => m[1]!);
    expect(accessLogs.length).toBeGreaterThan(0);
    for (const log of accessLogs) expect(log).toMatch(/ redacted$/);

    expect(mapped("request_uri", `/s/${token}`)).toBe("/s/[redacted]");
    expect(mapped("request_uri", `/s/${token}/media?download=1`)).toBe("/s/[redacted]/media?download=1");
    expect(mapped("request_uri", `/s/${token}/captions.vtt`)).toBe("/s/[redacted]/captions.vtt");
    expect(mapped("request_uri", "/api/shares?s=1")).toBe("/api/shares?s=1");
    expect(mapped("http_referer", `https://camp.example/s/${token}?x=1`)).toBe("https://camp.example/s/[redacted]?x=1");
    expect(mapped("http_referer", "https://camp.example/shows/4")).toBe("https://camp.example/shows/4");
  });

  it("keeps share paths out of the error log, which names requests as they came", () => {
    const shares = /location \/s\/ \{([^}]*)\}/.exec(conf)?.[1] ?? "";
    expect(shares).toMatch(/error_log \S+ crit;/);
    expect(shares).toContain("proxy_pass http://summer_stories;");
  });
});

describe("README and .env.example", () => {
  it("name only npm scripts that exist", () => {
    const readme = read("README.md");
    for (const [, script] of readme.matchAll(/npm run ([a-z][\w:-]*)/g)) expect(scripts, `npm run ${script}`).toContain(script);
  });

  it("list exactly the environment variables the app reads", () => {
    const example = [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect([...example].sort()).toEqual([...ENV_NAMES].sort());
    const table = [...read("README.md").matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!);
    for (const name of table) expect(ENV_NAMES, `README names ${name}`).toContain(name);
  });
});
