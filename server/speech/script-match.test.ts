import { describe, expect, it } from "vitest";
import { buildTimedCues } from "../render/captions.ts";
import { matchScript } from "./script-match.ts";
import { parseTimedWords, scriptGrammar } from "./pocketsphinx-aligner.ts";

/** Words heard one after another, `each` seconds apiece, from `at`. */
const said = (text: string, at: number, each = 0.3) => text.split(" ").map((word, i) => ({ word, start: at + i * each, end: at + (i + 1) * each }));

describe("lining the script up with the words heard", () => {
  const script = "I was nervous on the first day. Then I met my cabin mates. By the end we were friends!";

  it("each sentence starts where its first word is heard; a missed first word moves it back by the speaker's pace", () => {
    const heard = [...said("I was nervous on the first day", 1), ...said("I met my cabin mates", 4.3), ...said("By the end we were friends", 7)];
    const timing = matchScript(script, heard);
    expect(timing.readTheScript).toBe(true);
    expect(timing.sentences.map((s) => s.start)).toEqual([1, 4, 7].map((t) => expect.closeTo(t, 5)));
  });

  it("a stray word heard early does not drag the script out of place", () => {
    const heard = [{ word: "friends", start: 0.1, end: 0.4 }, ...said("I was nervous on the first day Then I met my cabin mates", 2), ...said("By the end we were friends", 8)];
    const timing = matchScript(script, heard);
    expect(timing.sentences[0]!.start).toBeCloseTo(2, 5);
    expect(timing.sentences[2]!.start).toBeCloseTo(8, 5);
  });

  it("a sentence nobody heard sits between its neighbours; most sentences unheard is not a reading", () => {
    const timing = matchScript(script, [...said("I was nervous on the first day", 1), ...said("By the end we were friends", 7)]);
    expect(timing.sentences[1]!.start).toBeGreaterThanOrEqual(timing.sentences[0]!.end);
    expect(timing.sentences[1]!.end).toBeLessThanOrEqual(7);
    expect(matchScript(script, said("the end", 1)).readTheScript).toBe(false);
  });

  it("a long sentence's later caption line starts with its own first word, not a share of the sentence's time", () => {
    const long = "On the last night we all sat by the fire and sang, then we walked down to the lake to watch the stars.";
    const words = long.split(" ");
    // Ten words, a two-second pause, then the rest.
    const heard = [...said(words.slice(0, 10).join(" "), 1, 0.25), ...said(words.slice(10).join(" "), 5.5, 0.25)];
    const timing = matchScript(long, heard);
    const cues = buildTimedCues(timing.sentences, 30);
    expect(cues.map((c) => c.start)).toEqual([1, 5.5, 8]);
    expect(cues[0]!.end).toBe(5.5);
  });

  it("punctuation, case and curly apostrophes do not matter", () => {
    const timing = matchScript("We can’t wait. See you!", [...said("we can't wait", 0.5), ...said("see you", 2)]);
    expect(timing).toMatchObject({ share: 1, readTheScript: true });
  });
});

describe("the pocketsphinx side", () => {
  it("the grammar links each word only to a few others, so it grows with the script, not its square", () => {
    const words = Array.from({ length: 40 }, (_, s) => Array.from({ length: 10 }, (_, w) => `w${s}x${w}`));
    const transitions = scriptGrammar(words)!.split("\n").filter((l) => l.startsWith("TRANSITION")).length;
    expect(transitions).toBeLessThan(400 * 4 + 2 * 40 * 40);
    expect(scriptGrammar([[]])).toBeUndefined();
  });

  it("reads word times from -time output, dropping silences, fillers and pronunciation numbers", () => {
    const out = "i was\n<sil> 0.110 0.210 1.000000\ni 0.220 0.360 1.000000\n(NULL) 0.37 0.37 1.0\nthe(2) 4.260 4.450 1.000000\n[NOISE] 5 6 1\n";
    expect(parseTimedWords(out)).toEqual([
      { word: "i", start: 0.22, end: 0.36 },
      { word: "the", start: 4.26, end: 4.45 },
    ]);
  });
});
