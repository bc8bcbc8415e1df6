/**
 * Camp-scale benchmark (prints figures; never asserts). Everything stays on 127.0.0.1.
 * CAMPERS campers (default 300) at once each register, sign in, create a show and upload a ~5 MB real
 * WebM clip over tus (one POST + one PATCH with the whole clip, which the server checks, remuxes and
 * probes), while RENDERS renders (default 10) queued just before run on the render worker.
 * Run twice on the same PostgreSQL:
 *   1. cluster: two web instances (RENDER_CONCURRENCY=0, requests alternate between them as a
 *      round-robin load balancer would) + one worker, media on S3 (s3rver, in a process of its own, so
 *      its work does not slow the campers' clients in this one);
 *   2. single: one web instance + one worker, media on the local disk.
 * Prints per step: requests, errors, p50 and p99 in ms; the web instances' peak resident memory
 * (VmRSS sampled every 200 ms); upload throughput (clip bytes of finished uploads / wall time of the
 * whole upload phase); how long the renders took (queued to done); the S3 stand-in's peak memory and
 * CPU seconds; and at the end one line each for the peaks per instance and the throughput ratio.
 * Needs TEST_DATABASE_URL (a database named <TEST_DB_PREFIX>_bench is created and dropped).
 * Run: npm run bench:cluster   (CAMPERS=50 RENDERS=2 for a quick look; HALVES=local or HALVES=s3 for one run alone)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { assertBuilt, freshDatabase, rssOf, startAppProcess, type AppProcess } from "../testing/cluster.ts";
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { bigWebmFixture } from "../testing/media-fixtures.ts";
import { startLocalS3Process, type LocalS3 } from "../testing/s3-server.ts";

const CAMPERS = Number(process.env.CAMPERS ?? 300);
const RENDERS = Number(process.env.RENDERS ?? 10);
/** Which runs to make ("s3,local" by default); one alone takes half the time but gives no throughput ratio. */
const HALVES = (process.env.HALVES ?? "s3,local").split(",").map((half) => half.trim());
const MB = 1e6;
const STEPS = ["register", "sign in", "create show", "upload clip"] as const;
type Step = (typeof STEPS)[number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunResult {
  label: string;
  timings: Record<Step, number[]>;
  errors: Record<Step, string[]>;
  peakRss: Record<string, number>;
  uploadSeconds: number;
  uploadedBytes: number;
  renderSeconds: number[];
  renderFailures: number;
  wallSeconds: number;
  /** The S3 stand-in's peak RSS (bytes) and CPU seconds over the run, when there is one. */
  standIn?: { peakRss: number; cpuSeconds: number };
}

/** User plus system CPU seconds a process has used so far (from /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime) in clock ticks, which Linux fixes at 100 a second.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

async function camper(web: AppProcess[], index: number, clip: Uint8Array<ArrayBuffer>, result: RunResult, uploadClock: { start: number; end: number }) {
  const pick = (n: number) => web[(index + n) % web.length]!;
  const time = async <T>(step: Step, run: () => Promise<T>): Promise<T | undefined> => {
    const started = performance.now();
    try {
      const value = await run();
      result.timings[step].push(performance.now() - started);
      return value;
    } catch (error) {
      result.errors[step].push((error as Error).message);
      return undefined;
    }
  };
  const credentials = buildCredentials();
  const post = (instance: AppProcess, path: string, body: unknown, cookie?: string) =>
    fetch(`${instance.baseURL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const registered = await time("register", async () => {
    const res = await post(pick(0), "/api/register", credentials);
    if (res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(await json(res))}`);
    return true;
  });
  // Each camper goes on only after their own step worked (never stop because another camper failed).
  if (!registered) return;
  const cookie = await time("sign in", async () => {
    const res = await post(pick(1), "/api/login", credentials);
    if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(await json(res))}`);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  });
  if (!cookie) return;
  const show = await time("create show", async () => {
    const res = await post(pick(2), "/api/narrations", buildShowBody(), cookie);
    if (res.status !== 201) throw new Error(`show ${res.status} ${JSON.stringify(await json(res))}`);
    return (await res.json()) as { id: number };
  });
  if (!show) return;
  await time("upload clip", async () => {
    uploadClock.start = Math.min(uploadClock.start, performance.now());
    const created = await fetch(`${pick(3).baseURL}/api/uploads`, {
      method: "POST",
      headers: {
        cookie,
        "tus-resumable": "1.0.0",
        "upload-length": String(clip.length),
        "upload-metadata": `title ${Buffer.from("Lake").toString("base64")},showId ${Buffer.from(String(show.id)).toString("base64")}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus create ${created.status}`);
    const patched = await fetch(`${pick(4).baseURL}${created.headers.get("location")}`, {
      method: "PATCH",
      headers: { cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: clip,
    });
    if (patched.status !== 204 || !patched.headers.get("upload-clip-id")) throw new Error(`tus patch ${patched.status} ${JSON.stringify(await json(patched))}`);
    result.uploadedBytes += clip.length;
    uploadClock.end = Math.max(uploadClock.end, performance.now());
  });
}

/** Campers with a show and a clip each, whose renders are queued just before the crowd arrives. */
async function prepareRenders(web: AppProcess, clip: Uint8Array<ArrayBuffer>): Promise<(() => Promise<Response>)[]> {
  const starts: (() => Promise<Response>)[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const credentials = buildCredentials();
    const reg = await fetch(`${web.baseURL}/api/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(credentials) });
    const cookie = reg.headers.get("set-cookie")!.split(";")[0]!;
    const headers = { "content-type": "application/json", cookie };
    const show = (await (await fetch(`${web.baseURL}/api/narrations`, { method: "POST", headers, body: JSON.stringify(buildShowBody()) })).json()) as { id: number };
    const created = await fetch(`${web.baseURL}/api/uploads`, { method: "POST", headers: { cookie, "tus-resumable": "1.0.0", "upload-length": String(clip.length) } });
    const patched = await fetch(`${web.baseURL}${created.headers.get("location")}`, {
      method: "PATCH",
      headers: { cookie, "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: clip,
    });
    const clipId = Number(patched.headers.get("upload-clip-id"));
    await fetch(`${web.baseURL}/api/recordings/${show.id}/clips`, { method: "PUT", headers, body: JSON.stringify({ clipIds: [clipId] }) });
    starts.push(() =>
      fetch(`${web.baseURL}/api/recordings/${show.id}/renders`, { method: "POST", headers, body: JSON.stringify({ fit: "crop", audio: "original" }) }),
    );
  }
  return starts;
}

async function run(label: string, useS3: boolean, webCount: number, clip: Uint8Array<ArrayBuffer>): Promise<RunResult> {
  const prefix = process.env.TEST_DB_PREFIX ?? "summer_stories_test";
  const databaseUrl = await freshDatabase(`${prefix}_bench`);
  let s3: (LocalS3 & { pid: number }) | undefined;
  if (useS3) s3 = await startLocalS3Process({ bucket: "summer-stories-bench" });
  const sharedDataDir = mkdtempSync(path.join(tmpdir(), "summer-stories-bench-"));
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_POOL_SIZE: "20",
    AUTH_REQUESTS_PER_ADDRESS: "100000",
    // Everyone registers from 127.0.0.1, as a camp does behind one Wi-Fi address: the camp's limit is
    // set to its size (the campers plus the ones whose renders run), as the README tells a camp to do.
    REGISTRATIONS_PER_ADDRESS: String(CAMPERS + RENDERS),
    VOICE_PROVIDER: "mespeak",
    ...(s3 ? s3.env : { DATA_DIR: sharedDataDir }),
  };
  const web: AppProcess[] = [];
  web.push(await startAppProcess("web-1", "main", { ...env, RENDER_CONCURRENCY: "0" }));
  for (let i = 2; i <= webCount; i++) web.push(await startAppProcess(`web-${i}`, "main", { ...env, RENDER_CONCURRENCY: "0" }));
  const worker = await startAppProcess("worker", "worker", { ...env, RENDER_CONCURRENCY: "2" });

  const result: RunResult = {
    label,
    timings: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<Step, number[]>,
    errors: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<Step, string[]>,
    peakRss: {},
    uploadSeconds: 0,
    uploadedBytes: 0,
    renderSeconds: [],
    renderFailures: 0,
    wallSeconds: 0,
  };
  try {
    const starts = await prepareRenders(web[0]!, clip);
    let sampling = true;
    const standInCpuBefore = s3 ? cpuSecondsOf(s3.pid) : 0;
    if (s3) result.standIn = { peakRss: 0, cpuSeconds: 0 };
    const sampler = (async () => {
      while (sampling) {
        for (const instance of web) {
          const rss = await rssOf(instance.child.pid!);
          result.peakRss[instance.name] = Math.max(result.peakRss[instance.name] ?? 0, rss);
        }
        if (s3 && result.standIn) result.standIn.peakRss = Math.max(result.standIn.peakRss, await rssOf(s3.pid));
        await sleep(200);
      }
    })();
    await Promise.all(starts.map((start) => start()));
    const uploadClock = { start: Infinity, end: 0 };
    const started = performance.now();
    await Promise.all(Array.from({ length: CAMPERS }, (_, i) => camper(web, i, clip, result, uploadClock)));
    result.wallSeconds = (performance.now() - started) / 1000;
    result.uploadSeconds = (uploadClock.end - uploadClock.start) / 1000;
    sampling = false;
    await sampler;
    if (s3 && result.standIn) result.standIn.cpuSeconds = cpuSecondsOf(s3.pid) - standInCpuBefore;

    // Renders: wait until every job has ended, then read their times from the database.
    const db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    for (;;) {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM render_jobs WHERE status IN ('queued', 'running')");
      if (rows[0]!.n === 0) break;
      await sleep(1000);
    }
    const { rows } = await db.query<{ status: string; s: number }>(
      "SELECT status, extract(epoch FROM finished_at - created_at)::float8 AS s FROM render_jobs ORDER BY id",
    );
    await db.end();
    result.renderSeconds = rows.filter((r) => r.status === "done").map((r) => r.s);
    result.renderFailures = rows.filter((r) => r.status !== "done").length;
  } finally {
    await Promise.all([...web.map((w) => w.stop()), worker.stop()]);
    await s3?.close();
    rmSync(sharedDataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseUrl.pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
  return result;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function print(result: RunResult) {
  console.log(`\n== ${result.label}: ${CAMPERS} campers at once, ${RENDERS} renders on the worker`);
  console.log("step           done  errors   p50 ms   p99 ms");
  for (const step of STEPS) {
    const t = result.timings[step];
    console.log(
      `${step.padEnd(14)} ${String(t.length).padStart(4)}  ${String(result.errors[step].length).padStart(6)}  ${percentile(t, 50).toFixed(0).padStart(7)}  ${percentile(t, 99).toFixed(0).padStart(7)}`,
    );
  }
  const errors = STEPS.flatMap((s) => result.errors[s]);
  if (errors.length) console.log(`first errors: ${[...new Set(errors)].slice(0, 3).join(" | ")}`);
  console.log(`all four steps for everyone: ${result.wallSeconds.toFixed(1)} s`);
  console.log(
    `upload throughput: ${(result.uploadedBytes / MB / result.uploadSeconds).toFixed(1)} MB/s (${(result.uploadedBytes / MB).toFixed(0)} MB of clips in ${result.uploadSeconds.toFixed(1)} s)`,
  );
  console.log(`web peak memory (RSS): ${Object.entries(result.peakRss).map(([n, b]) => `${n} ${(b / 2 ** 20).toFixed(0)} MiB`).join(", ")}`);
  if (result.standIn) {
    console.log(`S3 stand-in: peak ${(result.standIn.peakRss / 2 ** 20).toFixed(0)} MiB, CPU ${result.standIn.cpuSeconds.toFixed(1)} s during the campers' steps`);
  }
  console.log(
    `renders: ${result.renderSeconds.length} done, ${result.renderFailures} not; queued-to-done p50 ${percentile(result.renderSeconds, 50).toFixed(1)} s, max ${Math.max(...result.renderSeconds).toFixed(1)} s`,
  );
  return result;
}

async function main() {
  assertBuilt();
  const clip = new Uint8Array(await bigWebmFixture(6)) as Uint8Array<ArrayBuffer>;
  console.log(`clip: ${(clip.length / MB).toFixed(2)} MB real WebM (6 s, VP8 + Opus); machine: ${cpus().length} cores`);
  const cluster = HALVES.includes("s3") ? print(await run("cluster (2 web + worker, S3)", true, 2, clip)) : undefined;
  const single = HALVES.includes("local") ? print(await run("single (1 web + worker, local disk)", false, 1, clip)) : undefined;
  const peaks = (result: RunResult) => Object.entries(result.peakRss).map(([n, b]) => `${n} ${(b / 2 ** 20).toFixed(0)} MiB`).join(", ");
  const errors = (result: RunResult) => STEPS.reduce((sum, s) => sum + result.errors[s].length, 0);
  if (cluster) console.log(`\nS3 web instances peak RSS: ${peaks(cluster)} (errors ${errors(cluster)})`);
  if (single) console.log(`${cluster ? "" : "\n"}local disk web instance peak RSS: ${peaks(single)} (errors ${errors(single)})`);
  if (cluster && single) {
    const ratio = cluster.uploadedBytes / cluster.uploadSeconds / (single.uploadedBytes / single.uploadSeconds);
    console.log(`S3 throughput ${(ratio * 100).toFixed(0)} % of local disk`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
