import { describe, expect, it } from "vitest";
import { CORE_CASES } from "../../bench/support/personal-details-cases.ts";
import { detectPersonalDetails } from "./personal-details.ts";

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
