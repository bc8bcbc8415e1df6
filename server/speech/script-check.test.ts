import { describe, expect, it } from "vitest";
import { scriptSentences } from "../../contracts/script-sentences.ts";
import { SHOT_MESSAGES, scriptCheckSchema } from "../../contracts/shots.ts";
import { checkHeardWords, checkSpeech, checkTranscript, unavailableCheck } from "./script-check.ts";
import type { HeardWord, SpeechAligner } from "./speech-aligner.ts";
import { comparableTokens, spokenTokens } from "./speech-aligner.ts";

/** Words heard one after another, `each` seconds apiece, from `at`. */
const said = (text: string, at: number, each = 0.3): HeardWord[] => text.split(" ").map((word, i) => ({ word, start: at + i * each, end: at + (i + 1) * each }));

const LINES = "I was nervous on the first day. Then I met my cabin mates by the lake. By the end we were best friends!";

describe("the take check, from words heard with times", () => {
  it("a take that says every line: each sentence said, every word heard at its time, the sentences exactly the shot list's", () => {
    const heard = [...said("I was nervous on the first day", 1), ...said("Then I met my cabin mates by the lake", 4), ...said("By the end we were best friends", 8)];
    const check = checkHeardWords(heard, LINES, "offline");
    expect(scriptCheckSchema.parse(check)).toEqual(check);
    expect(check).toMatchObject({ status: "checked", source: "offline", lines: LINES, wordMatch: 1, message: null });
    expect(check.sentences.map((s) => s.text)).toEqual(scriptSentences(LINES));
    expect(check.sentences.map((s) => s.said)).toEqual([true, true, true]);
    expect(check.sentences[1]!.words[0]).toEqual({ word: "Then", heard: true, start: 4, end: 4.3 });
    expect(check.sentences[2]!.words.at(-1)).toEqual({ word: "friends!", heard: true, start: 9.8, end: 10.1 });
  });

  it("a skipped sentence is missed, its neighbours said, and no word of it is taken from them", () => {
    const heard = [...said("I was nervous on the first day", 1), ...said("By the end we were best friends", 4)];
    const check = checkHeardWords(heard, LINES, "offline");
    expect(check.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(check.sentences[1]!.words.filter((w) => w.heard)).toEqual([]);
    expect(check.wordMatch).toBeCloseTo(14 / 23, 3);
  });

  it("a sentence started, dropped and read again: said, with its words timed at the full reading", () => {
    const heard = [...said("I was nervous", 1), ...said("I was nervous on the first day", 3), ...said("Then I met my cabin mates by the lake", 6), ...said("By the end we were best friends", 10)];
    const check = checkHeardWords(heard, LINES, "offline");
    expect(check.sentences.map((s) => s.said)).toEqual([true, true, true]);
    expect(check.sentences[0]!.words[0]!.start).toBe(3);
  });

  it("chatter around and between the lines does not count against them, nor make a missed sentence said", () => {
    const heard = [
      ...said("okay um is it recording", 0),
      ...said("I was nervous on the first day", 2),
      ...said("wait what comes next oh yeah the end", 5),
      ...said("By the end we were best friends", 8),
      ...said("cut", 11),
    ];
    const check = checkHeardWords(heard, LINES, "transcription");
    expect(check.source).toBe("transcription");
    expect(check.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(check.sentences[2]!.words[1]!.start).toBe(8.3);
  });

  it("numbers and contractions: digits match spelled-out words and contractions match words said in full, both ways", () => {
    const lines = "We can't believe it. I'm at cabin 3 with 12 friends. It's the 1st of July 2026.";
    const heard = [...said("we cannot believe it", 1), ...said("I am at cabin three with twelve friends", 3), ...said("it is the first of july 2026", 6)];
    const check = checkHeardWords(heard, lines, "transcription");
    expect(check.sentences.map((s) => s.said)).toEqual([true, true, true]);
    expect(check.wordMatch).toBe(1);
    const cant = check.sentences[0]!.words[1]!;
    expect(cant).toMatchObject({ word: "can't", heard: true, start: 1.3, end: 1.6 });

    const spelled = checkHeardWords([...said("I'm at cabin 3 with 12 friends", 0)], "I am at cabin three with twelve friends.", "offline");
    expect(spelled.sentences[0]!.said).toBe(true);
    expect(spokenTokens("3.5 km, 2,000 steps & the 21st")).toEqual(["three", "point", "five", "km", "two", "thousand", "steps", "and", "the", "twenty", "first"]);
    expect(comparableTokens("Won't they've let's")).toEqual(["will", "not", "they", "have", "let", "us"]);
  });

  it("an emoji or a dash is shown with the word before it and is not a word to hear", () => {
    const check = checkHeardWords(said("We won the cup", 0), "We won the cup 🏆 — yes!", "offline");
    expect(check.sentences[0]!.words.map((w) => w.word)).toEqual(["We", "won", "the", "cup 🏆 —", "yes!"]);
    expect(check.wordMatch).toBe(0.8);
  });

  it("words outside the listener's vocabulary (an unusual name) count neither way", () => {
    const vocabulary = new Set(["i", "met", "at", "the", "lake"]);
    const check = checkHeardWords(said("I met at the lake", 0), "I met Zyxtrella at the lake.", "offline", vocabulary);
    expect(check.sentences[0]!.said).toBe(true);
    expect(check.wordMatch).toBe(1);
    expect(check.sentences[0]!.words[2]).toEqual({ word: "Zyxtrella", heard: false, start: null, end: null });
  });

  it("unrelated speech: no sentence said", () => {
    const check = checkHeardWords(said("we went canoeing on the river and I steered the boat for the first time", 0), LINES, "offline");
    expect(check.sentences.filter((s) => s.said)).toEqual([]);
  });
});

describe("the take check, from an aligner", () => {
  it("offline when the sound stays on the server, transcription when it left; the aligner gets the lines and its vocabulary is used", async () => {
    const calls: [string, string][] = [];
    const aligner = (sendsAudioAway: boolean): SpeechAligner => ({
      name: "fake",
      sendsAudioAway,
      align: async (wav, text) => {
        calls.push([wav, text]);
        return said("I was nervous on the first day", 1);
      },
      vocabulary: async () => new Set(["i", "was", "nervous", "on", "the", "first", "day"]),
    });
    const offline = await checkSpeech(aligner(false), "take.wav", "I was nervous on the first day. Zyxtrella!");
    expect(calls[0]).toEqual(["take.wav", "I was nervous on the first day. Zyxtrella!"]);
    expect(offline).toMatchObject({ status: "checked", source: "offline", wordMatch: 1 });
    expect(offline.sentences.map((s) => s.said)).toEqual([true, false]);
    expect((await checkSpeech(aligner(true), "take.wav", "I was nervous on the first day.")).source).toBe("transcription");
  });
});

describe("the take check, from a browser transcript", () => {
  it("matches words without times", () => {
    const check = checkTranscript("i was nervous on the first day by the end we were best friends", LINES);
    expect(check).toMatchObject({ status: "checked", source: "browser" });
    expect(check.sentences.map((s) => s.said)).toEqual([true, false, true]);
    expect(check.sentences.flatMap((s) => s.words).every((w) => w.start === null && w.end === null)).toBe(true);
    expect(check.sentences[0]!.words[0]!.heard).toBe(true);
  });

  it("an empty transcript: every sentence missed", () => {
    const check = checkTranscript("", LINES);
    expect(check.sentences.map((s) => s.said)).toEqual([false, false, false]);
    expect(check.wordMatch).toBe(0);
  });
});

describe("no listener", () => {
  it("says so plainly, with the lines' sentences and words unjudged", () => {
    const check = unavailableCheck(LINES);
    expect(scriptCheckSchema.parse(check)).toEqual(check);
    expect(check).toMatchObject({ status: "unavailable", source: null, wordMatch: 0, message: SHOT_MESSAGES.checkUnavailable });
    expect(check.sentences.map((s) => s.text)).toEqual(scriptSentences(LINES));
    expect(check.sentences[0]!.words.map((w) => w.word)).toEqual(["I", "was", "nervous", "on", "the", "first", "day."]);
  });
});
