import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../contracts/clips.ts";
import type { RenderJob } from "../../contracts/renders.ts";
import { S3MediaStorage } from "../../server/media/s3-media-storage.ts";
import { assertBuilt, freshDatabase, startAppProcess, startTcpProxy, type AppProcess, type TcpProxy } from "../../testing/cluster.ts";
import { buildCredentials, buildShowBody } from "../../testing/factories.ts";
import { bigWebmFixture } from "../../testing/media-fixtures.ts";
import { TEST_X264_PRESET } from "../../testing/render-speed.ts";
import { startLocalS3, type LocalS3 } from "../../testing/s3-server.ts";

/**
 * The app as it runs at scale: PostgreSQL, an S3 server, two web instances and one render worker,
 * each a separate process started from the built dist exactly as in production. The test talks to the
 * instances over HTTP like a load balancer that sends each request wherever it likes.
 */
let s3: LocalS3;
let database: TcpProxy;
let databaseUrl: URL;
let a: AppProcess;
let b: AppProcess;
let worker: AppProcess;
let inspect: S3MediaStorage;

beforeAll(async () => {
  assertBuilt();
  s3 = await startLocalS3();
  const direct = await freshDatabase(`${process.env.TEST_DB_PREFIX ?? "summer_stories_test"}_cluster`);
  // The instances reach PostgreSQL through a proxy the test can cut, as if the database stopped.
  database = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  databaseUrl = new URL(direct);
  databaseUrl.hostname = "127.0.0.1";
  databaseUrl.port = String(database.port);
  const env = { ...s3.env, DATABASE_URL: databaseUrl.toString(), DATABASE_POOL_SIZE: "5", VOICE_PROVIDER: "mespeak", METRICS_TOKEN: OPERATOR_TOKEN, RENDER_X264_PRESET: TEST_X264_PRESET };
  a = await startAppProcess("web-a", "main", { ...env, RENDER_CONCURRENCY: "0" });
  [b, worker] = await Promise.all([
    startAppProcess("web-b", "main", { ...env, RENDER_CONCURRENCY: "0" }),
    startAppProcess("worker", "worker", { ...env, RENDER_CONCURRENCY: "1" }),
  ]);
  inspect = new S3MediaStorage(s3.settings);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
  inspect?.close();
  await database?.close();
  await s3?.close();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** METRICS_TOKEN of the instances: it opens /metrics and /readyz's reasons. */
const OPERATOR_TOKEN = "cluster-operators-token";

async function call(instance: AppProcess, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body && typeof init.body === "string") headers.set("content-type", "application/json");
  return fetch(`${instance.baseURL}${path}`, { ...init, headers });
}

const tusHeaders = (offset: number) => ({
  "tus-resumable": "1.0.0",
  "content-type": "application/offset+octet-stream",
  "upload-offset": String(offset),
});

async function bucketKeys(): Promise<string[]> {
  const listed = await inspect.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/**
 * A PATCH whose body is sent slowly, so the instance can be killed while it is still arriving.
 * Resolves once `sentBefore` bytes are on the wire; the request's fate is in `done`.
 */
function slowPatch(instance: AppProcess, location: string, cookie: string, offset: number, bytes: Buffer, sentBefore: number) {
  const url = new URL(`${instance.baseURL}${location}`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "PATCH",
    headers: { ...tusHeaders(offset), cookie, "content-length": String(bytes.length) },
  });
  const done = new Promise<number>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(-1));
  });
  req.write(bytes.subarray(0, sentBefore));
  return { done, rest: () => req.end(bytes.subarray(sentBefore)) };
}

describe("two web instances and a render worker on PostgreSQL and S3", () => {
  it("shares sign-in, takes a tus upload across instances and past a crash, renders on the worker, and deletes everything with the account", async () => {
    // Signed in on A is signed in on B.
    const credentials = buildCredentials();
    const registered = await call(a, "/api/register", { method: "POST", body: JSON.stringify(credentials) });
    expect(registered.status).toBe(201);
    const login = await call(a, "/api/login", { method: "POST", body: JSON.stringify(credentials) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const me = await call(b, "/api/user", { cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(credentials.username);

    // A tus upload whose PATCHes alternate between A and B.
    const video = await bigWebmFixture(8);
    const created = await call(b, "/api/uploads", {
      method: "POST",
      cookie,
      headers: { "tus-resumable": "1.0.0", "upload-length": String(video.length), "upload-metadata": `title ${Buffer.from("Canoe race").toString("base64")}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const piece = 1024 * 1024;
    let offset = 0;
    for (let i = 0; i < 4; i++) {
      const instance = i % 2 === 0 ? a : b;
      const res = await call(instance, location, { method: "PATCH", cookie, headers: tusHeaders(offset), body: new Uint8Array(video.subarray(offset, offset + piece)) });
      expect(res.status).toBe(204);
      offset += piece;
      expect(res.headers.get("upload-offset")).toBe(String(offset));
    }

    // B dies halfway through the next PATCH; A takes over from what the bucket holds.
    const slow = slowPatch(b, location, cookie, offset, video.subarray(offset, offset + 2 * piece), piece);
    await sleep(500);
    await b.kill();
    expect(await slow.done).toBe(-1);
    slow.rest();
    for (let attempt = 0; ; attempt++) {
      const head = await call(a, location, { method: "HEAD", cookie, headers: { "tus-resumable": "1.0.0" } });
      expect(head.status).toBe(200);
      offset = Number(head.headers.get("upload-offset"));
      const res = await call(a, location, { method: "PATCH", cookie, headers: tusHeaders(offset), body: new Uint8Array(video.subarray(offset)) });
      if (res.status === 204) {
        expect(res.headers.get("upload-clip-id")).toMatch(/^\d+$/);
        break;
      }
      // The dead writer's lock on the upload runs out first (423), as the tus client would retry.
      expect([409, 423]).toContain(res.status);
      expect(attempt).toBeLessThan(90);
      await sleep(2000);
    }
    const [clip] = (await (await call(a, "/api/clips?loose=true", { cookie })).json()) as Clip[];
    expect(clip).toMatchObject({ uploadedBytes: video.length, uploadSha256: sha256(video), mimeType: "video/webm" });
    expect(Math.abs(clip!.durationSeconds - 8)).toBeLessThan(0.3);

    // The render runs on the worker (web instances render nothing) and downloads from A.
    const show = await (await call(a, "/api/narrations", { method: "POST", cookie, body: JSON.stringify(buildShowBody({ narration: "We raced canoes." })) })).json();
    expect((await call(a, `/api/recordings/${show.id}/clips`, { method: "PUT", cookie, body: JSON.stringify({ clipIds: [clip!.id] }) })).status).toBe(200);
    const started = await call(a, `/api/recordings/${show.id}/renders`, { method: "POST", cookie, body: JSON.stringify({ fit: "crop", audio: "original" }) });
    expect(started.status).toBe(202);
    const { id: jobId } = (await started.json()) as RenderJob;
    let job: RenderJob;
    for (let i = 0; ; i++) {
      job = (await (await call(a, `/api/renders/${jobId}`, { cookie })).json()) as RenderJob;
      if (job.status === "done" || job.status === "failed") break;
      expect(i).toBeLessThan(300);
      await sleep(1000);
    }
    expect(job.status, job.message ?? "").toBe("done");
    const owner = new pg.Client({ connectionString: databaseUrl.toString() });
    await owner.connect();
    const { rows } = await owner.query<{ locked_by: string }>("SELECT locked_by FROM render_jobs WHERE id = $1", [jobId]);
    await owner.end();
    expect(rows[0]!.locked_by).toMatch(new RegExp(`^worker-${worker.child.pid}-`));
    const mp4 = await call(a, job.downloadUrl!, { cookie });
    expect(mp4.status).toBe(200);
    const bytes = Buffer.from(await mp4.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(Number(mp4.headers.get("content-length"))).toBe(bytes.length);

    // Deleting the account removes every object from the bucket.
    expect((await bucketKeys()).length).toBeGreaterThan(0);
    const deleted = await call(a, "/api/user", { method: "DELETE", cookie, body: JSON.stringify({ password: credentials.password }) });
    expect(deleted.status).toBeLessThan(300);
    expect(await bucketKeys()).toEqual([]);
  }, 600_000);

  it("reports 503 on /readyz while the database or the S3 server is stopped, and 200 once they are back", async () => {
    const ready = async () => {
      // A keep-alive socket from the calls above may be closed by the server just as it is reused
      // (UND_ERR_SOCKET, or ECONNRESET when the close and the reuse cross on a busy machine); one retry
      // on a new connection tells that apart from a dead instance, which refuses the retry too.
      // The reason is told only to the operators' token.
      const asOperator = { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } };
      const res = await call(a, "/readyz", asOperator).catch((error: { cause?: { code?: string } }) => {
        // A crashed instance is a finding of its own: say so, with what it printed last.
        if (a.child.exitCode !== null || a.child.signalCode !== null) throw new Error(`web-1 stopped (${a.child.exitCode ?? a.child.signalCode}):\n${a.output()}`);
        if (error.cause?.code !== "UND_ERR_SOCKET" && error.cause?.code !== "ECONNRESET") throw error;
        return call(a, "/readyz", asOperator);
      });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    };
    expect((await ready()).status).toBe(200);

    await s3.stop();
    const noStorage = await ready();
    expect(noStorage.status).toBe(503);
    expect(noStorage.body.message).toMatch(/^storage: /);
    expect((await call(a, "/healthz")).status).toBe(200);
    await s3.start();
    expect((await ready()).status).toBe(200);

    await database.stop();
    const noDatabase = await ready();
    expect(noDatabase.status).toBe(503);
    expect(noDatabase.body.message).toMatch(/^database: /);
    await database.start();
    // The pool replaces its cut connections on the next query.
    let back = await ready();
    for (let i = 0; back.status !== 200 && i < 10; i++) {
      await sleep(500);
      back = await ready();
    }
    expect(back.status).toBe(200);
  }, 120_000);
});
