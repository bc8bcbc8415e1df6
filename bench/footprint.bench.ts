/**
 * Footprint benchmark (prints figures; never asserts): the embedded default next to PostgreSQL, in one run.
 * For each backend, started as a camper starts it (`npm start`, so npm is in the measured tree):
 * 1. idle memory after the first start on an empty DATA_DIR (a new database) and after a restart on the
 *    same data: resident memory (VmRSS) of the whole process tree, npm, the app and, for the embedded
 *    default, its PostgreSQL processes, sampled for 3 s after 5 s of quiet; the median sample;
 * 2. time from `npm start` to the first answer (build current, so no build), on the restart;
 * 3. 200 campers at once, step by step (register, sign in, save a show, list shows, edit the show,
 *    write a narration with the offline writer, sign out): each step is all 200 campers sending their
 *    request together on their own connections (autocannon); p50 and p99 per step, and the tree's peak
 *    memory over the whole session (sampled every 100 ms).
 * PostgreSQL's own server processes are not counted on the PostgreSQL side (it runs as a system service);
 * on the embedded side they are part of the app. Units: MiB = 2^20 bytes, ms.
 * Run: npm run bench:footprint  (BENCH_DATABASE_URL or TEST_DATABASE_URL names the PostgreSQL; default
 * postgres://postgres@127.0.0.1:5432/postgres)
 */
import { buildCredentials, buildShowBody } from "../testing/factories.ts";
import { cookieFrom, runStep, type StepResult } from "./support/campers.ts";
import { BENCH_DATABASE_URL, benchDataDirs, freshDatabase, median, sampleRss, sleep, startApp, treeRssMiB } from "./support/processes.ts";

const CAMPERS = 200;

async function idleRss(pid: number) {
  await sleep(5000);
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    samples.push(treeRssMiB(pid));
    await sleep(100);
  }
  return median(samples);
}

async function campersSession(baseURL: string): Promise<StepResult[]> {
  const credentials = Array.from({ length: CAMPERS }, () => buildCredentials());
  const cookies: string[] = [];
  const showIds: number[] = [];
  const steps: StepResult[] = [];
  steps.push(await runStep("register", baseURL, CAMPERS, (i) => ({ method: "POST", path: "/api/register", body: credentials[i] })));
  steps.push(
    await runStep(
      "sign in",
      baseURL,
      CAMPERS,
      (i) => ({ method: "POST", path: "/api/login", body: credentials[i] }),
      (i, _status, _body, headers) => (cookies[i] = cookieFrom(headers)),
    ),
  );
  steps.push(
    await runStep(
      "save a show",
      baseURL,
      CAMPERS,
      (i) => ({ method: "POST", path: "/api/narrations", headers: { cookie: cookies[i]! }, body: buildShowBody() }),
      (i, status, body) => {
        if (status === 201) showIds[i] = JSON.parse(body).id;
      },
    ),
  );
  steps.push(await runStep("list shows", baseURL, CAMPERS, (i) => ({ method: "GET", path: "/api/recordings", headers: { cookie: cookies[i]! } })));
  steps.push(
    await runStep("edit the show", baseURL, CAMPERS, (i) => ({
      method: "PATCH",
      path: `/api/recordings/${showIds[i]}`,
      headers: { cookie: cookies[i]! },
      body: { narration: "This summer I learned to film at sunrise, and to wait for the light." },
    })),
  );
  steps.push(
    await runStep("write a narration", baseURL, CAMPERS, (i) => ({
      method: "POST",
      path: "/api/ai/generate-reflection",
      headers: { cookie: cookies[i]!, accept: "application/json" },
      body: { responses: ["we built rafts and filmed the race", "my cabin's stop-motion short"] },
    })),
  );
  steps.push(await runStep("sign out", baseURL, CAMPERS, (i) => ({ method: "POST", path: "/api/logout", headers: { cookie: cookies[i]! } })));
  return steps;
}

interface BackendFigures {
  name: string;
  idleFirst: number;
  idleRestart: number;
  restartMs: number;
  peak: number;
  steps: StepResult[];
}

async function measure(name: string, env: Record<string, string>): Promise<BackendFigures> {
  let app = await startApp({ env, via: "npm start" });
  const idleFirst = await idleRss(app.pid);
  await app.stop();
  app = await startApp({ env, via: "npm start" });
  const restartMs = app.firstAnswerMs;
  const idleRestart = await idleRss(app.pid);
  const sampler = sampleRss(app.pid);
  const steps = await campersSession(app.baseURL);
  const peak = sampler.stop();
  await app.stop();
  return { name, idleFirst, idleRestart, restartMs, peak, steps };
}

const dataDirs = benchDataDirs("ss-footprint");
const newDataDir = () => dataDirs.make();

try {
  const results: BackendFigures[] = [];
  results.push(await measure("embedded (default)", { DATA_DIR: newDataDir() }));
  const url = await freshDatabase(BENCH_DATABASE_URL, "ss_bench_footprint");
  results.push(await measure("PostgreSQL", { DATA_DIR: newDataDir(), DATABASE_URL: url }));

  const [embedded, postgres] = results as [BackendFigures, BackendFigures];
  const row = (label: string, a: string, b: string, extra = "") => console.log(`${label.padEnd(34)}${a.padStart(14)}${b.padStart(14)}${extra}`);
  console.log(`\nFootprint: ${CAMPERS} campers; memory is the whole process tree of \`npm start\` (MiB)\n`);
  row("", embedded.name, postgres.name);
  row("idle after first start", embedded.idleFirst.toFixed(0), postgres.idleFirst.toFixed(0), "   (target embedded <= 250)");
  row("idle after restart", embedded.idleRestart.toFixed(0), postgres.idleRestart.toFixed(0), "   (target embedded <= 250)");
  row(`peak with ${CAMPERS} campers`, embedded.peak.toFixed(0), postgres.peak.toFixed(0), "   (target embedded <= 400)");
  row("restart to first answer (ms)", embedded.restartMs.toFixed(0), postgres.restartMs.toFixed(0), "   (target <= 3000)");
  console.log("\nstep p50 / p99 (ms), failed requests        embedded            PostgreSQL     p99 ratio (target <= 2)");
  embedded.steps.forEach((step, i) => {
    const other = postgres.steps[i]!;
    const fmt = (s: StepResult) => `${s.p50} / ${s.p99}${s.failed ? ` (${s.failed} failed)` : ""}`;
    console.log(`${step.name.padEnd(34)}${fmt(step).padStart(16)}${fmt(other).padStart(22)}${(step.p99 / Math.max(1, other.p99)).toFixed(2).padStart(12)}`);
  });
} finally {
  dataDirs.removeAll();
}
