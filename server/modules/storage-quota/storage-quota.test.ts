import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "../../../db/client.ts";
import type { App } from "../../app.ts";
import { UploadGuard } from "../../media/magic-bytes.ts";
import { webmFixture } from "../../../testing/media-fixtures.ts";
import { createTestApp, registerCamper } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { StorageFullError, StorageQuota } from "./storage-quota.ts";
import { StorageQuotaRepository } from "./storage-quota.repository.ts";

const MiB = 1024 * 1024;

/** Streams `bytes` (a video's head, then padding) in 64 KB pieces through a guard that asks `quota` for room. */
async function write(quota: StorageQuota, userId: number, id: string, head: Buffer, bytes: number) {
  const body = Buffer.concat([head.subarray(0, 4096), Buffer.alloc(bytes - 4096, 1)]);
  const pieces = Array.from({ length: Math.ceil(bytes / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
  const space = quota.reservation(userId, id, 0, 1024 * MiB);
  let stored = 0;
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => ((stored += chunk.length), done()) });
  try {
    await pipeline(Readable.from(pieces), new UploadGuard(0, 1024 * MiB, { room: space }), sink);
    return stored;
  } finally {
    await space.release();
  }
}

describe("storage quota holds", () => {
  let app: App;
  let video: Buffer;
  beforeAll(async () => {
    app = await createTestApp();
    video = await webmFixture(2);
  });
  afterAll(() => app.close());

  it("asks for room a slice at a time, not for every network piece", async () => {
    const { db } = await testDatabase();
    const camper = await registerCamper(app);
    const quota = new StorageQuota(new StorageQuotaRepository(db), { storedBytes: 2048 * MiB, openUploads: 10 });
    const hold = vi.spyOn(quota, "hold");
    expect(await write(quota, camper.userId, "slices", video, 5 * MiB)).toBe(5 * MiB);
    // 80 pieces of 64 KB, room asked for a 1 MiB slice at a time (the next one half a slice ahead).
    expect(hold.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(hold.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it("cuts a writer where the space ends, and counts a dead writer's hold only until its lease lapses", async () => {
    const { db } = await testDatabase();
    const camper = await registerCamper(app);
    const repository = new StorageQuotaRepository(db);
    const quota = new StorageQuota(repository, { storedBytes: 1 * MiB, openUploads: 10 });
    await expect(write(quota, camper.userId, "too-much", video, 1 * MiB + 1)).rejects.toBeInstanceOf(StorageFullError);
    // Released: the whole space is free again.
    expect((await quota.usage(camper.userId)).bytes).toBe(0);

    // What a writer killed mid-body leaves: a hold nobody renews or releases.
    await db.insert(schema.storageReservations).values({ id: "dead", userId: camper.userId, bytes: 600_000, heldUntil: sql`now() + interval '30 seconds'` });
    await expect(write(quota, camper.userId, "alive", video, 600_000)).rejects.toBeInstanceOf(StorageFullError);
    await db.update(schema.storageReservations).set({ heldUntil: sql`now() - interval '1 second'` }).where(eq(schema.storageReservations.id, "dead"));
    expect((await quota.usage(camper.userId)).bytes).toBe(0);
    expect(await write(quota, camper.userId, "alive", video, 600_000)).toBe(600_000);
    expect(await repository.deleteLapsed()).toBeGreaterThanOrEqual(1);
  });
});
