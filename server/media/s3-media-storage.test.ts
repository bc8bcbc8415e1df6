import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, PutObjectCommand, UploadPartCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3Process, type LocalS3 } from "../../testing/s3-server.ts";
import { MIN_PART_BYTES, S3MediaStorage } from "./s3-media-storage.ts";

/**
 * What S3 storage adds to the shared contract: bodies stream through a scratch file instead of
 * memory, part uploads are bounded per instance, and a write that completes an object stores it
 * whole. The stand-in runs in its own process, so this process's memory is the storage's alone.
 */
let s3: LocalS3;
let scratch: string;
beforeAll(async () => {
  s3 = await startLocalS3Process({ bucket: "s3-storage-test" });
  scratch = await mkdtemp(path.join(tmpdir(), "summer-stories-s3-scratch-"));
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

function sourceOf(bytes: Buffer, piece = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysUnder(storage: S3MediaStorage, prefix: string): Promise<string[]> {
  const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

describe("S3 storage writes", () => {
  it("sends at most S3_UPLOAD_BUFFERS bodies to S3 at once while every write's body is read meanwhile", async () => {
    const storage = new S3MediaStorage({ ...s3.settings, uploadBuffers: 1 }, scratch);
    let sendingBodies = 0;
    let mostAtOnce = 0;
    const send = storage.client.send.bind(storage.client);
    storage.client.send = (async (command: { input?: { ContentLength?: number } }) => {
      const carriesBody = (command instanceof UploadPartCommand || command instanceof PutObjectCommand) && (command.input?.ContentLength ?? 0) > 0;
      if (carriesBody) mostAtOnce = Math.max(mostAtOnce, ++sendingBodies);
      try {
        return await send(command as never);
      } finally {
        if (carriesBody) sendingBodies--;
      }
    }) as typeof storage.client.send;
    try {
      const bodies = [randomBytes(2 * MIN_PART_BYTES + 1000), randomBytes(MIN_PART_BYTES + 3000), randomBytes(200_000)];
      const keys = bodies.map((_, i) => `users/5/uploads/bounded-${i}`);
      const written = await Promise.all(bodies.map((body, i) => storage.writeAt(keys[i]!, 0, sourceOf(body))));
      expect(written).toEqual(bodies.map((b) => b.length));
      expect(mostAtOnce).toBe(1);
      for (const [i, key] of keys.entries()) {
        await storage.seal(key);
        expect((await readAll(storage.read(key))).equals(bodies[i]!)).toBe(true);
      }
      await storage.deletePrefix("users/5");
    } finally {
      storage.close();
    }
  });

  it("keeps twenty 5 MB bodies arriving at once out of memory (spooled to scratch files, removed after)", async () => {
    const storage = new S3MediaStorage(s3.settings, scratch);
    try {
      // One buffer shared by every source, allocated before the baseline is read.
      const clip = randomBytes(5_000_000);
      global.gc?.();
      const before = process.memoryUsage().arrayBuffers;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
      try {
        await Promise.all(
          Array.from({ length: 20 }, (_, i) => storage.writeAt(`users/6/uploads/crowd-${i}`, 0, sourceOf(clip), undefined, { expectedTotal: clip.length })),
        );
      } finally {
        clearInterval(sampler);
      }
      // Held whole, the bodies alone would be 95 MiB (and twice that with the copies sent); what is
      // measured here is a few stream buffers per write plus garbage not yet collected.
      expect((peak - before) / 2 ** 20).toBeLessThan(48);
      expect(await storage.size("users/6/uploads/crowd-7")).toBe(clip.length);
      expect((await readdir(scratch)).filter((name) => name.startsWith("s3-spool-"))).toEqual([]);
      await storage.deletePrefix("users/6");
    } finally {
      storage.close();
    }
  }, 60_000);

  it("stores the finished object at once when a write reaches the expected length, below and above a part", async () => {
    const storage = new S3MediaStorage(s3.settings, scratch);
    try {
      const small = randomBytes(300_000);
      const big = randomBytes(MIN_PART_BYTES + 123_456);
      // The small one resumes into its tail first: the tail's bytes and the new ones become the object.
      await storage.writeAt("users/7/uploads/small", 0, sourceOf(small.subarray(0, 100_000)), undefined, { expectedTotal: small.length });
      expect(await keysUnder(storage, "users/7/uploads/small")).toEqual(["users/7/uploads/small.parts/tail-00001"]);
      await storage.writeAt("users/7/uploads/small", 100_000, sourceOf(small.subarray(100_000)), undefined, { expectedTotal: small.length });
      await storage.writeAt("users/7/uploads/big", 0, sourceOf(big), undefined, { expectedTotal: big.length });
      // No state objects are left for seal() to assemble: the objects are whole already.
      expect(await keysUnder(storage, "users/7/")).toEqual(["users/7/uploads/big", "users/7/uploads/small"]);
      for (const [key, bytes] of [["users/7/uploads/small", small], ["users/7/uploads/big", big]] as const) {
        await storage.seal(key);
        expect((await readAll(storage.read(key))).equals(bytes)).toBe(true);
      }
      await storage.deletePrefix("users/7");
    } finally {
      storage.close();
    }
  });

  it("resumes after a body cut beyond a part: the part sent, the rest as a tail, nothing left in scratch", async () => {
    const storage = new S3MediaStorage(s3.settings, scratch);
    try {
      const bytes = randomBytes(MIN_PART_BYTES + 400_000);
      const cutAt = MIN_PART_BYTES + 150_000;
      const cut = Readable.from(
        (async function* () {
          yield* sourceOf(bytes.subarray(0, cutAt));
          throw new Error("connection reset");
        })(),
      );
      const failure = (await storage.writeAt("users/8/uploads/cut", 0, cut, undefined, { expectedTotal: bytes.length }).catch((e: unknown) => e)) as Error & {
        bytesWritten?: number;
      };
      expect(failure.message).toBe("connection reset");
      // What reached the spool is kept (chunks still queued for it when the body failed are not).
      const kept = failure.bytesWritten!;
      expect(kept).toBeGreaterThan(MIN_PART_BYTES);
      expect(kept).toBeLessThanOrEqual(cutAt);
      const state = await keysUnder(storage, "users/8/uploads/cut.parts/");
      expect(state.filter((k) => /\/part-00001-/.test(k))).toHaveLength(1);
      expect(state.filter((k) => k.endsWith("/tail-00002"))).toHaveLength(1);
      expect(await storage.size("users/8/uploads/cut")).toBe(kept);
      await storage.writeAt("users/8/uploads/cut", kept, sourceOf(bytes.subarray(kept)), undefined, { expectedTotal: bytes.length });
      await storage.seal("users/8/uploads/cut");
      expect((await readAll(storage.read("users/8/uploads/cut"))).equals(bytes)).toBe(true);
      expect(await keysUnder(storage, "users/8/")).toEqual(["users/8/uploads/cut"]);
      expect((await readdir(scratch)).filter((name) => name.startsWith("s3-spool-"))).toEqual([]);
      await storage.deletePrefix("users/8");
    } finally {
      storage.close();
    }
  });
});
