import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseWav, seconds } from "../server/voice/wav.ts";

/**
 * Camper text built to be read as a command-line option by the programs the server runs: a file to
 * read aloud (-f), a file to write (-w), help (--help), a shell's separator (;). Whatever gets it must
 * read it as words.
 */

export interface SecretPlace {
  /** A file the server can read whose words would take minutes to say. */
  secret: string;
  /** A file an option could make the program write; it must never appear. */
  written: string;
  cleanup: () => Promise<void>;
}

/** Paths without a dot, so a narration keeps each in one sentence. */
export async function secretPlace(): Promise<SecretPlace> {
  const dir = await mkdtemp(path.join(tmpdir(), "secret-"));
  const secret = path.join(dir, "words");
  await writeFile(secret, "The secret word is lighthouse. ".repeat(200));
  return { secret, written: path.join(dir, "written"), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function hostileTexts({ secret, written }: SecretPlace): string[] {
  return [`-f${secret}`, `-f ${secret}`, "--help", `-w${written}`, `-w ${written}`, `; cat ${secret}`];
}

/** Seconds of speech in a WAV a voice made. */
export function speechSeconds(wav: Buffer): number {
  return seconds(parseWav(wav));
}

/**
 * The longest a reading of `text` itself can last: 4 characters a second (the voices say about 16)
 * and 3 s to spare. Reading the secret file (1,200 words) lasts minutes.
 */
export function literalBoundSeconds(text: string): number {
  return text.length / 4 + 3;
}
