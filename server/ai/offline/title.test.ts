import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeNarration } from "./narration.ts";
import { FALLBACK_TITLE, writeTitle } from "./title.ts";
import { tokens } from "./text.ts";

const JOINERS = ["and", "of", "my", "the"];

function expectGoodTitle(content: string, title: string) {
  if (title === FALLBACK_TITLE) return;
  const words = title.split(" ");
  expect(words.length).toBeGreaterThanOrEqual(2);
  expect(words.length).toBeLessThanOrEqual(7);
  expect(title.length).toBeLessThanOrEqual(80);
  const allowed = new Set([...tokens(content), ...JOINERS]);
  for (const word of tokens(title)) expect(allowed.has(word), `"${word}" comes from the content`).toBe(true);
  for (const word of words) {
    if (!JOINERS.includes(word)) expect(isTitleCased(word), word).toBe(true);
  }
}

/** Starts with a capital, or is brand-styled ("iMovie"), or starts with something that has no simple capital. */
function isTitleCased(word: string): boolean {
  const first = word.charAt(0);
  const upper = first.toUpperCase();
  const hasSimpleCapital = upper.length === 1 && upper !== first && upper.toLowerCase() === first;
  return !hasSimpleCapital || /^\p{Ll}\p{Lu}/u.test(word);
}

describe("writeTitle", () => {
  it("builds the title from the content's key phrases", () => {
    const content =
      "I made a stop motion video about my dog. Stop motion takes forever, but my dog was patient. The stop motion video won.";
    const title = writeTitle(content);
    expect(title).toContain("Stop Motion");
    expectGoodTitle(content, title);
  });

  it("joins two themes with 'and'", () => {
    const content = "Editing was hard. Editing taught me patience. Music made it better, and the music was loud.";
    expect(writeTitle(content)).toBe("Editing and Music");
  });

  it("leads a single theme with 'My'", () => {
    expect(writeTitle("Robots!")).toBe("My Robots");
  });

  it("leaves the writer's stock phrases out of the title", () => {
    const narration = writeNarration({
      responses: ["I built a robot arm.", "The robot arm could wave.", "Robot programming was the best part."],
      tone: "friendly",
      targetWordCount: 300,
    });
    const title = writeTitle(narration);
    expect(title.toLowerCase()).toContain("robot");
    expect(title.toLowerCase()).not.toMatch(/watching|listening|summer|thanks/);
    expectGoodTitle(narration, title);
  });

  it("falls back to 'My Reflection' when nothing is usable", () => {
    for (const content of ["", "   ", "!!! ???", "the and of it was", "😀😀", "Thanks for watching!"]) {
      expect(writeTitle(content)).toBe(FALLBACK_TITLE);
    }
  });

  it("keeps deliberate capitals and stays under 80 characters", () => {
    expect(writeTitle("FCP shortcuts rock. FCP is fast.")).toMatch(/^FCP/);
    const long = `${"Supercalifragilisticexpialidocious".repeat(2)} ${"Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(2)}`;
    expectGoodTitle(long, writeTitle(long));
  });

  it("is always 2-7 Title Case words taken from the content", () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
    const content = fc.array(fc.tuple(word, fc.constantFrom(" ", ", ", ". ", "! ", "\n")), { maxLength: 80 }).map((parts) =>
      parts.map(([w, sep]) => w + sep).join(""),
    );
    fc.assert(
      fc.property(fc.oneof(content, fc.string({ unit: "grapheme", maxLength: 300 })), (text) => expectGoodTitle(text, writeTitle(text))),
      { numRuns: 300 },
    );
  });
});
