/**
 * Render benchmark (prints figures; never asserts). A 2-minute show is rendered by our render job and
 * by the bare ffmpeg command line the job runs, alternately, so the job's own overhead shows.
 * 1. Two 60-second source clips, WebM VP8 + Opus as MediaRecorder makes them (lavfi testsrc 640x360
 *    at 25 fps + a sine tone, encoded in realtime mode so making them is quick), generated once into
 *    os.tmpdir() with the npm ffmpeg and reused by file name. Both are uploaded (tus) as the clips of
 *    a show in format "linkedin" (1920x1080); render options audio "original", captions false.
 * 2. OURS: the clock runs from POST /api/recordings/:id/renders until app.renderWorker.runNext()
 *    returns and GET /api/renders/:id says done (so the job's probing and database work count).
 * 3. BARE: the same arguments from buildRenderPlan on the same stored clip files (found through the
 *    clips' storage keys), run with child_process.spawn on the resolved ffmpeg binary.
 * 4. Rounds alternate ours, bare, ours, bare; the fit alternates crop, fit between rounds for both,
 *    so each pair does the same work and ours never reuses an earlier render. Per-round seconds,
 *    medians, ours/bare (target <= 1.15) and speed as a multiple of real time (video s / render s).
 * The app is the real one (createTestApp) on an in-memory PGlite database; media under its test
 * DATA_DIR, removed at the end.
 * Run: npm run bench:render   (or npx tsx bench/render.bench.ts)
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { inArray } from "drizzle-orm";
import type { RenderJob } from "../contracts/renders.ts";
import { schema } from "../db/client.ts";
import { resolveVideoTools } from "../server/media/video-tools.ts";
import { runRenderPasses } from "../server/render/render-passes.ts";
import { buildRenderPlan } from "../server/render/render-plan.ts";
import { createShow, createTestApp, registerCamper, TEST_DATA_DIR } from "../testing/test-app.ts";
import { testDatabase } from "../testing/test-database.ts";
import { uploadClip } from "../testing/uploads.ts";

// The test database module reads this when the database is first opened (createTestApp below).
process.env.TEST_DB_KIND = "pglite";

const run = promisify(execFile);
const tools = resolveVideoTools({});

const CLIP_SECONDS = 60;
const FORMAT = "linkedin" as const;
const FITS = ["crop", "fit"] as const;
const ROUNDS = FITS.length;
const TARGET_RATIO = 1.15;

const note = (msg: string) => process.stderr.write(`[render bench] ${msg}\n`);
const line = (msg: string) => console.log(`render bench: ${msg}`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Source clips

const FIXTURE_DIR = path.join(tmpdir(), "summer-stories-fixtures");

/** A 60 s 640x360 25 fps VP8 + Opus WebM, made once and cached by file name. */
async function sourceClip(name: string, toneHz: number): Promise<{ file: string; bytes: Buffer }> {
  const file = path.join(FIXTURE_DIR, `bench-render-${name}-${CLIP_SECONDS}s-640x360-25fps-${toneHz}hz.webm`);
  if (!existsSync(file)) {
    mkdirSync(FIXTURE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp.webm`;
    const started = performance.now();
    await run(tools.ffmpeg, [
      "-v", "error", "-nostdin", "-y",
      "-f", "lavfi", "-i", `testsrc=size=640x360:rate=25:duration=${CLIP_SECONDS}`,
      "-f", "lavfi", "-i", `sine=frequency=${toneHz}:sample_rate=48000:duration=${CLIP_SECONDS}`,
      "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "1M",
      "-c:a", "libopus", "-b:a", "96k", "-shortest", "-f", "webm", partial,
    ]);
    await rename(partial, file);
    note(`made ${path.basename(file)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { file, bytes: readFileSync(file) };
}

// ---------------------------------------------------------------------------------------------
// Bare ffmpeg

function spawnFfmpeg(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tools.ffmpeg, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stdout.resume(); // -progress pipe:1 output, drained as the job drains it
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-64 * 1024);
    });
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg exited ${code ?? signal}: ${stderr.slice(-500)}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Main

note(`${cpus().length} CPU(s), node ${process.version}, ffmpeg ${tools.ffmpeg}`);
const [clipA, clipB] = [await sourceClip("a", 440), await sourceClip("b", 660)];

const app = await createTestApp({ VOICE_PROVIDER: "mespeak" });
const bareDir = await mkdtemp(path.join(tmpdir(), "summer-stories-render-bench-"));
try {
  const camper = await registerCamper(app);
  const show = await createShow(app, camper.cookie, { videoFormat: FORMAT, narration: "We filmed the lake at sunrise." });
  const a = await uploadClip(app, camper, clipA.bytes, "Clip A");
  const b = await uploadClip(app, camper, clipB.bytes, "Clip B");
  const put = await app.inject({
    method: "PUT",
    url: `/api/recordings/${show.id}/clips`,
    headers: { cookie: camper.cookie },
    payload: { clipIds: [a.id, b.id] },
  });
  if (put.statusCode !== 200) throw new Error(`setting the show's clips failed: ${put.statusCode} ${put.body}`);

  // The stored (remuxed) clip files the job reads, in show order.
  const { db } = await testDatabase();
  const rows = await db.select().from(schema.clips).where(inArray(schema.clips.id, [a.id, b.id]));
  const stored = [a.id, b.id].map((id) => rows.find((r) => r.id === id)!);
  const storedPaths = stored.map((r) => path.join(TEST_DATA_DIR, "media", ...r.storageKey.split("/")));
  for (const p of storedPaths) await stat(p);
  const videoSeconds = stored.reduce((s, r) => s + r.durationSeconds, 0);
  note(`show ${show.id}: clips ${stored.map((r) => `${r.id} (${r.durationSeconds.toFixed(2)} s)`).join(", ")}, ${videoSeconds.toFixed(2)} s in all`);

  async function ours(fit: (typeof FITS)[number]): Promise<number> {
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/api/recordings/${show.id}/renders`,
      headers: { cookie: camper.cookie },
      payload: { fit, audio: "original", captions: false },
    });
    if (res.statusCode !== 202) throw new Error(`render was not queued fresh: ${res.statusCode} ${res.body}`);
    const queued = res.json() as RenderJob;
    const ran = await app.renderWorker.runNext();
    const done = (await app.inject({ method: "GET", url: `/api/renders/${queued.id}`, headers: { cookie: camper.cookie } })).json() as RenderJob;
    const seconds = (performance.now() - started) / 1000;
    if (ran !== queued.id || done.status !== "done") throw new Error(`render ${queued.id} ended ${done.status}: ${done.message}`);
    return seconds;
  }

  async function bare(fit: (typeof FITS)[number], round: number): Promise<number> {
    const output = path.join(bareDir, `bare-${round}-${fit}.mp4`);
    const started = performance.now();
    const plan = buildRenderPlan({
      format: FORMAT,
      fit,
      clips: stored.map((r, i) => ({ path: storedPaths[i]!, durationSeconds: r.durationSeconds, hasAudio: true })),
      output,
    });
    // The same three passes the worker runs (sound stems, mix, picture), spawned bare.
    await runRenderPasses(plan, bareDir, (args) => spawnFfmpeg(args, bareDir));
    const seconds = (performance.now() - started) / 1000;
    await rm(output, { force: true });
    return seconds;
  }

  const oursSeconds: number[] = [];
  const bareSeconds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const fit = FITS[round % FITS.length]!;
    const o = await ours(fit);
    oursSeconds.push(o);
    note(`round ${round + 1} (${fit}): ours ${o.toFixed(2)} s`);
    const x = await bare(fit, round);
    bareSeconds.push(x);
    note(`round ${round + 1} (${fit}): bare ${x.toFixed(2)} s`);
  }

  const oursMedian = median(oursSeconds);
  const bareMedian = median(bareSeconds);
  const ratio = oursMedian / bareMedian;
  for (let round = 0; round < ROUNDS; round++) {
    const fit = FITS[round % FITS.length]!;
    line(`round ${round + 1} (fit ${fit}, ${FORMAT} 1920x1080, ${videoSeconds.toFixed(1)} s of video): ours ${oursSeconds[round]!.toFixed(2)} s, bare ffmpeg ${bareSeconds[round]!.toFixed(2)} s`);
  }
  line(`median ours (POST to done, via runNext) ${oursMedian.toFixed(2)} s over ${ROUNDS} rounds`);
  line(`median bare ffmpeg (same buildRenderPlan args, spawn) ${bareMedian.toFixed(2)} s over ${ROUNDS} rounds`);
  line(`ratio ours/bare ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"})`);
  line(`speed ours ${(videoSeconds / oursMedian).toFixed(2)}x real time (${videoSeconds.toFixed(1)} s of video / ${oursMedian.toFixed(2)} s)`);
  line(`speed bare ffmpeg ${(videoSeconds / bareMedian).toFixed(2)}x real time (${videoSeconds.toFixed(1)} s of video / ${bareMedian.toFixed(2)} s)`);
} finally {
  await app.close();
  await (await testDatabase()).close();
  await rm(bareDir, { recursive: true, force: true });
  await rm(TEST_DATA_DIR, { recursive: true, force: true });
}
