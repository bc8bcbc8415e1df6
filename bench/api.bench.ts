/**
 * API benchmark (prints figures; never asserts): signed-in GET /api/recordings returning a camper's 20
 * shows, our server next to two others on the same database and rows: the Express 5 + passport-local +
 * express-session (connect-pg-simple) + Drizzle yardstick in bench/express-yardstick.ts, and the floor
 * in bench/bare-floor.ts (node:http and pg only, our two prepared statements, the same JSON bytes).
 * First PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * then the embedded default (the other two connect to the server our app started). Each runs in its own
 * process with a pool of 10 connections. Load: autocannon, 32 connections, 10 s per run after a 3 s
 * warm-up, runs alternating ours/yardstick/floor, 3 each; medians of req/s and of p99 (ms).
 * Targets: ours >= 2x the yardstick's req/s, with a lower p99; ours >= 80 % of the floor's req/s.
 * Run: npm run bench:api
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../e2e/support/server.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { BENCH_DATABASE_URL, benchDataDirs, freshDatabase, median, sleep, startApp } from "./support/processes.ts";

const SHOWS = 20;
const CONNECTIONS = 32;
const SECONDS = 10;
const ROUNDS = 3;
/** Each server's pool. */
const POOL = 10;

async function json(url: string, init: RequestInit) {
  const response = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init.headers } });
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** One of the servers we measure against (bench/express-yardstick.ts, bench/bare-floor.ts), once it says "ready". */
async function startOther(script: string, databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
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

/**
 * Waits until the database can take one more full pool. The embedded server allows two pools and a
 * spare (db/embedded-postgres.ts), and three servers share it here: a run starts once the pool of the
 * server before last has gone idle and closed (pg closes idle connections after 10 s).
 */
async function roomForAPool(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ free: number }>(
        "SELECT current_setting('max_connections')::int - count(*)::int AS free FROM pg_stat_activity WHERE backend_type = 'client backend'",
      );
      if (rows[0]!.free > POOL) return;
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}

async function compare(label: string, env: Record<string, string>, otherDatabaseUrl: () => string, sharedConnections: boolean) {
  const ours = await startApp({ env: { ...env, DATABASE_POOL_SIZE: String(POOL) }, via: "node" });
  const credentials = buildCredentials();
  const registered = await json(`${ours.baseURL}/api/register`, { method: "POST", body: JSON.stringify(credentials) });
  const ourCookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  for (let i = 0; i < SHOWS; i++) {
    await json(`${ours.baseURL}/api/narrations`, { method: "POST", headers: { cookie: ourCookie }, body: JSON.stringify(buildShowBody()) });
  }
  const yardstick = await startOther("bench/express-yardstick.ts", otherDatabaseUrl());
  const floor = await startOther("bench/bare-floor.ts", otherDatabaseUrl());
  const ourRuns = [];
  const theirRuns = [];
  const floorRuns = [];
  try {
    const signedIn = await json(`${yardstick.baseURL}/login`, { method: "POST", body: JSON.stringify(credentials) });
    const theirCookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;

    const ourUrl = `${ours.baseURL}/api/recordings`;
    const theirUrl = `${yardstick.baseURL}/api/recordings`;
    // The floor reads our session cookie from our session table, as our server does.
    const floorUrl = `${floor.baseURL}/api/recordings`;
    const [a, b, c] = await Promise.all([
      fetch(ourUrl, { headers: { cookie: ourCookie } }).then((r) => r.text()),
      fetch(theirUrl, { headers: { cookie: theirCookie } }).then((r) => r.text()),
      fetch(floorUrl, { headers: { cookie: ourCookie } }).then((r) => r.text()),
    ]);
    if (JSON.parse(a).length !== SHOWS || JSON.stringify(JSON.parse(a)) !== JSON.stringify(JSON.parse(b))) throw new Error("ours and the yardstick answer differently");
    if (a !== c) throw new Error(`ours and the floor answer different bytes:\n${a}\n---\n${c}`);

    const run = async (url: string, cookie: string, seconds: number) => {
      if (sharedConnections) await roomForAPool(otherDatabaseUrl());
      return load(url, cookie, seconds);
    };
    await run(ourUrl, ourCookie, 3);
    await run(theirUrl, theirCookie, 3);
    await run(floorUrl, ourCookie, 3);
    for (let round = 0; round < ROUNDS; round++) {
      ourRuns.push(await run(ourUrl, ourCookie, SECONDS));
      theirRuns.push(await run(theirUrl, theirCookie, SECONDS));
      floorRuns.push(await run(floorUrl, ourCookie, SECONDS));
    }
  } finally {
    await floor.stop();
    await yardstick.stop();
    await ours.stop();
  }

  const oursRps = median(ourRuns.map((r) => r.rps));
  const theirsRps = median(theirRuns.map((r) => r.rps));
  const oursP99 = median(ourRuns.map((r) => r.p99));
  const theirsP99 = median(theirRuns.map((r) => r.p99));
  console.log(`\n${label}: GET /api/recordings, ${SHOWS} shows, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s alternating`);
  console.log(`  ours       req/s ${ourRuns.map((r) => r.rps.toFixed(0)).join(" / ")}  median ${oursRps.toFixed(0)}   p99 ${ourRuns.map((r) => r.p99).join(" / ")} ms  median ${oursP99}`);
  console.log(`  yardstick  req/s ${theirRuns.map((r) => r.rps.toFixed(0)).join(" / ")}  median ${theirsRps.toFixed(0)}   p99 ${theirRuns.map((r) => r.p99).join(" / ")} ms  median ${theirsP99}`);
  console.log(`  ratio ours/yardstick: req/s ${(oursRps / theirsRps).toFixed(2)} (target >= 2), p99 ${(oursP99 / theirsP99).toFixed(2)} (target < 1)`);
  const floorRps = median(floorRuns.map((r) => r.rps));
  console.log(`  bare floor req/s ${floorRuns.map((r) => r.rps.toFixed(0)).join(" / ")}  median ${floorRps.toFixed(0)}   p99 ${floorRuns.map((r) => r.p99).join(" / ")} ms  median ${median(floorRuns.map((r) => r.p99))}`);
  // The floor comparison; target: ratio >= 0.8.
  console.log(`floor: ours ${oursRps.toFixed(0)} req/s, bare ${floorRps.toFixed(0)} req/s, ratio ${(oursRps / floorRps).toFixed(2)}`);
}

const dataDirs = benchDataDirs("ss-api");
const newDataDir = () => dataDirs.make();

try {
  const url = await freshDatabase(BENCH_DATABASE_URL, "ss_bench_api");
  await compare("PostgreSQL", { DATA_DIR: newDataDir(), DATABASE_URL: url }, () => url, false);
  const dataDir = newDataDir();
  await compare("Embedded default", { DATA_DIR: dataDir }, () => {
    const { socketDir } = JSON.parse(readFileSync(path.join(dataDir, "postgres.owner.json"), "utf8"));
    return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  }, true);
} finally {
  await sleep(100);
  dataDirs.removeAll();
}
