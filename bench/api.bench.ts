/**
 * API benchmark (prints figures; never asserts): signed-in GET /api/recordings returning a camper's 20
 * shows, our server next to the Express 5 + passport-local + express-session (connect-pg-simple) +
 * Drizzle yardstick in bench/express-yardstick.ts, on the same database: first PostgreSQL
 * (BENCH_DATABASE_URL / TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), then the
 * embedded default (the yardstick connects to the server our app started). Both run as built JavaScript
 * in their own process with a pool of 10 connections. Load: autocannon, 32 connections, 10 s per run
 * after a 3 s warm-up, runs alternating ours/yardstick, 3 each; medians of req/s and of p99 (ms).
 * Targets: ours >= 2x the yardstick's req/s, with a lower p99.
 * Run: npm run bench:api
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../e2e/support/server.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { BENCH_DATABASE_URL, benchDataDirs, freshDatabase, median, sleep, startApp } from "./support/processes.ts";

const SHOWS = 20;
const CONNECTIONS = 32;
const SECONDS = 10;
const ROUNDS = 3;

async function json(url: string, init: RequestInit) {
  const response = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init.headers } });
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function startYardstick(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/express-yardstick.ts"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`yardstick exited with ${code}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")))),
  };
}

async function load(url: string, cookie: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function compare(label: string, env: Record<string, string>, yardstickDatabaseUrl: () => string) {
  const ours = await startApp({ env: { ...env, DATABASE_POOL_SIZE: "10" }, via: "node" });
  const credentials = buildCredentials();
  const registered = await json(`${ours.baseURL}/api/register`, { method: "POST", body: JSON.stringify(credentials) });
  const ourCookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  for (let i = 0; i < SHOWS; i++) {
    await json(`${ours.baseURL}/api/narrations`, { method: "POST", headers: { cookie: ourCookie }, body: JSON.stringify(buildShowBody()) });
  }
  const yardstick = await startYardstick(yardstickDatabaseUrl());
  const signedIn = await json(`${yardstick.baseURL}/login`, { method: "POST", body: JSON.stringify(credentials) });
  const theirCookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;

  const ourUrl = `${ours.baseURL}/api/recordings`;
  const theirUrl = `${yardstick.baseURL}/api/recordings`;
  const [a, b] = await Promise.all([
    fetch(ourUrl, { headers: { cookie: ourCookie } }).then((r) => r.json()),
    fetch(theirUrl, { headers: { cookie: theirCookie } }).then((r) => r.json()),
  ]);
  if (a.length !== SHOWS || JSON.stringify(a) !== JSON.stringify(b)) throw new Error("the two servers answer differently");

  await load(ourUrl, ourCookie, 3);
  await load(theirUrl, theirCookie, 3);
  const ourRuns = [];
  const theirRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    ourRuns.push(await load(ourUrl, ourCookie, SECONDS));
    theirRuns.push(await load(theirUrl, theirCookie, SECONDS));
  }
  await yardstick.stop();
  await ours.stop();

  const oursRps = median(ourRuns.map((r) => r.rps));
  const theirsRps = median(theirRuns.map((r) => r.rps));
  const oursP99 = median(ourRuns.map((r) => r.p99));
  const theirsP99 = median(theirRuns.map((r) => r.p99));
  console.log(`\n${label}: GET /api/recordings, ${SHOWS} shows, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s alternating`);
  console.log(`  ours       req/s ${ourRuns.map((r) => r.rps.toFixed(0)).join(" / ")}  median ${oursRps.toFixed(0)}   p99 ${ourRuns.map((r) => r.p99).join(" / ")} ms  median ${oursP99}`);
  console.log(`  yardstick  req/s ${theirRuns.map((r) => r.rps.toFixed(0)).join(" / ")}  median ${theirsRps.toFixed(0)}   p99 ${theirRuns.map((r) => r.p99).join(" / ")} ms  median ${theirsP99}`);
  console.log(`  ratio ours/yardstick: req/s ${(oursRps / theirsRps).toFixed(2)} (target >= 2), p99 ${(oursP99 / theirsP99).toFixed(2)} (target < 1)`);
}

const dataDirs = benchDataDirs("ss-api");
const newDataDir = () => dataDirs.make();

try {
  const url = await freshDatabase(BENCH_DATABASE_URL, "ss_bench_api");
  await compare("PostgreSQL", { DATA_DIR: newDataDir(), DATABASE_URL: url }, () => url);
  const dataDir = newDataDir();
  await compare("Embedded default", { DATA_DIR: dataDir }, () => {
    const { socketDir } = JSON.parse(readFileSync(path.join(dataDir, "postgres.owner.json"), "utf8"));
    return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  });
} finally {
  await sleep(100);
  dataDirs.removeAll();
}
