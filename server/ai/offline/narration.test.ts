import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NARRATION_TONES, VIDEO_FORMATS, targetWordCount, type NarrationTone } from "../../../contracts/product.ts";
import { writeNarration, type NarrationInput } from "./narration.ts";
import { OFFLINE_TONE_PHRASES, PHRASE_KINDS, allTonePhrases } from "./tone-phrases.ts";
import { countWords, tokens, wordsNotIn } from "./text.ts";

const TONES = NARRATION_TONES.map((tone) => tone.key);

/** ~300 words from a pool of camp-ish sentences, different for each seed. */
function longAnswer(seed: number): string {
  const pool = [
    "I spent most of the week planning a stop motion video about a lost sock that goes on an adventure around the cabin.",
    "We filmed every frame with a tablet on a tripod, and we had to move the sock a tiny bit between each picture.",
    "Sometimes the lights changed and the frames flickered, so we learned to close the curtains and use a lamp instead.",
    "My friend Jordan did the voices while I handled the camera and the editing.",
    "Editing took longer than filming because every clip needed trimming, and the music had to match the action.",
    "I learned that patience matters more than fancy equipment.",
    "At the end we showed the video to the whole camp and everyone laughed at the part where the sock falls into the lake.",
    "Next time I want to try adding titles and sound effects earlier so the final export goes faster.",
    "The counselors helped us when the software crashed, which happened twice on the same afternoon.",
    "Honestly it was the best project I have ever worked on.",
  ];
  const sentences: string[] = [];
  for (let i = 0; countWords(sentences.join(" ")) < 300; i++) sentences.push(pool[(seed * 3 + i) % pool.length]!);
  return sentences.join(" ");
}

const RESPONSE_SETS: Record<string, string[]> = {
  "one-word answers": ["Fun", "Editing", "Friends", "Shortcuts", "Awesome"],
  "typical answers": [
    "Summer Stories is a camp where we make videos about what we learn. It was really fun.",
    "My favorite project was a stop motion video about my dog, and I spent three days on it.",
    "The best part was showing my video to everyone at the end. People clapped!",
    "The blade tool shortcut saved me so much time. You just press B and cut.",
    "Next year I want to come back and learn even more.",
  ],
  "very long answers": [
    longAnswer(0),
    longAnswer(1),
    longAnswer(2),
    longAnswer(3),
    // One 300-word run-on sentence with no punctuation at all.
    longAnswer(4).replace(/[.,!?]/g, "").toLowerCase(),
  ],
  "messy answers": [
    "",
    "   i   made a   video 🎬 about  <b>my dog</b>!!  ",
    "\n\n\t",
    "it was fun 😀😀\nreally   really fun",
    "<b>hi</b>",
  ],
};

const AUDIENCES = [undefined, ["https://www.linkedin.com/in/sam-lee", "my family"]];

function durationsFor(maxDuration: number): number[] {
  return [...new Set([30, 60, 120, maxDuration])].filter((seconds) => seconds <= maxDuration);
}

function expectHonestNarration(input: NarrationInput, output: string) {
  const target = input.targetWordCount;
  const words = countWords(output);
  expect(words, `word count for target ${target}`).toBeGreaterThanOrEqual(Math.ceil(target * 0.9));
  expect(words, `word count for target ${target}`).toBeLessThanOrEqual(Math.floor(target * 1.1));
  const sources = [...input.responses, ...(input.audienceLinks ?? []), ...allTonePhrases(input.tone)];
  expect(wordsNotIn(output, sources), "words that are neither the camper's nor the tone's").toEqual([]);
}

describe("writeNarration: length and honesty for every format, length, tone and answer style", () => {
  for (const format of VIDEO_FORMATS) {
    for (const seconds of durationsFor(format.maxDuration)) {
      for (const tone of TONES) {
        for (const [setName, responses] of Object.entries(RESPONSE_SETS)) {
          for (const audienceLinks of AUDIENCES) {
            const label = `${format.key} ${seconds}s ${tone} ${setName}${audienceLinks ? " with audience" : ""}`;
            it(label, () => {
              const input: NarrationInput = { responses, tone, targetWordCount: targetWordCount(seconds), audienceLinks };
              expectHonestNarration(input, writeNarration(input));
            });
          }
        }
      }
    }
  }
});

describe("writeNarration: structure", () => {
  const typical = RESPONSE_SETS["typical answers"]!;

  it("is deterministic", () => {
    for (const tone of TONES) {
      const input = { responses: typical, tone, targetWordCount: 200, audienceLinks: ["my family"] };
      expect(writeNarration(input)).toBe(writeNarration({ ...input, responses: [...typical] }));
    }
  });

  it("keeps the answers in order", () => {
    for (const tone of TONES) {
      for (const seconds of [30, 60, 120, 600]) {
        const output = writeNarration({ responses: typical, tone, targetWordCount: targetWordCount(seconds) }).toLowerCase();
        // The first four words of each answer: distinctive, and kept whenever the answer is used. A
        // 30 s video may leave out an answer whose first clause does not fit rather than cut it.
        const positions = typical.map((answer) => output.indexOf(answer.split(" ").slice(0, 4).join(" ").toLowerCase()));
        const used = positions.filter((p) => p >= 0);
        expect(used.length, `${tone} ${seconds}s uses the answers`).toBeGreaterThanOrEqual(seconds > 30 ? typical.length : typical.length - 1);
        expect([...used].sort((a, b) => a - b)).toEqual(used);
      }
    }
  });

  it("opens with a tone opening and ends with a tone closing", () => {
    for (const tone of TONES) {
      const phrases = OFFLINE_TONE_PHRASES[tone];
      const output = writeNarration({ responses: typical, tone, targetWordCount: 200 });
      const paragraphs = output.split("\n\n");
      expect(phrases.greetings.some((greeting) => paragraphs[0]!.startsWith(greeting))).toBe(true);
      expect([...phrases.closings, ...phrases.shortClosings]).toContain(paragraphs.at(-1));
    }
  });

  it("greets the audience by name in the opening", () => {
    const output = writeNarration({
      responses: typical,
      tone: "friendly",
      targetWordCount: 200,
      audienceLinks: ["https://www.linkedin.com/in/sam-lee", "my family"],
    });
    const opening = output.split("\n\n")[0]!;
    expect(opening).toContain("LinkedIn and my family");
    expect(OFFLINE_TONE_PHRASES.friendly.audienceGreetings.some((g) => opening.startsWith(g.split("{}")[0]!))).toBe(true);
  });

  it("skips blank answers and cleans the rest for speech", () => {
    const output = writeNarration({ responses: RESPONSE_SETS["messy answers"]!, tone: "friendly", targetWordCount: 100 });
    expect(output).toContain("I made a video about my dog!");
    expect(output).not.toMatch(/[<>]|😀|🎬|\s{3,}/u);
  });

  it("keeps each answer's first sentence when long answers are shortened", () => {
    const responses = RESPONSE_SETS["very long answers"]!.slice(0, 4);
    const output = writeNarration({ responses, tone: "professional", targetWordCount: 300 });
    for (const answer of responses) expect(output).toContain(answer.split(". ")[0]!.split(" ").slice(1).join(" "));
  });

  it("pads short answers only with the tone's phrases and a recap of the camper's words", () => {
    const output = writeNarration({ responses: ["I made a video."], tone: "excited", targetWordCount: 200 });
    const sentences = output.split(/(?<=[.!?])\s+/);
    const stock = new Set(allTonePhrases("excited"));
    for (const sentence of sentences) {
      const fromStock = [...stock].some((phrase) => phrase.includes(sentence) || sentence.includes(phrase.replace("{}", "")));
      expect(fromStock || sentence === "I made a video.", sentence).toBe(true);
    }
  });

  it("still writes a narration from tone phrases when every answer is blank", () => {
    const input: NarrationInput = { responses: ["", "  ", "<b></b>"], tone: "explanatory", targetWordCount: 100 };
    expectHonestNarration(input, writeNarration(input));
  });
});

describe("tone phrases", () => {
  it("have the same number of phrases of each kind in every tone, so tones can be swapped", () => {
    for (const kind of PHRASE_KINDS) {
      const lengths = TONES.map((tone) => OFFLINE_TONE_PHRASES[tone][kind].length);
      expect(new Set(lengths).size, kind).toBe(1);
    }
  });

  it("hold no digits (no dates or numbers to invent)", () => {
    for (const tone of TONES) for (const phrase of allTonePhrases(tone)) expect(phrase).not.toMatch(/\d/);
  });

  it("include a one-word filler so any gap can be closed", () => {
    for (const tone of TONES) expect(OFFLINE_TONE_PHRASES[tone].fillers.some((f) => countWords(f) === 1)).toBe(true);
  });
});

describe("writeNarration: properties over random answers", () => {
  const word = fc.stringMatching(/^[A-Za-z]{1,10}$/);
  const punctuation = fc.constantFrom("", "", "", ".", ",", "!", "?");
  const sentence = fc
    .array(fc.tuple(word, punctuation), { minLength: 1, maxLength: 40 })
    .map((parts) => parts.map(([w, p]) => w + p).join(" "));
  const answer = fc.oneof(sentence, fc.constant(""), fc.array(sentence, { maxLength: 20 }).map((s) => s.join(" ")));
  const tone = fc.constantFrom<NarrationTone>(...TONES);
  const seconds = fc.integer({ min: 1, max: 20 }).map((steps) => steps * 30);
  const audience = fc.option(fc.array(fc.oneof(fc.constant("https://www.linkedin.com/in/someone"), sentence), { maxLength: 3 }), { nil: undefined });

  it("stays within 10 % of the target and invents no words", () => {
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 7 }), tone, seconds, audience, (responses, t, s, audienceLinks) => {
        const input: NarrationInput = { responses, tone: t, targetWordCount: targetWordCount(s), audienceLinks };
        expectHonestNarration(input, writeNarration(input));
      }),
      { numRuns: 300 },
    );
  });

  it("survives any text at all, emoji and symbols included", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 400 }), { maxLength: 6 }), tone, seconds, (responses, t, s) => {
        const input: NarrationInput = { responses, tone: t, targetWordCount: targetWordCount(s) };
        const output = writeNarration(input);
        expectHonestNarration(input, output);
        expect(tokens(output).length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
