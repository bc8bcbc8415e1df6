/**
 * How clearly each built-in voice speaks, measured with one recogniser: Debian's pocketsphinx
 * (pocketsphinx-en-us) with a JSGF grammar of the script's own words in order, each optional. What it
 * places of a script tells how recognisable the reading is. A sentence counts as said when at least
 * 80 % (and, second figure, 50 %) of its words are placed. As a control, each script's grammar is also
 * run over the reading of another script: a fair recogniser places little of unrelated text.
 *
 * Run: npm run bench:voices (needs pocketsphinx, pocketsphinx-en-us and espeak-ng from Debian).
 * Prints a table; nothing is timed against a limit.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { FliteVoice } from "../server/voice/flite-voice.ts";
import { EspeakNgVoice } from "../server/voice/offline-voice.ts";
import type { VoiceProvider } from "../server/voice/voice-provider.ts";
import { SCRIPTS } from "../testing/camp-scripts.ts";
import { to16k } from "../testing/script-takes.ts";
import { parseWav, toWav } from "../server/voice/wav.ts";

const run = promisify(execFile);
const DICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";


function sentencesOf(script: string): string[] {
  return script.match(/[^.!?]+[.!?]+/g)!.map((s) => s.trim());
}

let dictionary: Set<string> | undefined;
async function words(text: string): Promise<string[]> {
  dictionary ??= new Set((await readFile(DICT, "utf8")).split("\n").map((line) => line.split(" ")[0]!).filter((w) => !w.includes("(")));
  return text
    .toLowerCase()
    .replace(/[-–]/g, " ")
    .replace(/[^a-z' ]/g, " ")
    .split(/\s+/)
    .filter((w) => w && dictionary!.has(w));
}

async function placedWords(wav16k: string, script: string, work: string): Promise<string[]> {
  const grammar = path.join(work, "script.gram");
  const ws = await words(script);
  await writeFile(grammar, `#JSGF V1.0;\ngrammar script;\npublic <s> = ${ws.map((w) => `[${w}]`).join(" ")};\n`);
  const { stdout } = await run("pocketsphinx_continuous", ["-infile", wav16k, "-jsgf", grammar, "-dict", DICT], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim().split(/\s+/).filter(Boolean);
}

/** Per sentence, the share of its words the recogniser placed (its words in script order), and the count. */
async function sentenceShares(script: string, heard: string[]): Promise<{ shares: number[]; placed: number }> {
  const perSentence = await Promise.all(sentencesOf(script).map(words));
  const flat = perSentence.flatMap((ws, s) => ws.map((w) => ({ w, s })));
  const placed = new Array(perSentence.length).fill(0) as number[];
  let at = 0;
  for (const word of heard) {
    const found = flat.findIndex((x, i) => i >= at && x.w === word);
    if (found < 0) continue;
    placed[flat[found]!.s]!++;
    at = found + 1;
  }
  return { shares: perSentence.map((ws, s) => (ws.length ? placed[s]! / ws.length : 0)), placed: placed.reduce((a, b) => a + b, 0) };
}

/** The voice's reading as a 16 kHz mono WAV file in `work`, what pocketsphinx listens to. */
async function to16kFile(audio: Buffer, work: string, name: string): Promise<string> {
  const out = path.join(work, `${name}-16k.wav`);
  await writeFile(out, toWav(await to16k(parseWav(audio))));
  return out;
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), "voice-clarity-"));
  const flite = new FliteVoice();
  const espeak = new EspeakNgVoice();
  const voices: [string, VoiceProvider, string][] = [
    ...["slt", "rms", "awb", "kal16", "kal"].map((v) => ["flite", flite, v] as [string, VoiceProvider, string]),
    ...["en-us", "en", "en-us+f3", "en-us+m3"].map((v) => ["espeak-ng", espeak, v] as [string, VoiceProvider, string]),
  ];
  const total = SCRIPTS.reduce((n, s) => n + sentencesOf(s).length, 0);
  console.log(`${SCRIPTS.length} scripts, ${total} sentences; a sentence is said when >= 80 % (>= 50 %) of its words are placed`);
  console.log("engine     voice      said@80%  said@50%  unrelated@80%  unrelated@50%  words placed");
  const byEngine = new Map<string, { said80: number; said50: number; un80: number; un50: number; n: number }>();
  try {
    for (const [engine, provider, voice] of voices) {
      const files: string[] = [];
      for (const [i, script] of SCRIPTS.entries()) files.push(await to16kFile(await provider.synthesize(script, voice), work, `${voice}-${i}`));
      let said80 = 0;
      let said50 = 0;
      let un80 = 0;
      let un50 = 0;
      let placed = 0;
      let wordsTotal = 0;
      for (const [i, script] of SCRIPTS.entries()) {
        const own = await sentenceShares(script, await placedWords(files[i]!, script, work));
        said80 += own.shares.filter((x) => x >= 0.8).length;
        said50 += own.shares.filter((x) => x >= 0.5).length;
        wordsTotal += (await words(script)).length;
        placed += own.placed;
        // Control: this script's grammar over the next script's reading.
        const other = await sentenceShares(script, await placedWords(files[(i + 1) % SCRIPTS.length]!, script, work));
        un80 += other.shares.filter((x) => x >= 0.8).length;
        un50 += other.shares.filter((x) => x >= 0.5).length;
      }
      const pad = (s: string | number, n: number) => String(s).padEnd(n);
      console.log(
        `${pad(engine, 11)}${pad(voice, 11)}${pad(`${said80}/${total}`, 10)}${pad(`${said50}/${total}`, 10)}${pad(`${un80}/${total}`, 15)}${pad(`${un50}/${total}`, 15)}${Math.round((placed / wordsTotal) * 100)} %`,
      );
      const e = byEngine.get(engine) ?? { said80: 0, said50: 0, un80: 0, un50: 0, n: 0 };
      byEngine.set(engine, { said80: e.said80 + said80, said50: e.said50 + said50, un80: e.un80 + un80, un50: e.un50 + un50, n: e.n + total });
    }
    for (const [engine, e] of byEngine) {
      console.log(`${engine}: said ${e.said80}/${e.n} at 80 %, ${e.said50}/${e.n} at 50 %; unrelated said ${e.un80}/${e.n} at 80 %, ${e.un50}/${e.n} at 50 %`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
