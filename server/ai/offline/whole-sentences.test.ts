import { describe, expect, it } from "vitest";
import { NARRATION_TONES, targetWordCount } from "../../../contracts/product.ts";
import { ANSWER_SETS } from "../../../testing/writer-answer-sets.ts";
import { CHECKED_SECONDS, checkDraft, tally } from "../../../testing/writer-check.ts";
import { clausePrefixes, wholeClausesWithin } from "./clauses.ts";
import { fitScriptToWords } from "./fit-script.ts";
import { writeNarration } from "./narration.ts";
import { isSignOff } from "./sign-off.ts";

const TONES = NARRATION_TONES.map((tone) => tone.key);

describe("the offline writer on the answer table: whole sentences, one sign-off, the chosen length", () => {
  it("has at least 40 answer sets", () => {
    expect(ANSWER_SETS.length).toBeGreaterThanOrEqual(40);
  });

  for (const set of ANSWER_SETS) {
    it(set.name, () => {
      for (const tone of TONES) {
        for (const seconds of CHECKED_SECONDS) {
          const draft = writeNarration({ responses: set.responses, tone, targetWordCount: targetWordCount(seconds) });
          const check = checkDraft(draft, { responses: set.responses, tone, seconds });
          const where = `${tone} ${seconds} s:\n${draft}`;
          expect(check.cut.map((s) => `${s.kind}: ${s.text}`), `sentences that are not whole, ${where}`).toEqual([]);
          expect(check.signOffs.length, `sign-offs, ${where}`).toBeLessThanOrEqual(1);
          expect(check.repeated, `a sentence twice in a row, ${where}`).toBe(false);
          expect(check.estimatedSeconds, `length panel's estimate, ${where}`).toBeGreaterThanOrEqual(seconds * 0.9);
          expect(check.estimatedSeconds, `length panel's estimate, ${where}`).toBeLessThanOrEqual(seconds * 1.1);
        }
      }
    });
  }
});

describe("cuts the issue found", () => {
  const listAnswer = ANSWER_SETS.find((set) => set.name === "the issue's list answer")!.responses;

  it("never keeps half a list: 'where we plan, film and edit' stays whole or goes", () => {
    for (const tone of TONES) {
      for (const seconds of [30, 60, 120]) {
        const draft = writeNarration({ responses: listAnswer, tone, targetWordCount: targetWordCount(seconds) });
        expect(draft).not.toMatch(/plan, film\./);
        if (draft.includes("we plan")) expect(draft).toContain("we plan, film and edit our own short videos");
      }
    }
  });

  it("closes with the camper's own sign-off, said once, and no tone closing beside it", () => {
    for (const tone of TONES) {
      const draft = writeNarration({ responses: listAnswer, tone, targetWordCount: targetWordCount(60) });
      const paragraphs = draft.split("\n\n");
      expect(paragraphs.at(-1)).toBe("Thanks for watching, see you next summer!");
      expect(draft.match(/thanks for watching/gi)).toHaveLength(1);
    }
  });

  it("drops a second sign-off the camper wrote and keeps the last one as the closing", () => {
    const responses = ANSWER_SETS.find((set) => set.name === "several sign-offs")!.responses;
    const draft = writeNarration({ responses, tone: "friendly", targetWordCount: targetWordCount(120) });
    const signOffs = draft.split(/(?<=[.!?])\s+/).filter(isSignOff);
    expect(signOffs).toEqual(["Bye!"]);
    expect(draft.endsWith("Bye!")).toBe(true);
  });

  it("fits the script to the clips by whole clauses too", () => {
    const script = "Hello everyone.\n\nAt camp I learned to trim clips, add music, color grade my footage and export for phones, but editing took a long time.\n\nThanks for watching!";
    const fitted = fitScriptToWords(script, 22);
    expect(fitted).toContain("At camp I learned to trim clips, add music, color grade my footage and export for phones.");
    expect(fitted).not.toContain("but editing");
  });
});

describe("clause ends", () => {
  it("cuts before a clause that 'but', 'because' or ', and' with a new subject opens", () => {
    expect(clausePrefixes("Summer Stories is a film camp, but it is also a place to make friends.")).toEqual([
      "Summer Stories is a film camp.",
      "Summer Stories is a film camp, but it is also a place to make friends.",
    ]);
    expect(wholeClausesWithin("My favorite project was a video about my dog, and I spent three days on it.", 12)).toBe(
      "My favorite project was a video about my dog.",
    );
    expect(wholeClausesWithin("I liked it because the light was perfect.", 5)).toBe("I liked it.");
  });

  it("never cuts inside a list or at a list's 'and'", () => {
    expect(clausePrefixes("I learned to trim clips, add music, and color grade my footage.")).toHaveLength(1);
    expect(clausePrefixes("We laughed, we argued, and we finished on time.")).toHaveLength(1);
    expect(clausePrefixes("I learned to trim clips, add music, but not titles.")).toHaveLength(1);
    expect(wholeClausesWithin("Summer Stories is a camp where we plan, film and edit our own short videos.", 8)).toBe("");
  });
});

describe("the checker", () => {
  const responses = ["Summer Stories is a camp where we plan, film and edit our own short videos.", "Thanks for watching!"];

  it("finds a sentence cut inside a list, a sentence from nowhere and a second sign-off", () => {
    const draft = "Hey there! Here's my summer story.\n\nSo, Summer Stories is a camp where we plan, film.\n\nWe went to the moon.\n\nThanks for watching! Thanks for listening!";
    const check = checkDraft(draft, { responses, tone: "friendly", seconds: 30 });
    expect(check.cut.map((s) => [s.kind, s.text])).toEqual([
      ["cut", "So, Summer Stories is a camp where we plan, film."],
      ["unknown", "We went to the moon."],
    ]);
    expect(check.repeated).toBe(true);
    expect(check.offLength).toBe(true);
    expect(tally([check])).toEqual({ sentences: 6, drafts: 1, cut: 2, repeated: 1, offLength: 1 });
  });
});
