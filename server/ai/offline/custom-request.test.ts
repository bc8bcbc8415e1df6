import { describe, expect, it } from "vitest";
import { NARRATION_TONES, type NarrationTone } from "../../../contracts/product.ts";
import {
  applyCustomRequest,
  EMPTY_CONTENT_MESSAGE,
  EMPTY_INSTRUCTION_MESSAGE,
  NEEDS_AI_PROVIDER_MESSAGE,
  type CustomResult,
} from "./custom-request.ts";
import { writeNarration } from "./narration.ts";
import { SIMPLER_WORDS } from "./simpler-words.ts";
import { OFFLINE_TONE_PHRASES, allTonePhrases } from "./tone-phrases.ts";
import { countWords, wordsNotIn } from "./text.ts";

const TONES = NARRATION_TONES.map((tone) => tone.key);
const RESPONSES = [
  "Summer Stories is a camp where we make videos about what we learn. It was really fun.",
  "My favorite project was a stop motion video about my dog, and I spent three days on it.",
  "The best part was showing my video to everyone at the end. People clapped!",
  "The blade tool shortcut saved me so much time.",
  "I learned a lot and I want to come back next year.",
];

function narration(tone: NarrationTone, words = 200): string {
  return writeNarration({ responses: RESPONSES, tone, targetWordCount: words });
}

function content(result: CustomResult): string {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return result.content;
}

describe("applyCustomRequest: shorter and longer", () => {
  for (const tone of TONES) {
    it(`shortens a ${tone} narration to about 70 % at sentence boundaries`, () => {
      const before = narration(tone);
      const after = content(applyCustomRequest(before, "Make it shorter please", tone));
      const ratio = countWords(after) / countWords(before);
      expect(ratio).toBeGreaterThan(0.55);
      expect(ratio).toBeLessThanOrEqual(0.72);
      expect(after).toMatch(/[.!?]$/);
      expect(wordsNotIn(after, [before])).toEqual([]);
    });

    it(`lengthens a ${tone} narration to about 130 % with tone phrases only`, () => {
      const before = narration(tone);
      const after = content(applyCustomRequest(before, "can you expand it with more detail", tone));
      const ratio = countWords(after) / countWords(before);
      expect(ratio).toBeGreaterThanOrEqual(1.3);
      expect(ratio).toBeLessThan(1.45);
      expect(wordsNotIn(after, [before, ...allTonePhrases(tone)])).toEqual([]);
    });
  }

  it("shortens plain text by whole sentences and keeps the first and last", () => {
    const text = "One two three four. Five six seven. Eight nine ten eleven. Twelve thirteen. Fourteen fifteen sixteen.";
    const after = content(applyCustomRequest(text, "concise", undefined));
    expect(after.startsWith("One two three four.")).toBe(true);
    expect(after.endsWith("Fourteen fifteen sixteen.")).toBe(true);
    expect(countWords(after)).toBeLessThan(countWords(text));
  });

  it("shortens a single long sentence by its trailing clause, never inside its list", () => {
    const text = "I made a long video about my dog, my cat and the lake, because the cabin and the campfire were too dark to film at night";
    const after = content(applyCustomRequest(text, "shorten", undefined));
    expect(after).toBe("I made a long video about my dog, my cat and the lake.");
    expect(wordsNotIn(after, [text])).toEqual([]);
  });

  it("leaves a sentence that is one long list whole rather than cut it in half", () => {
    const text = "I made a long video about my dog and my cat and the lake and the cabin and the campfire at night";
    expect(applyCustomRequest(text, "shorten", undefined)).toMatchObject({ ok: false });
  });

  it("refuses to shorten a single word", () => {
    expect(applyCustomRequest("Fun.", "shorter", undefined)).toEqual({ ok: false, message: expect.stringMatching(/already/) });
  });
});

describe("applyCustomRequest: tone", () => {
  for (const from of TONES) {
    for (const to of TONES) {
      if (from === to) continue;
      it(`swaps ${from} phrases for ${to} ones`, () => {
        const before = writeNarration({ responses: RESPONSES, tone: from, targetWordCount: 300, audienceLinks: ["my family"] });
        const keyword = { friendly: "friendly", professional: "formal", excited: "energetic", explanatory: "clear" }[to];
        const after = content(applyCustomRequest(before, `Make it more ${keyword}`, from));
        const openingBefore = before.split("\n\n")[0]!;
        const openingAfter = after.split("\n\n")[0]!;
        expect(openingAfter).not.toBe(openingBefore);
        expect(openingAfter).toContain("my family");
        // The new opening and closing are made of the new tone's phrases only.
        expect(wordsNotIn(openingAfter, ["my family", ...allTonePhrases(to)])).toEqual([]);
        expect([...OFFLINE_TONE_PHRASES[to].closings, ...OFFLINE_TONE_PHRASES[to].shortClosings]).toContain(after.split("\n\n").at(-1));
        // The camper's words are all still there.
        for (const answer of RESPONSES) expect(after.toLowerCase()).toContain(answer.split(" ").slice(1, 5).join(" ").toLowerCase());
        expect(wordsNotIn(after, [before, ...allTonePhrases(to)])).toEqual([]);
      });
    }
  }

  it("gives text without stock phrases the new tone's opening and closing", () => {
    const text = "I made a video about my dog.";
    const after = content(applyCustomRequest(text, "more excited!", undefined));
    expect(after).toContain(text);
    expect(countWords(after)).toBeGreaterThan(countWords(text));
    expect(wordsNotIn(after, [text, ...allTonePhrases("excited")])).toEqual([]);
  });
});

describe("applyCustomRequest: person, punctuation, simpler words, emoji", () => {
  it("switches to third person and back", () => {
    const first = "I made my first video. I was nervous, but I'm proud of it and my friends helped me.";
    const third = content(applyCustomRequest(first, "write it in third person", undefined));
    expect(third).toBe("They made their first video. They were nervous, but they're proud of it and their friends helped them.");
    expect(content(applyCustomRequest(third, "change to first person", undefined))).toBe(first);
    expect(content(applyCustomRequest("The camper's video was fun. The camper loved it.", "first person", undefined))).toBe(
      "My video was fun. I loved it.",
    );
  });

  it("fixes capitals, spacing and end punctuation", () => {
    const messy = "i went to camp  .  it was fun ,we made videos\n\nwhat did i learn?? a lot";
    expect(content(applyCustomRequest(messy, "fix the punctuation", undefined))).toBe(
      "I went to camp. It was fun, we made videos\n\nWhat did I learn? A lot.".replace("videos\n", "videos.\n"),
    );
  });

  it("uses simpler words and splits long sentences", () => {
    const text =
      "Additionally, I utilized numerous techniques to demonstrate the story, and subsequently the individuals who watched it comprehended the whole thing right away.";
    const after = content(applyCustomRequest(text, "make it simpler", undefined));
    expect(after).toContain("Also, I used many techniques to show the story.");
    expect(after).toContain("And later the people who watched it understood");
    expect(wordsNotIn(after, [text, ...Object.values(SIMPLER_WORDS)])).toEqual([]);
  });

  it("removes emojis", () => {
    expect(content(applyCustomRequest("Camp was great 🎉🔥! I loved it 😀.", "remove the emojis", undefined))).toBe(
      "Camp was great! I loved it.",
    );
  });

  it("does several things in one request", () => {
    const after = content(applyCustomRequest("i made a video 😀. it was fun", "fix grammar and remove emoji, third person", undefined));
    expect(after).toBe("They made a video. It was fun.");
  });
});

describe("applyCustomRequest: what it cannot do", () => {
  it("says plainly that other requests need an AI provider", () => {
    for (const ask of ["Add a joke about my dog", "translate it to Spanish", "write a poem", "mention my counselor Sam"]) {
      const result = applyCustomRequest(narration("friendly"), ask, "friendly");
      expect(result).toEqual({ ok: false, message: NEEDS_AI_PROVIDER_MESSAGE });
      expect(NEEDS_AI_PROVIDER_MESSAGE).toMatch(/AI provider/);
    }
  });

  it("asks for an instruction and for content", () => {
    expect(applyCustomRequest("Some text.", "   ", undefined)).toEqual({ ok: false, message: EMPTY_INSTRUCTION_MESSAGE });
    expect(applyCustomRequest("  ", "shorter", undefined)).toEqual({ ok: false, message: EMPTY_CONTENT_MESSAGE });
  });

  it("rejects contradictory requests", () => {
    expect(applyCustomRequest("Some text here.", "make it shorter and longer", undefined).ok).toBe(false);
  });
});
