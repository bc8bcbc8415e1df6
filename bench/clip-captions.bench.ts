/**
 * Captions for the clips' own sound (decision record 016): how fast the offline aligner listens, and
 * how well "the camper read the script" separates a reading from other talk. Each of the twelve camp
 * scripts is read by the default built-in voice into a WebM clip (pauses between sentences); then
 * each script is aligned with its own reading and with the next script's reading (unrelated), and all
 * of them as one long reading of one long script (the time per minute of speech).
 *
 * Run: npm run bench:clip-captions (needs Debian's pocketsphinx and pocketsphinx-en-us).
 * Prints figures; nothing is timed against a limit.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { probeVideo, resolveVideoTools } from "../server/media/video-tools.ts";
import { timeScriptInClips } from "../server/speech/clip-speech.ts";
import { PocketsphinxAligner } from "../server/speech/pocketsphinx-aligner.ts";
import { runPocketsphinxBench } from "./support/speech-bench.ts";
import { speechSentences } from "../server/voice/voice-provider.ts";
import { spokenClip } from "../testing/speech-fixtures.ts";
import { SCRIPTS } from "../testing/camp-scripts.ts";

const tools = resolveVideoTools({});

runPocketsphinxBench("clip-captions-bench", async (work) => {
  const aligner = new PocketsphinxAligner();
  const clip = async (sentences: string[], name: string, pauseSeconds?: number) => {
    const file = path.join(work, `${name}.webm`);
    await writeFile(file, await spokenClip(sentences, { pauseSeconds }));
    return { path: file, ...(await probeVideo(tools, file)) };
  };
  const clips = [];
  for (const [i, script] of SCRIPTS.entries()) clips.push(await clip(speechSentences(script), `script-${i}`));

  console.log("script  own: words  sentences  read | unrelated: words  sentences  read");
  let readOwn = 0;
  let readOther = 0;
  for (const [i, script] of SCRIPTS.entries()) {
    const own = await timeScriptInClips(aligner, tools, [clips[i]!], script, work);
    const other = await timeScriptInClips(aligner, tools, [clips[(i + 1) % SCRIPTS.length]!], script, work);
    readOwn += own.readTheScript ? 1 : 0;
    readOther += other.readTheScript ? 1 : 0;
    const pct = (x: number) => `${Math.round(x * 100)} %`.padStart(5);
    console.log(
      `${String(i + 1).padStart(6)}       ${pct(own.share)}      ${pct(own.sentencesSaid)}  ${own.readTheScript ? "yes" : "no "}  |            ${pct(other.share)}      ${pct(other.sentencesSaid)}  ${other.readTheScript ? "yes" : "no"}`,
    );
  }
  console.log(`read the script: ${readOwn}/${SCRIPTS.length} own readings, ${readOther}/${SCRIPTS.length} unrelated readings`);

  const all = SCRIPTS.flatMap((s) => speechSentences(s));
  const long = await clip(all, "all", 0.6);
  const started = performance.now();
  const timing = await timeScriptInClips(aligner, tools, [long], all.join(" "), work);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `one reading of all ${all.length} sentences (${long.durationSeconds.toFixed(1)} s): ${Math.round(timing.share * 100)} % of words placed in ${seconds.toFixed(1)} s, ` +
      `${(seconds / (long.durationSeconds / 60)).toFixed(1)} s per minute of speech (sound extraction included)`,
  );
});
