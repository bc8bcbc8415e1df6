import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../server/config.ts";

/**
 * An S3-compatible server on this machine (s3rver, speaking the S3 protocol over HTTP), so S3
 * storage is tested without reaching any real service. stop() and start() keep the port and the
 * bytes, for tests of what happens while it is away.
 */
export interface LocalS3 {
  settings: S3Settings;
  /** The environment an app process needs to use this server. */
  env: Record<string, string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export const LOCAL_S3_KEY = "S3RVER";

export async function startLocalS3(options: { bucket?: string; partSizeBytes?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "summer-stories-test";
  const directory = await mkdtemp(path.join(tmpdir(), "summer-stories-s3rver-"));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const address = (await server.run()) as { port: number };
    port = address.port;
  };
  await start();
  const stop = async () => {
    if (!server) return;
    const running = server;
    server = undefined;
    // Idle keep-alive sockets of the SDK must not hold the close.
    (running as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await running.close();
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const partSizeBytes = options.partSizeBytes ?? 5 * 1024 * 1024;
  return {
    settings: {
      bucket,
      endpoint,
      region: "us-east-1",
      accessKeyId: LOCAL_S3_KEY,
      secretAccessKey: LOCAL_S3_KEY,
      forcePathStyle: true,
      partSizeBytes,
      uploadBuffers: 24,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: LOCAL_S3_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY,
      S3_FORCE_PATH_STYLE: "true",
      S3_PART_SIZE_MB: String(Math.round(partSizeBytes / 1024 / 1024)),
    },
    start,
    stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The same server in a process of its own, for benchmarks: its CPU then shows as its own and does not
 * slow the clients that load the app. stop() and start() are not offered.
 */
export async function startLocalS3Process(options: { bucket?: string; partSizeBytes?: number } = {}): Promise<LocalS3 & { pid: number }> {
  const child = fork(path.join(import.meta.dirname, "s3-server-main.ts"), [JSON.stringify(options)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<Pick<LocalS3, "settings" | "env">>((resolve, reject) => {
    child.once("message", (message) => resolve(message as Pick<LocalS3, "settings" | "env">));
    child.once("exit", (code) => reject(new Error(`the S3 stand-in exited with ${code}`)));
  });
  const unsupported = () => Promise.reject(new Error("stop() and start() are not supported on the S3 stand-in process"));
  return {
    ...ready,
    pid: child.pid!,
    start: unsupported,
    stop: unsupported,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
