/**
 * The take script check on the offline aligner (Debian's pocketsphinx): how well it tells
 * which sentences a take says, and how fast and how exactly it times words.
 *
 * The table (testing/camp-scripts.ts: twelve camp scripts of 3-6 sentences, each with an unrelated
 * text) is read by Flite's four CMU voices and by four espeak-ng voices, each script three ways: its own
 * lines, its lines with one sentence left out, and the unrelated text (testing/script-takes.ts, the
 * same takes as server/speech/script-check-speech.test.ts). Word times are measured on takes whose
 * words were synthesised one by one with Flite and joined, so each word's start is known to the sample.
 * Checks run one at a time, so each align call's wall clock is its own; the CPU time pocketsphinx used
 * is printed beside it, as other work on the machine stretches the wall clock.
 *
 * Real human read speech too (testing/human-takes.ts: pocketsphinx-testdata's recordings, as recorded
 * and pitched up toward a child's voice with sox), each reading also checked against other recordings'
 * lines and camp scripts (decision record 026d).
 *
 * Run: npm run bench:script (needs Debian's pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata, sox
 * and espeak-ng). Ends with the lines runs are compared by; targets: own lines at least 90 %, left-out
 * sentence found missed 100 %, unrelated at most 3 % (Flite and human); at most 6 s per minute of
 * speech, word start error median at most 50 ms and p90 at most 150 ms.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { scriptSentences } from "../contracts/script-sentences.ts";
import { checkSpeech } from "../server/speech/script-check.ts";
import { PocketsphinxAligner } from "../server/speech/pocketsphinx-aligner.ts";
import { runPocketsphinxBench } from "./support/speech-bench.ts";
import type { SpeechAligner } from "../server/speech/speech-aligner.ts";
import { CAMP_TAKE_TABLE } from "../testing/camp-scripts.ts";
import { makeHumanTakes } from "../testing/human-takes.ts";
import { printHumanTable } from "./support/human-speech-table.ts";
import {
  ESPEAK_VOICES,
  FLITE_CMU_VOICES,
  checkTableTakes,
  describeFigures,
  espeakReader,
  fliteReader,
  makeTableTakes,
  tableFigures,
  wordTimedTake,
  type CheckedTake,
} from "../testing/script-takes.ts";

/** The value below which `share` of the sorted values lie (nearest rank). */
function quantile(sorted: readonly number[], share: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

const load = () => loadavg()[0]!.toFixed(1);

/**
 * CPU seconds used by this process's finished children (Linux: /proc/self/stat cutime + cstime, in
 * clock ticks of 1/100 s): pocketsphinx's own work, whatever else the machine is doing meanwhile.
 */
function childCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The aligner with the wall clock and children's CPU time of its align calls added up. */
function measured(aligner: SpeechAligner) {
  const spent = { wall: 0, cpu: 0 };
  const wrapped: SpeechAligner = {
    name: aligner.name,
    sendsAudioAway: aligner.sendsAudioAway,
    vocabulary: aligner.vocabulary && (() => aligner.vocabulary!()),
    align: (wavFile, text, signal) => timed(() => aligner.align(wavFile, text, signal)),
    alignAmongOtherSpeech: aligner.alignAmongOtherSpeech && ((wavFile, text, signal) => timed(() => aligner.alignAmongOtherSpeech!(wavFile, text, signal))),
  };
  async function timed<T>(work: () => Promise<T>): Promise<T> {
    const wall = performance.now();
    const cpu = childCpuSeconds();
    try {
      return await work();
    } finally {
      spent.wall += (performance.now() - wall) / 1000;
      spent.cpu += childCpuSeconds() - cpu;
    }
  }
  return { aligner: wrapped, spent };
}

/** Sentences said over the takes of one kind if a sentence counted said from `share` of its words heard. */
function saidAt(takes: readonly CheckedTake[], kind: CheckedTake["kind"], share: number): string {
  const sentences = takes.filter((t) => t.kind === kind).flatMap((t) => t.check.sentences);
  const said = sentences.filter((s) => s.words.filter((w) => w.heard).length >= share * s.words.length).length;
  return `${((said / sentences.length) * 100).toFixed(1)} %`;
}

runPocketsphinxBench("script-check-bench", async (work) => {
  const { aligner, spent } = measured(new PocketsphinxAligner());
  console.log(`load average at start: ${load()} (on ${CAMP_TAKE_TABLE.length} scripts; timings are wall clock and suffer from other work on the machine)`);
  const fliteTakes = await makeTableTakes(CAMP_TAKE_TABLE, FLITE_CMU_VOICES.map(fliteReader), work, 2);
  const espeakTakes = await makeTableTakes(CAMP_TAKE_TABLE, ESPEAK_VOICES.map(espeakReader), work, 2);

  const humanTakes = await makeHumanTakes(work);

  const flite = await checkTableTakes(aligner, fliteTakes, 1);
  const espeak = await checkTableTakes(aligner, espeakTakes, 1);
  const humanSpent = { ...spent };
  const human = await checkTableTakes(aligner, humanTakes, 1);
  const humanMinutes = humanTakes.reduce((n, t) => n + t.seconds, 0) / 60;
  const humanWall = spent.wall - humanSpent.wall;
  const humanCpu = spent.cpu - humanSpent.cpu;

  // Word starts against known ones: every script read word by word by each CMU voice.
  const errors: number[] = [];
  const perScriptErrors: number[][] = CAMP_TAKE_TABLE.map(() => []);
  let wordsKnown = 0;
  let wordsHeard = 0;
  let timedAudio = 0;
  for (const [script, { lines }] of CAMP_TAKE_TABLE.entries()) {
    for (const voice of FLITE_CMU_VOICES) {
      const take = await wordTimedTake(voice, lines);
      const file = path.join(work, `words-${script}-${voice}.wav`);
      await writeFile(file, take.wav);
      const check = await checkSpeech(aligner, file, lines);
      timedAudio += take.seconds;
      check.sentences.forEach((sentence, s) =>
        sentence.words.forEach((word, w) => {
          wordsKnown++;
          if (!word.heard || word.start === null) return;
          wordsHeard++;
          const error = Math.abs(word.start - take.words[s]![w]!.start) * 1000;
          errors.push(error);
          perScriptErrors[script]!.push(error);
        }),
      );
    }
  }

  const count = (takes: readonly CheckedTake[], script: number) => {
    const f = tableFigures(takes.filter((t) => t.script === script));
    return `${`${f.ownSaid}/${f.ownSentences}`.padStart(5)} ${`${f.leftOutMissed}/${f.leftOutTakes}`.padStart(6)} ${`${f.unrelatedSaid}/${f.unrelatedSentences}`.padStart(6)}`;
  };
  console.log("");
  console.log("                       flite slt/awb/rms/kal16    espeak-ng (4 voices)    word starts (flite, one by one)");
  console.log("script  sentences      own  left-out unrel.        own  left-out unrel.     heard   median    p90");
  for (const [script, { lines }] of CAMP_TAKE_TABLE.entries()) {
    const e = [...perScriptErrors[script]!].sort((a, b) => a - b);
    const words = scriptSentences(lines).reduce((n, s) => n + s.split(/\s+/).length, 0) * FLITE_CMU_VOICES.length;
    console.log(
      `${String(script + 1).padStart(6)}  ${String(scriptSentences(lines).length).padStart(9)}    ${count(flite, script)}      ${count(espeak, script)}   ${`${e.length}/${words}`.padStart(7)} ${`${Math.round(quantile(e, 0.5))} ms`.padStart(8)} ${`${Math.round(quantile(e, 0.9))} ms`.padStart(7)}`,
    );
  }
  console.log("(own: sentences said; left-out: takes whose left-out sentence was found missed; unrel.: sentences of the lines said over the unrelated text)");
  console.log("");
  for (const [name, checked] of [...FLITE_CMU_VOICES.map((v) => `flite ${v}`), ...ESPEAK_VOICES.map((v) => `espeak-ng ${v}`)].map((name) => [name, [...flite, ...espeak].filter((t) => t.reader === name)] as const)) {
    console.log(`${name.padEnd(26)} ${describeFigures(tableFigures(checked))}`);
  }

  printHumanTable(human);

  console.log("");
  console.log("a sentence counted said from this share of its words heard (the check uses 80 %):");
  console.log("share   flite: own said  unrelated said   espeak-ng: own said  unrelated said");
  for (const share of [0.5, 0.6, 0.7, 0.8, 0.9, 1]) {
    console.log(
      `${`${share * 100} %`.padStart(5)}   ${saidAt(flite, "own", share).padStart(15)} ${saidAt(flite, "unrelated", share).padStart(15)}   ${saidAt(espeak, "own", share).padStart(19)} ${saidAt(espeak, "unrelated", share).padStart(15)}`,
    );
  }

  const checks = [...flite, ...espeak, ...human];
  const seconds = spent.wall;
  const minutes = (checks.reduce((n, t) => n + t.seconds, 0) + timedAudio) / 60;
  const sorted = errors.sort((a, b) => a - b);
  console.log("");
  console.log(
    `${checks.length + CAMP_TAKE_TABLE.length * FLITE_CMU_VOICES.length} checks of ${minutes.toFixed(1)} min of speech in ${seconds.toFixed(1)} s; ` +
      `pocketsphinx CPU ${spent.cpu.toFixed(1)} s (${(spent.cpu / minutes).toFixed(2)} s per minute of speech); ` +
      `${wordsHeard} of ${wordsKnown} words of the word-by-word takes heard; load average at end: ${load()}`,
  );
  console.log(`script-check (espeak-ng): ${describeFigures(tableFigures(espeak))}`);
  console.log(`script-check: ${describeFigures(tableFigures(flite))}`);
  console.log(`script-check (human): ${describeFigures(tableFigures(human))}`);
  console.log(
    `script-check (human): ${humanTakes.length} checks of ${humanMinutes.toFixed(1)} min of speech in ${humanWall.toFixed(1)} s, ${(humanWall / humanMinutes).toFixed(2)} s per minute of speech; pocketsphinx CPU ${(humanCpu / humanMinutes).toFixed(2)} s per minute`,
  );
  console.log(
    `alignment: ${(seconds / minutes).toFixed(2)} s per minute of speech; word start error median ${Math.round(quantile(sorted, 0.5))} ms, p90 ${Math.round(quantile(sorted, 0.9))} ms`,
  );
});
