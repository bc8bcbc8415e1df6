import { createHash } from "node:crypto";
import yauzl from "yauzl";

export interface UnzippedEntry {
  path: string;
  bytes: Buffer;
  sha256: string;
}

/** Reads every file of a zip (with yauzl, a separate implementation from the writer the app uses). */
export function unzip(zip: Buffer): Promise<Map<string, UnzippedEntry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error("not a zip"));
      const entries = new Map<string, UnzippedEntry>();
      archive.on("error", reject);
      archive.on("end", () => resolve(entries));
      archive.on("entry", (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            const bytes = Buffer.concat(chunks);
            entries.set(entry.fileName, { path: entry.fileName, bytes, sha256: createHash("sha256").update(bytes).digest("hex") });
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
