import type { Readable, Transform } from "node:stream";

/**
 * Where media bytes live. Keys are server-made paths like `users/7/clips/<uuid>.webm`; nothing a
 * client sends becomes part of a key. Local disk (LocalMediaStorage) or any S3-compatible bucket
 * (S3MediaStorage), chosen by configuration; both pass the same contract suite.
 */
export interface MediaStorage {
  /**
   * Writes `source` at byte `offset` of `key` (0 creates or replaces the object), cutting anything
   * after it first, and returns how many bytes were written. Bytes that arrived before a failure
   * stay written, so a resumable upload continues from them.
   */
  writeAt(key: string, offset: number, source: Readable, through?: Transform, options?: WriteOptions): Promise<number>;
  /**
   * Ends a series of writeAt calls: from here on the bytes are one object that read, withLocalFile
   * and size see. Until then, size reports the bytes written so far (the resumable-upload offset).
   */
  seal(key: string): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /** Everything under a prefix, e.g. a camper's whole folder when the account is deleted. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A path on this machine for tools that need a file (ffmpeg), valid only during `use`: the file
   * may be a temporary copy that is removed as soon as `use` settles.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** A path on this machine to write a new object to: once `write` resolves, the file is stored under `key`. */
  withNewLocalFile<T>(key: string, write: (path: string) => Promise<T>): Promise<T>;
  /** Every object under a prefix with when it was last written (housekeeping looks for orphans). */
  list(prefix: string): Promise<StoredObject[]>;
  /** Folders this storage writes unfinished objects to, for the leftover sweep (none on S3). */
  readonly scratchDirs: readonly string[];
  /** Throws with a reason when the storage cannot be reached (readiness checks). */
  ping(): Promise<void>;
}

export interface WriteOptions {
  /**
   * The object's whole length when known (a tus Upload-Length): a write that reaches it may store the
   * finished object at once, which saves S3 a copy at seal(). Local disk has nothing to save.
   */
  expectedTotal?: number | null;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Runs `use` with local paths for several keys at once, all valid until it settles. */
export function withLocalFiles<T>(storage: MediaStorage, keys: string[], use: (paths: string[]) => Promise<T>): Promise<T> {
  const step = (index: number, paths: string[]): Promise<T> =>
    index === keys.length ? use(paths) : storage.withLocalFile(keys[index]!, (p) => step(index + 1, [...paths, p]));
  return step(0, []);
}

const SAFE_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`unsafe media key: ${key}`);
  }
}

export const userMediaPrefix = (userId: number) => `users/${userId}/`;
