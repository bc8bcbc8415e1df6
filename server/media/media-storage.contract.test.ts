import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../testing/s3-server.ts";
import { LocalMediaStorage } from "./local-media-storage.ts";
import { withLocalFiles, type MediaStorage } from "./media-storage.ts";
import { MIN_PART_BYTES, S3MediaStorage } from "./s3-media-storage.ts";

/**
 * One contract, two implementations: everything the app relies on from media storage must hold on
 * local disk and on an S3-compatible server alike.
 */
const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that yields `bytes` in pieces of `piece` bytes. */
function sourceOf(bytes: Buffer, piece = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
    })(),
  );
}

/** A source that yields `bytes` and then fails, as a client that goes away mid-body. */
function brokenSourceOf(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error("client went away");
    })(),
  );
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

interface Subject {
  storage: MediaStorage;
  /** Another instance over the same bytes (a second app instance). */
  other: () => MediaStorage;
  /** Every object name the backing store holds, for "nothing is left behind". */
  leftovers: () => Promise<string[]>;
}

function contract(name: string, setup: () => Promise<Subject>, teardown: () => Promise<void>) {
  describe(`media storage contract: ${name}`, () => {
    let subject: Subject;
    let storage: MediaStorage;
    beforeAll(async () => {
      subject = await setup();
      storage = subject.storage;
    });
    afterAll(teardown);

    it("stores a whole object and reads it back, whole and by byte range", async () => {
      const bytes = randomBytes(300_000);
      expect(await storage.writeAt("users/1/clips/a.webm", 0, sourceOf(bytes))).toBe(bytes.length);
      await storage.seal("users/1/clips/a.webm");
      expect(await storage.size("users/1/clips/a.webm")).toBe(bytes.length);
      expect(sha(await readAll(storage.read("users/1/clips/a.webm")))).toBe(sha(bytes));
      const part = await readAll(storage.read("users/1/clips/a.webm", { start: 1000, end: 1999 }));
      expect(part.equals(bytes.subarray(1000, 2000))).toBe(true);
    });

    it("appends in pieces smaller and larger than a part, across instances, into one identical object", async () => {
      const bytes = randomBytes(2 * MIN_PART_BYTES + 777_777);
      const key = "users/1/uploads/appended";
      const pieces = [100_000, 3 * MiB, 40_000, MIN_PART_BYTES + 5, 0];
      let offset = 0;
      for (const [index, length] of pieces.entries()) {
        const end = index === pieces.length - 1 ? bytes.length : offset + length;
        // Alternate instances, as a load balancer would send the PATCHes.
        const writer = index % 2 === 0 ? storage : subject.other();
        expect(await writer.writeAt(key, offset, sourceOf(bytes.subarray(offset, end)))).toBe(end - offset);
        offset = end;
        expect(await storage.size(key)).toBe(offset);
      }
      await subject.other().seal(key);
      expect(await storage.size(key)).toBe(bytes.length);
      expect(sha(await readAll(storage.read(key)))).toBe(sha(bytes));
    });

    it("keeps the bytes that arrived before a source failed, so the write resumes from there", async () => {
      const bytes = randomBytes(MIN_PART_BYTES + 200_000);
      const key = "users/1/uploads/interrupted";
      const first = bytes.subarray(0, MIN_PART_BYTES + 50_000);
      const failure = await storage.writeAt(key, 0, brokenSourceOf(first)).catch((e: { bytesWritten?: number }) => e);
      expect((failure as Error).message).toBe("client went away");
      expect((failure as { bytesWritten?: number }).bytesWritten).toBe(first.length);
      expect(await storage.size(key)).toBe(first.length);
      await subject.other().writeAt(key, first.length, sourceOf(bytes.subarray(first.length)));
      await storage.seal(key);
      expect(sha(await readAll(storage.read(key)))).toBe(sha(bytes));
    });

    it("rewinds to an earlier offset within the unfinished part and writes over what followed", async () => {
      const bytes = randomBytes(400_000);
      const key = "users/1/uploads/rewound";
      await storage.writeAt(key, 0, sourceOf(randomBytes(300_000)));
      await storage.writeAt(key, 0, sourceOf(bytes.subarray(0, 250_000)));
      await storage.writeAt(key, 250_000, sourceOf(randomBytes(100_000)));
      await storage.writeAt(key, 200_000, sourceOf(bytes.subarray(200_000)));
      expect(await storage.size(key)).toBe(bytes.length);
      await storage.seal(key);
      expect(sha(await readAll(storage.read(key)))).toBe(sha(bytes));
    });

    it("passes bytes through a checking transform and surfaces its refusal", async () => {
      const refuse = new Transform({
        transform(_chunk, _encoding, done) {
          done(new Error("not a video"));
        },
      });
      await expect(storage.writeAt("users/1/uploads/refused", 0, sourceOf(randomBytes(1000)), refuse)).rejects.toThrow("not a video");
      await storage.delete("users/1/uploads/refused");
      expect(await storage.size("users/1/uploads/refused")).toBeUndefined();
    });

    it("gives a local path with the bytes only inside the callback, and stores new local files", async () => {
      const bytes = randomBytes(50_000);
      await storage.writeAt("users/1/clips/b.webm", 0, sourceOf(bytes));
      await storage.seal("users/1/clips/b.webm");
      const seen = await storage.withLocalFile("users/1/clips/b.webm", async (file) => sha(await readFile(file)));
      expect(seen).toBe(sha(bytes));
      const both = await withLocalFiles(storage, ["users/1/clips/a.webm", "users/1/clips/b.webm"], async (paths) =>
        Promise.all(paths.map(async (p) => (await readFile(p)).length)),
      );
      expect(both).toEqual([300_000, 50_000]);

      const made = randomBytes(70_000);
      expect(await storage.withNewLocalFile("users/1/renders/c.mp4", async (file) => (await writeFile(file, made), "ok"))).toBe("ok");
      expect(sha(await readAll(storage.read("users/1/renders/c.mp4")))).toBe(sha(made));
      await expect(
        storage.withNewLocalFile("users/1/renders/d.mp4", async (file) => {
          await writeFile(file, made);
          throw new Error("ffmpeg failed");
        }),
      ).rejects.toThrow("ffmpeg failed");
      expect(await storage.size("users/1/renders/d.mp4")).toBeUndefined();
    });

    it("reports a missing object as missing", async () => {
      expect(await storage.size("users/9/clips/none.webm")).toBeUndefined();
      await expect(readAll(storage.read("users/9/clips/none.webm"))).rejects.toThrow();
      await storage.delete("users/9/clips/none.webm");
    });

    it("refuses keys that could leave the media area", async () => {
      await expect(storage.writeAt("../etc/passwd", 0, sourceOf(Buffer.from("x")))).rejects.toThrow(/unsafe media key/);
      expect(() => storage.read("users/1/../../x")).toThrow(/unsafe media key/);
    });

    it("deletes one object, then a camper's whole folder, unfinished writes included", async () => {
      await storage.delete("users/1/clips/b.webm");
      expect(await storage.size("users/1/clips/b.webm")).toBeUndefined();
      await storage.writeAt("users/1/uploads/unfinished", 0, sourceOf(randomBytes(MIN_PART_BYTES + 10)));
      await storage.writeAt("users/2/clips/kept.webm", 0, sourceOf(randomBytes(10)));
      await storage.seal("users/2/clips/kept.webm");
      await storage.deletePrefix("users/1/");
      expect(await storage.size("users/1/clips/a.webm")).toBeUndefined();
      expect(await storage.size("users/1/uploads/unfinished")).toBeUndefined();
      expect(await subject.leftovers()).toEqual(["users/2/clips/kept.webm"]);
      await storage.deletePrefix("users/2");
      expect(await subject.leftovers()).toEqual([]);
    });

    it("answers a readiness ping", async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}

let root: string;
contract(
  "local disk",
  async () => {
    root = await mkdtemp(path.join(tmpdir(), "summer-stories-storage-"));
    const { readdir } = await import("node:fs/promises");
    return {
      storage: new LocalMediaStorage(root),
      other: () => new LocalMediaStorage(root),
      leftovers: async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/")),
    };
  },
  async () => {
    await rm(root, { recursive: true, force: true });
  },
);

let s3: LocalS3;
const s3Storages: S3MediaStorage[] = [];
contract(
  "S3 (s3rver)",
  async () => {
    s3 = await startLocalS3();
    const make = () => {
      const storage = new S3MediaStorage(s3.settings);
      s3Storages.push(storage);
      return storage;
    };
    const storage = make();
    return {
      storage,
      other: make,
      leftovers: async () => {
        const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
        return (listed.Contents ?? []).map((o) => o.Key!);
      },
    };
  },
  async () => {
    for (const storage of s3Storages) storage.close();
    await s3.close();
  },
);

describe("S3 storage when the server is away", () => {
  it("fails the readiness ping with a reason, and passes again once the server is back", async () => {
    const local = await startLocalS3();
    const storage = new S3MediaStorage(local.settings);
    try {
      await local.stop();
      await expect(storage.ping()).rejects.toThrow(/S3 storage unreachable/);
      await local.start();
      await expect(storage.ping()).resolves.toBeUndefined();
      const missing = new S3MediaStorage({ ...local.settings, bucket: "no-such-bucket" });
      await expect(missing.ping()).rejects.toThrow("S3 bucket no-such-bucket does not exist");
      missing.close();
    } finally {
      storage.close();
      await local.close();
    }
  });

  it("leaves no temporary copy behind after withLocalFile", async () => {
    const local = await startLocalS3();
    const storage = new S3MediaStorage(local.settings);
    try {
      await storage.writeAt("users/3/clips/x.webm", 0, sourceOf(randomBytes(1000)));
      await storage.seal("users/3/clips/x.webm");
      const kept = await storage.withLocalFile("users/3/clips/x.webm", async (file) => file);
      expect(existsSync(kept)).toBe(false);
    } finally {
      storage.close();
      await local.close();
    }
  });
});
