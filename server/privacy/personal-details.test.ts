import { describe, expect, it } from "vitest";
import { CORE_CASES } from "../../bench/support/personal-details-cases.ts";
import { LinearPattern } from "./linear-pattern.ts";
import { RUN_PATTERNS, detectPersonalDetails } from "./personal-details.ts";

/** The labelled table (bench/support): every personal detail found, with its kind, words and place; nothing else. */
describe("personal-details check (offline rules)", () => {
  it("has a table of at least 40 examples, both kinds", () => {
    expect(CORE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(CORE_CASES.filter((c) => c.expected.length === 0).length).toBeGreaterThanOrEqual(15);
    expect(CORE_CASES.filter((c) => c.expected.length > 0).length).toBeGreaterThanOrEqual(25);
  });

  it.each(CORE_CASES.map((c) => [c.text, c.expected] as const))("%s", (text, expected) => {
    const found = detectPersonalDetails(text);
    expect(found.map(({ kind, phrase }) => ({ kind, phrase }))).toEqual(
      [...expected].sort((a, b) => text.indexOf(a.phrase) - text.indexOf(b.phrase)),
    );
    // Positions point at the phrase, so the page can highlight exactly those characters.
    for (const d of found) expect(text.slice(d.start, d.end)).toBe(d.phrase);
  });

  it("finds a detail in a long script at its place", () => {
    const script = `${"We paddled and sang by the lake. ".repeat(200)}Call 555-123-4567!`;
    const [found] = detectPersonalDetails(script);
    expect(found).toMatchObject({ kind: "phone", phrase: "555-123-4567", start: script.indexOf("555") });
  });
});

/**
 * A narration may be 20,000 characters. A backtracking pattern tried again from every character of a
 * long run that almost matches (letters with no "@") does work growing with the square of its length;
 * the patterns that read such runs run on RE2, whose automaton reads each character once.
 */
describe("personal-details check on long runs", () => {
  const LONG = 20_000;

  it("reads every run of unbounded length with a linear-time matcher", () => {
    expect(Object.keys(RUN_PATTERNS).sort()).toEqual(["EMAIL", "SPOKEN_EMAIL", "WORD"]);
    for (const pattern of Object.values(RUN_PATTERNS)) expect(pattern).toBeInstanceOf(LinearPattern);
  });

  it.each([
    ["no spaces and no @", "a".repeat(LONG)],
    ["no @ among e-mail characters", "maya.lee_".repeat(LONG / 9)],
    ['"dot" words with no "at"', "maya dot ".repeat(LONG / 9)],
    ["one letter a line", "a\n".repeat(LONG / 2)],
  ])("finds nothing in %s", (_, text) => {
    expect(text.length).toBeGreaterThan(LONG - 10);
    expect(detectPersonalDetails(text)).toEqual([]);
  });

  it("still finds an e-mail address and a full name at the end of such a run, at their places", () => {
    const run = "a".repeat(LONG);
    const text = `${run} write to maya@camp.org`;
    expect(detectPersonalDetails(text)).toEqual([{ kind: "email", phrase: "maya@camp.org", start: text.indexOf("maya@"), end: text.length }]);
    const lines = `${"a\n".repeat(LONG / 2)}Maya Johnson`;
    expect(detectPersonalDetails(lines)).toEqual([{ kind: "full_name", phrase: "Maya Johnson", start: LONG, end: lines.length }]);
  });
});

describe("LinearPattern", () => {
  it("gives the matches, groups and places a RegExp with /g gives", () => {
    const source = "([A-Z][a-z]+) (\\d+)?x";
    const text = "😀 Maya 12x, Leo x and Éva 3x";
    const fromRegExp = [...text.matchAll(new RegExp(source, "g"))].map((m) => ({ groups: [...m], index: m.index }));
    expect([...new LinearPattern(source).matchAll(text)]).toEqual(fromRegExp);
  });
});
