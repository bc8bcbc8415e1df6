import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileTexts, literalBoundSeconds, secretPlace, speechSeconds, type SecretPlace } from "../../testing/hostile-text.ts";
import { spokenTokens } from "../speech/speech-aligner.ts";
import { PocketsphinxAligner, scriptGrammar } from "../speech/pocketsphinx-aligner.ts";
import { FliteVoice } from "../voice/flite-voice.ts";
import { EspeakNgVoice, MeSpeakVoice } from "../voice/offline-voice.ts";

/**
 * Every place the server starts a program (or runs one compiled into it), what it runs, and how a
 * camper's text reaches it. A new place must be added here, with a test that its text stays words.
 */
const CALL_SITES: Record<string, { runs: string; camperText: string }> = {
  "server/voice/offline-voice.ts": {
    runs: "espeak-ng (EspeakNgVoice); eSpeak compiled to JavaScript (MeSpeakVoice)",
    camperText: "espeak-ng: standard input (--stdin); meSpeak: its last argument, after a space",
  },
  "server/voice/flite-voice.ts": { runs: "flite compiled to WebAssembly", camperText: "the argument after -t, which flite takes as text whatever it starts with" },
  "server/speech/pocketsphinx-aligner.ts": { runs: "pocketsphinx_continuous", camperText: "dictionary words in the grammar file" },
  "server/modules/renders/render-ffmpeg.ts": { runs: "ffmpeg (the render)", camperText: "captions in captions.srt, escaped by captions.ts, read by the subtitles filter" },
  "server/media/video-tools.ts": { runs: "ffmpeg and ffprobe (probe, remux, poster, joining, silences)", camperText: "none: stored files the server names" },
  "server/speech/clip-speech.ts": { runs: "ffmpeg (a clip's sound for listening)", camperText: "none: stored files the server names" },
  "db/embedded-postgres.ts": { runs: "initdb and postgres", camperText: "none" },
};

/** The helper's ways to start a program, and the in-process engines' (voice-worker.ts). */
const STARTS = /\b(spawnTool|runTool|toolRuns|runMediaTool|synthesizeInWorker)\(/;
/** Where those are defined rather than used. */
const DEFINITIONS = new Set(["server/media/tool-process.ts", "server/voice/voice-worker.ts"]);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.relative(process.cwd(), path.join(e.parentPath, e.name)));
}

describe("the places the server starts programs", () => {
  it("are the table's, all through the one helper: no other file imports child_process", async () => {
    const files = [...(await sourceFiles("server")), ...(await sourceFiles("db"))];
    const sources = await Promise.all(files.map(async (file) => [file, await readFile(file, "utf8")] as const));
    const importers = sources.filter(([, text]) => /from\s+["'](node:)?child_process["']/.test(text)).map(([file]) => file);
    expect(importers).toEqual(["server/media/tool-process.ts"]);
    const starters = sources.filter(([file, text]) => !DEFINITIONS.has(file) && STARTS.test(text)).map(([file]) => file);
    expect(starters.sort()).toEqual(Object.keys(CALL_SITES).sort());
  });
});

describe("camper text that looks like options is read as words", () => {
  let place: SecretPlace;
  let texts: string[];
  beforeAll(async () => {
    place = await secretPlace();
    texts = hostileTexts(place);
  });
  afterAll(() => place.cleanup());

  /** Each reading lasts as long as its own words, not the secret file's minutes, and writes nothing. */
  function expectWords(readings: Buffer[]) {
    readings.forEach((wav, i) => {
      const seconds = speechSeconds(wav);
      expect(seconds, texts[i]).toBeGreaterThan(0.3);
      expect(seconds, texts[i]).toBeLessThan(literalBoundSeconds(texts[i]!));
    });
    expect(existsSync(place.written)).toBe(false);
  }

  it("by espeak-ng, in each of its voices", async () => {
    const espeak = new EspeakNgVoice();
    for (const voice of espeak.voices) expectWords(await Promise.all(texts.map((text) => espeak.synthesize(text, voice))));
  });

  it("by meSpeak", async () => {
    expectWords(await new MeSpeakVoice().synthesizeEach(texts, "en-us"));
  });

  it("by flite", async () => {
    expectWords(await new FliteVoice().synthesizeEach(texts, "kal16"));
  });

  it("by pocketsphinx: only dictionary words reach its grammar, and it listens for them", async () => {
    const aligner = new PocketsphinxAligner();
    const vocabulary = await aligner.vocabulary();
    const script = texts.join(" ");
    const grammar = scriptGrammar([spokenTokens(script).filter((w) => vocabulary.has(w))])!;
    for (const line of grammar.trim().split("\n").slice(4, -1)) {
      const [keyword, from, to, p, word, ...rest] = line.split(" ");
      expect([keyword, rest]).toEqual(["TRANSITION", []]);
      expect([from, to, p].every((n) => /^\d+(\.\d+)?$/.test(n!))).toBe(true);
      if (word !== undefined) expect(vocabulary.has(word), word).toBe(true);
    }
    for (const word of ["f", "help", "w", "written", "cat", "words"]) expect(grammar).toContain(` ${word}\n`);
    // A take that says some of those words (kal16 speaks 16 kHz mono, what the listener takes).
    const [take] = await new FliteVoice().synthesizeEach(["Help. The words are written."], "kal16");
    const wav = path.join(path.dirname(place.secret), "take.wav");
    await writeFile(wav, take!);
    const heard = await aligner.align(wav, script);
    expect(heard.map((w) => w.word)).toEqual(expect.arrayContaining(["help", "written"]));
    expect(heard.every((w) => vocabulary.has(w.word))).toBe(true);
    expect(existsSync(place.written)).toBe(false);
  });
});
