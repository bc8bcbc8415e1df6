import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PocketsphinxAligner } from "../../server/speech/pocketsphinx-aligner.ts";

/**
 * Runs a bench of the offline listener (Debian's pocketsphinx) with a scratch folder, removed however
 * the bench ends, then ends the process with the outcome: 0, or 1 with the error printed (a finished
 * bench must not wait on a listener's leftover child or a voice's worker thread).
 */
export function runPocketsphinxBench(name: string, bench: (work: string) => Promise<void>): void {
  const main = async () => {
    if (!PocketsphinxAligner.available()) throw new Error("Install Debian's pocketsphinx and pocketsphinx-en-us first");
    const work = await mkdtemp(path.join(tmpdir(), `${name}-`));
    try {
      await bench(work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
