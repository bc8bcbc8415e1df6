import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import { assertSafeKey, type MediaStorage } from "./media-storage.ts";

/** Media on the local disk under one root folder (DATA_DIR/media by default). */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async writeAt(key: string, offset: number, source: Readable, through?: Transform): Promise<number> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Cut whatever an interrupted earlier write left past the confirmed offset.
    const handle = await open(file, offset === 0 ? "w" : "r+");
    try {
      await handle.truncate(offset);
    } finally {
      await handle.close();
    }
    let written = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(null, chunk);
      },
    });
    try {
      const sink = createWriteStream(file, { flags: "r+", start: offset });
      await (through ? pipeline(source, through, counter, sink) : pipeline(source, counter, sink));
    } catch (error) {
      (error as { bytesWritten?: number }).bytesWritten = written;
      throw error;
    }
    return written;
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
    try {
      return await write(file);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }
}
