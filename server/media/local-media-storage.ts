import { constants, createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import { access, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Writable, type Readable, type Transform } from "node:stream";
import { assertSafeKey, type MediaStorage, type StoredObject } from "./media-storage.ts";

/** Media on the local disk under one root folder (DATA_DIR/media by default). */
export class LocalMediaStorage implements MediaStorage {
  /**
   * New objects (renders, remuxed clips, posters, voice-overs) are written here under a temporary name
   * and renamed into place only when complete, so a crash mid-write leaves nothing at a real key. Inside
   * the root (a name no key can have), so the move is a rename on the same disk.
   */
  private readonly partialDir: string;
  readonly scratchDirs: readonly string[];

  constructor(private readonly root: string) {
    this.partialDir = path.join(root, ".partial");
    this.scratchDirs = [this.partialDir];
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async writeAt(key: string, offset: number, source: Readable, through?: Transform): Promise<number> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Cut whatever an interrupted earlier write left past the confirmed offset.
    const handle = await open(file, offset === 0 ? "w" : "r+");
    let written = 0;
    let inFlight: Promise<unknown> = Promise.resolve();
    // Counts a byte only once the file has it, so after a failure `bytesWritten` is what is really there.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        inFlight = handle.write(chunk, 0, chunk.length, offset + written).then(() => {
          written += chunk.length;
          done();
        }, done);
      },
    });
    try {
      await handle.truncate(offset);
      await (through ? pipeline(source, through, sink) : pipeline(source, sink));
    } catch (error) {
      // The source failed: the chunk being written still lands before the count is read.
      await inFlight.catch(() => undefined);
      (error as { bytesWritten?: number }).bytesWritten = written;
      throw error;
    } finally {
      await handle.close();
    }
    return written;
  }

  async seal(key: string): Promise<void> {
    // The file is the object already; only make sure it exists (an upload of zero bytes).
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await (await open(file, "a")).close();
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    const trimmed = prefix.replace(/\/+$/, "");
    await rm(this.pathOf(trimmed), { recursive: true, force: true });
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(key));
  }

  async withNewLocalFile<T>(key: string, write: (path: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(this.partialDir, { recursive: true });
    const partial = path.join(this.partialDir, `${randomUUID()}-${path.basename(file)}`);
    try {
      const result = await write(partial);
      // A writer that made no file leaves no object (callers check the size where it matters).
      await rename(partial, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      return result;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const trimmed = prefix.replace(/\/+$/, "");
    const base = this.pathOf(trimmed);
    let entries;
    try {
      entries = await readdir(base, { withFileTypes: true, recursive: true });
    } catch {
      return [];
    }
    const out: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join("/");
      const modifiedAt = await stat(file).then((s) => s.mtime, () => undefined);
      if (modifiedAt) out.push({ key, modifiedAt });
    }
    return out;
  }
}
