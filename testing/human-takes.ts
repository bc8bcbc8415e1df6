import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { SCRIPTS } from "./camp-scripts.ts";
import { mapPool, type TableTake } from "./script-takes.ts";

/**
 * Takes of real human read speech for the take check: the recordings of Debian's
 * `pocketsphinx-testdata` (BSD-licensed, CMU; read at test time from /usr/share, nothing copied),
 * each with its transcript. LibriVox sentences of Sense and Sensibility read by one reader, five
 * playing cards called by another, and a robot command. Each is also raised in pitch with sox, the
 * nearest stand-in we have for a child's register (a formant-preserving pitch shift: the vowels stay,
 * the voice is higher). Takes are 16 kHz mono 16-bit WAV, what the check listens to.
 */
export const HUMAN_SPEECH_DIR = "/usr/share/pocketsphinx/test/data";

export interface HumanRecording {
  /** Where it comes from, for failure messages. */
  name: string;
  /** Path under HUMAN_SPEECH_DIR; `.raw` files are 16 kHz mono 16-bit little-endian. */
  file: string;
  /** What is said, as a camper's line would be written. */
  text: string;
}

/** Recordings said together (one speaker): a take reads a group's lines, all or one left out. */
export const HUMAN_GROUPS: readonly (readonly HumanRecording[])[] = [
  [
    ["0870", "And Mister John Dashwood had then leisure to consider how much there might be prudently in his power to do for them."],
    ["0880", "He was not an ill disposed young man."],
    ["0890", "Unless to be rather cold hearted and rather selfish is to be ill disposed."],
    ["0920", "Had he married a more amiable woman he might have been made still more respectable than he was."],
    ["0930", "He might even have been made amiable himself."],
  ].map(([id, text]) => ({ name: `librivox ${id}`, file: `librivox/sense_and_sensibility_01_austen_64kb-${id}.wav`, text: text! })),
  [
    ["001", "Ten of clubs."],
    ["002", "Four, queen of clubs."],
    ["003", "Seven of clubs."],
    ["004", "Five, five."],
    ["005", "Eight of spades, four of clubs, seven of hearts."],
  ].map(([id, text]) => ({ name: `cards ${id}`, file: `cards/${id}.wav`, text: text! })),
  [{ name: "goforward", file: "goforward.raw", text: "Go forward ten meters." }],
];

/** As recorded, and raised by this many cents (400: a major third) toward a child's voice. */
export const HUMAN_REGISTERS = [
  { name: "adult", cents: 0 },
  { name: "child", cents: 400 },
] as const;

/** Whether Debian's pocketsphinx-testdata and sox are installed. */
export function humanSpeechAvailable(): boolean {
  return HUMAN_GROUPS.flat().every((r) => existsSync(path.join(HUMAN_SPEECH_DIR, r.file))) && ["/usr/bin/sox", "/bin/sox"].some(existsSync);
}

const run = promisify(execFile);
const SAMPLE_RATE = 16_000;
/** Quiet before, between and after the recordings of a take, as a camper reading line after line. */
const PAUSE_SECONDS = 0.6;

const input = (recording: HumanRecording) => {
  const file = path.join(HUMAN_SPEECH_DIR, recording.file);
  return file.endsWith(".raw") ? ["-t", "raw", "-r", String(SAMPLE_RATE), "-e", "signed", "-b", "16", "-c", "1", file] : [file];
};

async function seconds(file: string): Promise<number> {
  const { stdout } = await run("soxi", ["-D", file]);
  return Number(stdout.trim());
}

/** One recording as a 16 kHz mono WAV in `register`. */
async function prepare(recording: HumanRecording, cents: number, out: string): Promise<number> {
  // -D: no dither, so a pitched take is the same on every run (sox otherwise adds random noise).
  await run("sox", ["-D", ...input(recording), "-r", String(SAMPLE_RATE), "-c", "1", "-b", "16", out, ...(cents ? ["pitch", String(cents)] : []), "rate", String(SAMPLE_RATE)]);
  return seconds(out);
}

/** Recordings joined with pauses into one take. */
async function join(parts: readonly { file: string; seconds: number; text: string }[], silence: string, out: string) {
  const files = [silence, ...parts.flatMap((p) => [p.file, silence])];
  await run("sox", [...files, out]);
  let at = PAUSE_SECONDS;
  const spoken = parts.map((p) => {
    const placed = { text: p.text, start: at, end: at + p.seconds };
    at += p.seconds + PAUSE_SECONDS;
    return placed;
  });
  return { seconds: at, spoken };
}

/**
 * The human table, in each register: every group read whole against its lines (own), read with each
 * of its recordings left out in turn (left-out), and every recording on its own against lines it does
 * not say: each other recording's transcript, and `campScripts` camp scripts (unrelated). `kind`,
 * `lines` and `leftOut` as in the synthetic table, so tableFigures counts both alike; an unrelated
 * take's `script` is -1 - the recording's index in `groups.flat()`.
 */
export async function makeHumanTakes(work: string, { groups = HUMAN_GROUPS, campScripts = 6, concurrency = 2 } = {}): Promise<TableTake[]> {
  const silence = path.join(work, "human-pause.wav");
  await run("sox", ["-n", "-r", String(SAMPLE_RATE), "-c", "1", "-b", "16", silence, "trim", "0", String(PAUSE_SECONDS)]);
  const all = groups.flat();
  const takes: TableTake[] = [];
  for (const register of HUMAN_REGISTERS) {
    const reader = `human ${register.name}`;
    const prepared = await mapPool(all, concurrency, async (recording, i) => {
      const file = path.join(work, `human-${register.name}-${i}.wav`);
      return { recording, file, text: recording.text, seconds: await prepare(recording, register.cents, file) };
    });
    let at = 0;
    for (const [g, group] of groups.entries()) {
      const parts = prepared.slice(at, (at += group.length));
      const lines = group.map((r) => r.text).join(" ");
      const whole = path.join(work, `human-${register.name}-group${g}-own.wav`);
      takes.push({ script: g, reader, kind: "own", lines, leftOut: null, file: whole, ...(await join(parts, silence, whole)) });
      if (parts.length < 2) continue;
      for (let leftOut = 0; leftOut < parts.length; leftOut++) {
        const file = path.join(work, `human-${register.name}-group${g}-without${leftOut}.wav`);
        takes.push({ script: g, reader, kind: "left-out", lines, leftOut, file, ...(await join(parts.filter((_, i) => i !== leftOut), silence, file)) });
      }
    }
    for (const [i, part] of prepared.entries()) {
      // Each other recording's line on its own (a short line is the easiest to place words on), and camp scripts.
      const others = all.filter((r) => r !== part.recording).map((r) => r.text);
      const camp = Array.from({ length: campScripts }, (_, k) => SCRIPTS[(i + k) % SCRIPTS.length]!);
      for (const [k, lines] of [...others, ...camp].entries()) {
        // A copy per check: the listener writes its grammar beside the sound, and checks may run at once.
        const file = path.join(work, `human-${register.name}-${i}-against${k}.wav`);
        await copyFile(part.file, file);
        takes.push({ script: -1 - i, reader, kind: "unrelated", lines, leftOut: null, file, seconds: part.seconds, spoken: [{ text: part.text, start: 0, end: part.seconds }] });
      }
    }
  }
  return takes;
}
